// @ts-check
/**
 * The side board of an analysis: a small second board that plays out one of the
 * engine's lines, stepped through move by move, apart from the game (the game's board
 * and state are never touched). The positions along the line come from the server
 * (`POST /api/games/{id}/line`), which alone knows the rules.
 */

import { h, clear, add } from './dom.js';
import { Board } from './board.js';
import { colorName, moveName } from './format.js';

/**
 * @typedef {{fen:string, side:string, board:any[], hands:Record<string, Array<{token:string,count:number,name:string}>>,
 *   last_move: {from:string|null, to:string, via:string|null, san:string}|null}} LineStep
 */

export class LineBoard {
  /**
   * @param {HTMLElement} root where the side board lives (hidden until a line is shown)
   * @param {any} variant
   */
  constructor(root, variant) {
    this.root = root;
    /** @type {LineStep[]} */ this.steps = [];
    this.i = 0;
    this.flipped = false;
    this.title = h('p.small-note.line-title', { 'data-testid': 'line-board-title' });
    this.holder = h('div.board-holder.line-board', { 'data-testid': 'line-board', 'data-variant': variant.id });
    this.hands = h('p.small-note.muted', { 'data-testid': 'line-board-hands' });
    this.moves = h('ol.line-moves', { 'data-testid': 'line-board-moves' });
    const btn = (/** @type {string} */ id, /** @type {string} */ label, /** @type {string} */ text, /** @type {() => void} */ fn) =>
      h('button.btn.small', { type: 'button', 'data-testid': `line-${id}`, 'aria-label': label, title: label, onclick: fn }, text);
    this.nav = h('div.row.line-nav', null,
      btn('first', 'Start of the line', '|◀', () => this.go(0)),
      btn('prev', 'Previous move of the line', '◀', () => this.go(this.i - 1)),
      btn('next', 'Next move of the line', '▶', () => this.go(this.i + 1)),
      btn('last', 'End of the line', '▶|', () => this.go(this.steps.length - 1)),
      btn('close', 'Close the side board', 'Close', () => this.hide()));
    this.board = new Board(this.holder, variant, { prefix: 'line-', interactive: false });
    root.hidden = true;
    add(root, this.title, this.holder, this.hands, this.moves, this.nav);
  }

  /**
   * Shows a line from its first move on.
   * @param {LineStep[]} steps the positions, the start first
   * @param {string} label what the line is ("line 2 after 12. Nf3")
   * @param {boolean} flipped as the game's board
   */
  show(steps, label, flipped) {
    this.steps = steps;
    this.flipped = flipped;
    this.title.textContent = `Side board: ${label}. The game is not changed.`;
    this.root.hidden = false;
    this.go(Math.min(1, steps.length - 1));
  }

  hide() {
    this.root.hidden = true;
    this.steps = [];
  }

  /** @param {number} i position along the line (0 = before its first move) */
  go(i) {
    if (!this.steps.length) return;
    this.i = Math.max(0, Math.min(this.steps.length - 1, i));
    const st = this.steps[this.i];
    this.holder.dataset.step = String(this.i);
    this.holder.dataset.fen = st.fen;
    this.board.render({
      pieces: new Map(st.board.map((p) => [p.cell, p])),
      flipped: this.flipped,
      lastMove: st.last_move,
      showRegions: false,
    });
    const handText = ['white', 'black'].map((c) => {
      const hand = st.hands?.[c] || [];
      return hand.length ? `${colorName(c)} holds ${hand.map((p) => `${p.name}${p.count > 1 ? ` ×${p.count}` : ''}`).join(', ')}` : '';
    }).filter(Boolean).join('; ');
    this.hands.textContent = handText;
    this.hands.hidden = !handText;
    clear(this.moves);
    this.steps.slice(1).forEach((s, k) => {
      add(this.moves, h('li', null, h(`button.linkish.mono${k + 1 === this.i ? '.current' : ''}`, {
        type: 'button', 'data-testid': `line-move-${k + 1}`, 'aria-current': k + 1 === this.i ? 'step' : null,
        onclick: () => this.go(k + 1),
      }, moveName(s.last_move))));
    });
  }
}
