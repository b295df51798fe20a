// Canned variants for the development mock server. Only the shapes, piece lists and
// start positions matter here; the rules are faked by mock-server.mjs.

const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** Rectangular board cells named a1.. */
function rect(files, ranks) {
  const cells = [];
  for (let y = 0; y < ranks; y++) for (let x = 0; x < files; x++) cells.push({ name: `${FILES[x]}${y + 1}`, x, y, z: 0 });
  return cells;
}

/** Cells of ranks [from, to] (1-based, inclusive) of a rectangular board. */
function ranksOf(files, from, to) {
  const out = [];
  for (let r = from; r <= to; r++) for (let x = 0; x < files; x++) out.push(`${FILES[x]}${r}`);
  return out;
}

const glyphOf = (name) => name.toLowerCase().replace(/[^a-z]/g, '');
/** piece helper: [token, name, betza, description, royal?] */
const P = (token, name, betza, description, royal = false) => ({ token, name, betza, royal, glyph: glyphOf(name), description });

const CHESS_PIECES = [
  P('K', 'King', 'K', 'One step in any direction; castles. Royal.', true),
  P('Q', 'Queen', 'Q', 'Slides any distance orthogonally or diagonally.'),
  P('R', 'Rook', 'R', 'Slides any distance orthogonally.'),
  P('B', 'Bishop', 'B', 'Slides any distance diagonally.'),
  P('N', 'Knight', 'N', 'Leaps two cells one way and one cell sideways.'),
  P('P', 'Pawn', 'fmWfcF', 'Moves one step forward (two from its first rank), captures diagonally forward; promotes on the last rank.'),
];

const chess = {
  id: 'chess', name: 'Chess', family: 'Classic', description: 'FIDE chess.',
  board: { files: 8, ranks: 8, levels: 1, level_letters: '', cells: rect(8, 8) },
  regions: [{ name: 'promotion', kind: 'promotion', white: ranksOf(8, 8, 8), black: ranksOf(8, 1, 1) }],
  pieces: CHESS_PIECES, drops: false, imitation: false,
  start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', move_style: 'dash',
  promotions: ['Q', 'R', 'B', 'N'],
};

const capablanca = {
  id: 'capablanca', name: 'Capablanca Chess', family: 'Classic', description: '10x8 chess with Archbishop and Chancellor.',
  board: { files: 10, ranks: 8, levels: 1, level_letters: '', cells: rect(10, 8) },
  regions: [{ name: 'promotion', kind: 'promotion', white: ranksOf(10, 8, 8), black: ranksOf(10, 1, 1) }],
  pieces: [...CHESS_PIECES, P('A', 'Archbishop', 'BN', 'Bishop + Knight.'), P('C', 'Chancellor', 'RN', 'Rook + Knight.')],
  drops: false, imitation: false,
  start_fen: 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1', move_style: 'dash',
  promotions: ['Q', 'R', 'B', 'N', 'A', 'C'],
};

const shogi = {
  id: 'shogi', name: 'Shogi', family: 'Shogi', description: 'Japanese chess: drops and promotion zones.',
  board: { files: 9, ranks: 9, levels: 1, level_letters: '', cells: rect(9, 9) },
  regions: [{ name: 'promotion zone', kind: 'promotion', white: ranksOf(9, 7, 9), black: ranksOf(9, 1, 3) }],
  pieces: [
    P('K', 'King', 'K', 'One step in any direction. Royal.', true),
    P('R', 'Rook', 'R', 'Slides orthogonally.'), P('B', 'Bishop', 'B', 'Slides diagonally.'),
    P('G', 'Gold', 'WfF', 'Gold general.'), P('S', 'Silver', 'FfW', 'Silver general.'),
    P('N', 'Knight', 'ffN', 'Shogi knight: leaps two forward and one sideways.'),
    P('L', 'Lance', 'fR', 'Slides straight forward.'), P('P', 'Pawn', 'fW', 'One step forward.'),
    P('+R', 'Dragon King', 'RF', 'Promoted rook.'), P('+B', 'Dragon Horse', 'BW', 'Promoted bishop.'),
    P('+S', 'Promoted Silver', 'WfF', 'Moves as a Gold.'), P('+N', 'Promoted Knight', 'WfF', 'Moves as a Gold.'),
    P('+L', 'Promoted Lance', 'WfF', 'Moves as a Gold.'), P('+P', 'Tokin', 'WfF', 'Promoted pawn; moves as a Gold.'),
  ],
  drops: true, imitation: false,
  start_fen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1', move_style: 'dash',
  promotions: ['+'],
};

