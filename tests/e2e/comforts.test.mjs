// Rules pages, piece descriptions, the Joker's help, and the comforts of issue 22 (dark
// mode, remembered flip, zoom for phones, feedback for a piece without moves, FEN checks,
// a final resignation), in the browser against the real server.
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

test('every piece of every built-in variant has a description; groups are named for players', async () => {
  const list = await api(base, '/api/variants');
  const families = new Set(list.map((v) => v.family));
  for (const f of ['Classic', 'Drop games', 'Giant boards', '3D']) assert.ok(families.has(f), [...families].join(', '));
  assert.ok(!families.has('Seed games'));
  for (const v of list.filter((x) => x.id !== 'cube')) { // cube: the test fixture
    const d = await api(base, `/api/variants/${v.id}`);
    for (const p of d.pieces) assert.ok(p.description && p.description.length >= 10 && /^[A-Z]/.test(p.description), `${v.id} ${p.token}: "${p.description}"`);
    assert.ok(d.rules.win.length >= 2, v.id);
  }
});

test('rules page: board, pieces with diagrams, how the game is won, linked from the game', async () => {
  const g = await api(base, '/api/games', { variant: 'elefantnichtschach', white: 'human', black: 'human' });
  await openGame(g.id);
  assert.equal(await page.getByTestId('btn-rules').getAttribute('href'), '#/rules/elefantnichtschach');
  await page.goto(`${base}/#/rules/elefantnichtschach`);
  await page.getByTestId('rules-page').waitFor();
  assert.match(await page.getByTestId('rules-win').textContent(), /no King/);
  assert.match(await page.getByTestId('rules-win').textContent(), /26 directions/);
  assert.match(await page.getByTestId('rules-special').textContent(), /changes sides as a/);
  assert.equal(await page.getByTestId('rules-board').locator('[data-rules-cell]').count(), 216);
  const unicorn = page.getByTestId('rules-card-U');
  assert.match(await unicorn.getByTestId('piece-help-desc').textContent(), /triagonals/);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rules-card-U] [data-diagram-cell]').length > 0);
  assert.ok(await unicorn.locator('.target, [class*=target]').count() >= 8, 'the Unicorn diagram shows its moves');
  await page.goto(`${base}/#/rules/chess`);
  await page.getByTestId('rules-page').waitFor();
  assert.match(await page.getByTestId('rules-draw').textContent(), /50 moves by each side/);
  assert.match(await page.getByTestId('rules-special').textContent(), /Castling/);
  assert.equal(await page.locator('[data-testid^=rules-card-]').count(), 6);
  // The self-play report (docs/lab/chess.html) is linked and served.
  const report = await page.getByTestId('rules-lab-report').getAttribute('href');
  assert.equal(report, '/lab/chess.html');
  const res = await page.request.get(`${base}${report}`);
  assert.equal(res.status(), 200);
  assert.match(await res.text(), /Chess: what self-play says[\s\S]*Piece values[\s\S]*<svg/);
});

test('the Joker help shows what it imitates now and those moves', async () => {
  const g = await api(base, '/api/games', { variant: 'missing-ox', white: 'human', black: 'human' });
  await openGame(g.id);
  await page.getByTestId('legend-J').click();
  await page.getByTestId('piece-diagram').locator('.note').first().waitFor();
  assert.match(await page.getByTestId('piece-diagram').textContent(), /by either side/);
  assert.doesNotMatch(await page.getByTestId('piece-diagram').textContent(), /opponent/);
  const move = g.legal.find((m) => m.from && !m.castle);
  const moved = g.board.find((p) => p.cell === move.from);
  await api(base, `/api/games/${g.id}/move`, { move: move.uci });
  await page.getByTestId('imitation').filter({ hasText: moved.name }).waitFor();
  await page.getByTestId('legend-J').click();
  await page.getByTestId('piece-diagram').filter({ hasText: `imitates the ${moved.name} now` }).waitFor();
  const cells = await page.getByTestId('piece-diagram').textContent();
  const n = Number(/(\d+) cells/.exec(cells)?.[1]);
  assert.ok(n > 0, cells);
});

test('dark mode follows the system and the toggle, and is remembered', async () => {
  const ctx = await browser.newContext({ colorScheme: 'dark' });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => pageErrors.push(e));
  await p.goto(base + '/');
  await p.getByTestId('variant-picker').waitFor();
  assert.equal(await p.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const bg = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(bg, 'rgb(244, 241, 234)', 'the dark background is used');
  await p.getByTestId('theme-toggle').click();
  assert.equal(await p.evaluate(() => document.documentElement.dataset.theme), 'light');
  await p.reload();
  await p.getByTestId('variant-picker').waitFor();
  assert.equal(await p.evaluate(() => document.documentElement.dataset.theme), 'light');
  await ctx.close();
});

