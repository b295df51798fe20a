// @ts-check
/**
 * Board rendering and pointer/keyboard interaction.
 *
 * Any board shape is drawn from `variant.board.cells` (x, y, z): only existing cells are
 * drawn, so holes and extra cells (Big Outer's corners) need no special code. A board with
 * several levels is drawn as one small board per level, wrapping on narrow screens.
 *
 * Each cell is one `<g data-cell="e4" data-testid="cell-e4">` holding, bottom to top: the
 * square, region shading, move/selection tints, the piece (`data-testid="piece-e4"`,
 * `data-token`, `data-color`) and target marks. Cells never overlap, so a click on a
 * piece always reaches its cell.
 */

import { esc, h } from './dom.js';
import { glyphMarkup, abbreviation } from './glyphs.js';

const U = 100; // size of one cell in SVG units
const MARGIN = 34; // room for the coordinates

/** Tints of shaded region kinds (several regions of one kind cycle through a list). */
const REGION_COLORS = {
  promotion: ['#e0a93b', '#c9842c'],
  camp: ['#4f7fc0', '#6a5fc0'],
  zone: ['#9a62c4', '#35a393', '#d0656d', '#7f9a2f'],
  river: ['#2c9fd0', '#2c7fd0'],
};
const SHADED = new Set(Object.keys(REGION_COLORS));

/**
 * @typedef {{name:string,x:number,y:number,z:number}} Cell
 * @typedef {{cell:string,token:string,color:string,name?:string,glyph:string,promoted?:boolean}} Piece
 * @typedef {{
 *   pieces: Map<string, Piece>,
 *   flipped?: boolean,
 *   selected?: string|null,
 *   targets?: Map<string, 'quiet'|'capture'|'both'>,
 *   lastMove?: {from?:string|null,to?:string|null,via?:string|null}|null,
 *   check?: string[],
 *   via?: string[],
 *   showRegions?: boolean,
 *   royal?: Set<string>,
 *   dragFrom?: string|null,
 *   hover?: string|null,
 *   diagram?: boolean,
 * }} BoardView
 */

/**
 * The legend entries of shaded regions: a swatch and the label of each (its kind after
 * it), and for a region whose border is a thing of its own (a River) a line swatch and
 * that name. With `long`, each region's sentence follows.
 * @param {ReturnType<typeof shadedRegions>} regions
 * @param {{long?: boolean}} [opts]
 * @returns {HTMLElement[]}
 */
export function regionLegend(regions, opts = {}) {
  const items = [];
  for (const r of regions) {
    items.push(h('li', { 'data-testid': `region-${r.name}` },
      h('span.swatch', { style: `background:${r.color}`, 'aria-hidden': 'true' }), h('b', null, r.label), h('span.muted', null, ` (${r.kind})`),
      opts.long && r.about ? h('span', null, `: ${r.about}`) : null));
    if (r.edge) {
      items.push(h('li', { 'data-testid': `region-edge-${r.name}` },
        h('span.swatch.line', { style: `background:${r.color}`, 'aria-hidden': 'true' }), h('b', null, r.edge),
        h('span.muted', null, `: the line drawn along the border of the ${r.label.toLowerCase()}`)));
    }
  }
  return items;
}

/**
 * Computes the colours of the shaded regions of a variant.
 * @param {any} variant
 * @returns {Array<{name:string, label:string, about:string, edge:string|null, kind:string, color:string, cells:Set<string>, white:string[], black:string[]}>}
 */
export function shadedRegions(variant) {
  const counters = /** @type {Record<string, number>} */ ({});
  const out = [];
  for (const r of variant.regions || []) {
    if (!SHADED.has(r.kind)) continue;
    const list = REGION_COLORS[/** @type {keyof typeof REGION_COLORS} */ (r.kind)];
    const i = counters[r.kind] = (counters[r.kind] ?? -1) + 1;
    const cells = new Set([...(r.white || []), ...(r.black || [])]);
    out.push({
      name: r.name, label: r.label || r.name, about: r.about || '', edge: r.edge || null,
      kind: r.kind, color: list[i % list.length], cells, white: r.white || [], black: r.black || [],
    });
  }
  return out;
}

