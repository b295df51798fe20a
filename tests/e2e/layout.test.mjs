// Layout checks against the real server: the page never scrolls sideways, above all
// while the engine thinks and its principal variation grows (issue 22: Big Outer at
// 2 s a move pushed a 1400 px window to ~1700 px and a 390 px phone to 535 px).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, launchBrowser, tempDataDir, api } from './harness.mjs';

const dataDir = tempDataDir();
let server, browser, base;
const pageErrors = [];

before(async () => {
  server = await startServer({ dataDir });
  base = server.base;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  assert.deepEqual(pageErrors.map(String), [], 'no script errors in the page');
});

/** Widest the document got, sampled every animation frame until `done` resolves. */
async function widestWhile(page, done) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__widest = 0;
    w.__sampling = true;
    const tick = () => {
      const d = document.documentElement;
      w.__widest = Math.max(w.__widest, d.scrollWidth - d.clientWidth, document.body.scrollWidth - d.clientWidth);
      if (w.__sampling) requestAnimationFrame(tick);
    };
    tick();
  });
  await done;
  return page.evaluate(() => { const w = /** @type {any} */ (window); w.__sampling = false; return w.__widest; });
}

for (const [width, height] of [[1400, 900], [390, 844]]) {
  test(`no sideways scrolling while the engine thinks (${width} px)`, async () => {
    const page = await browser.newPage({ viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500 });
    page.on('pageerror', (e) => pageErrors.push(e));
    try {
      const g = await api(base, '/api/games', { variant: 'big-outer', white: 'human', black: 'engine', engine: { movetime_ms: 2500 } });
      await page.goto(`${base}/#/game/${g.id}`);
      await page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
      const first = g.legal.find((m) => m.uci === 'f2f4') || g.legal[0];
      await api(base, `/api/games/${g.id}/move`, { move: first.uci });
      // The engine thinks; its PV shows up; the engine's reply ends the sampling.
      const replied = page.getByTestId('move-2').waitFor({ timeout: 20000 });
      const pvShown = page.getByTestId('engine-pv').waitFor({ timeout: 20000 });
      const over = await widestWhile(page, replied);
      await pvShown;
      assert.equal(over, 0, `the page scrolled sideways by ${over} px while the engine thought`);
      // Every move-list button and control stays inside the window.
      const outside = await page.evaluate(() => [...document.querySelectorAll('.side-col button, .side-col input, .board-col button')]
        .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > document.documentElement.clientWidth + 0.5 || r.left < -0.5); })
        .map((e) => e.getAttribute('data-testid') || e.textContent));
      assert.deepEqual(outside, [], 'controls cut off at the window edge');
    } finally {
      await page.close();
    }
  });
}

test('a long principal variation wraps inside the side panel', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(e));
  try {
    const g = await api(base, '/api/games', { variant: 'missing-ox', white: 'human', black: 'engine', engine: { movetime_ms: 3000 } });
    await page.goto(`${base}/#/game/${g.id}`);
    await page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
    await api(base, `/api/games/${g.id}/move`, { move: g.legal[0].uci });
    await page.getByTestId('engine-pv').waitFor({ timeout: 20000 });
    const fits = await page.evaluate(() => {
      const e = /** @type {HTMLElement} */ (document.querySelector('[data-testid=engine-pv]'));
      if (!e) return true; // the engine already moved
      const panel = /** @type {HTMLElement} */ (e.closest('.panel'));
      return e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= panel.getBoundingClientRect().right + 1;
    });
    assert.ok(fits, 'the PV stays inside its panel');
    await page.getByTestId('move-2').waitFor({ timeout: 20000 });
  } finally {
    await page.close();
  }
});
