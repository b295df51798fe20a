// Browser tests of the web app against the real server (release binary, temporary data
// directory, free port), driven through the stable hooks of web/README.md.
//   cargo build --release -p menagerie && cd tests/e2e && npm ci && npm test
// or simply scripts/e2e.sh.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, launchBrowser, tempDataDir, api } from './harness.mjs';

const dataDir = tempDataDir();
let server, browser, page, base;
const pageErrors = [];

const status = () => page.getByTestId('status').textContent();
/** Opens a game and waits until its board (not the previous one) is shown. */
async function openGame(id) {
  await page.goto(`${base}/#/game/${id}`);
  await page.locator(`[data-testid=board][data-game="${id}"]`).waitFor();
}
/** Waits until the move list shows `n` plies. */
const plies = (n) => page.getByTestId(`move-${n}`).waitFor();
const tokenAt = (cell) => page.getByTestId(`piece-${cell}`).getAttribute('data-token');
const click = async (...cells) => { for (const c of cells) await page.getByTestId(`cell-${c}`).click(); };

before(async () => {
  server = await startServer({ dataDir });
  base = server.base;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(e));
});

after(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  assert.deepEqual(pageErrors.map(String), [], 'no script errors in the page');
});

test('home: variants by family; chess against the engine by clicking', async () => {
  await page.goto(base + '/');
  await page.getByTestId('family-classic').waitFor();
  for (const id of ['chess', 'capablanca', 'shogi', 'cube']) await page.getByTestId(`variant-${id}`).waitFor();
  await page.getByTestId('variant-chess').click();
  assert.match(await page.getByTestId('chosen-variant').textContent(), /Chess/);
  await page.getByTestId('side-white').click();
  await page.getByTestId('time-500').click();
  await page.getByTestId('start-game').click();
  await page.getByTestId('cell-e2').waitFor();
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 64);
  await page.getByTestId('cell-e2').click();
  assert.equal(await page.getByTestId('cell-e4').getAttribute('class').then((c) => /target/.test(c)), true);
  await page.getByTestId('cell-e4').click();
  assert.equal(await tokenAt('e4'), 'P');
  await plies(2); // the engine answered
  assert.match(await status(), /Your move \(White\)/);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'e2e4');
  // Piece help with the server's move diagram.
  await page.getByTestId('legend-N').click();
  await page.getByTestId('piece-diagram').locator('[data-diagram-cell]').first().waitFor();
  assert.match(await page.getByTestId('piece-help-name').textContent(), /Knight/);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=piece-diagram] .target, [data-testid=piece-diagram] [class*=target]').length >= 8);
});

test('engine progress, history browsing and errors', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'engine', engine: { movetime_ms: 1500 } });
  await openGame(g.id);
  await click('d2', 'd4');
  await page.getByTestId('engine-info').waitFor({ state: 'visible' });
  await page.getByTestId('engine-depth').waitFor();
  await plies(2);
  await page.getByTestId('move-1').click();
  await page.getByTestId('history-banner').waitFor({ state: 'visible' });
  assert.equal(await tokenAt('d4'), 'P');
  assert.equal(await page.getByTestId('piece-d2').count(), 0);
  await page.getByTestId('back-to-game').click();
  await page.getByTestId('history-banner').waitFor({ state: 'hidden' });
  await page.getByTestId('move-input').fill('d4d6');
  await page.getByTestId('move-submit').click();
  await page.getByTestId('error').waitFor();
  assert.match(await page.getByTestId('error').textContent(), /not a legal move/);
  assert.equal(await page.getByTestId('move-3').count(), 0);
});

test('promotion chooser (chess)', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human', fen: 'k7/4P3/8/8/8/8/8/K7 w - - 0 1' });
  await openGame(g.id);
  await click('e7', 'e8');
  await page.getByTestId('promotion-chooser').waitFor();
  assert.match(await page.getByTestId('promote-N').textContent(), /Knight/);
  await page.getByTestId('promote-N').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-e8]')?.getAttribute('data-token') === 'N');
  assert.match(await status(), /Black to move/);
});

