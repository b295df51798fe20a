// @ts-check
/**
 * Thin client for the Menagerie HTTP API (docs/api.md).
 * Every function returns parsed JSON (or text for PGN) and throws an {@link ApiError}
 * carrying the server's `{"error": ...}` message on failure.
 */

/** Error raised for any non-2xx answer or network failure. */
export class ApiError extends Error {
  /**
   * @param {string} message human-readable message (the server's `error` field when present)
   * @param {number} status HTTP status, 0 for network errors
   */
  constructor(message, status) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * Performs one request against the API.
 * @param {string} method
 * @param {string} path absolute path starting with `/api/`
 * @param {any} [body] JSON body
 * @param {{text?: boolean}} [opts]
 * @returns {Promise<any>}
 */
async function request(method, path, body, opts = {}) {
  /** @type {RequestInit} */
  const init = { method, headers: { Accept: opts.text ? 'text/plain' : 'application/json' } };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError('Cannot reach the server. Check that it is still running.', 0);
  }
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`.trim();
    try {
      const text = await res.text();
      try {
        const j = JSON.parse(text);
        if (j && typeof j.error === 'string') msg = j.error;
      } catch {
        if (text && text.length < 300) msg = text;
      }
    } catch { /* keep status text */ }
    throw new ApiError(msg, res.status);
  }
  if (opts.text) return res.text();
  if (res.status === 204) return null;
  return res.json();
}

const enc = encodeURIComponent;

/** @returns {Promise<Array<{id:string,name:string,family:string,description:string,files:number,ranks:number,levels:number}>>} */
export const listVariants = () => request('GET', '/api/variants');

/** @param {string} id variant id @returns {Promise<any>} full variant description */
export const getVariant = (id) => request('GET', `/api/variants/${enc(id)}`);

/**
 * Move diagram of one piece on an empty board.
 * @param {string} variant
 * @param {string} token piece token (URL-encoded here)
 * @param {{cell?: string, color?: string, imitates?: string|null}} [opts] `imitates`: the type a Joker imitates now
 */
export function getDiagram(variant, token, opts = {}) {
  const q = new URLSearchParams();
  if (opts.cell) q.set('cell', opts.cell);
  if (opts.color) q.set('color', opts.color);
  if (opts.imitates) q.set('imitates', opts.imitates);
  const qs = q.toString();
  return request('GET', `/api/variants/${enc(variant)}/pieces/${enc(token)}/diagram${qs ? '?' + qs : ''}`);
}

/**
 * Creates a game.
 * @param {{variant:string, fen?:string|null, white?:string, black?:string, engine?:{movetime_ms?:number|null, depth?:number|null}, clock?:{initial_ms:number, increment_ms:number}|null, level?:number}} spec
 */
export const createGame = (spec) => request('POST', '/api/games', spec);

/** @param {number} [limit] */
export const listGames = (limit = 20) => request('GET', `/api/games?limit=${limit}`);

/**
 * The game state, or (with `ply`) the read-only state of an earlier position.
 * @param {string} id
 * @param {number} [ply]
 */
export const getGame = (id, ply) =>
  request('GET', `/api/games/${enc(id)}${ply === undefined ? '' : `?ply=${ply}`}`);

/** @param {string} id @param {string} move uci text of a legal move */
export const makeMove = (id, move) => request('POST', `/api/games/${enc(id)}/move`, { move });
/** @param {string} id */
export const undo = (id) => request('POST', `/api/games/${enc(id)}/undo`, {});
/** @param {string} id @param {'white'|'black'} color */
export const resign = (id, color) => request('POST', `/api/games/${enc(id)}/resign`, { color });
/**
 * @param {string} id @param {'white'|'black'} color
 * @param {'offer'|'accept'|'decline'} action
 */
export const draw = (id, color, action) => request('POST', `/api/games/${enc(id)}/draw`, { color, action });
/** @param {string} id */
export const engineMove = (id) => request('POST', `/api/games/${enc(id)}/engine-move`, {});
/** @param {string} id @param {object} patch e.g. `{engine: {movetime_ms: 5000}}` */
export const patchGame = (id, patch) => request('PATCH', `/api/games/${enc(id)}`, patch);
/** @param {string} id @returns {Promise<string>} PGN text */
export const getPgn = (id) => request('GET', `/api/games/${enc(id)}/pgn`, undefined, { text: true });
/** The game in the notation players read, a move a line. @param {string} id */
export const getRecord = (id) => request('GET', `/api/games/${enc(id)}/record`, undefined, { text: true });
/**
 * The engine's best lines in the position after `ply` moves.
 * @param {string} id @param {number} ply @param {number} lines 1 to 5 @param {number} [movetime_ms]
 */
export const analyse = (id, ply, lines, movetime_ms = 2000) => request('POST', `/api/games/${enc(id)}/analysis`, { ply, lines, movetime_ms });
/**
 * The positions along a line of moves from the position after `ply` (the side board); the game is not changed.
 * @param {string} id @param {number} ply @param {string[]} moves
 */
export const line = (id, ply, moves) => request('POST', `/api/games/${enc(id)}/line`, { ply, moves });
/** Review of the whole game: a score per ply and the marked moves. @param {string} id */
export const review = (id) => request('POST', `/api/games/${enc(id)}/review`, {});
/** @param {{pgn:string}|{variant:string, fen:string}} body */
export const importGame = (body) => request('POST', '/api/games/import', body);

/**
 * Subscribes to a game's server-sent events.
 * @param {string} id
 * @param {{onInfo?: (info:any)=>void, onState?: (state:any)=>void, onAnalysis?: (lines:any)=>void, onError?: ()=>void, onOpen?: ()=>void}} handlers
 * @returns {() => void} unsubscribe
 */
export function subscribe(id, handlers) {
  if (typeof EventSource === 'undefined') return () => {};
  const es = new EventSource(`/api/games/${enc(id)}/events`);
  const parse = (/** @type {MessageEvent} */ ev) => {
    try { return JSON.parse(ev.data); } catch { return null; }
  };
  es.addEventListener('info', (ev) => { const d = parse(/** @type {MessageEvent} */ (ev)); if (d) handlers.onInfo?.(d); });
  es.addEventListener('state', (ev) => { const d = parse(/** @type {MessageEvent} */ (ev)); if (d) handlers.onState?.(d); });
  es.addEventListener('analysis', (ev) => { const d = parse(/** @type {MessageEvent} */ (ev)); if (d) handlers.onAnalysis?.(d); });
  es.addEventListener('open', () => handlers.onOpen?.());
  es.addEventListener('error', () => handlers.onError?.());
  return () => es.close();
}
