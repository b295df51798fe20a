// Usage: node shot.mjs URL OUT.png [width] [height] [fullPage]
// Takes one screenshot with Debian's chromium (no browser download).
import { chromium } from 'playwright-core';
const [url, out, w = '1280', hgt = '900', full = '1'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: +w, height: +hgt } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: full === '1' });
await browser.close();
