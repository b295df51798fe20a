// @ts-check
/**
 * Analysis views of the game screen: the evaluation bar, the engine's best lines of a
 * position (MultiPV, in SAN), and the review of a game (a graph of the score per ply,
 * the moves that lost much). Scores come from the server from White's view
 * (`{cp}` or `{mate}`, see docs/api.md).
 */

import { h, clear, add } from './dom.js';
import { colorName, lineNames } from './format.js';

/** Scores beyond this many centipawns fill the bar and the graph. */
const BAR_CLAMP_CP = 1000;
/** Marks of the review, as annotations. */
export const MARK_GLYPH = /** @type {Record<string,string>} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });

/**
 * White's-view score as text: `+0.35`, `−1.20`, `#3` (White mates), `#-2`.
 * @param {{cp?:number, mate?:number}|null|undefined} s
 */
export function whiteScoreText(s) {
  if (!s) return '';
  if (typeof s.mate === 'number') return `#${s.mate}`;
  if (typeof s.cp === 'number') return `${s.cp >= 0 ? '+' : '−'}${(Math.abs(s.cp) / 100).toFixed(2)}`;
  return '';
}

/** @param {{cp?:number, mate?:number}} s @returns {number} clamped centipawns */
export function clampedCp(s) {
  if (typeof s.mate === 'number') return s.mate >= 0 ? BAR_CLAMP_CP : -BAR_CLAMP_CP;
  return Math.max(-BAR_CLAMP_CP, Math.min(BAR_CLAMP_CP, s.cp ?? 0));
}

/**
 * Draws the evaluation bar: White's share grows from the left.
 * @param {HTMLElement} el
 * @param {{cp?:number, mate?:number}|null} score White's view, or null to hide
 * @param {string} source what the score comes from (shown in the title)
 */
export function renderEvalBar(el, score, source) {
  clear(el);
  el.hidden = !score;
  if (!score) return;
  const cp = clampedCp(score);
  // A smooth curve: ±4 pawns already fill most of the bar.
  const white = 50 + 50 * Math.tanh(cp / 400);
  el.dataset.cp = String(cp);
  el.title = `${whiteScoreText(score)} (${source}, ${colorName('white')}'s view)`;
  el.setAttribute('aria-label', `Evaluation ${whiteScoreText(score)} for ${colorName('white')}`);
  add(el, h('div.eval-track', null, h('div.eval-white', { style: `width:${white.toFixed(1)}%` })), h('span.eval-text', null, whiteScoreText(score)));
}

/**
 * The best lines of an analysis, while the engine searches (`live`) and after. Each line
 * is a button: `onPick` plays it out on the side board.
 * @param {HTMLElement} el
 * @param {{ply:number, lines:Array<{rank:number, depth:number, score:any, pv:string[], pv_san:string[], pv_notation?:string[]}>}} a
 * @param {string} label position label ("after 12. Nf3")
 * @param {{live?: boolean, onPick?: (line:{rank:number, pv:string[], pv_san:string[]}) => void}} [opts]
 */
export function renderLines(el, a, label, opts = {}) {
  clear(el);
  el.dataset.live = String(!!opts.live);
  if (!a.lines.length) {
    add(el, h('p.muted', null, opts.live ? 'Analysing…' : 'No moves to analyse: the game is over in this position.'));
    return;
  }
  el.dataset.depth = String(a.lines[0].depth);
  el.dataset.lines = a.lines.map((l) => `${l.depth}:${lineNames(l).join(' ')}`).join('|');
  add(el, h('p.muted.small-note', null, opts.live ? h('span.spinner', { 'aria-hidden': 'true' }) : null,
    `${opts.live ? ' Analysing: p' : 'P'}osition ${label} · depth ${a.lines[0].depth}`),
  h('ol.analysis-lines', null, ...a.lines.map((l) => h('li.analysis-line', { 'data-testid': `analysis-line-${l.rank}`, 'data-depth': String(l.depth) },
    h('button.line-pick', {
      type: 'button', 'data-testid': `analysis-pick-${l.rank}`, title: 'Play this line on the side board',
      'aria-label': `Line ${l.rank}, ${whiteScoreText(l.score)}: ${lineNames(l).join(' ')}. Play it on the side board`,
      onclick: () => opts.onPick?.(l),
    }, h('b.score', null, whiteScoreText(l.score)), ' ', h('span.mono', null, lineNames(l).join(' ')))))));
}

/**
 * The review graph: White's-view score per ply; marked moves as dots.
 * @param {HTMLElement} el
 * @param {{scores:Array<{cp?:number, mate?:number}>, marks:Array<{ply:number, san:string, notation?:string, mark:string, drop:number, best_san:string|null, best_notation?:string|null}>}} r
 * @param {(ply:number)=>void} onPick called with the ply clicked
 */
export function renderReview(el, r, onPick) {
  clear(el);
  const n = r.scores.length;
  const W = 300, H = 100;
  const x = (/** @type {number} */ i) => (n > 1 ? (i * W) / (n - 1) : 0);
  const y = (/** @type {number} */ cp) => H / 2 - (cp / BAR_CLAMP_CP) * (H / 2 - 4);
  const pts = r.scores.map((s, i) => `${x(i).toFixed(1)},${y(clampedCp(s)).toFixed(1)}`).join(' ');
  const dots = r.marks.filter((m) => m.mark !== 'inaccuracy')
    .map((m) => `<circle cx="${x(m.ply).toFixed(1)}" cy="${y(clampedCp(r.scores[m.ply])).toFixed(1)}" r="3" class="mark-${m.mark}"/>`).join('');
  const svg = h('div.review-graph', {
    'data-testid': 'review-graph', 'data-points': String(n), role: 'img',
    'aria-label': `Score graph of ${n - 1} moves; ${r.marks.length} marked`,
    html: `<svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" width="100%" height="100"><rect width="${W}" height="${H / 2}" class="g-white"/><line x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}" class="g-axis"/><polyline points="${pts}" class="g-line"/>${dots}</svg>`,
  });
  svg.addEventListener('click', (ev) => {
    const box = svg.getBoundingClientRect();
    const i = Math.round(((ev.clientX - box.left) / box.width) * (n - 1));
    onPick(Math.max(0, Math.min(n - 1, i)));
  });
  const count = (/** @type {string} */ k, /** @type {string} */ one, /** @type {string} */ many) => {
    const n = r.marks.filter((m) => m.mark === k).length;
    return `${n} ${n === 1 ? one : many}`;
  };
  add(el, svg, h('p.muted.small-note', { 'data-testid': 'review-summary' },
    `${count('blunder', 'blunder', 'blunders')}, ${count('mistake', 'mistake', 'mistakes')}, ${count('inaccuracy', 'inaccuracy', 'inaccuracies')}`),
  h('ul.review-marks', null, ...r.marks.map((m) => h('li', { 'data-testid': `review-mark-${m.ply}`, 'data-mark': m.mark },
    h('button.btn.small', { type: 'button', onclick: () => onPick(m.ply) }, `${m.notation || m.san}${MARK_GLYPH[m.mark]}`),
    ` ${m.mark}, −${(m.drop / 100).toFixed(2)}`, m.best_san ? ` (best ${m.best_notation || m.best_san})` : ''))));
}