test('large board: Capablanca against the engine', async () => {
  const g = await api(base, '/api/games', { variant: 'capablanca', white: 'human', black: 'engine', engine: { movetime_ms: 500 } });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 80);
  assert.equal(await tokenAt('c1'), 'A');
  await click('i1', 'h3');
  await plies(2);
  assert.equal(await tokenAt('h3'), 'N');
  assert.match(await status(), /Your move/);
});

test('16x12 seed game: Missing Ox Chess against the engine, the Joker\'s imitation shown', async () => {
  const g = await api(base, '/api/games', { variant: 'missing-ox', white: 'human', black: 'engine', engine: { movetime_ms: 500 } });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 192);
  assert.equal(await tokenAt('l1'), 'J');
  await click('a4');
  const targets = await page.locator('[data-testid=board] .target').count();
  assert.equal(targets, 2, 'the a4 pawn has a one- and a two-step move');
  await click('a6');
  assert.equal(await tokenAt('a6'), 'P');
  await plies(2);
  assert.match(await status(), /Your move/);
  // The engine's move was the last one: the Joker imitates the piece it moved.
  const st = await api(base, `/api/games/${g.id}`);
  const imitated = st.fen.split(' ').pop();
  assert.notEqual(imitated, '-');
  await page.getByTestId('imitation').waitFor({ state: 'visible' });
  assert.match(await page.getByTestId('imitation').textContent(), /Joker imitates/);
});

test('shogi: drop from the hand, promotion with "+", engine answers', async () => {
  const g = await api(base, '/api/games', {
    variant: 'shogi', white: 'human', black: 'engine', engine: { movetime_ms: 500 },
    fen: 'lnsgkgsnl/1r5b1/ppppp1ppp/5P3/9/9/PPPPP1PPP/1B5R1/LNSGKGSNL[P] w - - 0 1',
  });
  await openGame(g.id);
  assert.equal(await page.getByTestId('hand-white-P').getAttribute('data-count'), '1');
  // Promotion: the pawn on f6 enters the zone.
  await click('f6', 'f7');
  await page.getByTestId('promotion-chooser').waitFor();
  assert.match(await page.getByTestId('promote-+').textContent(), /Gold/);
  await page.getByTestId('promote-+').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-f7]')?.getAttribute('data-token') === '+P');
  await plies(2);
  // Drop the pawn from the hand (not on the e-file: no two unpromoted pawns on a file).
  const st = await api(base, `/api/games/${g.id}`);
  const drops = st.legal.filter((m) => m.drop === 'P').map((m) => m.to);
  assert.ok(!drops.includes('e5') && drops.includes('f5'), drops.join(' '));
  await page.getByTestId('hand-white-P').click();
  await click('f5');
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-f5]')?.getAttribute('data-token') === 'P');
  assert.equal(await page.getByTestId('move-3').getAttribute('data-uci'), 'P@f5');
  await plies(4);
});

test('Othello and Ataxx: a stone dropped from the hand, the Pass button, clones from an endless hand', async () => {
  // Black has no drop here and must pass; White then fills the board.
  const g = await api(base, '/api/games', {
    variant: 'flipello', white: 'human', black: 'human',
    fen: 'PppppppP/PppPPppP/pPPPpppP/pPPppppP/pppppppP/pppppppP/pppppPPP/pPp1PPPP[PP] b - - 0 30',
  });
  await openGame(g.id);
  await page.getByTestId('btn-pass').click();
  await plies(1);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'a1a1');
  // White has a drop, so no pass is offered.
  assert.equal(await page.getByTestId('btn-pass').count(), 0);
  await page.getByTestId('hand-white-P').click();
  await click('d1');
  await plies(2);
  assert.equal(await tokenAt('c1'), 'P');
  await page.waitForFunction(() => /draw/i.test(document.querySelector('[data-testid=status]')?.textContent || ''));
  // Ataxx: the hand holds a stone that never runs out; a clone turns the stones around it.
  const a = await api(base, '/api/games', { variant: 'ataxx', white: 'human', black: 'human' });
  await openGame(a.id);
  assert.match(await page.getByTestId('hand-white-P').getAttribute('title'), /∞/);
  await page.getByTestId('hand-white-P').click();
  await click('f2');
  await plies(1);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'P@f2');
  assert.equal(await tokenAt('f2'), 'P');
});

