// SAN in the browser against the real server: the move box takes SAN, the move list,
// PGN export and the engine's PV are in SAN, a lichess-format PGN imports through the
// dialog and exports with the same tags and moves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, tempDataDir, api, root } from './harness.mjs';

const dataDir = tempDataDir();
let server, browser, page, base;
const pageErrors = [];
const SAN = /^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?$/;

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

async function openGame(id) {
  await page.goto(`${base}/#/game/${id}`);
  await page.locator(`[data-testid=board][data-game="${id}"]`).waitFor();
}
async function type(text) {
  await page.getByTestId('move-input').fill(text);
  await page.getByTestId('move-submit').click();
}
const moveText = (n) => page.getByTestId(`move-${n}`).textContent();

test('the move box takes SAN; the move list and the PGN are in SAN', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' });
  await openGame(g.id);
  const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Bxc6', 'dxc6', 'O-O'];
  for (const [i, m] of moves.entries()) {
    await type(m);
    await page.getByTestId(`move-${i + 1}`).waitFor();
  }
  for (const [i, m] of moves.entries()) assert.equal(await moveText(i + 1), m);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'e2e4');
  // An illegal SAN move is refused with the reader's message.
  await type('Qh5');
  await page.getByTestId('error').waitFor();
  assert.match(await page.getByTestId('error').textContent(), /not a legal move/);
  await page.getByTestId('btn-pgn').click();
  const pgn = await page.getByTestId('text-output').inputValue();
  assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 a6 4\. Bxc6 dxc6 5\. O-O \*/);
  await page.getByTestId('text-close').click();
});

test('the engine PV is in SAN', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'engine', engine: { movetime_ms: 1500 } });
  await openGame(g.id);
  await type('d4');
  await page.getByTestId('engine-pv').waitFor({ timeout: 15000 });
  const pv = (await page.getByTestId('engine-pv').textContent()).trim().split(/\s+/);
  assert.ok(pv.length >= 1 && pv.every((w) => SAN.test(w)), pv.join(' '));
  await page.getByTestId('move-2').waitFor({ timeout: 15000 });
  assert.match(await moveText(2), SAN);
});

test('a lichess PGN imports through the dialog and exports the same tags and moves', async () => {
  const text = fs.readFileSync(path.join(root, 'crates', 'server', 'tests', 'data', 'immortal-lichess.pgn'), 'utf8');
  await page.goto(base + '/');
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-pgn').fill(text);
  await page.getByTestId('import-submit').click();
  await page.getByTestId('move-45').waitFor();
  assert.equal(await moveText(45), 'Be7#');
  assert.equal(await page.getByTestId('status').getAttribute('data-reason'), 'checkmate');
  await page.getByTestId('btn-pgn').click();
  const out = await page.getByTestId('text-output').inputValue();
  await page.getByTestId('text-close').click();
  assert.deepEqual(out.trim().split(/\s+/), text.trim().split(/\s+/));
  // Variations are skipped with a note.
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-pgn').fill('[Variant "Capablanca"]\n\n1. e4 (1. d4 d5) 1... e5 {best} 2. Nh3 $1 *');
  const noted = page.waitForFunction(() => [...document.querySelectorAll('[data-testid=toast]')].some((e) => /1 variation skipped/.test(e.textContent || '')));
  await page.getByTestId('import-submit').click();
  await noted;
  await page.getByTestId('move-3').waitFor();
  assert.equal(await moveText(3), 'Nh3');
});

test('a pychess-variants PGN (crazyhouse: drops, a comment, a variation) imports through the dialog; a bad move is named', async () => {
  const text = fs.readFileSync(path.join(root, 'tests', 'data', 'pgn', 'pychess-crazyhouse.pgn'), 'utf8');
  await page.goto(base + '/');
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-pgn').fill(text);
  const noted = page.waitForFunction(() => [...document.querySelectorAll('[data-testid=toast]')].some((e) => /1 variation skipped/.test(e.textContent || '')));
  await page.getByTestId('import-submit').click();
  await noted;
  await page.getByTestId('move-70').waitFor();
  assert.equal(await moveText(5), 'N@f4');
  assert.equal(await moveText(70), 'P@d6');
  // Fairy-Stockfish's position after the 70 moves (pyffish get_fen; Menagerie writes the hands in letter order).
  const id = await page.getByTestId('board').getAttribute('data-game');
  const st = await api(base, `/api/games/${id}`);
  assert.equal(st.fen, '4k2r/1P2pp1p/3p3q/7n/3P4/1P3p1N/5P1R/4KB2[BBNNPPPPPRbppqr] w k - 0 36');
  assert.equal(await page.getByTestId('hand-white-R').getAttribute('data-count'), '1');
  // A move that is not legal is named by its number and text; the dialog stays open.
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-pgn').fill(text.replace('Rxc3 13. dxc3', 'Rxc4 13. dxc3'));
  await page.getByTestId('import-submit').click();
  await page.waitForFunction(() => /move 12\.\.\. `Rxc4`/.test(document.querySelector('[data-testid=import-error]')?.textContent || ''));
  await page.getByTestId('import-cancel').click();
});

