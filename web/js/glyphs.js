// @ts-check
/**
 * Piece glyphs, drawn as SVG in a 100x100 box.
 *
 * Two families:
 *  - classic silhouettes (king, queen, rook, bishop, knight, pawn, and compounds of two
 *    of them such as the archbishop) drawn from hand-made paths;
 *  - the "medallion" family for fairy pieces: a round medallion carrying a short
 *    abbreviation, surrounded by a compass rose that summarises how the piece moves:
 *      long spike  = rides/slides that way        short spike = one step
 *      dot         = leaps that way               split spike = odd-distance rider
 *      barred spike= hops over a screen           hook        = bent/curved path
 *    The rose is drawn from the owner's point of view (forward-only pieces point at the
 *    opponent), so it turns with the side and with the board flip.
 * A crown badge marks royal fairy pieces, a red "+" badge marks promoted pieces, and
 * unknown glyph ids fall back to a plain medallion showing the token text.
 */

import { esc } from './dom.js';

/** Colours of the two sides. */
export const PALETTE = {
  white: { fill: '#fbf7ee', line: '#1f1d1a', text: '#1f1d1a', accent: '#d9d2c3' },
  black: { fill: '#2b2825', line: '#f1ece2', text: '#f6f2ea', accent: '#4a4540' },
};

// ---------------------------------------------------------------------------------------
// Classic silhouettes. Each is a list of parts: [kind, data] where kind is
// 'p' (filled path), 'c' (filled circle cx cy r), 'd' (detail stroke path, no fill),
// 'e' (detail dot cx cy r filled with the line colour).

/** @type {[string, string]} */
const BASE = ['p', 'M24 79H76Q80 79 80 83V87Q80 90 76 90H24Q20 90 20 87V83Q20 79 24 79Z'];

/** @type {Record<string, Array<[string, string]>>} */
const CLASSIC = {
  pawn: [
    ['p', 'M41 45C41 58 36 68 29 79H71C64 68 59 58 59 45Z'],
    ['p', 'M37 46H63Q66 43 63 40H37Q34 43 37 46Z'],
    ['c', '50 29 12.5'],
    BASE,
  ],
  rook: [
    ['p', 'M34 38H66L63 73H37Z'],
    ['p', 'M27 15H36V22H45V15H55V22H64V15H73V33L67 39H33L27 33Z'],
    ['d', 'M35 33H65'],
    ['p', 'M31 73H69L72 79H28Z'],
    BASE,
  ],
  bishop: [
    ['p', 'M42 60C42 68 36 74 29 79H71C64 74 58 68 58 60Z'],
    ['p', 'M50 14C63 24 69 36 65 47C63 53 58 55 50 55C42 55 37 53 35 47C31 36 37 24 50 14Z'],
    ['c', '50 11 4.5'],
    ['d', 'M56 26L46 40'],
    ['p', 'M37 54H63Q66 57.5 63 61H37Q34 57.5 37 54Z'],
    BASE,
  ],
  knight: [
    ['p', 'M70 79C75 60 73 34 59 19L55 9L50 18L44 11L42 22C33 26 26 34 22 43C19 49 19 55 25 57C31 58 38 55 44 52C41 61 34 69 31 79Z'],
    ['d', 'M63 27C68 40 68 56 64 70'],
    ['e', '38 33 2.8'],
    ['e', '25.5 50.5 1.8'],
    BASE,
  ],
  queen: [
    ['p', 'M35 67C36 72 33 76 28 79H72C67 76 64 72 65 67Z'],
    ['p', 'M32 62L21 27L36 43L37 19L46 41L50 15L54 41L63 19L64 43L79 27L68 62Z'],
    ['c', '21 27 4.2'], ['c', '37 19 4.2'], ['c', '50 14 4.2'], ['c', '63 19 4.2'], ['c', '79 27 4.2'],
    ['p', 'M33 60H67Q70 63.5 67 67H33Q30 63.5 33 60Z'],
    BASE,
  ],
  king: [
    ['p', 'M35 67C36 72 33 76 28 79H72C67 76 64 72 65 67Z'],
    ['p', 'M31 61C19 50 20 33 32 31C41 30 46 36 50 44C54 36 59 30 68 31C80 33 81 50 69 61Z'],
    ['p', 'M50 25C43 30 44 38 50 45C56 38 57 30 50 25Z'],
    ['p', 'M47 5H53V11H59V17H53V25H47V17H41V11H47Z'],
    ['p', 'M32 60H68Q71 63.5 68 67H32Q29 63.5 32 60Z'],
    ['d', 'M37 52C45 49 55 49 63 52'],
    BASE,
  ],
};

