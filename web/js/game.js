// @ts-check
/**
 * Game screen controller: board, hands, move list with history browsing, controls,
 * engine progress, piece help.
 *
 * History browsing: the live position is always the last state the server sent. To show
 * an earlier position the controller asks `GET /api/games/{id}?ply=N` (read-only state)
 * and caches the answer per ply and FEN; no FEN is parsed in the browser. While an
 * earlier position is shown the board is read-only and a banner leads back to the game.
 */

import * as api from './api.js';
import { Board, shadedRegions, regionLegend } from './board.js';
import { h, clear, add } from './dom.js';
import { choose, openDialog, toast, copyText, showText } from './dialogs.js';
import { colorName, other, resultText, scoreText, compactNumber, clockText, setPlayerNames, moveName, lineNames } from './format.js';
import { glyphElement } from './glyphs.js';
import { showPieceHelp, pieceInfo } from './piecehelp.js';
import { importDialog } from './importdlg.js';
import { getPref, setPref } from './prefs.js';
import { renderEvalBar, renderLines, renderReview, whiteScoreText, MARK_GLYPH } from './analysis.js';
import { LineBoard } from './lineboard.js';

const TIMES = [500, 2000, 5000, 15000];

/** Cache of variant descriptions by id. */
const variantCache = new Map();
/** @param {string} id */
async function loadVariant(id) {
  if (!variantCache.has(id)) variantCache.set(id, await api.getVariant(id));
  return variantCache.get(id);
}

export class GameScreen {
  /**
   * @param {HTMLElement} main
   * @param {string} id game id
   * @param {{navigate:(hash:string)=>void}} app
   */
  constructor(main, id, app) {
    this.main = main;
    this.id = id;
    this.app = app;
    /** @type {any} */ this.state = null;
    /** @type {any} */ this.variant = null;
    /** @type {number|null} ply shown when browsing history (null = live) */
    this.viewPly = null;
    /** @type {any} state of the browsed position */
    this.viewState = null;
    /** @type {Map<string, any>} */ this.plyCache = new Map();
    /** @type {{from:string|null, drop:string|null}} */ this.sel = { from: null, drop: null };
    /** @type {string[]} cells of a pending path choice */ this.viaMarks = [];
    /** @type {any[]|null} the chosen piece move with each wall cell it may place (Duck chess, Amazons) */ this.wallCands = null;
    this.flipped = false;
    this.flipTouched = false;
    this.showRegions = true;
    /** @type {any} */ this.info = null;
    /** @type {Map<string, any>} analyses by ply and FEN */ this.analyses = new Map();
    /** @type {any} the review of the game as it was when asked */ this.review = null;
    /** @type {{ply:number, fen:string}|null} the position being analysed */ this.analysing = null;
    this.busy = false;
    this.unsub = () => {};
    this.pollTimer = 0;
    this.clockTimer = 0;
    /** performance.now() when the shown state arrived (the clocks count down from it) */
    this.stateAt = 0;
    this.lastEventAt = 0;
    this.destroyed = false;
    this.onKey = this.onKey.bind(this);
  }

  /** Loads the game and draws the screen. */
  async mount() {
    clear(this.main);
    add(this.main, h('p.muted.loading', null, 'Loading the game…'));
    try {
      const state = await api.getGame(this.id);
      this.variant = await loadVariant(state.variant);
      setPlayerNames(this.variant.players);
      this.state = state;
    } catch (e) {
      clear(this.main);
      add(this.main, h('section.card.narrow', null,
        h('h1', null, 'Game not available'),
        h('p.error-text', { 'data-testid': 'status' }, /** @type {Error} */ (e).message),
        h('a.btn', { href: '#/' }, 'Back to the variants')));
      return;
    }
    const humans = ['white', 'black'].filter((c) => this.state.players[c] === 'human');
    const remembered = getPref(`flip.${this.id}`);
    this.flipped = remembered !== null ? remembered === 'true' : humans.length === 1 && humans[0] === 'black';
    this.build();
    this.renderAll();
    this.unsub = api.subscribe(this.id, {
      onInfo: (info) => { this.lastEventAt = Date.now(); this.info = info; this.renderEngine(); },
      onState: (st) => { this.lastEventAt = Date.now(); this.acceptState(st); },
      onAnalysis: (a) => this.showLiveAnalysis(a),
    });
    document.addEventListener('keydown', this.onKey);
    this.schedulePoll();
  }

  /** Stops listening; called when leaving the screen. */
  destroy() {
    this.destroyed = true;
    setPlayerNames(null);
    this.unsub();
    clearTimeout(this.pollTimer);
    clearInterval(this.clockTimer);
    document.removeEventListener('keydown', this.onKey);
  }

  // ------------------------------------------------------------------------- layout

