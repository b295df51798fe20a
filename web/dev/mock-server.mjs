#!/usr/bin/env node
// Development mock of the Menagerie HTTP API (docs/api.md) for working on web/ without the
// Rust server. Node 20, no dependencies. Serves web/ statically and fakes the rules:
// every piece may step to a neighbouring cell (empty or enemy), pawns next to the last
// rank get a promotion choice, Missing Ox pawns get a two-step move with two paths (to
// exercise the path chooser), hands drop on any empty cell, and the "engine" plays a
// random legal move after streaming a few fake `info` events.
//
//   node web/dev/mock-server.mjs [--port 8080] [--host 127.0.0.1] [--fast]
//
// --fast makes the engine answer within ~150 ms (for end-to-end tests).

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VARIANTS } from './mock-data.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.resolve(here, '..');
const args = process.argv.slice(2);
const arg = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const PORT = Number(arg('--port', process.env.PORT || 8080));
const HOST = arg('--host', '127.0.0.1');
const FAST = args.includes('--fast');

const byId = new Map(VARIANTS.map((v) => [v.id, v]));
const games = new Map();
let nextId = 1;

// ------------------------------------------------------------------------------- helpers

class HttpError extends Error { constructor(status, msg) { super(msg); this.status = status; } }

function variantPublic(v) {
  const { promotions, ...rest } = v;
  return rest;
}
const cellKey = (x, y, z) => `${x},${y},${z}`;
function geometry(v) {
  if (v._geo) return v._geo;
  const byName = new Map(v.board.cells.map((c) => [c.name, c]));
  const byXyz = new Map(v.board.cells.map((c) => [cellKey(c.x, c.y, c.z), c]));
  v._geo = { byName, byXyz };
  return v._geo;
}
const pieceType = (v, token) => {
  const t = v.id.includes('mitregi') && token.startsWith('+') ? token.slice(-1) : token;
  return v.pieces.find((p) => p.token === t) || null;
};

// ------------------------------------------------------------------------------- FEN

function parseRank(v, str) {
  const promoLen = v.id.includes('mitregi') ? 2 : 1;
  const re = new RegExp(`(\\d+)|(\\+[A-Za-z]{${promoLen}})|(\\*[A-Za-z])|([A-Za-z])`, 'g');
  const out = [];
  let m;
  while ((m = re.exec(str))) {
    if (m[1]) for (let i = 0; i < Number(m[1]); i++) out.push(null);
    else {
      const raw = m[0];
      const letters = raw.replace(/[^A-Za-z]/g, '');
      const color = letters === letters.toUpperCase() ? 'white' : 'black';
      out.push({ token: raw.toUpperCase(), color });
    }
  }
  return out;
}

function parseFen(v, fen) {
  const f = fen.trim().split(/\s+/);
  const board = new Map();
  const hands = { white: new Map(), black: new Map() };
  const { byXyz } = geometry(v);
  let side, rest;
  if (v.board.levels > 1) {
    const levels = f[1].split('|');
    if (levels.length !== v.board.levels) throw new HttpError(400, `FEN must have ${v.board.levels} levels separated by '|'`);
    levels.forEach((lv, z) => {
      const rows = lv.split('/');
      rows.forEach((row, i) => {
        const y = v.board.ranks - 1 - i;
        parseRank(v, row).forEach((p, x) => { const c = byXyz.get(cellKey(x, y, z)); if (p && c) board.set(c.name, p); });
      });
    });
    side = f[2];
  } else {
    let bf = f[0];
    const hm = /\[(.*)\]$/.exec(bf);
    if (hm) {
      bf = bf.slice(0, hm.index);
      for (const p of parseRank(v, hm[1])) if (p) hands[p.color].set(p.token, (hands[p.color].get(p.token) || 0) + 1);
    }
    const rows = bf.split('/');
    if (rows.length !== v.board.ranks) throw new HttpError(400, `FEN must have ${v.board.ranks} ranks, found ${rows.length}`);
    rows.forEach((row, i) => {
      const y = v.board.ranks - 1 - i;
      const cells = parseRank(v, row);
      if (cells.length !== v.board.files) throw new HttpError(400, `rank ${y + 1} of the FEN has ${cells.length} cells, expected ${v.board.files}`);
      cells.forEach((p, x) => { if (p) board.set(byXyz.get(cellKey(x, y, 0)).name, p); });
    });
    if (v.id === 'big-outer') {
      ['C1', 'C2', 'C3', 'C4'].forEach((n, i) => {
        const ch = (f[1] || '----')[i];
        if (ch && ch !== '-') board.set(n, { token: ch.toUpperCase(), color: ch === ch.toUpperCase() ? 'white' : 'black' });
      });
      rest = f.slice(2);
    } else rest = f.slice(1);
    side = rest[0];
  }
  if (side !== 'w' && side !== 'b') throw new HttpError(400, `side to move must be 'w' or 'b'`);
  for (const p of board.values()) if (!pieceType(v, p.token)) throw new HttpError(400, `unknown piece '${p.token}' in FEN`);
  return { board, hands, side: side === 'w' ? 'white' : 'black' };
}

