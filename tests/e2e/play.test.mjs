// Playing as on a game site (issue 22): game clocks chosen at creation, shown and kept
// across a reload, the engine playing by its clock, the flag ending the game; engine
// levels; lasting analysis. In the browser against the real server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, launchBrowser, tempDataDir, api } from './harness.mjs';

const dataDir = tempDataDir();
let server, browser, page, base;
const pageErrors = [];

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
const ms = (color) => page.getByTestId(`clock-${color}`).getAttribute('data-ms').then(Number);
const running = (color) => page.getByTestId(`clock-${color}`).getAttribute('data-running');

test('clocks: chosen at creation, charged per move with the increment, kept across a reload', async () => {
  await page.goto(base + '/');
  await page.getByTestId('variant-chess').click();
  await page.getByTestId('side-white').click();
  await page.getByTestId('clock-3+2').click();
  await page.getByTestId('clock-engine-note').waitFor();
  await page.getByTestId('start-game').click();
  await page.getByTestId('cell-e2').waitFor();
  assert.match(await page.getByTestId('clock-white').textContent(), /White 3:00/);
  assert.match(await page.getByTestId('clock-black').textContent(), /Black 3:00/);
  assert.equal(await running('white'), 'false', 'clocks start with the first move');
  assert.match(await page.getByTestId('time-control').textContent(), /3\+2/);
  await page.getByTestId('cell-e2').click();
  await page.getByTestId('cell-e4').click();
  await page.getByTestId('move-2').waitFor({ timeout: 60000 }); // the engine answered by its clock
  await page.waitForFunction(() => document.querySelector('[data-testid=clock-white]')?.getAttribute('data-running') === 'true');
  assert.equal(await running('black'), 'false');
  const id = await page.getByTestId('board').getAttribute('data-game');
  const st = await api(base, `/api/games/${id}`);
  assert.equal(st.clock.running, 'white');
  assert.ok(st.clock.white_ms > 170000 && st.clock.white_ms <= 180000, `White's first move is not timed: ${st.clock.white_ms}`);
  assert.ok(st.clock.black_ms <= 182000 && st.clock.black_ms > 150000, `the engine used some of its time: ${st.clock.black_ms}`);
  // White's clock runs down on the page.
  const before = await ms('white');
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=clock-white]')?.getAttribute('data-ms')) < b - 300, before);
  await page.reload();
  await page.locator(`[data-testid=board][data-game="${id}"]`).waitFor();
  assert.equal(await ms('black'), st.clock.black_ms, 'the stopped clock is kept');
  assert.ok(await ms('white') < 180000, 'the running clock kept running');
  assert.equal(await running('white'), 'true');
  const pgn = await (await fetch(`${base}/api/games/${id}/pgn`)).text();
  assert.match(pgn, /\[TimeControl "180\+2"\]/);
});

test('the flag falls: the game ends on time by itself and the page says so', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human', clock: { initial_ms: 10000, increment_ms: 0 } });
  await api(base, `/api/games/${g.id}/move`, { move: 'e4' });
  await api(base, `/api/games/${g.id}/move`, { move: 'e5' });
  await openGame(g.id);
  assert.equal(await running('white'), 'true');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.reason === 'timeout', null, { timeout: 30000 });
  assert.match(await page.getByTestId('game-over-text').textContent(), /Black wins on time/);
  assert.equal(await ms('white'), 0);
  assert.equal(await running('white'), 'false');
  const st = await api(base, `/api/games/${g.id}`);
  assert.deepEqual(st.status, { over: true, result: '0-1', reason: 'timeout' });
});