const MO = [
  ['A', 'Antelope', '(3,4)', 'Leaps (3,4).'], ['B', 'Bishop', 'B', 'Diagonal slider.'],
  ['C', 'Camelrider', 'CC', 'Rides (3,1) leaps.'], ['D', 'Dabbaba', 'D', 'Leaps (2,0).'],
  ['E', 'Elephant', 'A', 'Leaps (2,2).'], ['F', 'Foxhound', 'B + Fox', 'Bishop plus the doubly bent Fox.'],
  ['G', 'Gamewarden', 'Z(1,4)', 'Leaps (3,2) and (4,1).'], ['H', 'Halberd', 'ADK + odd queen', 'Harlequin + Alibaba.'],
  ['I', 'Infanta', 'RA', 'Rook plus Elephant leap.'], ['J', 'Joker', '(imitates)', 'Moves like the type the opponent moved last.'],
  ['K', 'King', 'K', 'Royal; castles.', true], ['L', 'Lookout', 'N(1,4)', 'Leaps (2,1) and (4,1).'],
  ['M', 'Muezzin', 'C(1,4)', 'Leaps (3,1) and (4,1).'], ['N', 'Nightrider', 'NN', 'Rides knight leaps.'],
  ['P', 'Pawn', 'fmWfcF', 'Pawn with a Eurofighter double step.'], ['Q', 'Queen', 'Q', 'Slides in 8 directions.'],
  ['R', 'Rook', 'R', 'Orthogonal slider.'], ['S', 'Shewolf', 'R + Wolf', 'Rook plus the doubly bent Wolf.'],
  ['T', 'Tank', 'mQpcQ', 'Moves as a Queen, captures by hopping a screen.'], ['U', 'Ung', 'Rose + Camel-Rose', 'Curved rider.'],
  ['V', 'Vixen', 'R + Fox', 'Rook plus Fox.'], ['W', 'Wolfhound', 'B + Wolf', 'Bishop plus Wolf.'],
  ['Y', 'Yeoman', 'fmFfcW', 'Berolina-style pawn.'], ['Z', 'Zebrarider', 'ZZ', 'Rides (3,2) leaps.'],
];

const missingOx = {
  id: 'missing-ox', name: 'Missing Ox Chess', family: 'Seed games', description: '16x12 with 24 piece types and a Joker.',
  board: { files: 16, ranks: 12, levels: 1, level_letters: '', cells: rect(16, 12) },
  regions: [{ name: 'promotion zone', kind: 'promotion', white: ranksOf(16, 9, 12), black: ranksOf(16, 1, 4) }],
  pieces: MO.map(([t, n, b, d, r]) => P(t, n, b, d, !!r)), drops: false, imitation: true,
  start_fen: 'rnbcizhqktzjcbnr/dlemegdaudgemeld/sdfewevddvewefds/pyyppyyppyyppyyp/16/16/16/16/PYYPPYYPPYYPPYYP/SDFEWEVDDVEWEFDS/DLEMEGDAUDGEMELD/RNBCIZHQKTZJCBNR w ABCDEFGHabcdefgh - 0 1 -',
  move_style: 'dash', promotions: ['Q', 'R', 'B', 'N', 'A', 'C', 'Z'],
};