/** Compound classic pieces: two silhouettes side by side on one base. */
const COMPOUND = {
  archbishop: ['bishop', 'knight'],
  chancellor: ['rook', 'knight'],
  empress: ['rook', 'knight'],
  amazon: ['queen', 'knight'],
};

// ---------------------------------------------------------------------------------------
// Fairy medallions: id -> [abbreviation, rose]. Rose = space-separated marks
// KIND[:restriction]SET where KIND is R (ride), S (step), L (leap), O (odd ride),
// P (hopper), Y (bent/curved), X (joker star); restriction f/b/s/ff (forward, backward,
// sideways, narrow forward); SET o d q t n c z g a (see VECTORS).

/** @type {Record<string, [string, string]>} */
const FAIRY = {
  // --- shogi family and generals
  gold: ['G', 'S:o S:fd'], goldgeneral: ['G', 'S:o S:fd'],
  silver: ['S', 'S:d S:fo'], silvergeneral: ['S', 'S:d S:fo'],
  lance: ['L', 'R:fo'], copper: ['Cu', 'S:fq S:bo'],
  tokin: ['To', 'S:o S:fd'], promotedpawn: ['To', 'S:o S:fd'],
  promotedsilver: ['PS', 'S:o S:fd'], promotedknight: ['PN', 'S:o S:fd'], promotedlance: ['PL', 'S:o S:fd'],
  dragonking: ['DK', 'R:o S:d'], dragon: ['DK', 'R:o S:d'], promotedrook: ['DK', 'R:o S:d'],
  dragonhorse: ['DH', 'R:d S:o'], horsepromoted: ['DH', 'R:d S:o'], promotedbishop: ['DH', 'R:d S:o'],
  // --- Mitregi
  princess: ['Ps', 'R:fo R:fd'], wing: ['Wg', 'R:fo'], mitre: ['Mi', 'R:fd'],
  handyman: ['Hd', 'L:ffn L:ffc'], helm: ['He', 'L:ffn'], hump: ['Hu', 'L:ffc'],
  prince: ['Pc', 'S:q'], chatelaine: ['Ch', 'R:o S:d'], primate: ['Pm', 'R:d S:o'],
  tank: ['Tk', 'P:q'], cannon: ['Cn', 'P:o'], arrow: ['Ar', 'P:d'],
  steward: ['St', 'S:o S:d'], stewardess: ['Sd', 'R:o R:d'],
  gnu: ['Gn', 'L:n L:c'], wildebeest: ['Wb', 'L:n L:c'], camel: ['Cm', 'L:c'],
  // --- Big Outer
  matriarch: ['Mt', 'R:q'], guard: ['Gd', 'S:d L:c'], jumper: ['Jp', 'S:q L:o L:d'],
  outerknight: ['ON', 'L:n L:c L:g'],
  // --- Missing Ox and other fairy pieces
  antelope: ['An', 'L:a'], camelrider: ['CR', 'R:c'], zebrarider: ['ZR', 'R:z'],
  nightrider: ['NR', 'R:n'], dabbaba: ['Da', 'L:o'], elephant: ['El', 'L:d'],
  foxhound: ['Fh', 'R:d Y:o'], vixen: ['Vx', 'R:o Y:o'], shewolf: ['SW', 'R:o Y:d'],
  wolfhound: ['Wh', 'R:d Y:d'], fox: ['Fx', 'Y:o'], wolf: ['Wo', 'Y:d'],
  gamewarden: ['Gw', 'L:z L:g'], halberd: ['Hb', 'O:q L:o L:d'], infanta: ['If', 'R:o L:d'],
  joker: ['Jk', 'X:q'], lookout: ['Lk', 'L:n L:g'], muezzin: ['Mz', 'L:c L:g'],
  ung: ['Ug', 'Y:n Y:c'], rose: ['Ro', 'Y:n'], yeoman: ['Ym', 'S:fd S:fo'],
  zebra: ['Zb', 'L:z'], giraffe: ['Gi', 'L:g'], grasshopper: ['Gh', 'P:q'], vao: ['Va', 'P:d'],
  wazir: ['Wz', 'S:o'], ferz: ['Fz', 'S:d'], alfil: ['Af', 'L:d'], threeleaper: ['Th', 'L:o'],
  tripper: ['Tp', 'L:d'], woodyrook: ['WR', 'S:o L:o'], horse: ['H', 'L:n'],
  verticalmover: ['VM', 'R:vo S:so'], sidemover: ['SM', 'R:so S:vo'], commoner: ['Cr', 'S:q'],
  man: ['Mn', 'S:q'], mann: ['Mn', 'S:q'], berolinapawn: ['BP', 'S:fd'], soldier: ['So', 'S:fo S:so'],
  general: ['Ge', 'S:q'], advisor: ['Ad', 'S:d'], chariot: ['Ct', 'R:o'], minister: ['Mn', 'L:d'],
  unicorn: ['U', 'R:t'],
  // --- Nichtschach (3-D): o = rook lines, d = bishop lines, t = unicorn (triagonal) lines
  duchess: ['Du', 'R:o R:t'], governor: ['Gv', 'R:d R:t'],
  stockpoint: ['Sp', 'S:fo S:fd'], stockfwazir: ['Sfw', 'S:fo S:fd S:bo S:bd S:sd'],
  alibaba: ['Ab', 'L:o L:d'], eunuch: ['Eu', 'L:t'], dybbuk: ['Dy', 'L:o L:t'], elk: ['Ek', 'L:d L:t'],
  sungeneral: ['Su', 'S:o S:fd S:ft'], moongeneral: ['Mo', 'S:d S:fo S:ft'],
  skygeneral: ['Sk', 'S:o S:d S:ft'], coastgeneral: ['Co', 'S:t S:fo S:fd'],
  forestgeneral: ['Fo', 'S:o S:t S:fd'], seageneral: ['Se', 'S:d S:t S:fo'],
  sow: ['Sw', 'S:o L:fo'], boar: ['Bo', 'S:d L:fd'], hood: ['Ho', 'S:q L:fq'],
  piglet: ['Pi', 'S:t L:ft'], fiend: ['Fi', 'S:o S:t L:fo L:ft'], laird: ['La', 'S:d S:t L:fd L:ft'],
  memsahib: ['Me', 'L:o S:fo'], sahib: ['Sa', 'L:d S:fd'], aladdin: ['Al', 'L:q S:fq'],
  nabob: ['Na', 'L:t S:ft'], idolator: ['Id', 'L:o L:t S:fo S:ft'], fawn: ['Fw', 'L:d L:t S:fd S:ft'],
  wazbaba: ['Wb', 'S:o L:o'], fearful: ['Fe', 'S:d L:d'], pasha: ['Pa', 'S:q L:q'],
  vinnock: ['Vi', 'S:t L:t'], khan: ['Kh', 'S:o S:t L:o L:t'], imam: ['Im', 'S:d S:t L:d L:t'],
  ninja: ['Nj', 'L:z'], sexton: ['Sx', 'L:c'], oberon: ['Ob', 'L:z L:c'],
  samurai: ['Sm', 'L:z L:n'], churchwarden: ['Cw', 'L:c L:n'],
  panda: ['Pd', 'O:o'], bear: ['Br', 'O:d'], harlequin: ['Hq', 'O:q'],
  raccoon: ['Rc', 'O:t'], pantaloon: ['Pt', 'O:o O:t'], balloon: ['Bl', 'O:d O:t'],
  snail: ['Sn', 'S:so S:bo L:fo'], lobster: ['Lo', 'S:sd S:bd L:fd'],
  trilobite: ['Tr', 'S:so S:bq L:fq'], shrimp: ['Sh', 'S:bt L:ft'],
  prawn: ['Pr', 'S:so S:bo S:bt L:fo L:ft'], octopus: ['Oc', 'S:sd S:bd S:bt L:fd L:ft'],
  inquisitor: ['Iq', 'R:d L:o'], concubine: ['Cc', 'R:o L:t'], cyclops: ['Cy', 'R:t L:o'],
  mutilator: ['Mu', 'R:d L:t'], behemoth: ['Bh', 'R:t L:d'],
  senvasser: ['Sv', 'R:o L:c'], nirdinal: ['Nd', 'R:d L:z'], marshal: ['Ma', 'R:o L:n'],
  nivalcade: ['Nv', 'R:t L:z'], cardinal: ['Ca', 'R:d L:n'], sefila: ['Sf', 'R:t L:c'],
  columbine: ['Cb', 'R:o O:d'], clown: ['Cl', 'R:d O:o'], crinoline: ['Cr', 'R:o O:t'],
  pangolin: ['Pg', 'R:t O:o'], buffoon: ['Bf', 'R:d O:t'], bunthorne: ['Bt', 'R:t O:d'],
};