function writeToken(p) {
  return p.color === 'white' ? p.token : p.token.toLowerCase();
}
function writeRow(cells) {
  let s = '', run = 0;
  for (const p of cells) {
    if (!p) { run++; continue; }
    if (run) { s += run; run = 0; }
    s += writeToken(p);
  }
  if (run) s += run;
  return s;
}
function writeFen(v, pos) {
  const { byXyz } = geometry(v);
  const grid = (z) => {
    const rows = [];
    for (let y = v.board.ranks - 1; y >= 0; y--) {
      const cells = [];
      for (let x = 0; x < v.board.files; x++) cells.push(pos.board.get(byXyz.get(cellKey(x, y, z))?.name) || null);
      rows.push(writeRow(cells));
    }
    return rows.join('/');
  };
  const side = pos.side === 'white' ? 'w' : 'b';
  const handStr = () => {
    let s = '';
    for (const color of ['white', 'black']) for (const [t, n] of pos.hands[color]) s += (n > 1 ? n : '') + writeToken({ token: t, color });
    return s;
  };
  if (v.board.levels > 1) {
    const levels = [];
    for (let z = 0; z < v.board.levels; z++) levels.push(grid(z));
    return `${v.id} ${levels.join('|')} ${side} ${handStr() || '-'} 0 ${Math.floor(pos.ply / 2) + 1}`;
  }
  let b = grid(0);
  if (v.drops) b += `[${handStr()}]`;
  if (v.id === 'big-outer') {
    const corners = ['C1', 'C2', 'C3', 'C4'].map((n) => { const p = pos.board.get(n); return p ? writeToken(p) : '-'; }).join('');
    return `${b} ${corners} ${side} - - 0 ${Math.floor(pos.ply / 2) + 1}`;
  }
  return `${b} ${side} - - 0 ${Math.floor(pos.ply / 2) + 1}${v.imitation ? ` ${pos.imitation || '-'}` : ''}`;
}

// ------------------------------------------------------------------------------- fake rules

function neighbours(v, c) {
  const { byXyz } = geometry(v);
  const out = [];
  const dz = v.board.levels > 1 ? [-1, 0, 1] : [0];
  for (const z of dz) for (const y of [-1, 0, 1]) for (const x of [-1, 0, 1]) {
    if (!x && !y && !z) continue;
    const n = byXyz.get(cellKey(c.x + x, c.y + y, c.z + z));
    if (n) out.push(n);
  }
  return out;
}

function moveText(v, from, to, via, promotion, capture) {
  if (v.move_style === 'concat') return `${from}${capture ? ':' : '-'}${to}${promotion ? '=' + promotion : ''}`;
  return `${from}-${via ? via + '-' : ''}${to}${promotion ? '=' + promotion : ''}`;
}