function bigOuterCells() {
  const cells = rect(12, 12);
  cells.push({ name: 'C1', x: -1, y: -1, z: 0 }, { name: 'C2', x: 12, y: -1, z: 0 }, { name: 'C3', x: 12, y: 12, z: 0 }, { name: 'C4', x: -1, y: 12, z: 0 });
  return cells;
}
const central = [], mid = [];
for (let x = 2; x <= 9; x++) for (let y = 2; y <= 9; y++) {
  const n = `${FILES[x]}${y + 1}`;
  if (x >= 4 && x <= 7 && y >= 4 && y <= 7) central.push(n); else mid.push(n);
}
const bigOuter = {
  id: 'big-outer', name: 'Big Outer Chess', family: 'Seed games', description: '12x12 plus four corner cells; zone-dependent pieces.',
  board: { files: 12, ranks: 12, levels: 1, level_letters: '', cells: bigOuterCells() },
  regions: [
    { name: 'central', kind: 'zone', white: central, black: central },
    { name: 'mid', kind: 'zone', white: mid, black: mid },
    { name: 'promotion', kind: 'promotion', white: ranksOf(12, 12, 12), black: ranksOf(12, 1, 1) },
  ],
  pieces: [
    ...CHESS_PIECES.filter((p) => p.token !== 'N'),
    P('M', 'Matriarch', 'Q (zone-dependent)', 'Queen move; at most 6 cells from the mid zone, 3 from the centre.'),
    P('G', 'Guard', 'FC', 'Ferz step or Camel leap.'),
    P('J', 'Jumper', 'KHG / KDA / K', 'King step plus zone-dependent leaps.'),
    P('N', 'Knight', 'N / CA / Z(1,4)', 'Outer Knight: leap depends on its zone.'),
  ],
  drops: false, imitation: false,
  start_fen: 'jrmgbkqbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JRMGBKQBGMRJ NNnn w BKbk - 0 1',
  move_style: 'dash', promotions: ['Q', 'R', 'B', 'G', 'M', 'J', 'N'],
};

const joshua = {
  id: 'joshua', name: "Joshua's Chess", family: 'Seed games', description: '12x12 FIDE army with hooking line pieces.',
  board: { files: 12, ranks: 12, levels: 1, level_letters: '', cells: rect(12, 12) },
  regions: [{ name: 'promotion', kind: 'promotion', white: ranksOf(12, 12, 12), black: ranksOf(12, 1, 1) }],
  pieces: CHESS_PIECES, drops: false, imitation: false,
  start_fen: '2rnbqkbnr2/2pppppppp2/12/12/12/12/12/12/12/12/2PPPPPPPP2/2RNBQKBNR2 w - - 0 1', move_style: 'dash',
  promotions: ['Q', 'R', 'B', 'N'],
};

const MIT = [
  ['K', 'King', 'K', 'Royal; River-restricted.', true], ['Q', 'Queen', 'Q', 'River-restricted.'],
  ['W', 'Gnu', 'NC', 'Knight + Camel leaps; River-restricted.'], ['R', 'Rook', 'R', ''], ['B', 'Bishop', 'B', ''],
  ['N', 'Knight', 'N', ''], ['C', 'Camel', 'C', 'Leaps (1,3).'], ['I', 'Princess', 'fRfB', 'Forward-only Queen.'],
  ['L', 'Wing', 'fR', 'Shogi lance.'], ['M', 'Mitre', 'fB', 'Forward-only Bishop.'], ['X', 'Handyman', 'ffNffC', 'Forward-only Gnu.'],
  ['H', 'Helm', 'ffN', 'Shogi knight.'], ['U', 'Hump', 'ffC', 'Forward-only Camel.'], ['P', 'Pawn', 'fmWfcF', 'No double step.'],
  ['J', 'Prince', 'K', 'Non-royal King.'], ['G', 'Gold', 'WfF', 'Gold general.'], ['S', 'Silver', 'FfW', 'Silver general.'],
  ['D', 'Chatelaine', 'RF', 'Dragon King.'], ['V', 'Primate', 'BW', 'Dragon Horse.'],
];
const mitregiRiver = [...ranksOf(11, 4, 5), ...ranksOf(11, 7, 8)];
const mitregi = {
  id: 'gnuqi-mitregi', name: 'Gnuqi Mitregi', family: 'Mitregi', description: 'Rivers; Shogi-style promotion to generals and dragons; drops.',
  board: { files: 11, ranks: 11, levels: 1, level_letters: '', cells: rect(11, 11) },
  regions: [
    { name: 'camp', kind: 'camp', white: ranksOf(11, 1, 4), black: ranksOf(11, 8, 11) },
    { name: 'river', kind: 'river', white: ranksOf(11, 4, 5), black: ranksOf(11, 7, 8) },
  ],
  pieces: MIT.map(([t, n, b, d, r]) => P(t, n, b, d, !!r)), drops: true, imitation: false,
  start_fen: 'lhuux1immhl/1rnbbkccnr1/2q5w2/ppppppppppp/11/11/11/PPPPPPPPPPP/2Q5W2/1RNBBKCCNR1/LHUUX1IMMHL[] w KQkq - 0 1',
  move_style: 'dash', promotions: ['G', 'S'],
};
void mitregiRiver;

