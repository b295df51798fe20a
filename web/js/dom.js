// @ts-check
/** Small DOM helpers shared by the UI modules (no framework). */

export const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Creates an HTML element.
 * @param {string} tag tag name, optionally with `.class` suffixes (`div.panel.wide`)
 * @param {Record<string, any>|null} [attrs] attributes; `on*` functions become listeners,
 *   `dataset`-style keys are written as given (`data-testid`), `text` sets textContent
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * Creates an SVG element.
 * @param {string} tag
 * @param {Record<string, any>|null} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/** @param {Element} el @param {Record<string, any>|null|undefined} attrs */
function applyAttrs(el, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = String(v);
    else if (k === 'html') el.innerHTML = String(v);
    else if (k === 'class') el.setAttribute('class', String(v));
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** @param {Element} el @param {Array<any>} children */
function append(el, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** Removes all children of an element. @param {Element} el */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/**
 * Escapes text for inclusion in markup strings.
 * @param {any} v
 * @returns {string}
 */
export function esc(v) {
  return String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c] || c));
}

/**
 * Appends children to an element, skipping null/undefined/false (unlike Element.append,
 * which would print "null").
 * @param {Element} el
 * @param {...(Node|string|null|undefined|false)} children
 */
export function add(el, ...children) {
  append(el, children);
}