  build() {
    const v = this.variant;
    clear(this.main);
    this.el = {
      evalBar: h('div.eval-bar', { hidden: true, 'data-testid': 'eval-bar', role: 'img' }),
      analysisOut: h('div.analysis-out', { 'data-testid': 'analysis-output', 'aria-live': 'polite' }),
      reviewOut: h('div.review-out', { 'data-testid': 'review-output' }),
      analysisBar: h('div.row.analysis-bar'),
      lineBoard: h('div.line-board-box', { 'data-testid': 'line-board-box' }),
      clockTop: h('div.clock.top', { hidden: true }),
      clockBottom: h('div.clock.bottom', { hidden: true }),
      handTop: h('div.hand.top'),
      handBottom: h('div.hand.bottom'),
      board: h('div.board-holder', { 'data-testid': 'board', 'data-variant': v.id, 'data-game': this.id }),
      banner: h('div.view-banner', { hidden: true, 'data-testid': 'history-banner' }),
      over: h('div.game-over', { hidden: true, 'data-testid': 'game-over', role: 'status' }),
      status: h('div.status', { 'data-testid': 'status', role: 'status', 'aria-live': 'polite' }),
      offer: h('div.offer', { hidden: true, 'data-testid': 'draw-offer' }),
      engine: h('div.engine-info', { 'data-testid': 'engine-info', 'aria-live': 'off' }),
      imitation: h('div.imitation', { hidden: !v.imitation, 'data-testid': 'imitation' }),
      counts: h('div.counts', { hidden: true, 'data-testid': 'counts' }),
      moves: h('ol.move-list', { 'data-testid': 'move-list', tabindex: '0', 'aria-label': 'Moves. Use the arrow keys to browse.' }),
      nav: h('div.nav'),
      controls: h('div.controls'),
      help: h('div.piece-help', { 'data-testid': 'piece-help', hidden: true, 'aria-live': 'polite' }),
      legend: h('div.legend-pieces'),
      regions: h('div.legend-regions'),
      settings: h('div.settings'),
      entry: h('form.move-entry'),
    };
    const el = this.el;
    this.board = new Board(el.board, v, {
      onCellClick: (c) => this.clickCell(c),
      canDrag: (c) => this.isLive() && this.boardMoves().some((m) => m.from === c),
      onDragStart: (c) => { this.sel = { from: c, drop: null }; this.showHelpFor(c); this.renderBoard(); },
      onDrop: (from, to) => { this.sel = { from, drop: null }; this.tryMove(to); },
      onDragCancel: () => this.renderBoard(),
      describe: (c) => this.describeCell(c),
    });

    this.lineBoard = new LineBoard(el.lineBoard, v);

    const xs = v.board.cells.map((/** @type {any} */ c) => c.x);
    el.board.style.setProperty('--cols', String(Math.max(...xs) - Math.min(...xs) + 1));
    el.board.classList.toggle('zoomed', getPref('zoom') === 'true');
    const icon = (/** @type {string} */ d) => `<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="${d}" fill="currentColor"/></svg>`;
    const navBtn = (/** @type {string} */ id, /** @type {string} */ label, /** @type {string} */ d, /** @type {() => void} */ fn) =>
      h('button.btn.icon', { type: 'button', 'data-testid': `nav-${id}`, 'aria-label': label, title: label, onclick: fn, html: icon(d) });
    add(el.nav,
      navBtn('first', 'First position (Home)', 'M3 2h2v12H3zM14 2v12L6 8z', () => this.goto(0)),
      navBtn('prev', 'Previous move (←)', 'M12 2v12L4 8z', () => this.step(-1)),
      navBtn('next', 'Next move (→)', 'M4 2v12l8-6z', () => this.step(1)),
      navBtn('last', 'Current position (End)', 'M2 2v12l8-6zM11 2h2v12h-2z', () => this.goto(null)));
    el.moves.addEventListener('keydown', (ev) => {
      const k = /** @type {KeyboardEvent} */ (ev).key;
      const map = /** @type {Record<string, () => void>} */ ({
        ArrowLeft: () => this.step(-1), ArrowUp: () => this.step(-1), ArrowRight: () => this.step(1), ArrowDown: () => this.step(1),
        Home: () => this.goto(0), End: () => this.goto(null),
      });
      if (map[k]) { ev.preventDefault(); ev.stopPropagation(); map[k](); }
    });

    const input = /** @type {HTMLInputElement} */ (h('input.text.mono', { type: 'text', placeholder: 'Type a move: e4, Nf3, e2e4', 'data-testid': 'move-input', 'aria-label': 'Move', autocomplete: 'off', spellcheck: 'false' }));
    add(el.entry, input, h('button.btn', { type: 'submit', 'data-testid': 'move-submit' }, 'Play'));
    el.entry.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const hit = this.legal().find((m) => m.uci === text || m.text === text); // anything else (SAN) the server reads
      this.send(hit ? hit.uci : text).then((ok) => { if (ok) input.value = ''; });
    });

    const linesSel = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': 'analysis-lines', 'aria-label': 'Lines to show' },
      ...[1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === 3 }, `${n} ${n === 1 ? 'line' : 'lines'}`))));
    add(el.analysisBar, linesSel,
      h('button.btn', { type: 'button', 'data-testid': 'btn-analyse', onclick: () => this.analyse(Number(linesSel.value)) }, 'Analyse position'),
      h('button.btn', { type: 'button', 'data-testid': 'btn-review', onclick: () => this.runReview() }, 'Review game'));

    const regions = shadedRegions(v);
    add(this.main, 
      h('section.game', null,
        h('div.board-col', null,
          h('div.game-title', null,
            h('h1', null, v.name, h('span.muted', null, ` · ${v.family}`)),
            h('span.title-links', null,
              h('a.btn.small', { href: `#/rules/${encodeURIComponent(v.id)}`, 'data-testid': 'btn-rules', target: '_blank', rel: 'noopener' }, 'Rules'),
              h('a.btn.small', { href: '#/', 'data-testid': 'btn-new' }, 'New game'))),
          el.over, el.banner, el.evalBar, el.clockTop, el.handTop, el.board, el.handBottom, el.clockBottom),
        h('aside.side-col', null,
          h('section.panel.status-panel', null, el.status, el.offer, el.imitation, el.counts, el.engine),
          h('section.panel', null, el.controls),
          h('section.panel.moves-panel', null, h('div.panel-head', null, h('h2', null, 'Moves'), el.nav), el.moves, el.entry),
          h('section.panel', null, h('h2', null, 'Analysis'), el.analysisBar, el.analysisOut, el.lineBoard, el.reviewOut),
          h('section.panel', null, h('h2', null, 'Piece'), el.help, h('p.muted.help-hint', null, 'Click a piece on the board or below to see how it moves.'), el.legend),
          regions.length ? h('section.panel', null, h('h2', null, 'Regions'), el.regions) : null,
          h('section.panel', null, h('h2', null, 'Players & engine'), el.settings))));

    // piece legend
    for (const p of v.pieces || []) {
      add(el.legend, h('button.legend-piece', {
        type: 'button', 'data-testid': `legend-${p.token}`, 'data-token': p.token, title: `${p.name} (${p.token})`,
        onclick: () => showPieceHelp(el.help, v, p, { color: 'white', imitates: this.shown()?.imitation }),
      }, glyphElement(p.glyph, { color: 'white', token: p.token, royal: p.royal }), h('span', null, p.name)));
    }
    // regions legend
    if (regions.length) {
      const toggle = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', checked: true, 'data-testid': 'toggle-regions', onchange: () => { this.showRegions = toggle.checked; this.renderBoard(); } }));
      add(el.regions, 
        h('ul.region-list', { 'data-testid': 'region-legend' }, ...regionLegend(regions)),
        h('label.inline', null, toggle, ' Shade regions on the board'));
    }
  }

  // ------------------------------------------------------------------------- state

  isLive() { return this.viewPly === null; }
  /** State currently shown on the board. */
  shown() { return this.viewPly === null ? this.state : this.viewState || this.state; }
  /** Legal moves usable now (none while browsing history or while busy). */
  legal() { return this.isLive() && !this.busy ? this.state.legal || [] : []; }
  /** Legal moves made on the board: all but a pass, which has its own button (a second click on the piece deselects it). */
  boardMoves() { return this.legal().filter((m) => !isPass(m)); }

  /** @param {any} st a state from the server */
  acceptState(st) {
    if (this.destroyed || !st || st.id !== this.id) return;
    // Every change raises `version`: drop states older than the one shown (an SSE event
    // may arrive after the answer to our own request, or the other way round).
    if (typeof st.version === 'number' && typeof this.state?.version === 'number' && st.version < this.state.version) return;
    const prevPly = this.state?.ply;
    const prevMoves = this.state?.moves?.length;
    this.state = st;
    this.stateAt = performance.now();
    if (st.ply !== prevPly || st.moves?.length !== prevMoves) {
      if (this.review && this.review.moves !== st.moves?.length) { this.review = null; clear(this.el.reviewOut); }
      this.sel = { from: null, drop: null };
      this.wallCands = null;
      if (this.viewPly !== null && this.viewPly > st.moves.length) this.viewPly = null;
    }
    if (!st.engine?.thinking) this.info = null;
    this.renderAll();
    this.schedulePoll();
  }

  /** Polls while the engine thinks and no event arrived recently (fallback for SSE). */
  schedulePoll() {
    clearTimeout(this.pollTimer);
    if (this.destroyed || !this.state?.engine?.thinking) return;
    this.pollTimer = window.setTimeout(async () => {
      if (Date.now() - this.lastEventAt > 2500) {
        try { this.acceptState(await api.getGame(this.id)); } catch { /* keep waiting */ }
      }
      this.schedulePoll();
    }, 1500);
  }

  // ------------------------------------------------------------------------- rendering

  renderAll() {
    this.renderBoard();
    this.renderHands();
    this.renderClocks();
    this.renderStatus();
    this.renderCounts();
    this.renderEngine();
    this.renderMoves();
    this.renderControls();
    this.renderEval();
    this.renderSettings();
  }

  renderBoard() {
    const st = this.shown();
    const pieces = new Map(st.board.map((/** @type {any} */ p) => [p.cell, p]));
    /** @type {Map<string, 'quiet'|'capture'|'both'>} */
    const targets = new Map();
    // While a wall is being placed, the piece stands where it moves and the wall's cells are the targets.
    const pending = this.wallCands?.[0];
    if (pending?.from && pieces.has(pending.from)) {
      pieces.set(pending.to, { ...pieces.get(pending.from), cell: pending.to });
      pieces.delete(pending.from);
    }
    for (const m of this.wallCands || []) targets.set(m.wall, 'quiet');
    for (const m of this.wallCands ? [] : this.boardMoves()) {
      const mine = this.sel.from ? m.from === this.sel.from : this.sel.drop ? m.from === null && m.drop === this.sel.drop : false;
      if (!mine) continue;
      const prev = targets.get(m.to);
      const kind = m.capture ? 'capture' : 'quiet';
      targets.set(m.to, prev && prev !== kind ? 'both' : kind);
    }
    const royal = new Set((this.variant.pieces || []).filter((/** @type {any} */ p) => p.royal).map((/** @type {any} */ p) => p.token.toUpperCase()));
    this.board.render({
      pieces, flipped: this.flipped, selected: pending ? pending.to : this.sel.from, targets,
      lastMove: st.last_move, check: st.check || [], via: this.viaMarks, showRegions: this.showRegions, royal,
    });
    this.el.board.classList.toggle('readonly', !this.isLive());
    this.el.board.dataset.side = this.state.side;
    this.el.board.dataset.flipped = String(this.flipped);
    const b = this.el.banner;
    if (this.isLive()) b.hidden = true;
    else {
      b.hidden = false;
      clear(b);
      const n = this.viewPly ?? 0;
      const mv = n > 0 ? this.state.moves[n - 1] : null;
      add(b, h('span', null, n === 0 ? 'Viewing the start position' : `Viewing the position after ${moveLabel(n, this.startSide())} ${moveName(mv)}`),
        h('button.btn.small.primary', { type: 'button', 'data-testid': 'back-to-game', onclick: () => this.goto(null) }, 'Back to the game'));
    }
  }

  renderHands() {
    const v = this.variant;
    const st = this.shown();
    const bottomColor = this.flipped ? 'black' : 'white';
    for (const [box, color] of /** @type {Array<[HTMLElement, string]>} */ ([[this.el.handBottom, bottomColor], [this.el.handTop, other(bottomColor)]])) {
      clear(box);
      const hand = st.hands?.[color] || [];
      box.hidden = !v.drops && hand.length === 0;
      box.dataset.color = color;
      box.setAttribute('data-testid', `hand-${color}`);
      box.setAttribute('aria-label', `${colorName(color)}'s hand`);
      add(box, h('span.hand-label', null, colorName(color)));
      if (!hand.length) add(box, h('span.muted.hand-empty', null, 'no pieces in hand'));
      const canDrop = this.isLive() && this.legal().some((m) => m.drop);
      for (const p of hand) {
        const selected = this.sel.drop === p.token && st.side === color;
        const usable = canDrop && st.side === color && this.legal().some((m) => m.drop === p.token);
        const dir = (color === 'black' ? -1 : 1) * (this.flipped ? -1 : 1);
        // Free drops (Ataxx) need nothing in hand: the piece is always there.
        const count = p.unlimited ? '∞' : p.count;
        add(box, h(`button.hand-piece${selected ? '.selected' : ''}`, {
          type: 'button', 'data-testid': `hand-${color}-${p.token}`, 'data-token': p.token, 'data-color': color, 'data-count': p.count,
          'aria-pressed': String(selected), 'aria-label': `${colorName(color)} ${p.name} in hand, ${count}`, title: `${p.name} ×${count}`,
          disabled: false,
          onclick: () => {
            showPieceHelp(this.el.help, v, p, { color, flipped: this.flipped, imitates: this.shown()?.imitation });
            if (!usable) return;
            this.sel = selected ? { from: null, drop: null } : { from: null, drop: p.token };
            this.renderBoard(); this.renderHands();
          },
        }, glyphElement(p.glyph, { color, token: p.token, dir }), p.unlimited || p.count > 1 ? h('span.count', null, `×${count}`) : null));
      }
    }
  }

  /** The two clocks (opponent's above the board), counting the running one down. */
  renderClocks() {
    const c = this.state.clock;
    clearInterval(this.clockTimer);
    const bottomColor = this.flipped ? 'black' : 'white';
    for (const [box, color] of /** @type {Array<[HTMLElement, string]>} */ ([[this.el.clockBottom, bottomColor], [this.el.clockTop, other(bottomColor)]])) {
      box.hidden = !c;
      if (!c) continue;
      box.setAttribute('data-testid', `clock-${color}`);
      box.dataset.color = color;
      box.dataset.running = String(c.running === color);
      box.setAttribute('aria-label', `${colorName(color)}'s clock`);
    }
    if (!this.stateAt) this.stateAt = performance.now();
    if (!c) return;
    const tick = () => {
      const since = performance.now() - this.stateAt;
      for (const box of [this.el.clockBottom, this.el.clockTop]) {
        const color = box.dataset.color || 'white';
        const base = color === 'white' ? c.white_ms : c.black_ms;
        const left = c.running === color ? Math.max(0, base - since) : base;
        box.dataset.ms = String(Math.round(left));
        box.classList.toggle('low', left < 20000);
        box.textContent = `${colorName(color)} ${clockText(left)}`;
      }
    };
    tick();
    if (c.running && !this.state.status.over) this.clockTimer = window.setInterval(tick, 100);
  }

  /**
   * What the variant counts, for the shown position: a counting rule's count (Makruk; kept
   * in plies, shown in moves), material points (Janggi, Othello), checks left (n-check).
   */
  renderCounts() {
    const c = this.shown().counts;
    const el = this.el.counts;
    clear(el);
    el.hidden = !c;
    if (!c) return;
    const pair = (/** @type {Record<string, number>} */ x) => `${colorName('white')} ${x.white}, ${colorName('black')} ${x.black}`;
    if (c.count) {
      add(el, h('p', { 'data-testid': 'count-rule', 'data-ply': c.count.ply, 'data-limit': c.count.limit },
        `Counting: ${Math.floor(c.count.ply / 2)} of ${c.count.limit / 2} moves (drawn at the limit)`));
    }
    if (c.points) add(el, h('p', { 'data-testid': 'count-points', 'data-white': c.points.white, 'data-black': c.points.black }, `Points: ${pair(c.points)}`));
    if (c.checks_left) add(el, h('p', { 'data-testid': 'count-checks', 'data-white': c.checks_left.white, 'data-black': c.checks_left.black }, `Checks to give: ${pair(c.checks_left)}`));
  }

  renderStatus() {
    const st = this.state;
    const el = this.el.status;
    clear(el);
    el.dataset.over = String(!!st.status.over);
    el.dataset.side = st.side;
    el.dataset.result = st.status.result || '';
    el.dataset.reason = st.status.reason || '';
    el.classList.toggle('over', !!st.status.over);
    let text;
    if (st.status.over) {
      text = resultText(st.status);
    } else {
      const side = st.side;
      const engineTurn = st.players[side] === 'engine';
      const humans = ['white', 'black'].filter((c) => st.players[c] === 'human');
      const who = `${colorName(side)} (engine${st.engine.level < 8 ? `, level ${st.engine.level}` : ''})`;
      if (engineTurn) text = st.engine.thinking ? `${who} is thinking…` : `${who} to move`;
      else if (humans.length === 1) text = `Your move (${colorName(side)})`;
      else text = `${colorName(side)} to move`;
      if ((st.check || []).length) text += ' · check!';
    }
    add(el, h('span.status-dot', { 'aria-hidden': 'true', 'data-color': st.status.over ? 'over' : st.side }), h('span.status-text', null, text));
    if (st.status.over) add(el, h('span.status-sub', null, st.status.result || ''));

    // end-of-game banner above the board
    const ov = this.el.over;
    clear(ov);
    ov.hidden = !st.status.over;
    if (st.status.over) {
      add(ov, h('span.result', { 'data-testid': 'game-over-text' }, resultText(st.status)),
        st.status.result ? h('span.score', null, st.status.result) : null,
        h('span.spacer'),
        h('button.btn.small', { type: 'button', 'data-testid': 'over-pgn', onclick: () => this.exportPgn() }, 'Export PGN'),
        h('a.btn.small.primary', { href: '#/', 'data-testid': 'over-new' }, 'New game'));
    }

    // draw offer from the other human
    const offer = this.el.offer;
    clear(offer);
    const by = st.draw_offer;
    const to = by ? other(by) : null;
    if (by && !st.status.over && to && st.players[to] === 'human') {
      offer.hidden = false;
      add(offer, h('span', null, `${colorName(by)} offers a draw.`),
        h('button.btn.small.primary', { type: 'button', 'data-testid': 'draw-accept', onclick: () => this.act(() => api.draw(this.id, /** @type {any} */ (to), 'accept')) }, 'Accept'),
        h('button.btn.small', { type: 'button', 'data-testid': 'draw-decline', onclick: () => this.act(() => api.draw(this.id, /** @type {any} */ (to), 'decline')) }, 'Decline'));
    } else if (by && !st.status.over) {
      offer.hidden = false;
      add(offer, h('span', null, `${colorName(by)} offered a draw; waiting for an answer.`));
    } else offer.hidden = true;

    // Joker imitation
    if (this.variant.imitation) {
      const im = this.el.imitation;
      clear(im);
      const shown = this.shown();
      const tok = shown.imitation;
      const p = tok ? pieceInfo(this.variant, { token: tok }) : null;
      im.dataset.token = tok || '';
      add(im, h('span.muted', null, 'Joker imitates: '),
        p ? glyphElement(p.glyph, { color: 'white', token: p.token, size: 26 }) : null,
        h('b', null, p ? p.name : tok || 'nothing yet'));
    }
  }

  renderEngine() {
    const el = this.el.engine;
    clear(el);
    const st = this.state;
    const thinking = !!st.engine?.thinking && !st.status.over;
    const last = thinking || this.info ? null : this.lastEngineEval();
    el.hidden = !thinking && !this.info && !last;
    el.classList.toggle('thinking', thinking);
    if (el.hidden) return;
    if (last) {
      add(el, h('div.engine-line', { 'data-testid': 'engine-last' },
        h('b', null, `Engine at ${moveLabel(last.ply, this.startSide())} ${last.name}`),
        h('span', null, `depth ${last.eval.depth}`),
        h('span.score', { title: `${colorName('white')}'s view` }, whiteScoreText(last.eval)),
        last.eval.nodes ? h('span.muted', null, `${compactNumber(last.eval.nodes)} nodes`) : null),
      lineNames(last.eval).length ? h('div.pv.mono', null, lineNames(last.eval).join(' ')) : null);
      return;
    }
    const i = this.info;
    add(el, h('div.engine-line', null,
      thinking ? h('span.spinner', { 'aria-hidden': 'true' }) : null,
      h('b', null, 'Engine'),
      i ? h('span', { 'data-testid': 'engine-depth' }, `depth ${i.depth}`) : h('span.muted', null, 'starting…'),
      i ? h('span.score', { 'data-testid': 'engine-score', title: 'from the engine side’s view' }, scoreText(i.score)) : null,
      i && i.nodes ? h('span.muted', null, `${compactNumber(i.nodes)} nodes`) : null,
      i && i.nps ? h('span.muted', null, `${compactNumber(i.nps)}/s`) : null));
    if (i && lineNames(i).length) add(el, h('div.pv.mono', { 'data-testid': 'engine-pv' }, lineNames(i).join(' ')));
  }

  /** The engine's evaluation of its last move up to the shown position. */
  lastEngineEval() {
    const moves = this.state.moves || [];
    for (let i = (this.viewPly ?? moves.length) - 1; i >= 0; i--) {
      if (moves[i].eval) return { ply: i + 1, name: moveName(moves[i]), eval: moves[i].eval };
    }
    return null;
  }

  /** The shown position's evaluation for the bar: an analysis, the live search, the review, the engine's last move. */
  renderEval() {
    const st = this.shown();
    const a = this.analyses.get(`${st.ply}|${st.fen}`);
    if (a?.lines?.length) return renderEvalBar(this.el.evalBar, a.lines[0].score, 'analysis');
    if (this.info && this.isLive() && this.info.score) {
      const sign = this.state.side === 'white' ? 1 : -1;
      const sc = this.info.score;
      return renderEvalBar(this.el.evalBar, typeof sc.mate === 'number' ? { mate: sc.mate * sign } : { cp: sc.cp * sign }, 'engine thinking');
    }
    const r = this.review?.scores?.[st.ply];
    if (r) return renderEvalBar(this.el.evalBar, r, 'review');
    const last = this.lastEngineEval();
    renderEvalBar(this.el.evalBar, last ? last.eval : null, 'engine');
  }

  /** Analyses the shown position with `lines` lines, showing them live as the engine finds them. @param {number} lines */
  async analyse(lines) {
    if (this.analysing) return;
    const st = this.shown();
    this.analysing = { ply: st.ply, fen: st.fen };
    clear(this.el.analysisOut);
    add(this.el.analysisOut, h('p.muted', null, h('span.spinner', { 'aria-hidden': 'true' }), ' Analysing…'));
    try {
      const a = await api.analyse(this.id, st.ply, lines);
      this.analyses.set(`${a.ply}|${a.fen}`, a);
      this.analysing = null;
      renderLines(this.el.analysisOut, a, this.positionLabel(a.ply), { onPick: (l) => this.pickLine(a, l) });
      this.renderEval();
    } catch (e) {
      clear(this.el.analysisOut);
      add(this.el.analysisOut, h('p.error-text', null, `Analysis failed: ${/** @type {Error} */ (e).message}`));
    } finally {
      this.analysing = null;
    }
  }

  /** The lines of the running analysis as the engine reports them (server-sent events). @param {any} a */
  showLiveAnalysis(a) {
    const run = this.analysing;
    if (!run || a.ply !== run.ply || a.fen !== run.fen || !Array.isArray(a.lines)) return;
    renderLines(this.el.analysisOut, a, this.positionLabel(a.ply), { live: true, onPick: (l) => this.pickLine(a, l) });
  }

  /** "after 12. Nf3" or "at the start". @param {number} ply */
  positionLabel(ply) {
    const mv = ply > 0 ? this.state.moves[ply - 1] : null;
    return mv ? `after ${moveLabel(ply, this.startSide())} ${moveName(mv)}` : 'at the start';
  }

  /**
   * Plays a line out on the side board; the game stays as it is.
   * @param {{ply:number}} a the analysis @param {{rank:number, pv:string[]}} l the line
   */
  async pickLine(a, l) {
    try {
      const r = await api.line(this.id, a.ply, l.pv);
      this.lineBoard.show(r.positions, `line ${l.rank} ${this.positionLabel(a.ply)}`, this.flipped);
    } catch (e) {
      toast(`The line could not be shown: ${/** @type {Error} */ (e).message}`, 'error');
    }
  }

  /** Reviews the whole game: graph and marked moves. */
  async runReview() {
    const out = this.el.reviewOut;
    clear(out);
    add(out, h('p.muted', null, h('span.spinner', { 'aria-hidden': 'true' }), ' Reviewing the game…'));
    try {
      const moves = this.state.moves.length;
      const r = await api.review(this.id);
      this.review = { ...r, moves };
      renderReview(out, r, (ply) => this.goto(ply >= this.state.moves.length ? null : ply));
      this.renderMoves();
      this.renderEval();
    } catch (e) {
      clear(out);
      add(out, h('p.error-text', null, `Review failed: ${/** @type {Error} */ (e).message}`));
    }
  }

  /** Colour that moved first in this game. */
  startSide() {
    const st = this.state;
    return st.ply % 2 === 0 ? st.side : other(st.side);
  }

  renderMoves() {
    const list = this.el.moves;
    clear(list);
    const moves = this.state.moves || [];
    const first = this.startSide();
    const current = this.viewPly ?? moves.length;
    /** @type {Map<number, string>} */
    const marks = new Map((this.review?.marks || []).map((/** @type {any} */ m) => [m.ply, m.mark]));
    const startItem = h('li.move-row.start', null, h('button.move', {
      type: 'button', 'data-testid': 'move-0', 'aria-current': current === 0 ? 'step' : undefined, tabindex: '-1', onclick: () => this.goto(0),
    }, 'Start'));
    add(list, startItem);
    /** @type {HTMLElement|null} */ let row = null;
    moves.forEach((/** @type {any} */ m, /** @type {number} */ i) => {
      const ply = i + 1;
      const color = (i % 2 === 0) === (first === 'white') ? 'white' : 'black';
      const num = Math.floor((i + (first === 'black' ? 1 : 0)) / 2) + 1;
      if (color === 'white' || !row) {
        row = h('li.move-row', null, h('span.move-no', null, `${num}.`));
        if (color === 'black') add(row, h('span.move.placeholder', null, '…'));
        add(list, row);
      }
      add(row, h('button.move', {
        type: 'button', 'data-testid': `move-${ply}`, 'data-ply': ply, 'data-uci': m.uci, tabindex: '-1',
        'aria-current': ply === current ? 'step' : undefined, title: m.text === m.uci ? m.uci : `${m.text} (${m.uci})`, onclick: () => this.goto(ply),
      }, moveName(m) + (marks.get(ply) ? MARK_GLYPH[marks.get(ply)] : '')));
      if (marks.get(ply)) row.lastElementChild?.setAttribute('data-mark', marks.get(ply));
    });
    if (this.state.status.over) add(list, h('li.move-row.result', null, h('span', null, this.state.status.result || '')));
    const cur = /** @type {HTMLElement|null} */ (list.querySelector('[aria-current]'));
    if (cur) {
      const top = cur.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 30) list.scrollTop = top - list.clientHeight / 2;
    }
    const n = moves.length;
    const [bf, bp, bn, bl] = this.el.nav.querySelectorAll('button');
    /** @type {HTMLButtonElement} */ (bf).disabled = current === 0;
    /** @type {HTMLButtonElement} */ (bp).disabled = current === 0;
    /** @type {HTMLButtonElement} */ (bn).disabled = current >= n;
    /** @type {HTMLButtonElement} */ (bl).disabled = current >= n;
    this.el.entry.hidden = !this.state.legal?.length;
  }

  renderControls() {
    const st = this.state;
    const el = this.el.controls;
    clear(el);
    const over = st.status.over;
    const humans = ['white', 'black'].filter((c) => st.players[c] === 'human');
    const me = humans.length === 1 ? humans[0] : st.side;
    const btn = (/** @type {string} */ id, /** @type {string} */ label, /** @type {() => void} */ fn, /** @type {boolean} */ disabled = false, /** @type {string} */ title = '') =>
      h('button.btn', { type: 'button', 'data-testid': `btn-${id}`, onclick: fn, disabled, title: title || label }, label);
    const pass = this.legal().find(isPass);
    add(el, 
      pass ? btn('pass', 'Pass', () => this.send(pass.uci), false, 'Pass the turn without moving') : null,
      btn('flip', 'Flip board', () => this.flip()),
      btn('zoom', this.el.board.classList.contains('zoomed') ? 'Fit board' : 'Zoom board', () => this.toggleZoom(), false, 'Bigger cells for touch (the board scrolls sideways)'),
      btn('undo', 'Undo', () => this.act(() => api.undo(this.id)), !st.moves.length || st.status.reason === 'resignation', st.status.reason === 'resignation' ? 'A resignation is final' : 'Take back the last move'),
      btn('draw', 'Offer draw', () => this.offerDraw(/** @type {any} */ (me)), over || !humans.length || st.draw_offer === me),
      btn('resign', 'Resign', () => this.resign(/** @type {any} */ (me)), over || !humans.length),
      btn('engine-move', 'Engine move', () => this.act(() => api.engineMove(this.id)), over || !!st.engine.thinking, 'Let the engine play this move'),
      btn('pgn', 'PGN', () => this.exportPgn(), false, 'Export the game as PGN'),
      // Where players read another notation than PGN's SAN: the record in theirs.
      this.variant.notation === 'shogi' ? btn('record', 'Record', () => this.exportRecord(), false, 'The game in shogi notation, a move a line') : null,
      btn('fen', 'Copy FEN', () => copyText(this.shown().fen, 'FEN'), false, 'Copy the FEN of the shown position'),
      btn('import', 'Import', () => importDialog([], this.app, this.variant.id)),
    );
  }

  renderSettings() {
    const st = this.state;
    const el = this.el.settings;
    clear(el);
    const playerSel = (/** @type {string} */ color) => {
      const sel = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': `player-${color}`, 'aria-label': `${colorName(color)} player` },
        h('option', { value: 'human', selected: st.players[color] === 'human' }, 'Human'),
        h('option', { value: 'engine', selected: st.players[color] === 'engine' }, 'Engine')));
      sel.addEventListener('change', () => this.act(() => api.patchGame(this.id, { [color]: sel.value })));
      return h('label.inline', null, `${colorName(color)} `, sel);
    };
    const e = st.engine || {};
    const value = e.depth ? 'depth' : String(e.movetime_ms || 2000);
    const timeSel = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': 'engine-time', 'aria-label': 'Engine strength' },
      ...TIMES.map((ms) => h('option', { value: String(ms), selected: value === String(ms) }, `${ms / 1000} s per move`)),
      !TIMES.includes(e.movetime_ms) && !e.depth && e.movetime_ms ? h('option', { value: String(e.movetime_ms), selected: true }, `${e.movetime_ms / 1000} s per move`) : null,
      h('option', { value: 'depth', selected: value === 'depth' }, 'Fixed depth')));
    const depthIn = /** @type {HTMLInputElement} */ (h('input.num', { type: 'number', min: 1, max: 40, value: e.depth || 8, 'data-testid': 'engine-depth-input', 'aria-label': 'Depth', hidden: value !== 'depth' }));
    const apply = () => {
      const engine = timeSel.value === 'depth' ? { movetime_ms: null, depth: Number(depthIn.value) || 8 } : { movetime_ms: Number(timeSel.value), depth: null };
      this.act(() => api.patchGame(this.id, { engine }));
    };
    timeSel.addEventListener('change', () => { depthIn.hidden = timeSel.value !== 'depth'; apply(); });
    depthIn.addEventListener('change', apply);
    const tc = st.clock;
    const levelSel = /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': 'engine-level', 'aria-label': 'Engine level' },
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n), selected: e.level === n }, n === 8 ? 'Level 8 (full strength)' : `Level ${n}`))));
    levelSel.addEventListener('change', () => this.act(() => api.patchGame(this.id, { level: Number(levelSel.value) })));
    add(el, h('div.row', null, playerSel('white'), playerSel('black')), h('div.row', null, levelSel),
      tc ? h('p.muted', { 'data-testid': 'time-control' }, `Clock ${tc.initial_ms / 60000}+${tc.increment_ms / 1000}: the engine plays by its clock.`)
        : h('div.row', null, timeSel, depthIn));
  }

  // ------------------------------------------------------------------------- interaction

  /** @param {string} cell */
  describeCell(cell) {
    const p = this.shown().board.find((/** @type {any} */ x) => x.cell === cell);
    return p ? `${cell}, ${p.color} ${p.name}` : `${cell}, empty`;
  }

  /** @param {string} cell */
  showHelpFor(cell) {
    const p = this.shown().board.find((/** @type {any} */ x) => x.cell === cell);
    if (p) showPieceHelp(this.el.help, this.variant, p, { cell, color: p.color, flipped: this.flipped, imitates: this.shown()?.imitation });
  }

  /** @param {string} cell */
  clickCell(cell) {
    if (this.wallCands) {
      const m = this.wallCands.find((w) => w.wall === cell);
      this.wallCands = null;
      if (m) this.send(m.uci);
      else this.renderBoard();
      return;
    }
    const legal = this.boardMoves();
    if ((this.sel.from || this.sel.drop) && legal.some((m) => m.to === cell && (this.sel.from ? m.from === this.sel.from : m.drop === this.sel.drop && !m.from))) {
      this.tryMove(cell);
      return;
    }
    this.showHelpFor(cell);
    if (this.sel.from === cell) this.sel = { from: null, drop: null };
    else if (legal.some((m) => m.from === cell)) this.sel = { from: cell, drop: null };
    else {
      this.sel = { from: null, drop: null };
      this.noMovesFeedback(cell);
    }
    this.renderBoard();
    this.renderHands();
  }

  /** Bigger cells on small screens: the board gets a minimum cell size and scrolls in its own box. */
  toggleZoom() {
    const on = !this.el.board.classList.contains('zoomed');
    this.el.board.classList.toggle('zoomed', on);
    setPref('zoom', String(on));
    this.renderControls();
  }

  /** Turns the board round and remembers it for this game. */
  flip() {
    this.flipped = !this.flipped;
    setPref(`flip.${this.id}`, String(this.flipped));
    this.renderBoard(); this.renderHands(); this.renderClocks();
  }

  /** Says why nothing happens when the player to move clicks one of their pieces that cannot move. @param {string} cell */
  noMovesFeedback(cell) {
    const st = this.state;
    const p = (this.shown().board || []).find((/** @type {any} */ b) => b.cell === cell);
    if (!p || !this.isLive() || this.busy || st.status.over || p.color !== st.side || st.players[st.side] !== 'human' || st.engine?.thinking) return;
    const why = st.check?.length ? ' (your King is in check)' : '';
    toast(`The ${p.name} on ${cell} has no legal move${why}.`, 'info');
    this.el.board.dataset.nomoves = cell;
  }

  /** Tries to move the selection to `to`, asking which move when several match. @param {string} to */
  async tryMove(to) {
    const cands = this.boardMoves().filter((m) => m.to === to && (this.sel.from ? m.from === this.sel.from : this.sel.drop ? !m.from && m.drop === this.sel.drop : false));
    if (!cands.length) {
      this.sel = { from: null, drop: null };
      if (this.boardMoves().some((m) => m.from === to)) this.sel.from = to;
      this.renderBoard(); this.renderHands();
      return;
    }
    if (new Set(cands.map((m) => m.wall ?? '')).size > 1) {
      this.placeWall(cands);
      return;
    }
    let move = cands[0];
    if (cands.length > 1) {
      const chosen = await this.chooseMove(cands);
      this.viaMarks = [];
      if (!chosen) { this.sel = { from: null, drop: null }; this.renderBoard(); this.renderHands(); return; }
      move = chosen;
    }
    await this.send(move.uci);
  }

  /**
   * A piece move that places a wall (Duck chess, Amazons' arrows): the cells it may wall
   * become the targets, and the next click places it. @param {any[]} cands
   */
  placeWall(cands) {
    this.wallCands = cands;
    this.sel = { from: null, drop: null };
    this.renderBoard();
    this.renderHands();
    toast(`Now place the wall: click one of the ${cands.length} marked cells (Esc cancels).`, 'info');
  }

  /** Gating / promotion / path / generic chooser. @param {any[]} cands */
  async chooseMove(cands) {
    const v = this.variant;
    const side = this.state.side;
    const promos = new Set(cands.map((m) => m.promotion ?? ''));
    const vias = new Set(cands.map((m) => m.via ?? ''));
    if (cands.some((m) => m.gate) && promos.size <= 1 && vias.size <= 1) return this.chooseGate(cands);
    if (promos.size === cands.length && vias.size <= 1) {
      const from = cands[0].from;
      const moving = this.state.board.find((/** @type {any} */ p) => p.cell === from);
      return choose({
        title: 'Promote to', testid: 'promotion-chooser',
        options: cands.map((m) => {
          let p = null, label = '';
          if (m.promotion && m.promotion_name) {
            // The server names the piece it promotes to (also for Shogi-style '+').
            p = { name: m.promotion_name, glyph: m.promotion_glyph || pieceInfo(v, { token: m.promotion })?.glyph || '' };
            label = m.promotion === '+' ? `Promote (${m.promotion_name})` : m.promotion_name;
          } else if (m.promotion === '+') {
            p = moving ? pieceInfo(v, { token: '+' + moving.token }) : null;
            label = p ? `Promote (${p.name})` : 'Promote';
          } else if (m.promotion) {
            p = pieceInfo(v, { token: m.promotion });
            label = p ? p.name : m.promotion;
          } else label = 'Do not promote';
          const glyph = p ? p.glyph : m.promotion ? '' : moving?.glyph;
          return {
            label, value: m, testid: `promote-${m.promotion || 'none'}`,
            icon: glyphElement(glyph || '', { color: side, token: m.promotion || moving?.token || '?', promoted: m.promotion === '+', size: 44 }),
          };
        }),
      });
    }
    if (vias.size === cands.length && promos.size <= 1) {
      this.viaMarks = cands.map((m) => m.via).filter(Boolean);
      this.renderBoard();
      return choose({
        title: 'Which path?', testid: 'path-chooser', hint: 'This move can go two ways; the marked cells show the intermediate cells.',
        options: cands.map((m) => ({ label: m.via ? `via ${m.via}  (${m.text})` : `direct  (${m.text})`, value: m, testid: `path-${m.via || 'direct'}` })),
      });
    }
    return choose({
      title: 'Which move?', testid: 'move-chooser',
      options: cands.map((m) => ({ label: m.text, value: m, testid: `choice-${m.uci}` })),
    });
  }

  /**
   * Gating chooser (Seirawan chess): the move alone or with a hand piece placed on the cell
   * the mover leaves; a castling may place it on the King's cell or the Rook's.
   * @param {any[]} cands the same move without and with each gate
   */
  async chooseGate(cands) {
    const side = this.state.side;
    const moving = this.state.board.find((/** @type {any} */ p) => p.cell === cands[0].from);
    const cells = new Set(cands.filter((m) => m.gate).map((m) => m.gate.on));
    return choose({
      title: 'Bring in a piece?', testid: 'gate-chooser',
      hint: 'A piece from the hand may enter on the cell the moving piece leaves.',
      options: cands.map((m) => {
        const g = m.gate;
        if (!g) {
          return {
            label: 'No gating', value: m, testid: 'gate-none',
            icon: glyphElement(moving?.glyph || '', { color: side, token: moving?.token || '?', size: 44 }),
          };
        }
        return {
          label: cells.size > 1 ? `${g.name} on ${g.on}` : `${g.name} (on ${g.on})`, value: m,
          testid: cells.size > 1 ? `gate-${g.token}-${g.on}` : `gate-${g.token}`,
          icon: glyphElement(g.glyph, { color: side, token: g.token, size: 44 }),
        };
      }),
    });
  }

  /**
   * Sends a move; keeps the view on errors.
   * @param {string} uci
   * @returns {Promise<boolean>} true when accepted
   */
  async send(uci) {
    if (this.busy) return false;
    this.busy = true;
    this.sel = { from: null, drop: null };
    this.renderBoard();
    try {
      const st = await api.makeMove(this.id, uci);
      this.busy = false;
      this.acceptState(st);
      return true;
    } catch (e) {
      this.busy = false;
      toast(`Move not accepted: ${/** @type {Error} */ (e).message}`, 'error');
      this.renderAll();
      return false;
    }
  }

  /** Runs an action that returns a new state. @param {() => Promise<any>} fn */
  async act(fn) {
    try {
      const st = await fn();
      if (st && st.id) this.acceptState(st);
      return st;
    } catch (e) {
      toast(/** @type {Error} */ (e).message, 'error');
      this.renderAll();
      return null;
    }
  }

  /** @param {'white'|'black'} color */
  async resign(color) {
    const ok = await openDialog({
      title: 'Resign?', body: `${colorName(color)} resigns this game.`, testid: 'confirm-resign',
      actions: [{ label: 'Cancel', value: false, testid: 'resign-cancel' }, { label: 'Resign', value: true, danger: true, primary: true, testid: 'resign-confirm' }],
    });
    if (ok) this.act(() => api.resign(this.id, color));
  }

  /** @param {'white'|'black'} color */
  async offerDraw(color) {
    const st = await this.act(() => api.draw(this.id, color, 'offer'));
    if (!st) return;
    const opp = other(color);
    if (st.players[opp] === 'engine' && !st.status.over) toast('The engine declined the draw offer.', 'info');
    else if (st.status.over) toast(resultText(st.status), 'ok');
  }

  async exportPgn() {
    try {
      const pgn = await api.getPgn(this.id);
      await showText('PGN', pgn, `${this.variant.id}-${this.id}.pgn`);
    } catch (e) {
      toast(`Could not export the PGN: ${/** @type {Error} */ (e).message}`, 'error');
    }
  }

  async exportRecord() {
    try {
      const text = await api.getRecord(this.id);
      await showText('Game record', text, `${this.variant.id}-${this.id}.txt`);
    } catch (e) {
      toast(`Could not export the record: ${/** @type {Error} */ (e).message}`, 'error');
    }
  }

  // ------------------------------------------------------------------------- history

  /** @param {number} d */
  step(d) {
    const n = this.state.moves.length;
    const cur = this.viewPly ?? n;
    const next = Math.max(0, Math.min(n, cur + d));
    this.goto(next === n ? null : next);
  }

  /**
   * Shows the position after `ply` plies (null or the last ply = live).
   * @param {number|null} ply
   */
  async goto(ply) {
    const n = this.state.moves.length;
    if (ply === null || ply >= n) {
      this.viewPly = null; this.viewState = null;
      this.renderAll();
      return;
    }
    const key = `${ply}|${ply > 0 ? this.state.moves[ply - 1].fen : 'start'}|${this.state.moves[0]?.uci ?? ''}`;
    try {
      let st = this.plyCache.get(key);
      if (!st) {
        st = await api.getGame(this.id, ply);
        this.plyCache.set(key, st);
      }
      this.viewPly = ply; this.viewState = st;
      this.sel = { from: null, drop: null };
      this.renderAll();
      /** @type {HTMLElement|null} */ (this.el.moves.querySelector('[aria-current]'))?.focus({ preventScroll: true });
      if (document.activeElement?.closest?.('.move-list') == null) this.el.moves.focus({ preventScroll: true });
    } catch (e) {
      toast(`Cannot show that position: ${/** @type {Error} */ (e).message}`, 'error');
    }
  }

  /** Global shortcuts: arrows browse history when focus is not in a field. @param {KeyboardEvent} ev */
  onKey(ev) {
    const t = /** @type {HTMLElement} */ (ev.target);
    // Escape gives up a selection or a wall being placed, also with the focus on the board.
    if (ev.key === 'Escape' && !t.closest('input, textarea, select, dialog') && (this.sel.from || this.sel.drop || this.wallCands)) {
      this.sel = { from: null, drop: null }; this.wallCands = null; this.renderBoard(); this.renderHands();
      return;
    }
    if (t.closest('input, textarea, select, dialog, .board-root, .move-list')) return;
    if (ev.key === 'ArrowLeft') { ev.preventDefault(); this.step(-1); }
    else if (ev.key === 'ArrowRight') { ev.preventDefault(); this.step(1); }
    else if (ev.key === 'f' && !ev.ctrlKey && !ev.metaKey) this.flip();
  }
}

/** A pass (Othello, Ataxx, Janggi): a legal move that leaves its piece where it stands. @param {any} m */
function isPass(m) { return !!m.from && m.from === m.to && !m.promotion && !m.drop && !m.gate && !m.wall; }

/** "12." or "12…" label of a ply. @param {number} ply @param {string} first */
function moveLabel(ply, first) {
  const i = ply - 1;
  const num = Math.floor((i + (first === 'black' ? 1 : 0)) / 2) + 1;
  const whiteMoved = (i % 2 === 0) === (first === 'white');
  return whiteMoved ? `${num}.` : `${num}…`;
}