test('3D board: cube variant, move, engine answer and promotion', async () => {
  const g = await api(base, '/api/games', { variant: 'cube', white: 'human', black: 'engine', engine: { movetime_ms: 500 } });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 64);
  for (const l of ['u', 'v', 'w', 'x']) await page.getByTestId(`level-${l}`).waitFor();
  assert.equal(await tokenAt('wb1'), 'K');
  await click('wa2', 'wa3');
  assert.equal(await tokenAt('wa3'), 'P');
  await plies(2);
  const p = await api(base, '/api/games', { variant: 'cube', white: 'human', black: 'human', fen: '4/4/4/4|2k1/4/4/4|4/P3/4/1K2|4/4/4/4 w 0 1' });
  await openGame(p.id);
  await click('wa3', 'wa4');
  await page.getByTestId('promotion-chooser').waitFor();
  await page.getByTestId('promote-U').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-wa4]')?.getAttribute('data-token') === 'U');
});

test('Mitregi: 11x11 with shaded camps, a drop from the hand, engine answers', async () => {
  const fen = 'lhu4m3/1rnb1k1c3/2q5w2/ppp2pppppp/11/11/11/PPP2PPPPPP/2Q5W2/1RNB1K1C3/LHU4M3[RBNCILMXHUPPrbncilmxhupp] w Qq - 0 20';
  const g = await api(base, '/api/games', { variant: 'gnuqi-mitregi', white: 'human', black: 'engine', engine: { movetime_ms: 500 }, fen });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 121);
  assert.ok(await page.locator('[data-testid=board] .region').count() >= 88, 'both four-rank camps are shaded');
  // The Rivers: the front edges of both camps (11 cells wide each) are drawn as lines.
  assert.equal(await page.locator('[data-testid=board] .region-edge').count(), 22);
  // ... and named, from the variant's data: the camps and their edge, the River.
  assert.match(await page.getByTestId('region-camp').textContent(), /Enemy camp/);
  assert.match(await page.getByTestId('region-edge-camp').textContent(), /^River: the line drawn along the border of the enemy camp/);
  assert.equal(await page.getByTestId('hand-white-N').getAttribute('data-count'), '1');
  const st = await api(base, `/api/games/${g.id}`);
  const knightDrops = st.legal.filter((m) => m.drop === 'N').map((m) => m.to);
  assert.ok(knightDrops.includes('f6'), knightDrops.join(' '));
  await page.getByTestId('hand-white-N').click();
  assert.equal(await page.locator('[data-testid=board] .target').count(), knightDrops.length, 'every legal Knight drop is highlighted');
  await click('f6');
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-f6]')?.getAttribute('data-token') === 'N');
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'N@f6');
  assert.equal(await page.getByTestId('hand-white-N').count(), 0, 'the hand no longer holds a Knight');
  await plies(2);
  assert.match(await status(), /Your move \(White\)/);
});

test('Nichtschach: the 6x6x6 board as six levels, a move across levels, a drop, engine answers', async () => {
  const g = await api(base, '/api/games', { variant: 'elefantnichtschach', white: 'human', black: 'engine', engine: { movetime_ms: 500 } });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 216);
  for (const l of ['u', 'v', 'w', 'x', 'y', 'z']) await page.getByTestId(`level-${l}`).waitFor();
  assert.equal(await tokenAt('vc1'), '*B');
  // The Stockbishop on vc1 leaps two cells diagonally to another level: xc3 is highlighted.
  await click('vc1');
  assert.match(await page.getByTestId('cell-xc3').getAttribute('class'), /target/);
  assert.match(await page.getByTestId('cell-ve3').getAttribute('class'), /target/);
  await click('xc3');
  assert.equal(await tokenAt('xc3'), '*B');
  assert.equal(await page.getByTestId('piece-vc1').count(), 0);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'vc1xc3');
  await plies(2);
  assert.match(await status(), /Your move \(White\)/);
  // Pieces in hand (the spec's position string): drop the General.
  const fen = 'rubbur/pppppp/2B3/6/PPPPPP/RUB1UR|*r*u*b*b*u*r/p1pqpp/2pp2/3P2/PPP2P/*R*U*B*B*U*R|dg*p2*d/pppppp/2*q3/3b2/PPPPPP/DG*QQ*G*D|*d1q*qgd/pppppp/6/6/PPPPPP/*D*GQ*QGD|*r*u*g*b*u*r/ppp1pp/6/P1P3/P1PPPP/*R*U*B*B*U*R|rub1ur/pppppp/6/6/1PPPPP/RUBBUR w *PG*b 0 9';
  const d = await api(base, '/api/games', { variant: 'elefantnichtschach', white: 'human', black: 'human', fen });
  await openGame(d.id);
  assert.equal(await page.getByTestId('hand-white-G').getAttribute('data-count'), '1');
  const drops = d.legal.filter((m) => m.drop === 'G').map((m) => m.to);
  assert.ok(drops.length > 0);
  await page.getByTestId('hand-white-G').click();
  assert.equal(await page.locator('[data-testid=board] .target').count(), drops.length);
  await click(drops[0]);
  await page.waitForFunction((c) => document.querySelector(`[data-testid=piece-${c}]`)?.getAttribute('data-token') === 'G', drops[0]);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), `G@${drops[0]}`);
  assert.match(await status(), /Black to move/);
});

