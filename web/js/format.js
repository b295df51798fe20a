// @ts-check
/** Text formatting helpers (results, scores, times). */

/** What players call the sides unless the variant says otherwise (the API's `white` first). */
const DEFAULT_PLAYERS = ['White', 'Black'];
/** The names of the game on screen (Shogi: `['Black', 'White']`, sente moving first). */
let players = DEFAULT_PLAYERS;
/**
 * Sets what the sides are called from now on: the variant's `players` (the side the API
 * calls `white`, which moves first, then the other); the default when absent.
 * @param {string[]|null|undefined} names
 */
export function setPlayerNames(names) {
  players = names?.length === 2 ? names : DEFAULT_PLAYERS;
}
/**
 * The players' name of a side (`white` is the side that moves first).
 * @param {string} c @param {string[]} [names] @returns {string}
 */
export const colorName = (c, names = players) => (c === 'black' ? names[1] : names[0]);
/**
 * A move as players read it: the server's `notation` (SAN, or western shogi notation
 * in the variants that write it), else its SAN, else the variant's text.
 * @param {{notation?:string, san?:string, text?:string}|null|undefined} m
 */
export const moveName = (m) => m?.notation || m?.san || m?.text || '';
/**
 * A line (a PV) as players read it: `pv_notation` when the server sent one, else `pv_san`.
 * @param {{pv_notation?:string[], pv_san?:string[], pv_text?:string[], pv?:string[]}|null|undefined} l
 * @returns {string[]}
 */
export const lineNames = (l) => [l?.pv_notation, l?.pv_san, l?.pv_text, l?.pv].find((x) => x?.length) || [];
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
 * @param {string[]} [names] what the sides are called (default: the game on screen's)
 */
export function resultText(status, names = players) {
  const [first, second] = [colorName('white', names), colorName('black', names)];
  if (status.reason === 'timeout') {
    if (status.result === '1-0') return `${first} wins on time`;
    if (status.result === '0-1') return `${second} wins on time`;
    return 'Draw: time ran out, but the other side cannot win';
  }
  const why = status.reason ? (REASONS[status.reason] || status.reason.replace(/-/g, ' ')) : '';
  let head;
  if (status.result === '1-0') head = status.reason === 'resignation' ? `${first} wins: ${second} resigned` : `${first} wins`;
  else if (status.result === '0-1') head = status.reason === 'resignation' ? `${second} wins: ${first} resigned` : `${second} wins`;
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