/**
 * Derives the edge labels of a board: file label per x, rank label per y, level letter per z.
 * In shogi notation (`notation === 'shogi'`) files are numbered from the right and ranks
 * lettered from the top, as the moves are written (`P-7f`).
 * @param {any} board `variant.board`
 * @param {string} [notation] the variant's `notation`
 */
export function boardLabels(board, notation) {
  const levels = board.levels || 1;
  const files = new Map(), ranks = new Map();
  const re = levels > 1 ? /^[a-z]([a-z]+)(\d+)$/ : /^([a-z]+)(\d+)$/;
  const shogi = notation === 'shogi' && levels === 1;
  for (const c of board.cells) {
    const m = re.exec(c.name);
    if (!m) continue;
    const inBox = c.x >= 0 && c.x < board.files && c.y >= 0 && c.y < board.ranks;
    if (!files.has(c.x)) files.set(c.x, shogi && inBox ? String(board.files - c.x) : m[1]);
    if (!ranks.has(c.y)) ranks.set(c.y, shogi && inBox ? String.fromCharCode(97 + board.ranks - 1 - c.y) : m[2]);
  }
  return { files, ranks, levelLetters: board.level_letters || '' };
}

/**
 * Interactive board view. Create once per game screen, then call {@link BoardView.render}.
 */
export class Board {
  /**
   * @param {HTMLElement} root element to draw into
   * @param {any} variant the variant description from `GET /api/variants/{id}`
   * @param {{
   *   onCellClick?: (cell:string) => void,
   *   canDrag?: (cell:string) => boolean,
   *   onDragStart?: (cell:string) => void,
   *   onDrop?: (from:string, to:string) => void,
   *   onDragCancel?: () => void,
   *   describe?: (cell:string) => string,
   *   prefix?: string,
   *   interactive?: boolean,
   * }} [handlers] `interactive: false` draws a static board (no listeners); `prefix` (e.g. `diagram-`) keeps test ids and cell attributes of
   *   secondary boards apart from the main board: `data-diagram-cell`, `diagram-cell-e4`
   */
  constructor(root, variant, handlers = {}) {
    this.root = root;
    this.variant = variant;
    this.handlers = handlers;
    this.board = variant.board;
    this.levels = Math.max(1, this.board.levels || 1);
    this.labels = boardLabels(this.board, variant.notation);
    this.regions = shadedRegions(variant);
    /** @type {Map<string, Cell>} */
    this.cells = new Map(this.board.cells.map((/** @type {Cell} */ c) => [c.name, c]));
    const xs = this.board.cells.map((/** @type {Cell} */ c) => c.x), ys = this.board.cells.map((/** @type {Cell} */ c) => c.y);
    this.minX = Math.min(...xs); this.maxX = Math.max(...xs);
    this.minY = Math.min(...ys); this.maxY = Math.max(...ys);
    /** @type {string|null} cell with the keyboard cursor */
    this.cursor = null;
    /** @type {BoardView} */
    this.view = { pieces: new Map() };
    this.suppressClick = false;
    this.prefix = handlers.prefix || '';
    this.cellAttr = this.prefix ? `data-${this.prefix}cell` : 'data-cell';
    root.classList.add('board-root');
    if (this.levels > 1) root.classList.add('levels');
    this.interactive = handlers.interactive !== false;
    if (this.interactive) this.installEvents();
  }

  /**
   * Screen position (top-left, SVG units) of a cell.
   * @param {Cell} c
   * @param {boolean} flipped
   */
  pos(c, flipped) {
    const col = flipped ? this.maxX - c.x : c.x - this.minX;
    const row = flipped ? c.y - this.minY : this.maxY - c.y;
    return { x: MARGIN + col * U, y: row * U };
  }

