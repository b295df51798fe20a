// End-to-end smoke tests of the web UI against the mock server, with node's test runner
// and Debian's chromium through playwright-core (no browser download):
//   cd web/dev && npm install && node --test e2e.mjs
// Set CHROMIUM=/path/to/chromium to use another binary. The tests only use the stable
// hooks documented in web/README.md (data-testid, data-cell, data-token).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = 18000 + Math.floor(Math.random() * 2000);
const BASE = `http://127.0.0.1:${PORT}`;
let server, browser, page;

async function api(p, body) {
  const res = await fetch(BASE + p, { method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return res.json();
}
const status = () => page.getByTestId('status').textContent();
/** Opens a game and waits until its board (not the previous one) is shown. */
async function openGame(id) {
  await page.goto(`${BASE}/#/game/${id}`);
  await page.locator(`[data-testid=board][data-game="${id}"]`).waitFor();
}

before(async () => {
  server = spawn(process.execPath, [path.join(here, 'mock-server.mjs'), '--port', String(PORT), '--fast'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => server.stdout.once('data', resolve));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => { throw e; });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

test('home lists variants by family and starts a game', async () => {
  await page.goto(BASE + '/');
  await page.getByTestId('variant-big-outer').click();
  assert.match(await page.getByTestId('chosen-variant').textContent(), /Big Outer Chess/);
  await page.getByTestId('side-humans').click();
  await page.getByTestId('start-game').click();
  await page.getByTestId('cell-C1').waitFor();
  assert.equal(await page.getByTestId('piece-C1').getAttribute('data-token'), 'N');
  assert.match(await status(), /White to move/);
});

test('click-to-move, engine reply, history browsing', async () => {
  const g = await api('/api/games', { variant: 'chess', white: 'human', black: 'engine' });
  await openGame(g.id);
  await page.getByTestId('cell-e2').click();
  await page.getByTestId('cell-e3').click();
  await page.getByTestId('move-2').waitFor();
  assert.match(await status(), /Your move \(White\)/);
  assert.equal(await page.getByTestId('piece-e3').getAttribute('data-token'), 'P');
  await page.getByTestId('move-1').click();
  await page.getByTestId('history-banner').waitFor({ state: 'visible' });
  await page.getByTestId('back-to-game').click();
  await page.getByTestId('history-banner').waitFor({ state: 'hidden' });
});

test('promotion chooser', async () => {
  const g = await api('/api/games', { variant: 'chess', white: 'human', black: 'human', fen: 'k7/4P3/8/8/8/8/8/K7 w - - 0 1' });
  await openGame(g.id);
  await page.getByTestId('cell-e7').click();
  await page.getByTestId('cell-e8').click();
  await page.getByTestId('promotion-chooser').waitFor();
  await page.getByTestId('promote-N').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-e8]')?.getAttribute('data-token') === 'N');
});

test('drop from the hand', async () => {
  const g = await api('/api/games', { variant: 'shogi', white: 'human', black: 'human', fen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[P] w - - 0 1' });
  await openGame(g.id);
  assert.equal(await page.getByTestId('hand-white-P').getAttribute('data-count'), '1');
  await page.getByTestId('hand-white-P').click();
  await page.getByTestId('cell-e5').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=piece-e5]')?.getAttribute('data-token') === 'P');
  assert.equal(await page.getByTestId('hand-white-P').count(), 0);
});

test('server errors are shown without losing the game', async () => {
  const g = await api('/api/games', { variant: 'joshua', white: 'human', black: 'human' });
  await openGame(g.id);
  await page.getByTestId('move-input').fill('a1a9');
  await page.getByTestId('move-submit').click();
  await page.getByTestId('error').waitFor();
  assert.match(await page.getByTestId('error').textContent(), /illegal move/);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 144);
});

test('resignation shows the result', async () => {
  const g = await api('/api/games', { variant: 'elefant', white: 'human', black: 'human' });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').locator('[data-cell]').count(), 216);
  await page.getByTestId('btn-resign').click();
  await page.getByTestId('resign-confirm').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.over === 'true');
  assert.match(await status(), /Black wins/);
  assert.match(await page.getByTestId('game-over').textContent(), /0-1/);
});

test('draw offer between humans, undo, flip', async () => {
  const g = await api('/api/games', { variant: 'capablanca', white: 'human', black: 'human' });
  await openGame(g.id);
  await page.getByTestId('cell-e2').click();
  await page.getByTestId('cell-e3').click();
  await page.getByTestId('move-1').waitFor();
  await page.getByTestId('btn-undo').click();
  await page.getByTestId('move-1').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('piece-e2').getAttribute('data-token'), 'P');
  assert.equal(await page.getByTestId('board').getAttribute('data-flipped'), 'false');
  await page.getByTestId('btn-flip').click();
  assert.equal(await page.getByTestId('board').getAttribute('data-flipped'), 'true');
  await page.getByTestId('btn-draw').click(); // White offers; Black (human) answers
  await page.getByTestId('draw-accept').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.reason === 'agreement');
  assert.match(await status(), /Draw agreed/);
});

test('PGN export and FEN import', async () => {
  const g = await api('/api/games', { variant: 'chess', white: 'human', black: 'human' });
  await openGame(g.id);
  await page.getByTestId('btn-pgn').click();
  await page.getByTestId('text-dialog').waitFor();
  assert.match(await page.getByTestId('text-output').inputValue(), /\[Variant "chess"\]/);
  await page.getByTestId('text-close').click();
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-tab-fen').click();
  await page.getByTestId('import-fen').fill('k7/8/8/8/8/8/8/K6R w - - 0 1');
  await page.getByTestId('import-submit').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=board]')?.dataset.game !== undefined
    && document.querySelectorAll('[data-testid=board] [data-testid^=piece-]').length === 3);
  assert.equal(await page.getByTestId('piece-h1').getAttribute('data-token'), 'R');
});

test('bad FEN import keeps the dialog open with the server message', async () => {
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-tab-fen').click();
  await page.getByTestId('import-fen').fill('not a fen');
  await page.getByTestId('import-submit').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=import-error]')?.textContent.length > 0);
  await page.getByTestId('import-cancel').click();
});