/** Direction sets as (dx, dy) in the owner's frame (dy > 0 = forward). */
const VECTORS = (() => {
  /** @param {number} a @param {number} b */
  const oblique = (a, b) => {
    const out = [];
    for (const [x, y] of [[a, b], [b, a]]) for (const sx of [1, -1]) for (const sy of [1, -1]) out.push([sx * x, sy * y]);
    return out;
  };
  const o = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  const d = [[1, 1], [-1, 1], [1, -1], [-1, -1]];
  const t = [];
  for (let k = 0; k < 8; k++) {
    const a = (Math.PI / 8) * (2 * k + 1);
    t.push([Math.cos(a), Math.sin(a)]);
  }
  return { o, d, q: [...o, ...d], t, n: oblique(1, 2), c: oblique(1, 3), z: oblique(2, 3), g: oblique(1, 4), a: oblique(3, 4) };
})();

/** Distance of leap dots from the centre per set (longer leaps sit further out). */
const LEAP_R = { o: 41, d: 41, q: 41, t: 41, n: 41, c: 44, z: 44, g: 45, a: 45 };

/** @param {string} restr @param {number[]} v */
function allowed(restr, [x, y]) {
  const e = 1e-9;
  switch (restr) {
    case 'f': return y > e;
    case 'b': return y < -e;
    case 's': return Math.abs(y) < e;
    case 'ff': return y > Math.abs(x) + e;
    case 'v': return Math.abs(x) < e;
    default: return true;
  }
}

