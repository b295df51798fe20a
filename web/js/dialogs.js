// @ts-check
/** Modal dialogs (native <dialog>), choosers and polite notifications. */

import { h, add } from './dom.js';

/**
 * Opens a modal dialog and resolves with the value of the action chosen, or null when
 * dismissed (Escape, backdrop click, Cancel).
 * @param {{title: string, body?: Node|string|null|((close:(v:any)=>void)=>Node), actions?: Array<{label:string, value:any, primary?:boolean, testid?:string, danger?:boolean}>, testid?: string, wide?: boolean}} opts
 * @returns {Promise<any>}
 */
export function openDialog(opts) {
  return new Promise((resolve) => {
    const dlg = /** @type {HTMLDialogElement} */ (h('dialog.dialog', { 'data-testid': opts.testid || 'dialog', 'aria-labelledby': 'dlg-title' }));
    if (opts.wide) dlg.classList.add('wide');
    let result = null;
    const done = (/** @type {any} */ v) => { result = v; dlg.close(); };
    const actions = (opts.actions || [{ label: 'Close', value: null }]).map((a) =>
      h(`button.btn${a.primary ? '.primary' : ''}${a.danger ? '.danger' : ''}`, { type: 'button', 'data-testid': a.testid, onclick: () => done(a.value) }, a.label));
    add(dlg, 
      h('header.dialog-head', null, h('h2', { id: 'dlg-title' }, opts.title),
        h('button.icon-btn', { type: 'button', 'aria-label': 'Close', 'data-testid': 'dialog-close', onclick: () => done(null) }, '×')),
      h('div.dialog-body', null, typeof opts.body === 'string' ? h('p', null, opts.body) : typeof opts.body === 'function' ? opts.body(done) : opts.body || null),
      h('footer.dialog-actions', null, ...actions),
    );
    dlg.addEventListener('click', (ev) => { if (ev.target === dlg) done(null); });
    dlg.addEventListener('close', () => { dlg.remove(); resolve(result); });
    document.body.append(dlg);
    dlg.showModal();
    const first = /** @type {HTMLElement|null} */ (dlg.querySelector('.choice, textarea, input, select, .btn.primary'));
    first?.focus();
  });
}

/**
 * Lets the user pick one of several options (promotion piece, capture path...).
 * @param {{title: string, hint?: string, testid: string, options: Array<{label: string, value: any, icon?: Node, testid?: string}>}} opts
 * @returns {Promise<any>} the chosen value or null
 */
export function choose(opts) {
  return openDialog({
    title: opts.title,
    testid: opts.testid,
    actions: [{ label: 'Cancel', value: null, testid: `${opts.testid}-cancel` }],
    body: (close) => h('div', null, opts.hint ? h('p.hint', null, opts.hint) : null,
      h('div.choices', { role: 'list' }, ...opts.options.map((o) =>
        h('button.choice', { type: 'button', role: 'listitem', 'data-testid': o.testid, 'data-value': typeof o.value === 'string' ? o.value : undefined, onclick: () => close(o.value) },
          o.icon || null, h('span', null, o.label))))),
  });
}

/**
 * Shows a polite message. Errors stay until dismissed or replaced, others fade.
 * @param {string} message
 * @param {'error'|'info'|'ok'} [kind]
 * @param {number} [ms] how long it stays (errors 9 s, others 3.5 s)
 */
export function toast(message, kind = 'info', ms = kind === 'error' ? 9000 : 3500) {
  const box = document.getElementById('toasts');
  if (!box) return;
  const el = h(`div.toast.${kind}`, { role: kind === 'error' ? 'alert' : 'status', 'data-testid': kind === 'error' ? 'error' : 'toast' },
    h('span', null, message),
    h('button.icon-btn', { type: 'button', 'aria-label': 'Dismiss', onclick: () => el.remove() }, '×'));
  if (kind === 'error') box.querySelectorAll('.toast.error').forEach((e) => e.remove());
  add(box, el);
  setTimeout(() => el.remove(), ms);
}

/**
 * Copies text to the clipboard, falling back to a dialog with the text selected.
 * @param {string} text
 * @param {string} what e.g. "FEN"
 */
export async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what} copied to the clipboard.`, 'ok');
  } catch {
    await showText(what, text);
  }
}

/**
 * Shows a read-only text (PGN, FEN) with Copy and Download buttons.
 * @param {string} title
 * @param {string} text
 * @param {string} [filename] offer a download when given
 */
export async function showText(title, text, filename) {
  const ta = /** @type {HTMLTextAreaElement} */ (h('textarea.mono', { readonly: true, rows: 12, 'data-testid': 'text-output', 'aria-label': title }));
  ta.value = text;
  const actions = [{ label: 'Copy', value: 'copy', primary: true, testid: 'text-copy' }];
  if (filename) actions.push({ label: 'Download', value: 'download', primary: false, testid: 'text-download' });
  actions.push({ label: 'Close', value: null, primary: false, testid: 'text-close' });
  setTimeout(() => ta.select(), 0);
  const v = await openDialog({ title, body: ta, actions, testid: 'text-dialog', wide: true });
  if (v === 'copy') {
    try { await navigator.clipboard.writeText(text); toast(`${title} copied.`, 'ok'); } catch { toast('Copying is not allowed here; select the text and copy it by hand.', 'error'); }
  } else if (v === 'download' && filename) {
    const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: filename });
    document.body.append(a); a.click(); a.remove();
  }
}