test('engine levels: chosen at creation, shown in the game, the weak engine still answers', async () => {
  await page.goto(base + '/');
  await page.getByTestId('variant-chess').click();
  await page.getByTestId('side-black').click();
  await page.getByTestId('clock-none').click();
  await page.getByTestId('time-500').click();
  await page.getByTestId('level-2').click();
  assert.equal(await page.getByTestId('level-2').getAttribute('aria-checked'), 'true');
  await page.getByTestId('start-game').click();
  await page.getByTestId('move-1').waitFor(); // the engine (White) opened
  const id = await page.getByTestId('board').getAttribute('data-game');
  assert.equal(await page.getByTestId('engine-level').inputValue(), '2');
  const st = await api(base, `/api/games/${id}`);
  assert.equal(st.engine.level, 2);
  // Changing the level in the game is kept.
  await page.getByTestId('engine-level').selectOption('8');
  await page.waitForFunction(async (gid) => (await (await fetch(`/api/games/${gid}`)).json()).engine.level === 8, id);
  await page.getByTestId('engine-level').selectOption('1');
  await page.waitForFunction(async (gid) => (await (await fetch(`/api/games/${gid}`)).json()).engine.level === 1, id);
  const move = st.legal[0];
  await api(base, `/api/games/${id}/move`, { move: move.uci });
  await page.getByTestId('move-3').waitFor();
  await page.reload();
  await page.locator(`[data-testid=board][data-game="${id}"]`).waitFor();
  assert.equal(await page.getByTestId('engine-level').inputValue(), '1');
});

