// @ts-check
/** Import dialog: a PGN, or a variant + FEN, via `POST /api/games/import`. */

import * as api from './api.js';
import { h, add } from './dom.js';
import { openDialog } from './dialogs.js';

/**
 * Asks for a PGN or a FEN and opens the imported game.
 * @param {any[]} variants the variant list (for the FEN tab); fetched when empty
 * @param {{navigate:(hash:string, message?:any[])=>void}} app
 * @param {string} [currentVariant] preselected variant for the FEN tab
 */
export async function importDialog(variants, app, currentVariant) {
  if (!variants || !variants.length) {
    try { variants = await api.listVariants(); } catch { variants = []; }
  }
  let mode = 'pgn';
  const pgn = /** @type {HTMLTextAreaElement} */ (h('textarea.mono', { rows: 10, placeholder: '[Variant "chess"]\n[FEN "..."]\n\n1. e2-e4 e7-e5 *', 'data-testid': 'import-pgn', 'aria-label': 'PGN text' }));
  const select = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': 'import-variant', 'aria-label': 'Variant' },
    ...variants.map((v) => h('option', { value: v.id, selected: v.id === currentVariant }, `${v.name} (${v.family})`))));
  const fen = /** @type {HTMLInputElement} */ (h('input.text.mono', { type: 'text', placeholder: 'FEN of the position', 'data-testid': 'import-fen', 'aria-label': 'FEN' }));
  const pgnPane = h('div.pane', null, h('label.field-label', null, 'Paste a PGN (with a [Variant] tag for non-chess games)'), pgn);
  const fenPane = h('div.pane', { hidden: true }, h('label.field-label', null, 'Variant'), select, h('label.field-label', null, 'FEN'), fen);
  const tabs = h('div.segmented', { role: 'tablist' },
    h('button.seg', { type: 'button', role: 'tab', 'aria-selected': 'true', 'data-testid': 'import-tab-pgn', onclick: () => setMode('pgn') }, 'PGN'),
    h('button.seg', { type: 'button', role: 'tab', 'aria-selected': 'false', 'data-testid': 'import-tab-fen', onclick: () => setMode('fen') }, 'FEN'));
  const errorBox = h('p.error-text', { role: 'alert', 'data-testid': 'import-error' });
  function setMode(/** @type {string} */ m) {
    mode = m;
    pgnPane.hidden = m !== 'pgn';
    fenPane.hidden = m !== 'fen';
    tabs.querySelectorAll('.seg').forEach((b, i) => b.setAttribute('aria-selected', String((i === 0) === (m === 'pgn'))));
  }
  // The dialog stays open on errors, so submit happens inside the body.
  await openDialog({
    title: 'Import a game',
    testid: 'import-dialog',
    wide: true,
    actions: [{ label: 'Cancel', value: null, testid: 'import-cancel' }],
    body: (close) => {
      const submit = h('button.btn.primary', {
        type: 'button', 'data-testid': 'import-submit',
        onclick: async () => {
          errorBox.textContent = '';
          try {
            const body = mode === 'pgn' ? { pgn: pgn.value } : { variant: select.value, fen: fen.value.trim() };
            if (mode === 'pgn' && !pgn.value.trim()) throw new Error('Paste a PGN first.');
            if (mode === 'fen' && !fen.value.trim()) throw new Error('Enter a FEN first.');
            const game = await api.importGame(body);
            close(game.id);
            const notes = /** @type {string[]} */ (game.import_notes || []);
            app.navigate(`#/game/${encodeURIComponent(game.id)}`,
              notes.length ? [`Game imported; ${notes.join('; ')}.`, 'info', 9000] : ['Game imported.', 'ok']);
          } catch (e) {
            errorBox.textContent = /** @type {Error} */ (e).message;
          }
        },
      }, 'Import');
      return h('div.import', null, tabs, pgnPane, fenPane, errorBox, h('div.row-end', null, submit));
    },
  });
}