  /**
   * Redraws the board.
   * @param {BoardView} view
   */
  render(view) {
    this.view = view;
    const flipped = !!view.flipped;
    const w = MARGIN + (this.maxX - this.minX + 1) * U + 8;
    const hgt = (this.maxY - this.minY + 1) * U + MARGIN;
    const regionTint = new Map();
    if (view.showRegions !== false) {
      for (const r of this.regions) for (const name of r.cells) {
        const list = regionTint.get(name) || [];
        list.push(r);
        regionTint.set(name, list);
      }
    }
    const targets = view.targets || new Map();
    const check = new Set(view.check || []);
    const via = new Set(view.via || []);
    const lm = view.lastMove || {};
    const royal = view.royal || new Set();
    const byLevel = Array.from({ length: this.levels }, () => /** @type {string[]} */ ([]));
    if (!this.cursor || !this.cells.has(this.cursor)) this.cursor = this.board.cells[0]?.name ?? null;

    for (const c of this.board.cells) {
      const { x, y } = this.pos(c, flipped);
      const dark = ((c.x + c.y + c.z) % 2 + 2) % 2 === 0;
      const name = c.name;
      const piece = view.pieces.get(name);
      const parts = [];
      parts.push(`<rect class="sq ${dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="${U}" height="${U}"/>`);
      for (const r of regionTint.get(name) || []) parts.push(`<rect class="region kind-${esc(r.kind)}" x="${x}" y="${y}" width="${U}" height="${U}" fill="${r.color}"/>`);
      if (name === lm.from || name === lm.to) parts.push(`<rect class="last" x="${x}" y="${y}" width="${U}" height="${U}"/>`);
      if (name === lm.via) parts.push(`<rect class="last via" x="${x}" y="${y}" width="${U}" height="${U}"/>`);
      if (name === view.selected) parts.push(`<rect class="selected" x="${x}" y="${y}" width="${U}" height="${U}"/>`);
      if (check.has(name)) parts.push(`<rect class="check" x="${x}" y="${y}" width="${U}" height="${U}"/>`);
      if (!this.labels.files.has(c.x) || !this.labels.ranks.has(c.y) || !/^[a-z]+\d+$/.test(name.slice(this.levels > 1 ? 1 : 0))) {
        parts.push(`<text class="cellname" x="${x + 6}" y="${y + 18}" aria-hidden="true">${esc(name)}</text>`);
      }
      let title = '';
      if (piece) {
        const dir = (piece.color === 'black' ? -1 : 1) * (flipped ? -1 : 1);
        const glyph = glyphMarkup(piece.glyph, { color: /** @type {any} */ (piece.color), token: piece.token, promoted: !!piece.promoted, royal: royal.has(piece.token.toUpperCase()), dir });
        // A medallion shows an abbreviation: the name says it too, so what is read matches what is seen.
        const abbr = glyph.includes('<text') ? ` (${abbreviation(piece.glyph, piece.token)})` : '';
        title = `${piece.color === 'black' ? 'Black' : 'White'} ${piece.name || piece.token}${abbr}${piece.promoted ? ' (promoted)' : ''} on ${name}`;
        const cls = `piece${view.dragFrom === name ? ' dragging' : ''}`;
        parts.push(`<g class="${cls}" data-testid="${this.prefix}piece-${esc(name)}" data-token="${esc(piece.token)}" data-color="${esc(piece.color)}" data-glyph="${esc(piece.glyph)}" transform="translate(${x + 4} ${y + 4}) scale(.92)"><title>${esc(title)}</title><g aria-hidden="true">${glyph}</g></g>`);
      }
      const t = targets.get(name);
      if (t) {
        if (view.diagram) {
          if (t === 'quiet' || t === 'both') parts.push(`<circle class="dmark quiet" cx="${x + U / 2}" cy="${y + U / 2}" r="16"/>`);
          if (t === 'capture' || t === 'both') parts.push(`<circle class="dmark capture" cx="${x + U / 2}" cy="${y + U / 2}" r="36"/>`);
        } else if (t === 'capture' || piece) {
          parts.push(`<path class="mark capture" d="M${x} ${y}h30l-30 30zM${x + U} ${y}h-30l30 30zM${x} ${y + U}h30l-30 -30zM${x + U} ${y + U}h-30l30 -30z"/>`);
        } else {
          parts.push(`<circle class="mark quiet" cx="${x + U / 2}" cy="${y + U / 2}" r="16"/>`);
        }
      }
      if (via.has(name)) parts.push(`<rect class="viamark" x="${x + 5}" y="${y + 5}" width="${U - 10}" height="${U - 10}" rx="8"/>`);
      if (view.hover === name) parts.push(`<rect class="hovermark" x="${x + 3}" y="${y + 3}" width="${U - 6}" height="${U - 6}"/>`);
      if (this.cursor === name && this.interactive) parts.push(`<rect class="cursor" x="${x + 6}" y="${y + 6}" width="${U - 12}" height="${U - 12}" rx="6"/>`);
      // The accessible name says what the piece's tooltip says (axe: label-content-name-mismatch).
      const label = title || (this.handlers.describe ? this.handlers.describe(name) : name);
      const cls = ['cell', t ? 'target' : '', name === view.selected ? 'is-selected' : ''].filter(Boolean).join(' ');
      byLevel[c.z]?.push(`<g class="${cls}" ${this.cellAttr}="${esc(name)}" data-testid="${this.prefix}cell-${esc(name)}" role="button" aria-label="${esc(label)}">${parts.join('')}</g>`);
    }

    // Region borders: a line wherever a shaded region meets a board cell outside it (Mitregi's
    // Rivers are the front edges of the camps; Big Outer's zones show their bounds).
    const edges = Array.from({ length: this.levels }, () => /** @type {string[]} */ ([]));
    if (view.showRegions !== false && this.regions.length) {
      const at = new Map(this.board.cells.map((/** @type {Cell} */ c) => [`${c.x},${c.y},${c.z}`, c.name]));
      for (const r of this.regions) {
        for (const name of r.cells) {
          const c = this.cells.get(name);
          if (!c) continue;
          const { x, y } = this.pos(c, flipped);
          for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
            const other = at.get(`${c.x + dx},${c.y + dy},${c.z}`);
            if (!other || r.cells.has(other)) continue;
            const sx = flipped ? -dx : dx, sy = flipped ? dy : -dy; // screen direction of the neighbour
            const x1 = sx > 0 ? x + U : x, y1 = sy > 0 ? y + U : y;
            const x2 = sx === 0 ? x + U : x1, y2 = sy === 0 ? y + U : y1;
            edges[c.z]?.push(`<line class="region-edge kind-${esc(r.kind)}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${r.color}"/>`);
          }
        }
      }
    }