function legalMoves(v, pos) {
  const { byName, byXyz } = geometry(v);
  const moves = [];
  const side = pos.side;
  const fwd = side === 'white' ? 1 : -1;
  const lastRank = side === 'white' ? v.board.ranks - 1 : 0;
  for (const [name, p] of pos.board) {
    if (p.color !== side) continue;
    const c = byName.get(name);
    const pawnLike = p.token === 'P' || p.token === 'Y';
    for (const n of neighbours(v, c)) {
      const q = pos.board.get(n.name);
      if (q && q.color === side) continue;
      const capture = !!q;
      if (pawnLike && n.y === lastRank && n.y - c.y === fwd && v.promotions.length) {
        for (const promo of v.promotions) {
          const tok = promo === '+' ? '+' : promo;
          moves.push({ uci: `${name}${n.name}${promo === '+' ? '+' : promo.toLowerCase()}`, text: moveText(v, name, n.name, null, tok, capture), from: name, to: n.name, via: null, promotion: tok, drop: null, castle: false, capture });
        }
        if (v.promotions[0] === '+') moves.push({ uci: `${name}${n.name}`, text: moveText(v, name, n.name, null, null, capture), from: name, to: n.name, via: null, promotion: null, drop: null, castle: false, capture });
        continue;
      }
      moves.push({ uci: `${name}${n.name}`, text: moveText(v, name, n.name, null, null, capture), from: name, to: n.name, via: null, promotion: null, drop: null, castle: false, capture });
    }
    if (v.id === 'missing-ox' && pawnLike) {
      const to = byXyz.get(cellKey(c.x, c.y + 2 * fwd, 0));
      if (to && !pos.board.has(to.name)) {
        for (const dx of [0, 1]) {
          const via = byXyz.get(cellKey(c.x + dx, c.y + fwd, 0));
          if (!via || pos.board.get(via.name)?.color === side) continue;
          moves.push({ uci: `${name}${via.name}${to.name}`, text: moveText(v, name, to.name, via.name, null, false), from: name, to: to.name, via: via.name, promotion: null, drop: null, castle: false, capture: pos.board.has(via.name) });
        }
      }
    }
    if (v.id === 'chess' && p.token === 'K' && name === (side === 'white' ? 'e1' : 'e8')) {
      const r = side === 'white' ? '1' : '8';
      if (!pos.board.has('f' + r) && !pos.board.has('g' + r) && pos.board.get('h' + r)?.token === 'R') {
        moves.push({ uci: `e${r}g${r}`, text: 'O-O', from: 'e' + r, to: 'g' + r, via: null, promotion: null, drop: null, castle: true, capture: false });
      }
    }
  }
  for (const [token, count] of pos.hands[side]) {
    if (!count) continue;
    for (const c of v.board.cells) {
      if (pos.board.has(c.name)) continue;
      moves.push({ uci: `${token}@${c.name}`, text: `${token}*${c.name}`, from: null, to: c.name, via: null, promotion: null, drop: token, castle: false, capture: false });
    }
  }
  return moves;
}

function handToken(v, token) {
  if (v.board.levels > 1) return token.startsWith('*') ? token.slice(1) : '*' + token;
  if (v.id.includes('mitregi') && token.startsWith('+')) return token[1];
  if (token.startsWith('+')) return token.slice(1);
  return token;
}

function applyMove(v, pos, m) {
  const board = new Map(pos.board);
  const hands = { white: new Map(pos.hands.white), black: new Map(pos.hands.black) };
  const side = pos.side;
  const take = (cell) => {
    const q = board.get(cell);
    if (q && q.color !== side && v.drops) {
      const t = handToken(v, q.token);
      hands[side].set(t, (hands[side].get(t) || 0) + 1);
    }
  };
  let moved;
  if (m.drop) {
    moved = { token: m.drop, color: side };
    const n = hands[side].get(m.drop) - 1;
    if (n > 0) hands[side].set(m.drop, n); else hands[side].delete(m.drop);
  } else {
    moved = { ...board.get(m.from) };
    board.delete(m.from);
    if (m.via) { take(m.via); board.delete(m.via); }
    if (m.promotion) {
      if (m.promotion === '+') moved.token = '+' + moved.token;
      else if (v.id.includes('mitregi')) moved.token = '+' + moved.token + m.promotion;
      else moved.token = m.promotion;
    }
  }
  take(m.to);
  board.set(m.to, moved);
  if (m.castle) {
    const r = m.to.slice(1);
    const rook = board.get('h' + r);
    board.delete('h' + r);
    board.set('f' + r, rook);
  }
  const imitation = v.imitation ? (moved.token === 'J' ? pos.imitation : moved.token) : null;
  return { board, hands, side: side === 'white' ? 'black' : 'white', ply: pos.ply + 1, imitation, last_move: { from: m.from, to: m.to, via: m.via, drop: m.drop } };
}

function checks(v, pos) {
  const { byName } = geometry(v);
  const out = [];
  for (const [name, p] of pos.board) {
    if (p.color !== pos.side || !pieceType(v, p.token)?.royal) continue;
    if (neighbours(v, byName.get(name)).some((n) => { const q = pos.board.get(n.name); return q && q.color !== p.color; })) out.push(name);
  }
  return out;
}

