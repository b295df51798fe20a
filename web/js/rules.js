// @ts-check
/**
 * Rules page (`#/rules/{variant}`): everything a newcomer needs to play an unfamiliar
 * variant, drawn from the variant's data (`GET /api/variants/{id}`): the board with its
 * regions and start position, every piece with its description and move diagram, how a
 * game is won, drawn and lost, and the special rules. Nothing here is written per
 * variant: the sentences come from the server, which writes them from the rules' data.
 */

import * as api from './api.js';
import { Board, shadedRegions, regionLegend } from './board.js';
import { h, clear, add } from './dom.js';
import { showPieceHelp } from './piecehelp.js';
import { colorName } from './format.js';

/**
 * @param {HTMLElement} main
 * @param {string} id variant id
 */
export async function renderRules(main, id) {
  clear(main);
  add(main, h('p.muted.loading', null, 'Loading the rules…'));
  /** @type {any} */
  let v;
  try {
    v = await api.getVariant(id);
  } catch (e) {
    clear(main);
    add(main, h('section.card.narrow', null,
      h('h1', null, 'Rules not available'),
      h('p.error-text', null, /** @type {Error} */ (e).message),
      h('a.btn', { href: '#/' }, 'Back to the variants')));
    return;
  }
  clear(main);
  const board = v.board;
  const size = board.levels > 1 ? `${board.files}×${board.ranks}×${board.levels}` : `${board.files}×${board.ranks}`;
  const extra = board.cells.length - board.files * board.ranks * Math.max(1, board.levels);
  const boardHolder = h('div.rules-board', { 'data-testid': 'rules-board' });
  const regions = shadedRegions(v);
  const pieceList = h('div.rules-pieces', { 'data-testid': 'rules-pieces' });
  const section = (/** @type {string} */ title, /** @type {string} */ testid, /** @type {string[]} */ lines) =>
    lines.length ? h('section.panel', { 'data-testid': testid }, h('h2', null, title), h('ul.rules-list', null, ...lines.map((l) => h('li', null, l)))) : null;
  add(main, h('article.rules-page', { 'data-testid': 'rules-page', 'data-variant': v.id },
    h('div.game-title', null,
      h('h1', null, `${v.name} — rules`, h('span.muted', null, ` · ${v.family}`)),
      h('a.btn.small', { href: '#/', 'data-testid': 'rules-home' }, 'Play')),
    h('p.rules-intro', null, v.description),
    v.lab_report ? h('p', null, h('a', { href: v.lab_report, 'data-testid': 'rules-lab-report', target: '_blank', rel: 'noopener' }, 'What self-play says'), ': piece values, balance and how games end, learned by the engine playing itself.') : null,
    h('div.rules-grid', null,
      h('section.panel', null,
        h('h2', null, 'Board'),
        h('p', null, `${size} cells${board.levels > 1 ? ` on ${board.levels} levels (${[...board.level_letters].join(', ')})` : ''}${extra > 0 ? `, plus ${extra} cells outside the rectangle` : ''}${v.drops ? '; pieces in hand are shown beside the board' : ''}. ${colorName('white', v.players)} moves first, up the board.`),
        v.notation === 'shogi' ? h('p', { 'data-testid': 'rules-notation' }, 'Moves are written in western shogi notation: files numbered from the right, ranks lettered from the top, as ', h('span.mono', null, 'P-7f'), ' (a move), ', h('span.mono', null, 'Bx2b+'), ' (a capture that promotes; ', h('span.mono', null, '='), ' when it declines), ', h('span.mono', null, 'P*5e'), ' (a drop).') : null,
        boardHolder,
        regions.length ? h('ul.region-list', { 'data-testid': 'rules-regions' }, ...regionLegend(regions, { long: true })) : null),
      h('div.rules-text', null,
        section('How the game is won and lost', 'rules-win', v.rules?.win || []),
        section('Draws', 'rules-draw', v.rules?.draw || []),
        section('Special rules', 'rules-special', v.rules?.special || []))),
    h('section.panel', null, h('h2', null, `Pieces (${v.pieces.length})`), pieceList)));
  const b = new Board(boardHolder, v, { prefix: 'rules-', interactive: false });
  b.render({ pieces: new Map((v.start_board || []).map((/** @type {any} */ p) => [p.cell, p])), showRegions: true });
  await Promise.all(v.pieces.map((/** @type {any} */ p) => {
    const box = h('div.rules-piece', { 'data-testid': `rules-card-${p.token}` });
    add(pieceList, box);
    return showPieceHelp(box, v, p, { color: 'white' });
  }));
}