function cubeCells() {
  const cells = [];
  const L = 'uvwxyz';
  for (let z = 0; z < 6; z++) for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) cells.push({ name: `${L[z]}${FILES[x]}${y + 1}`, x, y, z });
  return cells;
}
const cubeRanks = (r) => cubeCells().filter((c) => c.y === r - 1).map((c) => c.name);
const NICHT = [
  ['R', 'Rook', 'R (3-D: 6 directions)', 'Rides through the faces of the cell.'],
  ['B', 'Bishop', 'B (3-D: 12 directions)', 'Rides through the edges of the cell.'],
  ['U', 'Unicorn', 'U (3-D: 8 triagonals)', 'Rides through the corners of the cell.'],
  ['Q', 'Queen', 'R+B (18 directions)', 'Rook + Bishop.'], ['D', 'Duchess', 'R+U (14 directions)', 'Rook + Unicorn.'],
  ['G', 'Governor', 'B+U (20 directions)', 'Bishop + Unicorn.'],
  ['*R', 'Dabbaba', 'D (3-D)', 'Two-cell orthogonal leap.'], ['*B', 'Elephant', 'A (3-D)', 'Two-cell diagonal leap.'],
  ['*U', 'Eunuch', '2·V8', 'Two-cell triagonal leap.'], ['*Q', 'Alibaba', 'DA (3-D)', 'Dabbaba + Elephant.'],
  ['*D', 'Dybbuk', '2·W6 + 2·V8', 'Dabbaba + Eunuch.'], ['*G', 'Elk', '2·F12 + 2·V8', 'Elephant + Eunuch.'],
  ['P', 'Stockpoint', 'ring step', 'Forward step keeping to its ring of files.'],
  ['*P', 'Stockfwazir', 'ring steps + sF', 'Promoted Stockpoint.'],
];
const nicht = {
  id: 'elefant', name: 'Elefantnichtschach', family: 'Nichtschach', description: '6x6x6 cube; captured pieces flip and return by drop; no royal piece.',
  board: { files: 6, ranks: 6, levels: 6, level_letters: 'uvwxyz', cells: cubeCells() },
  regions: [{ name: 'promotion', kind: 'promotion', white: cubeRanks(6), black: cubeRanks(1) }],
  pieces: NICHT.map(([t, n, b, d]) => P(t, n, b, d)), drops: true, imitation: false,
  start_fen: 'elefant rubbur/pppppp/6/6/PPPPPP/RUBBUR|*r*u*b*b*u*r/pppppp/6/6/PPPPPP/*R*U*B*B*U*R|dg*qq*g*d/pppppp/6/6/PPPPPP/DG*QQ*G*D|*d*gq*qgd/pppppp/6/6/PPPPPP/*D*GQ*QGD|*r*u*b*b*u*r/pppppp/6/6/PPPPPP/*R*U*B*B*U*R|rubbur/pppppp/6/6/PPPPPP/RUBBUR w - 0 1',
  move_style: 'concat', promotions: [],
};

const big16 = {
  id: 'big16', name: 'Sixteen (mock)', family: 'Mock only', description: 'A 16x16 test board with nightriders and zebras.',
  board: { files: 16, ranks: 16, levels: 1, level_letters: '', cells: rect(16, 16) },
  regions: [{ name: 'camp', kind: 'camp', white: ranksOf(16, 1, 3), black: ranksOf(16, 14, 16) }],
  pieces: [...CHESS_PIECES, P('Z', 'Zebra', 'Z', 'Leaps (3,2).'), P('H', 'Nightrider', 'NN', 'Rides knight leaps.'), P('G', 'Grasshopper', 'gQ', 'Hops over a piece and lands just beyond it.')],
  drops: false, imitation: false,
  start_fen: 'rnbqzhgkkghzqbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQZHGKKGHZQBNR w - - 0 1',
  move_style: 'dash', promotions: ['Q'],
};
big16.start_fen = 'rnbqzhgkqghzqbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQZHGKQGHZQBNR w - - 0 1';

export const VARIANTS = [chess, capablanca, shogi, missingOx, bigOuter, joshua, mitregi, nicht, big16];