// ------------------------------------------------------------------------------- games

function newGame(v, fen, white = 'human', black = 'engine', engine = {}) {
  const parsed = parseFen(v, fen || v.start_fen);
  const pos = { ...parsed, ply: 0, imitation: null, last_move: null };
  pos.fen = writeFen(v, pos);
  const now = Math.floor(Date.now() / 1000);
  const g = {
    id: Math.random().toString(16).slice(2, 8) + (nextId++),
    variant: v.id, history: [pos], moves: [],
    players: { white, black },
    engine: { movetime_ms: engine.movetime_ms ?? (engine.depth ? null : 2000), depth: engine.depth ?? null, thinking: false },
    status: { over: false, result: null, reason: null }, draw_offer: null,
    created: now, updated: now, clients: new Set(), timer: null,
  };
  games.set(g.id, g);
  updateStatus(g);
  return g;
}

const cur = (g) => g.history[g.history.length - 1];

function updateStatus(g) {
  const v = byId.get(g.variant);
  if (g.status.over) return;
  const pos = cur(g);
  if (legalMoves(v, pos).length === 0) {
    g.status = { over: true, result: pos.side === 'white' ? '0-1' : '1-0', reason: 'no-moves' };
  } else if (pos.ply >= 400) {
    g.status = { over: true, result: '1/2-1/2', reason: 'ply-cap' };
  }
}

function boardList(v, pos) {
  return [...pos.board].map(([cell, p]) => {
    const t = pieceType(v, p.token);
    return { cell, token: p.token, color: p.color, name: t?.name || p.token, glyph: t?.glyph || p.token.toLowerCase(), promoted: p.token.startsWith('+') };
  });
}
function handList(v, hand) {
  return [...hand].filter(([, n]) => n > 0).map(([token, count]) => {
    const t = pieceType(v, token);
    return { token, count, name: t?.name || token, glyph: t?.glyph || token.toLowerCase() };
  });
}

function stateOf(g, ply) {
  const v = byId.get(g.variant);
  const latest = ply === undefined || ply === g.history.length - 1;
  const pos = latest ? cur(g) : g.history[ply];
  const humanTurn = g.players[pos.side] === 'human';
  return {
    id: g.id, variant: g.variant, fen: pos.fen, side: pos.side, ply: pos.ply,
    board: boardList(v, pos),
    hands: { white: handList(v, pos.hands.white), black: handList(v, pos.hands.black) },
    imitation: v.imitation ? pos.imitation : null,
    check: checks(v, pos),
    last_move: pos.last_move,
    moves: g.moves,
    legal: latest && !g.status.over && humanTurn && !g.engine.thinking ? legalMoves(v, pos) : [],
    status: latest ? g.status : { over: false, result: null, reason: null },
    players: g.players,
    engine: g.engine,
    draw_offer: g.draw_offer,
    created: g.created, updated: g.updated,
  };
}

function broadcast(g, event, data) {
  const msg = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  for (const res of g.clients) res.write(msg);
}

function play(g, m) {
  const v = byId.get(g.variant);
  const pos = applyMove(v, cur(g), m);
  pos.fen = writeFen(v, pos);
  g.history.push(pos);
  g.moves.push({ uci: m.uci, text: m.text, fen: pos.fen });
  g.updated = Math.floor(Date.now() / 1000);
  g.draw_offer = null;
  updateStatus(g);
}

function maybeEngine(g) {
  if (g.status.over || g.engine.thinking) return;
  const pos = cur(g);
  if (g.players[pos.side] !== 'engine') return;
  const v = byId.get(g.variant);
  const legal = legalMoves(v, pos);
  if (!legal.length) return;
  g.engine.thinking = true;
  // --fast answers in ~150 ms, except at 15 s/move where it takes 3 s (to watch the progress display)
  const slow = !FAST || (g.engine.movetime_ms || 0) >= 15000;
  const total = slow ? Math.min(g.engine.movetime_ms || 800, FAST ? 3000 : 2500) : 150;
  const steps = slow ? 5 : 2;
  let depth = 0;
  const tick = () => {
    if (!games.has(g.id) || !g.engine.thinking) return;
    depth++;
    if (depth <= steps) {
      const pv = [];
      let p = pos;
      for (let i = 0; i < Math.min(depth, 4); i++) {
        const lm = legalMoves(v, p);
        if (!lm.length) break;
        const m = lm[(depth * 7 + i * 13) % lm.length];
        pv.push(m);
        p = applyMove(v, p, m);
      }
      broadcast(g, 'info', { depth, score: depth === steps && pos.ply > 30 ? { mate: 3 } : { cp: (depth * 17) % 90 - 30 }, nodes: depth * 15000, nps: 600000, pv: pv.map((m) => m.uci), pv_text: pv.map((m) => m.text) });
      g.timer = setTimeout(tick, total / steps);
      return;
    }
    g.engine.thinking = false;
    if (cur(g) !== pos) return; // position changed meanwhile (undo)
    play(g, legal[Math.floor(Math.random() * legal.length)]);
    broadcast(g, 'state', stateOf(g));
    maybeEngine(g);
  };
  g.timer = setTimeout(tick, 60);
}