test('flip is remembered; a piece without moves says so', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' });
  await openGame(g.id);
  assert.equal(await page.getByTestId('board').getAttribute('data-flipped'), 'false');
  await page.getByTestId('btn-flip').click();
  await page.reload();
  await page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
  assert.equal(await page.getByTestId('board').getAttribute('data-flipped'), 'true');
  const said = page.waitForFunction(() => [...document.querySelectorAll('[data-testid=toast]')].some((e) => /Rook on a1 has no legal move/.test(e.textContent || '')));
  await page.getByTestId('cell-a1').click();
  await said;
  assert.equal(await page.locator('[data-testid=board] .target').count(), 0);
});

test('a FEN without the royal pieces is refused with a clear error', async () => {
  await page.goto(base + '/');
  await page.getByTestId('btn-import').click();
  await page.getByTestId('import-tab-fen').click();
  await page.getByTestId('import-variant').selectOption('chess');
  await page.getByTestId('import-fen').fill('8/8/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1');
  await page.getByTestId('import-submit').click();
  await page.waitForFunction(() => (document.querySelector('[data-testid=import-error]')?.textContent || '').length > 0);
  assert.match(await page.getByTestId('import-error').textContent(), /white has no King/);
  await page.getByTestId('import-cancel').click();
});

test('a resignation is final: undo does not revive the game', async () => {
  const g = await api(base, '/api/games', { variant: 'chess', white: 'human', black: 'human' });
  await api(base, `/api/games/${g.id}/move`, { move: 'e4' });
  await openGame(g.id);
  await page.getByTestId('btn-resign').click();
  await page.getByTestId('resign-confirm').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.over === 'true');
  assert.equal(await page.getByTestId('btn-undo').isDisabled(), true);
  const res = await fetch(`${base}/api/games/${g.id}/undo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  assert.equal(res.status, 409);
  assert.match((await res.json()).error, /resignation is final/);
  const st = await api(base, `/api/games/${g.id}`);
  assert.equal(st.status.over, true);
  assert.equal(st.moves.length, 1);
});

test('zoom gives big boards touch-sized cells on a phone without sideways page scrolling', async () => {
  const p = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  p.on('pageerror', (e) => pageErrors.push(e));
  const g = await api(base, '/api/games', { variant: 'missing-ox', white: 'human', black: 'human' });
  await p.goto(`${base}/#/game/${g.id}`);
  await p.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
  const cellWidth = () => p.getByTestId('cell-a1').evaluate((e) => e.getBoundingClientRect().width);
  assert.ok(await cellWidth() < 30, 'unzoomed, 16 files do not fit touch-sized cells');
  await p.getByTestId('btn-zoom').click();
  assert.ok(await cellWidth() >= 36, `zoomed cell: ${await cellWidth()} px`);
  assert.equal(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
  await p.getByTestId('btn-zoom').click();
  await p.close();
});

test('regions are named on the rules page from the variant data: Rivers, palaces, zones', async () => {
  const expect = {
    'gnuqi-mitregi': { camp: /Enemy camp \(promotion\): The four ranks beyond each side's River/, 'edge-camp': /^River/ },
    'wildebisho-mitregi': { camp: /Enemy camp \(promotion\): The four ranks at the far side/, 'edge-camp': null },
    xiangqi: { palace: /Palace \(zone\): The 3x3 square/, 'own-half': /Own half \(camp\)/, 'edge-own-half': /^River/ },
    janggi: { palace: /Palace \(zone\): .*diagonal lines/ },
    'big-outer': { central: /Central zone \(zone\): The 16 middle cells/, mid: /Mid zone/, outer: /Outer zone/, promotion: /Promotion rank/ },
    shogi: { zone: /Promotion zone \(promotion\): Each side's last three ranks/ },
  };
  for (const [id, regions] of Object.entries(expect)) {
    await page.goto(`${base}/#/rules/${id}`);
    await page.getByTestId('rules-regions').waitFor();
    for (const [name, re] of Object.entries(regions)) {
      const li = page.getByTestId('rules-regions').getByTestId(`region-${name}`);
      if (re === null) assert.equal(await li.count(), 0, `${id}: no ${name}`);
      else assert.match(await li.textContent(), re, `${id}: ${name}`);
    }
  }
});
