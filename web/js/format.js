// @ts-check
/** Text formatting helpers (results, scores, times). */

/** @param {string} c @returns {string} */
export const colorName = (c) => (c === 'black' ? 'Black' : 'White');
/** @param {string} c */
export const other = (c) => (c === 'white' ? 'black' : 'white');

const REASONS = /** @type {Record<string,string>} */ ({
  checkmate: 'checkmate', stalemate: 'stalemate', resignation: 'resignation', agreement: 'agreement',
  repetition: 'repetition', 'move-rule': 'the move rule', coverage: 'coverage', count: 'the winning count',
  'no-moves': 'no legal moves', 'bare-kings': 'bare kings', 'ply-cap': 'the move limit',
});

/**
 * One-line end-of-game message, e.g. "White wins by checkmate" or "Draw by repetition".
 * @param {{over:boolean, result:string|null, reason:string|null}} status
 */
export function resultText(status) {
  if (status.reason === 'timeout') {
    if (status.result === '1-0') return 'White wins on time';
    if (status.result === '0-1') return 'Black wins on time';
    return 'Draw: time ran out, but the other side cannot win';
  }
  const why = status.reason ? (REASONS[status.reason] || status.reason.replace(/-/g, ' ')) : '';
  let head;
  if (status.result === '1-0') head = status.reason === 'resignation' ? 'White wins: Black resigned' : 'White wins';
  else if (status.result === '0-1') head = status.reason === 'resignation' ? 'Black wins: White resigned' : 'Black wins';
  else if (status.result === '1/2-1/2') head = status.reason === 'agreement' ? 'Draw agreed' : 'Draw';
  else head = 'Game over';
  if (status.reason === 'resignation' || status.reason === 'agreement' || !why) return head;
  return `${head} by ${why}`;
}

/**
 * Engine score as text from the engine side's view.
 * @param {{cp?:number, mate?:number}|null|undefined} score
 */
export function scoreText(score) {
  if (!score) return '';
  if (typeof score.mate === 'number') return score.mate > 0 ? `mate in ${score.mate}` : `mated in ${-score.mate}`;
  if (typeof score.cp === 'number') return `${score.cp >= 0 ? '+' : '−'}${(Math.abs(score.cp) / 100).toFixed(2)}`;
  return '';
}

/** @param {number} n */
export function compactNumber(n) {
  if (!Number.isFinite(n)) return '';
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)}k`;
  return String(n);
}

/**
 * Clock text: `m:ss`, with tenths under ten seconds, `h:mm:ss` from an hour.
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.floor(t / 1000);
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${pad(mm)}:${pad(ss)}` : `${mm}:${pad(ss)}`;
}

/** "3 min ago" style text for a unix time in seconds. @param {number} t */
export function timeAgo(t) {
  if (!t) return '';
  const s = Math.max(0, Date.now() / 1000 - t);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 86400 * 30) return `${Math.floor(s / 86400)} d ago`;
  return new Date(t * 1000).toLocaleDateString();
}

/** Engine setting as text. @param {{movetime_ms?:number|null, depth?:number|null}} e */
export function engineText(e) {
  if (!e) return '';
  if (e.depth) return `depth ${e.depth}`;
  if (e.movetime_ms) return `${e.movetime_ms >= 1000 ? e.movetime_ms / 1000 : e.movetime_ms / 1000} s/move`;
  return 'default';
}