// Western shogi notation (P-7f), files counted from the right, ranks lettered from the top,
// and Black (sente) moving first: in the move list, the move box, the PV, the labels.
const SHOGI = /^\+?[A-Z](\d[a-i])?[-x*]\d[a-i][+=]?$/;

test('shogi: moves in western notation, Black (sente) first, on the labels and the clocks', async () => {
  const g = await api(base, '/api/games', { variant: 'shogi', white: 'human', black: 'human', clock: { initial_ms: 600000, increment_ms: 0 } });
  await openGame(g.id);
  // The board reads like the notation: file 9 on the left, rank a at the top.
  const files = await page.locator('.board-svg .coord.file').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('x')), e.textContent]));
  assert.deepEqual(files.sort((a, b) => a[0] - b[0]).map((f) => f[1]), ['9', '8', '7', '6', '5', '4', '3', '2', '1']);
  const ranks = await page.locator('.board-svg .coord.rank').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('y')), e.textContent]));
  assert.deepEqual(ranks.sort((a, b) => a[0] - b[0]).map((r) => r[1]), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  assert.match(await page.getByTestId('status').textContent(), /Black to move/);
  assert.match(await page.getByTestId('clock-white').textContent(), /^Black /);
  assert.match(await page.getByTestId('clock-black').textContent(), /^White /);
  // The move box takes shogi notation (and SAN); the list shows shogi notation.
  const moves = ['P-7f', 'P-3d', 'Bx2b+', 'Sx2b', 'B*4e'];
  for (const [i, m] of moves.entries()) {
    await type(i === 1 ? 'g6' : m);
    await page.getByTestId(`move-${i + 1}`).waitFor();
  }
  for (const [i, m] of moves.entries()) assert.equal(await moveText(i + 1), m);
  assert.equal(await page.getByTestId('move-1').getAttribute('data-uci'), 'c3c4');
  assert.match(await page.getByTestId('status').textContent(), /White to move/);
  assert.equal(await page.getByTestId('hand-black').locator('.hand-label').textContent(), 'White');
  // PGN stays in SAN, the exchange form other programs read.
  await page.getByTestId('btn-pgn').click();
  const pgn = await page.getByTestId('text-output').inputValue();
  await page.getByTestId('text-close').click();
  assert.match(pgn, /\[Variant "shogi"\]/);
  // Fairy-Stockfish's SAN (pychess-variants exports it): Shogi's Pawn keeps its
  // letter, a promotion names what the piece becomes.
  assert.match(pgn, /1\. Pc4 Pg6 2\. Bxh8=H Sxh8 3\. B@f5 \*/);
  // The record in the notation players read, a move a line.
  await page.getByTestId('btn-record').click();
  const record = await page.getByTestId('text-output').inputValue();
  await page.getByTestId('text-close').click();
  assert.match(record, /^Black: Human\nWhite: Human\n   1 P-7f\n   2 P-3d\n   3 Bx2b\+\n   4 Sx2b\n   5 B\*4e\n/m);
  // Resigning names the sides as Shogi does.
  await page.getByTestId('btn-resign').click();
  await page.getByTestId('resign-confirm').click();
  await page.waitForFunction(() => /Black wins: White resigned/.test(document.querySelector('[data-testid=status]')?.textContent || ''));
});

test('shogi: the engine PV and the rules page', async () => {
  const g = await api(base, '/api/games', { variant: 'minishogi', white: 'human', black: 'engine', engine: { movetime_ms: 1500 } });
  await openGame(g.id);
  await type('P-5c');
  await page.getByTestId('engine-pv').waitFor({ timeout: 15000 });
  const pv = (await page.getByTestId('engine-pv').textContent()).trim().split(/\s+/);
  assert.ok(pv.length >= 1 && pv.every((w) => SHOGI.test(w)), pv.join(' '));
  await page.getByTestId('move-2').waitFor({ timeout: 15000 });
  assert.match(await moveText(2), SHOGI);
  await page.goto(`${base}/#/game/${(await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' })).id}`);
  await page.getByTestId('btn-pgn').waitFor();
  assert.equal(await page.getByTestId('btn-record').count(), 0, 'SAN variants need no second record');
  await page.goto(`${base}/#/rules/shogi`);
  await page.getByTestId('rules-notation').waitFor();
  assert.match(await page.getByTestId('rules-page').textContent(), /Black moves first/);
  await page.goto(`${base}/#/rules/chess`);
  await page.getByTestId('rules-page').waitFor();
  assert.match(await page.getByTestId('rules-page').textContent(), /White moves first/);
  assert.equal(await page.getByTestId('rules-notation').count(), 0);
});