    const coords = [];
    for (const [fx, label] of this.labels.files) {
      const col = flipped ? this.maxX - fx : fx - this.minX;
      coords.push(`<text class="coord file" x="${MARGIN + col * U + U / 2}" y="${hgt - 8}">${esc(label)}</text>`);
    }
    for (const [ry, label] of this.labels.ranks) {
      const row = flipped ? ry - this.minY : this.maxY - ry;
      coords.push(`<text class="coord rank" x="${MARGIN / 2}" y="${row * U + U / 2 + 9}">${esc(label)}</text>`);
    }

    const svgs = byLevel.map((cellsMarkup, z) => {
      const letter = this.labels.levelLetters[z] || String(z + 1);
      const caption = this.levels > 1 ? `<figcaption>Level <b>${esc(letter)}</b></figcaption>` : '';
      const svg = `<svg class="board-svg" viewBox="0 0 ${w} ${hgt}" data-level="${esc(letter)}" role="group" aria-label="${this.levels > 1 ? `Level ${esc(letter)}` : 'Board'}" preserveAspectRatio="xMidYMid meet">${cellsMarkup.join('')}<g class="region-edges" aria-hidden="true">${edges[z].join('')}</g><g class="coords" aria-hidden="true">${coords.join('')}</g></svg>`;
      return this.levels > 1 ? `<figure class="level" data-testid="${this.prefix}level-${esc(letter)}">${caption}${svg}</figure>` : svg;
    });
    this.root.innerHTML = svgs.join('');
    if (this.interactive) {
      this.root.setAttribute('tabindex', '0');
      this.root.setAttribute('aria-label', 'Board. Use arrow keys to move the cursor, Enter to select or move.');
    }
  }

  /** Wires pointer (click and drag) and keyboard handling once. */
  installEvents() {
    const root = this.root;
    /** @param {EventTarget|null} t */
    const cellOf = (t) => {
      const el = t instanceof Element ? t.closest(`[${this.cellAttr}]`) : null;
      return el && root.contains(el) ? el.getAttribute(this.cellAttr) : null;
    };
    root.addEventListener('click', (ev) => {
      if (this.suppressClick) { this.suppressClick = false; return; }
      const cell = cellOf(ev.target);
      if (cell) { this.cursor = cell; this.handlers.onCellClick?.(cell); }
    });

    /** @type {{cell:string, x:number, y:number, id:number, ghost:HTMLElement|null}|null} */
    let drag = null;
    root.addEventListener('pointerdown', (ev) => {
      this.suppressClick = false;
      if (ev.button !== 0) return;
      const cell = cellOf(ev.target);
      if (!cell || !this.view.pieces.has(cell) || !this.handlers.canDrag?.(cell)) return;
      drag = { cell, x: ev.clientX, y: ev.clientY, id: ev.pointerId, ghost: null };
    });
    const move = (/** @type {PointerEvent} */ ev) => {
      if (!drag || ev.pointerId !== drag.id) return;
      if (!drag.ghost) {
        if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
        const piece = this.view.pieces.get(drag.cell);
        const rect = root.querySelector(`[${this.cellAttr}="${CSS.escape(drag.cell)}"] rect`)?.getBoundingClientRect();
        const size = Math.max(28, rect ? rect.width : 48);
        const ghost = document.createElement('div');
        ghost.className = 'drag-ghost';
        ghost.style.width = ghost.style.height = `${size}px`;
        const dir = (piece?.color === 'black' ? -1 : 1) * (this.view.flipped ? -1 : 1);
        ghost.innerHTML = `<svg viewBox="0 0 100 100" width="${size}" height="${size}">${glyphMarkup(piece?.glyph || '', { color: /** @type {any} */ (piece?.color), token: piece?.token, promoted: piece?.promoted, dir })}</svg>`;
        document.body.append(ghost);
        drag.ghost = ghost;
        document.body.classList.add('is-dragging');
        this.handlers.onDragStart?.(drag.cell);
      }
      const g = drag.ghost;
      const size = parseFloat(g.style.width);
      g.style.transform = `translate(${ev.clientX - size / 2}px, ${ev.clientY - size / 2}px)`;
      const over = cellOf(document.elementFromPoint(ev.clientX, ev.clientY));
      if (over !== this.view.hover) this.render({ ...this.view, hover: over, dragFrom: drag.cell });
      ev.preventDefault();
    };
    const end = (/** @type {PointerEvent} */ ev) => {
      if (!drag || ev.pointerId !== drag.id) return;
      const d = drag;
      drag = null;
      if (!d.ghost) return; // a plain click: the click handler does the work
      d.ghost.remove();
      document.body.classList.remove('is-dragging');
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
      const to = ev.type === 'pointerup' ? cellOf(document.elementFromPoint(ev.clientX, ev.clientY)) : null;
      this.view = { ...this.view, hover: null, dragFrom: null };
      if (to && to !== d.cell) this.handlers.onDrop?.(d.cell, to);
      else this.handlers.onDragCancel?.();
    };
    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    root.addEventListener('dragstart', (ev) => ev.preventDefault());

    root.addEventListener('keydown', (ev) => {
      if (!this.cursor) return;
      const c = this.cells.get(this.cursor);
      if (!c) return;
      const sign = this.view.flipped ? -1 : 1;
      /** @type {Record<string, [number, number, number]>} */
      const deltas = { ArrowLeft: [-sign, 0, 0], ArrowRight: [sign, 0, 0], ArrowUp: [0, sign, 0], ArrowDown: [0, -sign, 0], PageUp: [0, 0, 1], PageDown: [0, 0, -1] };
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        this.handlers.onCellClick?.(this.cursor);
        return;
      }
      const d = deltas[ev.key];
      if (!d) return;
      ev.preventDefault();
      // walk in that direction, skipping holes, until an existing cell is found
      for (let k = 1; k <= 32; k++) {
        const nx = c.x + d[0] * k, ny = c.y + d[1] * k, nz = c.z + d[2] * k;
        const hit = this.board.cells.find((/** @type {Cell} */ q) => q.x === nx && q.y === ny && q.z === nz);
        if (hit) { this.cursor = hit.name; break; }
      }
      this.render(this.view);
      this.root.focus();
    });
  }
}
