// @ts-check
/**
 * Piece help: name, Betza text, description and a move diagram fetched from
 * `GET /api/variants/{id}/pieces/{token}/diagram`, drawn with the board renderer.
 */

import { getDiagram } from './api.js';
import { Board } from './board.js';
import { h, clear, add } from './dom.js';
import { glyphElement } from './glyphs.js';

/**
 * Finds the variant's piece entry for a token (or, for tokens the variant does not list,
 * e.g. Mitregi's `+RD`, by glyph or name).
 * @param {any} variant
 * @param {{token:string, glyph?:string, name?:string}} p
 */
export function pieceInfo(variant, p) {
  const list = variant.pieces || [];
  return list.find((/** @type {any} */ x) => x.token === p.token)
    || list.find((/** @type {any} */ x) => p.glyph && x.glyph === p.glyph)
    || list.find((/** @type {any} */ x) => p.name && x.name === p.name)
    || null;
}

/**
 * Renders the help for one piece into `root`.
 * @param {HTMLElement} root
 * @param {any} variant
 * @param {{token:string, glyph?:string, name?:string, promoted?:boolean}} piece
 * @param {{cell?: string|null, color?: string, flipped?: boolean, imitates?: string|null}} [where] the cell the piece stands on;
 *   `imitates`: the type an imitating piece (the Joker) copies now
 */
export async function showPieceHelp(root, variant, piece, where = {}) {
  const info = pieceInfo(variant, piece) || { token: piece.token, name: piece.name || piece.token, glyph: piece.glyph || '', betza: '', description: '' };
  const color = where.color || 'white';
  clear(root);
  root.hidden = false;
  const diagramBox = h('div.diagram', { 'data-testid': 'piece-diagram' }, h('p.muted', null, 'Loading the move diagram…'));
  add(root, 
    h('div.piece-head', null,
      glyphElement(info.glyph, { color, token: info.token, promoted: piece.promoted, royal: info.royal, size: 52 }),
      h('div', null,
        h('h3', { 'data-testid': 'piece-help-name' }, info.name, info.royal ? h('span.tag', null, 'royal') : null),
        h('p.betza', null, h('span.muted', null, 'Betza '), h('code', { 'data-testid': 'piece-help-betza' }, info.betza || '—'), h('span.muted', null, ` · token ${info.token}`)))),
    info.description ? h('p.desc', { 'data-testid': 'piece-help-desc' }, info.description) : null,
    diagramBox,
  );
  try {
    const d = await getDiagram(variant.id, info.token, { cell: where.cell || undefined, color, imitates: where.imitates || undefined });
    clear(diagramBox);
    const holder = h('div.diagram-board');
    add(diagramBox, holder);
    const board = new Board(holder, variant, { prefix: 'diagram-', interactive: false });
    /** @type {Map<string, 'quiet'|'capture'|'both'>} */
    const targets = new Map();
    for (const m of d.moves || []) targets.set(m.to, m.quiet && m.capture ? 'both' : m.capture ? 'capture' : 'quiet');
    board.render({
      pieces: new Map([[d.cell, { cell: d.cell, token: info.token, color: d.color || color, glyph: info.glyph, name: info.name, promoted: piece.promoted }]]),
      targets, diagram: true, flipped: where.flipped, showRegions: false,
    });
    add(diagramBox, 
      h('p.diagram-legend', null,
        h('span.key.quiet', { 'aria-hidden': 'true' }), ' moves ',
        h('span.key.capture', { 'aria-hidden': 'true' }), ' captures ',
        h('span.key.both', { 'aria-hidden': 'true' }), ' both',
        h('span.muted', null, ` · from ${d.cell}, ${d.moves?.length ?? 0} cells`)),
      ...(d.notes || []).map((/** @type {string} */ n) => h('p.note', null, n)));
  } catch (e) {
    clear(diagramBox);
    add(diagramBox, h('p.muted', null, `No diagram: ${/** @type {Error} */ (e).message}`));
  }
}
