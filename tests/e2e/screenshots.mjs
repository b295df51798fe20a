// Saves a screenshot of each board family, played on the real server, for the README.
//   node screenshots.mjs [outDir]        (default: ../../docs/screenshots)
// Starts the release binary on a free port with a temporary data directory; the variants
// shown depend on what the binary has built in (plus tests/e2e/fixtures/cube.toml for 3D
// when no Nichtschach variant is built in).
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, tempDataDir, api, here } from './harness.mjs';

const OUT = path.resolve(process.argv[2] || path.join(here, '..', '..', 'docs', 'screenshots'));
fs.mkdirSync(OUT, { recursive: true });
const dataDir = tempDataDir();
const server = await startServer({ dataDir });
const base = server.base;
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1180, height: 820 }, deviceScaleFactor: 1 });
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));

const variants = await api(base, '/api/variants');
const has = (id) => variants.some((v) => v.id === id);
const firstOf = (family) => variants.find((v) => v.family === family)?.id;

/** Plays moves by their texts as two humans, then hands the game to the given players. */
async function game(variant, moves = [], fen = null) {
  const g = await api(base, '/api/games', { variant, white: 'human', black: 'human', fen });
  for (const m of moves) await api(base, `/api/games/${g.id}/move`, { move: m });
  return g;
}

const shots = [];
shots.push(['chess', await game('chess', ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6'])]);
const big = has('missing-ox') ? 'missing-ox' : has('big-outer') ? 'big-outer' : 'capablanca';
shots.push(['large-board', await game(big, big === 'capablanca' ? ['e2e4', 'e7e5', 'i1h3', 'c8d6'] : [])]);
// The Bishop exchange opening: both Bishops in hand, the moves in shogi notation.
shots.push(['shogi-drops', await game('shogi', ['c3c4', 'g7g6', 'b2h8+', 'g9h8', 'g3g4', 'c7c6'])]);
if (has('gnuqi-mitregi')) {
  // A middlegame with full hands: camps shaded, pieces in hand, drops highlighted.
  shots.push(['mitregi', await game('gnuqi-mitregi', [], 'lhu4m3/1rnb1k1c3/2q5w2/ppp2pppppp/11/11/11/PPP2PPPPPP/2Q5W2/1RNB1K1C3/LHU4M3[RBNCILMXHUPPrbncilmxhupp] w Qq - 0 20')]);
}
const threeD = (has('elefantnichtschach') ? 'elefantnichtschach' : firstOf('3D')) || 'cube';
// Nichtschach: a middlegame with returned (flipped) pieces in hand.
const nichtFen = threeD === 'elefantnichtschach'
  ? 'rubbur/pppppp/2B3/6/PPPPPP/RUB1UR|*r*u*b*b*u*r/p1pqpp/2pp2/3P2/PPP2P/*R*U*B*B*U*R|dg*p2*d/pppppp/2*q3/3b2/PPPPPP/DG*QQ*G*D|*d1q*qgd/pppppp/6/6/PPPPPP/*D*GQ*QGD|*r*u*g*b*u*r/ppp1pp/6/P1P3/P1PPPP/*R*U*B*B*U*R|rub1ur/pppppp/6/6/1PPPPP/RUBBUR w *PG*b 0 9'
  : null;
shots.push(['3d-board', await game(threeD, [], nichtFen)]);

for (const [name, g] of shots) {
  await page.goto(`${base}/#/game/${g.id}`);
  await page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
  // Select a piece with moves so the targets show.
  const legal = (await api(base, `/api/games/${g.id}`)).legal;
  const from = legal.find((m) => m.from && !m.drop)?.from;
  if (from) await page.getByTestId(`cell-${from}`).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const file = path.join(OUT, `${name}.png`);
  // Down to the bottom of the board column, so both hands show.
  const box = await page.locator('.board-col').boundingBox();
  const height = Math.ceil(Math.max(820, (box ? box.y + box.height : 0) + 16));
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: 1180, height } });
  console.log(`${file} (${g.variant}, ${Math.round(fs.statSync(file).size / 1024)} KiB)`);
}

await browser.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
