// Screenshots of every board family and the main interactions, against a running mock
// server (node mock-server.mjs --fast). Usage:
//   node screenshots.mjs [baseURL] [outDir]
// Uses Debian's chromium (/usr/bin/chromium) through playwright-core; downloads nothing.
import { chromium } from 'playwright-core';
import fs from 'node:fs';

const BASE = process.argv[2] || 'http://127.0.0.1:8080';
const OUT = process.argv[3] || '/tmp/menagerie-shots';
fs.mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const errors = [];
async function newPage(width = 1366, height = 900) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`); });
  return page;
}
async function api(path, body, method = body ? 'POST' : 'GET') {
  const res = await fetch(BASE + path, { method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return res.json();
}
const shot = async (page, name, full = false) => { await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: full }); console.log(`${OUT}/${name}.png`); };

const page = await newPage();
await page.goto(BASE + '/');
await page.waitForSelector('[data-testid=variant-chess]');
await shot(page, 'home');

const games = {
  chess: await api('/api/games', { variant: 'chess', white: 'human', black: 'engine' }),
  capablanca: await api('/api/games', { variant: 'capablanca', white: 'human', black: 'human' }),
  shogi: await api('/api/games', { variant: 'shogi', white: 'human', black: 'human', fen: 'lnsgkgsnl/1r5b1/ppppp1ppp/5p3/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[PPsb] w - - 0 1' }),
  'missing-ox': await api('/api/games', { variant: 'missing-ox', white: 'human', black: 'human' }),
  'big-outer': await api('/api/games', { variant: 'big-outer', white: 'human', black: 'human' }),
  mitregi: await api('/api/games', { variant: 'gnuqi-mitregi', white: 'engine', black: 'human', fen: 'lhuux1immhl/1rnbbkccnr1/2q5w2/pppp1pppppp/11/4+PG6/11/PPPPP1PPPPP/2Q5W2/1RNBBKCCNR1/LHUUX1IMMHL[NPPrp] b KQkq - 0 1' }),
  elefant: await api('/api/games', { variant: 'elefant', white: 'human', black: 'human' }),
  big16: await api('/api/games', { variant: 'big16', white: 'human', black: 'human' }),
};
for (const [name, g] of Object.entries(games)) {
  if (g.error) { console.log(name, g.error); continue; }
  await page.goto(`${BASE}/#/game/${g.id}`);
  await page.waitForSelector('[data-testid=status]');
  await page.waitForTimeout(300);
  await shot(page, `game-${name}`);
}

// chess interactions: select, targets, move, engine reply, history
await page.goto(`${BASE}/#/game/${games.chess.id}`);
await page.click('[data-testid=cell-e2]');
await shot(page, 'chess-selected');
await page.click('[data-testid=cell-e3]');
await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent.includes('Your move'));
await page.click('[data-testid=piece-d1]');
await page.waitForSelector('[data-testid=piece-diagram] svg');
await shot(page, 'chess-after-move');
await page.click('[data-testid=move-1]');
await page.waitForSelector('[data-testid=history-banner]:not([hidden])');
await shot(page, 'chess-history');

// drag and drop
await page.click('[data-testid=back-to-game]');
const from = await page.locator('[data-testid=cell-d1]').boundingBox();
const to = await page.locator('[data-testid=cell-e2]').boundingBox();
if (from && to) {
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await shot(page, 'chess-dragging');
  await page.mouse.up();
  await page.waitForTimeout(400);
}

// promotion chooser
const promo = await api('/api/games', { variant: 'chess', white: 'human', black: 'human', fen: 'k7/4P3/8/8/8/8/8/K7 w - - 0 1' });
await page.goto(`${BASE}/#/game/${promo.id}`);
await page.click('[data-testid=cell-e7]');
await page.click('[data-testid=cell-e8]');
await page.waitForSelector('[data-testid=promotion-chooser]');
await shot(page, 'chess-promotion');
await page.click('[data-testid=promote-N]');
await page.waitForTimeout(300);
await shot(page, 'chess-promoted');

// path chooser (Missing Ox mock pawn double step)
await page.goto(`${BASE}/#/game/${games['missing-ox'].id}`);
await page.click('[data-testid=cell-e4]');
await page.click('[data-testid=cell-e6]');
await page.waitForSelector('[data-testid=path-chooser]');
await shot(page, 'missing-ox-path');
await page.click('[data-testid=path-chooser] [data-testid^=path-]');
await page.waitForTimeout(300);
await shot(page, 'missing-ox-after');

// drop from hand (shogi)
await page.goto(`${BASE}/#/game/${games.shogi.id}`);
await page.click('[data-testid=hand-white-P]');
await shot(page, 'shogi-drop-targets');
await page.click('[data-testid=cell-e5]');
await page.waitForTimeout(300);

// Nichtschach: select and move across levels
await page.goto(`${BASE}/#/game/${games.elefant.id}`);
await page.click('[data-testid=cell-wc2]');
await shot(page, 'elefant-selected', true);

// errors: illegal typed move
await page.goto(`${BASE}/#/game/${games.capablanca.id}`);
await page.fill('[data-testid=move-input]', 'z9z10');
await page.click('[data-testid=move-submit]');
await page.waitForSelector('[data-testid=error]');
await shot(page, 'error-toast');

// resign → end message
await page.click('[data-testid=btn-resign]');
await page.click('[data-testid=resign-confirm]');
await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.dataset.over === 'true');
await shot(page, 'resigned');

// engine progress (the mock thinks for 3 s at 15 s/move)
const slow = await api('/api/games', { variant: 'missing-ox', white: 'engine', black: 'human', engine: { movetime_ms: 15000 } });
await page.goto(`${BASE}/#/game/${slow.id}`);
await page.waitForSelector('[data-testid=engine-depth]');
await page.waitForTimeout(1300);
await shot(page, 'engine-thinking');
await page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent.includes('Your move'), null, { timeout: 8000 });

// check marking and keyboard play on the board
const chk = await api('/api/games', { variant: 'chess', white: 'human', black: 'human', fen: 'k7/1R6/8/8/8/8/8/K7 b - - 0 1' });
await page.goto(`${BASE}/#/game/${chk.id}`);
await page.waitForSelector('[data-testid=status]');
await page.focus('[data-testid=board]');
await page.keyboard.press('ArrowUp'); // cursor starts on a1
await shot(page, 'check-and-cursor');

// keyboard history browsing in the move list
await page.goto(`${BASE}/#/game/${games.chess.id}`);
await page.waitForSelector('[data-testid=move-1]');
await page.focus('[data-testid=move-list]');
await page.keyboard.press('ArrowLeft');
await page.keyboard.press('ArrowLeft');
await page.waitForSelector('[data-testid=history-banner]:not([hidden])');
await shot(page, 'history-keyboard');

// phone layouts
const phone = await newPage(390, 844);
for (const name of ['chess', 'missing-ox', 'elefant', 'mitregi']) {
  await phone.goto(`${BASE}/#/game/${games[name].id}`);
  await phone.waitForSelector('[data-testid=status]');
  await phone.waitForTimeout(300);
  await shot(phone, `phone-${name}`, true);
}
await phone.goto(BASE + '/');
await phone.waitForSelector('[data-testid=variant-chess]');
await shot(phone, 'phone-home', true);

await browser.close();
if (errors.length) { console.log('ERRORS:\n' + errors.join('\n')); process.exitCode = 1; }