const f1 = (/** @type {number} */ n) => Math.round(n * 10) / 10;

/**
 * Markup of the compass rose marks of one medallion.
 * @param {string} rose
 * @param {{fill:string,line:string}} pal
 * @param {number} dir +1 when the owner's forward is up on screen, -1 when down
 */
function roseMarkup(rose, pal, dir) {
  const parts = [];
  for (const mark of rose.split(/\s+/).filter(Boolean)) {
    const [kind, spec] = mark.split(':');
    const set = spec.slice(-1);
    const restr = spec.slice(0, -1);
    const vecs = (/** @type {any} */ (VECTORS))[set] || [];
    for (const v of vecs) {
      if (!allowed(restr, v)) continue;
      const len = Math.hypot(v[0], v[1]);
      const ux = v[0] / len, uy = (-v[1] * dir) / len; // screen coordinates, y down
      const px = -uy, py = ux; // perpendicular
      const at = (/** @type {number} */ r, /** @type {number} */ w = 0) => `${f1(50 + ux * r + px * w)},${f1(50 + uy * r + py * w)}`;
      const st = `fill="${pal.fill}" stroke="${pal.line}" stroke-width="2.4" stroke-linejoin="round"`;
      if (kind === 'R' || kind === 'P') {
        parts.push(`<polygon points="${at(26, -5.5)} ${at(47)} ${at(26, 5.5)}" ${st}/>`);
        if (kind === 'P') parts.push(`<line x1="${f1(50 + ux * 38 + px * 6)}" y1="${f1(50 + uy * 38 + py * 6)}" x2="${f1(50 + ux * 38 - px * 6)}" y2="${f1(50 + uy * 38 - py * 6)}" stroke="${pal.line}" stroke-width="3" stroke-linecap="round"/>`);
      } else if (kind === 'S') {
        parts.push(`<polygon points="${at(26, -6.5)} ${at(38)} ${at(26, 6.5)}" ${st}/>`);
      } else if (kind === 'L') {
        const r = (/** @type {any} */ (LEAP_R))[set] || 42;
        parts.push(`<circle cx="${f1(50 + ux * r)}" cy="${f1(50 + uy * r)}" r="4.3" ${st}/>`);
      } else if (kind === 'O') {
        parts.push(`<polygon points="${at(26, -5.5)} ${at(36)} ${at(26, 5.5)}" ${st}/>`);
        parts.push(`<polygon points="${at(39)} ${at(43, 3.2)} ${at(47.5)} ${at(43, -3.2)}" ${st}/>`);
      } else if (kind === 'Y') {
        parts.push(`<path d="M${at(27)}Q${at(40, 0)} ${at(42, 7)}" fill="none" stroke="${pal.line}" stroke-width="3.2" stroke-linecap="round"/>`);
        parts.push(`<circle cx="${f1(50 + ux * 42 + px * 7)}" cy="${f1(50 + uy * 42 + py * 7)}" r="3.2" ${st}/>`);
      } else if (kind === 'X') {
        parts.push(`<polygon points="${at(27, -3.5)} ${at(40)} ${at(27, 3.5)}" ${st} stroke-dasharray="2 2"/>`);
        parts.push(`<circle cx="${f1(50 + ux * 44)}" cy="${f1(50 + uy * 44)}" r="2.6" fill="${pal.line}"/>`);
      }
    }
  }
  return parts.join('');
}

