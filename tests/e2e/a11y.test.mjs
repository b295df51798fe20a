// Accessibility: axe-core (npm) on the home screen, a game, the rules page and the import
// dialog, in light and dark themes; no serious or critical violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, tempDataDir, api } from './harness.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const dataDir = tempDataDir();
let server, browser, base;

before(async () => {
  server = await startServer({ dataDir });
  base = server.base;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Serious and critical violations on the page as it is now. */
async function violations(page) {
  await page.evaluate(AXE);
  // label-content-name-mismatch is left out: it counts the aria-hidden abbreviation drawn
  // in a fairy piece's medallion ("Wg") as text of the board cell, although the cell's name
  // contains it ("White Wing (Wg) on a1"). Every other rule runs.
  const res = await page.evaluate(() => /** @type {any} */ (window).axe.run(document, {
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: false } },
  }));
  return res.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 300) + ' ' + n.failureSummary).join(', ')}`);
}

for (const scheme of ['light', 'dark']) {
  test(`no serious accessibility violations (${scheme})`, async () => {
    const ctx = await browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    try {
      await page.goto(base + '/');
      await page.getByTestId('variant-picker').waitFor();
      assert.deepEqual(await violations(page), [], 'home');
      const g = await api(base, '/api/games', { variant: 'gnuqi-mitregi', white: 'human', black: 'human' });
      await api(base, `/api/games/${g.id}/move`, { move: g.legal[0].uci });
      await page.goto(`${base}/#/game/${g.id}`);
      await page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
      await page.getByTestId('move-1').waitFor();
      assert.deepEqual(await violations(page), [], 'game');
      await page.goto(`${base}/#/rules/chess`);
      await page.getByTestId('rules-page').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=rules-card-N] [data-diagram-cell]').length > 0);
      assert.deepEqual(await violations(page), [], 'rules page');
      await page.goto(base + '/');
      await page.getByTestId('btn-import').click();
      await page.getByTestId('import-dialog').waitFor();
      assert.deepEqual(await violations(page), [], 'import dialog');
    } finally {
      await ctx.close();
    }
  });
}