function stopEngine(g) {
  clearTimeout(g.timer);
  g.engine.thinking = false;
}

function pgnOf(g) {
  const v = byId.get(g.variant);
  const tags = [['Event', 'Menagerie mock game'], ['Site', 'localhost'], ['White', g.players.white], ['Black', g.players.black],
    ['Result', g.status.result || '*'], ['Variant', v.id], ['FEN', g.history[0].fen]];
  let body = '';
  g.moves.forEach((m, i) => { body += (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + m.text + ' '; });
  return tags.map(([k, val]) => `[${k} "${val}"]`).join('\n') + '\n\n' + body + (g.status.result || '*') + '\n';
}

function importPgn(text) {
  const tag = (k) => new RegExp(`\\[${k}\\s+"([^"]*)"\\]`).exec(text)?.[1];
  const vid = tag('Variant') || 'chess';
  const v = byId.get(vid);
  if (!v) throw new HttpError(400, `unknown variant '${vid}' in the PGN`);
  const g = newGame(v, tag('FEN') || null, 'human', 'human');
  const body = text.replace(/\[[^\]]*\]/g, ' ').replace(/\{[^}]*\}/g, ' ');
  for (const tok of body.split(/\s+/)) {
    if (!tok || /^\d+\.+$/.test(tok) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(tok)) continue;
    const t = tok.replace(/^\d+\.+/, '');
    const m = legalMoves(v, cur(g)).find((x) => x.text === t || x.uci === t);
    if (!m) throw new HttpError(400, `illegal or unknown move '${t}' at ply ${g.moves.length + 1}`);
    play(g, m);
  }
  return g;
}

// ------------------------------------------------------------------------------- diagram

function diagram(v, token, cellName, color) {
  const { byName, byXyz } = geometry(v);
  const t = v.pieces.find((p) => p.token === token);
  if (!t) throw new HttpError(404, `no piece '${token}' in ${v.name}`);
  const cells = v.board.cells;
  const centre = cells.find((c) => c.x === Math.floor((v.board.files - 1) / 2) && c.y === Math.floor((v.board.ranks - 1) / 2) && c.z === Math.floor((v.board.levels - 1) / 2));
  const from = cellName ? byName.get(cellName) : centre;
  if (!from) throw new HttpError(400, `no cell '${cellName}'`);
  const fwd = color === 'black' ? -1 : 1;
  const res = new Map();
  const add = (x, y, z, quiet, capture) => {
    const c = byXyz.get(cellKey(x, y, z));
    if (!c || c === from) return false;
    const o = res.get(c.name) || { to: c.name, quiet: false, capture: false };
    o.quiet ||= quiet; o.capture ||= capture;
    res.set(c.name, o);
    return true;
  };
  const ATOMS = { W: [1, 0], F: [1, 1], D: [2, 0], A: [2, 2], N: [1, 2], C: [1, 3], Z: [2, 3], H: [3, 0], G: [3, 3] };
  const re = /([a-z]*)([A-Z])(\2?)/g;
  let m, any = false;
  const betza = t.betza.split(/[ (]/)[0];
  while ((m = re.exec(betza))) {
    const [, mods, letter, rider] = m;
    const expand = { K: ['W', 'F'], R: ['W*'], B: ['F*'], Q: ['W*', 'F*'] }[letter] || [letter + (rider ? '*' : '')];
    for (const a of expand) {
      const atom = ATOMS[a[0]];
      if (!atom) continue;
      any = true;
      const ride = a.endsWith('*');
      const vecs = new Set();
      for (const [p, q] of [[atom[0], atom[1]], [atom[1], atom[0]]]) for (const sx of [1, -1]) for (const sy of [1, -1]) vecs.add(`${p * sx},${q * sy}`);
      for (const vs of vecs) {
        const [dx, dy] = vs.split(',').map(Number);
        if (mods.includes('f') && !(dy > 0)) continue;
        if (mods.includes('b') && !(dy < 0)) continue;
        const quiet = !mods.includes('c'), capture = !mods.includes('m');
        for (let k = 1; k <= (ride ? 20 : 1); k++) if (!add(from.x + dx * k, from.y + dy * k * fwd, from.z, quiet, capture)) break;
      }
    }
  }
  if (!any) for (const n of neighbours(v, from)) add(n.x, n.y, n.z, true, true);
  const notes = /zone/.test(t.betza) ? ['Moves depend on the zone of the cell it starts from.'] : [];
  if (v.board.levels > 1) notes.push('Mock diagram: the real server shows the true 3-D moves.');
  return { token, cell: from.name, color: color || 'white', moves: [...res.values()], notes };
}

// ------------------------------------------------------------------------------- HTTP

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.md': 'text/markdown; charset=utf-8', '.ico': 'image/x-icon' };

function sendJson(res, status, data) {
  const body = JSON.stringify(data);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(body);
}

async function readBody(req) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if (!raw) return {};
  try { return JSON.parse(raw); } catch { throw new HttpError(400, 'request body is not valid JSON'); }
}