/**
 * Markup for the parts of a classic silhouette.
 * @param {Array<[string,string]>} parts
 * @param {{fill:string,line:string}} pal
 */
function classicMarkup(parts, pal) {
  const st = `fill="${pal.fill}" stroke="${pal.line}" stroke-width="3" stroke-linejoin="round"`;
  return parts.map(([k, d]) => {
    if (k === 'p') return `<path d="${d}" ${st}/>`;
    if (k === 'c') { const [cx, cy, r] = d.split(' '); return `<circle cx="${cx}" cy="${cy}" r="${r}" ${st}/>`; }
    if (k === 'd') return `<path d="${d}" fill="none" stroke="${pal.line}" stroke-width="2.6" stroke-linecap="round"/>`;
    if (k === 'e') { const [cx, cy, r] = d.split(' '); return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${pal.line}"/>`; }
    return '';
  }).join('');
}

/** @param {string} text */
function abbrFontSize(text) {
  return text.length <= 1 ? 36 : text.length === 2 ? 29 : 22;
}

/**
 * @param {string} text abbreviation
 * @param {{fill:string,line:string,text:string,accent:string}} pal
 * @param {string} rose
 * @param {number} dir
 * @param {boolean} generic dashed ring for unknown glyphs
 */
function medallionMarkup(text, pal, rose, dir, generic) {
  const ring = generic
    ? `<circle cx="50" cy="50" r="23.5" fill="none" stroke="${pal.line}" stroke-width="1.4" stroke-dasharray="3 3" opacity=".6"/>`
    : `<circle cx="50" cy="50" r="24" fill="none" stroke="${pal.line}" stroke-width="1.2" opacity=".35"/>`;
  return roseMarkup(rose, pal, dir) +
    `<circle cx="50" cy="50" r="28.5" fill="${pal.fill}" stroke="${pal.line}" stroke-width="3"/>` + ring +
    `<text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-family="ui-sans-serif, system-ui, 'DejaVu Sans', Arial, sans-serif" font-weight="700" font-size="${abbrFontSize(text)}" fill="${pal.text}" letter-spacing="-0.5">${esc(text)}</text>`;
}

const CROWN = (/** @type {{fill:string,line:string}} */ pal) =>
  `<g transform="translate(3 3) scale(.3)"><path d="M8 44L2 8L20 26L32 2L44 26L62 8L56 44Z" fill="#e2b33c" stroke="${pal.line === '#1f1d1a' ? '#1f1d1a' : '#1f1d1a'}" stroke-width="5" stroke-linejoin="round"/></g>`;

const PROMO = `<g><circle cx="84" cy="16" r="12" fill="#c8412f" stroke="#fff" stroke-width="2.5"/><path d="M84 9.5V22.5M77.5 16H90.5" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/></g>`;

/**
 * Normalises a piece name or glyph id to a glyph id (`Dragon Horse` -> `dragonhorse`).
 * @param {string} name
 */
export function glyphId(name) {
  return String(name || '').toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * Whether a glyph id has its own drawing (otherwise the token fallback is used).
 * @param {string} id
 */
export function isKnownGlyph(id) {
  return id in CLASSIC || id in COMPOUND || id in FAIRY;
}

/** All glyph ids with a drawing, for galleries and tests. */
export function allGlyphIds() {
  return [...Object.keys(CLASSIC), ...Object.keys(COMPOUND), ...Object.keys(FAIRY)];
}

/**
 * Short abbreviation shown on a medallion (or the token text for unknown glyphs).
 * @param {string} glyph
 * @param {string} [token]
 */
export function abbreviation(glyph, token = '?') {
  if (FAIRY[glyph]) return FAIRY[glyph][0];
  const t = String(token).replace(/^[+*]+/, '');
  return t.length > 3 ? t.slice(0, 3) : t || '?';
}

const cache = new Map();

/**
 * SVG markup (no outer `<svg>`) of a piece drawn in the box 0..100.
 * @param {string} glyph glyph id (`king`, `nightrider`, ...)
 * @param {{color?: 'white'|'black'|string, token?: string, promoted?: boolean, royal?: boolean,
 *          dir?: number}} [opts] `dir`: +1 if the owner's forward is up on screen, -1 if down
 *          (defaults from the colour: white up, black down)
 * @returns {string}
 */
export function glyphMarkup(glyph, opts = {}) {
  const color = opts.color === 'black' ? 'black' : 'white';
  const dir = opts.dir ?? (color === 'white' ? 1 : -1);
  const key = `${glyph}|${color}|${dir}|${opts.promoted ? 1 : 0}|${opts.royal ? 1 : 0}|${opts.token || ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const pal = PALETTE[color];
  let body;
  if (CLASSIC[glyph]) {
    body = classicMarkup(CLASSIC[glyph], pal);
  } else if (COMPOUND[glyph]) {
    const [a, b] = COMPOUND[glyph];
    const strip = (/** @type {string} */ n) => CLASSIC[n].filter((p) => p !== BASE);
    body = `<g transform="translate(27 14) scale(.74)">${classicMarkup(strip(a), pal)}</g>` +
      `<g transform="translate(-1 14) scale(.74)">${classicMarkup(strip(b), pal)}</g>` +
      classicMarkup([BASE], pal);
  } else if (FAIRY[glyph]) {
    const [abbr, rose] = FAIRY[glyph];
    body = medallionMarkup(abbr, pal, rose, dir, false);
  } else {
    body = medallionMarkup(abbreviation(glyph, opts.token), pal, '', dir, true);
  }
  if (opts.royal && glyph !== 'king') body += CROWN(pal);
  if (opts.promoted) body += PROMO;
  cache.set(key, body);
  return body;
}

/**
 * A standalone `<svg>` element showing one piece (for hands, legends, dialogs).
 * @param {string} glyph
 * @param {{color?: string, token?: string, promoted?: boolean, royal?: boolean, dir?: number,
 *          title?: string, size?: number}} [opts]
 * @returns {SVGSVGElement}
 */
export function glyphElement(glyph, opts = {}) {
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'glyph');
  if (opts.size) { svg.setAttribute('width', String(opts.size)); svg.setAttribute('height', String(opts.size)); }
  svg.setAttribute('aria-hidden', opts.title ? 'false' : 'true');
  if (opts.title) svg.setAttribute('role', 'img');
  svg.innerHTML = (opts.title ? `<title>${esc(opts.title)}</title>` : '') +
    glyphMarkup(glyph, /** @type {any} */ (opts));
  return svg;
}