test('analysis: the engine\'s evaluation stays after its move, the bar shows it, MultiPV lines in SAN', async () => {
  // A depth limit: the search ends with a completed iteration whose line starts with the
  // move played (a search cut short by time may switch moves after its last report; then
  // no evaluation is kept rather than one of another move).
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'engine', engine: { movetime_ms: null, depth: 4 } });
  await openGame(g.id);
  await page.getByTestId('cell-e2').click();
  await page.getByTestId('cell-e4').click();
  await page.getByTestId('move-2').waitFor();
  await page.getByTestId('engine-last').waitFor();
  const last = await page.getByTestId('engine-last').textContent();
  assert.match(last, /Engine at 1… \S+.*depth \d+.*[+−#]/, last);
  assert.equal(await page.getByTestId('eval-bar').isVisible(), true);
  const st = await api(base, `/api/games/${g.id}`);
  assert.ok(st.moves[1].eval && st.moves[1].eval.pv_san[0] === st.moves[1].san, JSON.stringify(st.moves[1]));
  await page.reload();
  await page.getByTestId('engine-last').waitFor(); // stored with the game
  // Analyse the start position with 3 lines.
  await page.getByTestId('move-0').click();
  await page.getByTestId('history-banner').waitFor();
  await page.getByTestId('analysis-lines').selectOption('3');
  await page.getByTestId('btn-analyse').click();
  // The lines once the analysis is over (they show live while it runs).
  await page.locator('[data-testid=analysis-output][data-live=false] [data-testid=analysis-line-3]').waitFor({ timeout: 20000 });
  const lines = await page.locator('[data-testid^=analysis-line-]').allTextContents();
  assert.equal(lines.length, 3);
  const firsts = lines.map((l) => l.trim().split(/\s+/)[1]);
  assert.equal(new Set(firsts).size, 3, `three different first moves: ${firsts}`);
  for (const l of lines) {
    assert.match(l, /^[+−#]/, l);
    assert.doesNotMatch(l, /\b[a-h][1-8][a-h][1-8]\b/, `SAN, not coordinates: ${l}`);
  }
  assert.equal(await page.getByTestId('eval-bar').isVisible(), true);
});

test('analysis: the best lines change live while the engine searches; a clicked line plays out on the side board, the game unchanged', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' });
  for (const m of ['e4', 'e5']) await api(base, `/api/games/${g.id}/move`, { move: m });
  await openGame(g.id);
  const before = await api(base, `/api/games/${g.id}`);
  // Every set of lines shown while the search runs, as the page shows them.
  await page.evaluate(() => {
    const out = document.querySelector('[data-testid=analysis-output]');
    window.liveLines = [];
    new MutationObserver(() => {
      if (out.dataset.live === 'true' && out.dataset.lines) window.liveLines.push(out.dataset.lines);
    }).observe(out, { attributes: true, childList: true, subtree: true });
  });
  await page.getByTestId('analysis-lines').selectOption('3');
  await page.getByTestId('btn-analyse').click();
  await page.locator('[data-testid=analysis-output][data-live=false] [data-testid=analysis-line-3]').waitFor({ timeout: 20000 });
  const live = [...new Set(await page.evaluate(() => window.liveLines))];
  assert.ok(live.length >= 2, `the lines changed during the search: ${JSON.stringify(live)}`);
  const depths = live.map((l) => Number(l.split(':')[0]));
  assert.ok(Math.max(...depths) > Math.min(...depths), `deeper lines came in: ${depths}`);
  const finalDepth = Number(await page.getByTestId('analysis-output').getAttribute('data-depth'));
  // The answer is the deepest iteration that finished every line; the live lines may show
  // the first lines of the one after it, cut short by time.
  assert.ok(finalDepth >= Math.max(...depths) - 1, `final depth ${finalDepth}, live depths ${depths}`);

  // Line 2 on the side board, from its first move on; stepping through it.
  const line2 = (await page.getByTestId('analysis-line-2').textContent()).trim().split(/\s+/).slice(1);
  await page.getByTestId('analysis-pick-2').click();
  const side = page.getByTestId('line-board');
  await side.locator('[data-testid^=line-cell-]').first().waitFor();
  assert.equal(await page.getByTestId('line-board-box').isVisible(), true);
  assert.equal(await side.getAttribute('data-step'), '1');
  assert.equal((await page.getByTestId('line-move-1').textContent()).trim(), line2[0]);
  assert.equal(await page.getByTestId('line-move-1').getAttribute('aria-current'), 'step');
  const fen1 = await side.getAttribute('data-fen');
  assert.notEqual(fen1, before.fen, 'the side board shows the position after the line\'s first move');
  assert.match(fen1, / b /, 'Black to move after White\'s first move of the line');
  await page.getByTestId('line-next').click();
  assert.equal(await side.getAttribute('data-step'), '2');
  assert.equal((await page.getByTestId('line-move-2').textContent()).trim(), line2[1]);
  assert.notEqual(await side.getAttribute('data-fen'), fen1);
  await page.getByTestId('line-first').click();
  assert.equal(await side.getAttribute('data-fen'), before.fen, 'the line starts at the analysed position');
  // The game is as it was: its moves, its position, its board.
  const after = await api(base, `/api/games/${g.id}`);
  assert.deepEqual(after.moves.map((m) => m.san), ['e4', 'e5']);
  assert.equal(after.fen, before.fen);
  assert.equal(await page.getByTestId('history-banner').isVisible(), false);
  assert.equal(await page.getByTestId('piece-e4').getAttribute('data-color'), 'white');
  assert.equal(await page.getByTestId('piece-e5').getAttribute('data-color'), 'black');
  await page.getByTestId('line-close').click();
  assert.equal(await page.getByTestId('line-board-box').isVisible(), false);
});

test('review: a score graph per move and the blunder marked', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' });
  for (const m of ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']) await api(base, `/api/games/${g.id}/move`, { move: m });
  await openGame(g.id);
  await page.getByTestId('btn-review').click();
  await page.getByTestId('review-graph').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('review-graph').getAttribute('data-points'), '8');
  assert.equal(await page.getByTestId('review-mark-6').getAttribute('data-mark'), 'blunder');
  assert.match(await page.getByTestId('review-mark-6').textContent(), /Nf6\?\?.*best/);
  assert.equal(await page.getByTestId('move-6').textContent(), 'Nf6??');
  assert.match(await page.getByTestId('review-summary').textContent(), /[1-9]\d* blunders?/);
  await page.getByTestId('review-mark-6').locator('button').click();
  await page.getByTestId('history-banner').filter({ hasText: 'Nf6' }).waitFor();
});