test('resign, draw agreement, undo and PGN export', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' });
  await openGame(g.id);
  await click('e2', 'e4');
  await plies(1);
  await page.getByTestId('btn-undo').click();
  await page.getByTestId('move-1').waitFor({ state: 'detached' });
  await page.getByTestId('btn-draw').click();
  await page.getByTestId('draw-accept').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.reason === 'agreement');
  await page.getByTestId('btn-pgn').click();
  await page.getByTestId('text-dialog').waitFor();
  const pgn = await page.getByTestId('text-output').inputValue();
  assert.match(pgn, /\[Variant "chess"\]/);
  assert.match(pgn, /\[Result "1\/2-1\/2"\]/);
  await page.getByTestId('text-close').click();
  const r = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'engine' });
  await openGame(r.id);
  await page.getByTestId('btn-resign').click();
  await page.getByTestId('resign-confirm').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.over === 'true');
  assert.match(await page.getByTestId('game-over').textContent(), /0-1/);
});

test('PGN import through the dialog', async () => {
  await page.goto(base + '/');
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-pgn').fill('[Variant "capablanca"]\n\n1. e2e4 e7e5 2. i1h3 *');
  await page.getByTestId('import-submit').click();
  await page.getByTestId('move-3').waitFor();
  assert.equal(await tokenAt('h3'), 'N');
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-pgn').fill('1. e2e5');
  await page.getByTestId('import-submit').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=import-error]')?.textContent.length > 0);
  assert.match(await page.getByTestId('import-error').textContent(), /e2e5/);
  await page.getByTestId('import-cancel').click();
});

test('a game resumes after a restart, and the engine resumes thinking', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'engine', engine: { movetime_ms: 300 } });
  await openGame(g.id);
  await click('g1', 'f3');
  await plies(2);
  const before = await api(base, `/api/games/${g.id}`);
  // The engine (white) thinks for a long time when the server is killed.
  const t = await api(base, '/api/games', { variant: 'capablanca', white: 'engine', black: 'human', engine: { movetime_ms: 3000 } });
  assert.equal(t.engine.thinking, true);
  await new Promise((r) => setTimeout(r, 300));
  const thinking = await api(base, `/api/games/${t.id}`);
  assert.equal(thinking.engine.thinking, true, 'still thinking when the server dies');
  assert.equal(thinking.moves.length, 0);
  await server.stop('SIGKILL');
  server = await startServer({ dataDir, port: server.port });
  base = server.base;
  await page.goto(base + '/');
  await page.getByTestId(`recent-${g.id}`).click();
  await page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
  await plies(2);
  const after = await api(base, `/api/games/${g.id}`);
  assert.equal(after.fen, before.fen);
  assert.deepEqual(after.moves, before.moves);
  await click('e2', 'e4');
  await plies(4);
  // The other game: its engine thinks again after the restart and moves.
  await openGame(t.id);
  await page.getByTestId('move-1').waitFor({ timeout: 15000 });
  assert.match(await status(), /Your move \(Black\)/);
});