function game(id) {
  const g = games.get(id);
  if (!g) throw new HttpError(404, `no game '${id}'`);
  return g;
}

async function api(req, res, url) {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent); // ['api', ...]
  const method = req.method;
  const [, a, b, c, d, e] = parts;
  if (a === 'variants') {
    if (!b && method === 'GET') return sendJson(res, 200, VARIANTS.map((v) => ({ id: v.id, name: v.name, family: v.family, description: v.description, files: v.board.files, ranks: v.board.ranks, levels: v.board.levels })));
    const v = byId.get(b);
    if (!v) throw new HttpError(404, `unknown variant '${b}'`);
    if (!c) return sendJson(res, 200, variantPublic(v));
    if (c === 'pieces' && e === 'diagram') return sendJson(res, 200, diagram(v, d, url.searchParams.get('cell'), url.searchParams.get('color')));
  }
  if (a === 'games') {
    if (!b && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') || 20);
      const list = [...games.values()].sort((x, y) => y.updated - x.updated || y.created - x.created).slice(0, limit)
        .map((g) => ({ id: g.id, variant: g.variant, white: g.players.white, black: g.players.black, ply: cur(g).ply, status: g.status, updated: g.updated }));
      return sendJson(res, 200, list);
    }
    if (!b && method === 'POST') {
      const body = await readBody(req);
      const v = byId.get(body.variant);
      if (!v) throw new HttpError(400, `unknown variant '${body.variant}'`);
      const g = newGame(v, body.fen, body.white || 'human', body.black || 'engine', body.engine || {});
      maybeEngine(g);
      return sendJson(res, 201, stateOf(g));
    }
    if (b === 'import' && method === 'POST') {
      const body = await readBody(req);
      let g;
      if (body.pgn) g = importPgn(body.pgn);
      else {
        const v = byId.get(body.variant);
        if (!v) throw new HttpError(400, `unknown variant '${body.variant}'`);
        if (!body.fen) throw new HttpError(400, 'give either "pgn" or "variant" and "fen"');
        g = newGame(v, body.fen, 'human', 'human');
      }
      return sendJson(res, 201, stateOf(g));
    }
    const g = game(b);
    if (!c && method === 'GET') {
      const ply = url.searchParams.get('ply');
      if (ply !== null) {
        const n = Number(ply);
        if (!Number.isInteger(n) || n < 0 || n >= g.history.length) throw new HttpError(400, `ply must be between 0 and ${g.history.length - 1}`);
        return sendJson(res, 200, stateOf(g, n));
      }
      return sendJson(res, 200, stateOf(g));
    }
    if (!c && method === 'PATCH') {
      const body = await readBody(req);
      for (const col of ['white', 'black']) if (body[col]) {
        if (!['human', 'engine'].includes(body[col])) throw new HttpError(400, `${col} must be "human" or "engine"`);
        g.players[col] = body[col];
      }
      if (body.engine) Object.assign(g.engine, { movetime_ms: body.engine.movetime_ms ?? null, depth: body.engine.depth ?? null });
      maybeEngine(g);
      broadcast(g, 'state', stateOf(g));
      return sendJson(res, 200, stateOf(g));
    }
    if (c === 'events' && method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      g.clients.add(res);
      const ping = setInterval(() => res.write(': ping\n\n'), 15000);
      req.on('close', () => { clearInterval(ping); g.clients.delete(res); });
      return;
    }
    if (c === 'pgn' && method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end(pgnOf(g));
    }
    if (method === 'POST') {
      const body = await readBody(req);
      const v = byId.get(g.variant);
      if (c === 'move') {
        if (g.status.over) throw new HttpError(409, 'the game is over');
        if (g.engine.thinking) throw new HttpError(409, 'the engine is thinking');
        const legal = legalMoves(v, cur(g));
        const m = legal.find((x) => x.uci === body.move || x.text === body.move);
        if (!m) throw new HttpError(400, `illegal move '${body.move}'`);
        play(g, m);
        maybeEngine(g);
      } else if (c === 'undo') {
        if (g.moves.length === 0) throw new HttpError(409, 'nothing to undo');
        stopEngine(g);
        const vsEngine = g.players.white !== g.players.black;
        let n = 1;
        if (vsEngine && g.players[cur(g).side] === 'human' && g.moves.length >= 2) n = 2;
        else if (vsEngine && g.players[cur(g).side] === 'engine') n = 1;
        for (let i = 0; i < n; i++) { g.history.pop(); g.moves.pop(); }
        g.status = { over: false, result: null, reason: null };
        updateStatus(g);
        maybeEngine(g);
      } else if (c === 'resign') {
        if (g.status.over) throw new HttpError(409, 'the game is over');
        stopEngine(g);
        g.status = { over: true, result: body.color === 'white' ? '0-1' : '1-0', reason: 'resignation' };
      } else if (c === 'draw') {
        if (g.status.over) throw new HttpError(409, 'the game is over');
        const other = body.color === 'white' ? 'black' : 'white';
        if (body.action === 'offer') {
          if (g.players[other] === 'engine') {
            if (cur(g).ply >= 6 && cur(g).ply % 2 === 0) { stopEngine(g); g.status = { over: true, result: '1/2-1/2', reason: 'agreement' }; }
            else g.draw_offer = null;
          } else g.draw_offer = body.color;
        } else if (body.action === 'accept') {
          if (g.draw_offer !== other) throw new HttpError(409, 'there is no draw offer to accept');
          g.status = { over: true, result: '1/2-1/2', reason: 'agreement' };
          g.draw_offer = null;
        } else if (body.action === 'decline') {
          g.draw_offer = null;
        } else throw new HttpError(400, 'action must be offer, accept or decline');
      } else if (c === 'engine-move') {
        if (g.status.over) throw new HttpError(409, 'the game is over');
        const side = cur(g).side;
        const saved = g.players[side];
        g.players[side] = 'engine';
        maybeEngine(g);
        g.players[side] = saved;
      } else throw new HttpError(404, 'no such endpoint');
      g.updated = Math.floor(Date.now() / 1000);
      const st = stateOf(g);
      broadcast(g, 'state', st);
      return sendJson(res, 200, st);
    }
  }
  throw new HttpError(404, 'no such endpoint');
}

function serveStatic(req, res, url) {
  let p = decodeURIComponent(url.pathname);
  if (p === '/' || p === '') p = '/index.html';
  const file = path.resolve(WEB, '.' + p);
  if (!file.startsWith(WEB + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`)) {
    res.writeHead(403); return res.end('forbidden');
  }
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404, { 'Content-Type': 'text/plain' }); return res.end('not found'); }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
    res.end(data);
  });
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  try {
    if (url.pathname.startsWith('/api/')) await api(req, res, url);
    else serveStatic(req, res, url);
  } catch (err) {
    const status = err instanceof HttpError ? err.status : 500;
    if (!(err instanceof HttpError)) console.error(err);
    if (!res.headersSent) sendJson(res, status, { error: err.message });
    else res.end();
  }
});
server.listen(PORT, HOST, () => console.log(`mock server on http://${HOST}:${PORT}/ (web root ${WEB})${FAST ? ' [fast engine]' : ''}`));
