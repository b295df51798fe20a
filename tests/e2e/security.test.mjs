// A hostile web site against the real server (issue 23): a page served from a second
// origin (another port) tries to create games with a cross-site POST (text/plain, JSON
// with a preflight, an auto-submitted form) and to move, take back and resign in a game, and a DNS-rebinding page (a foreign name
// resolved to 127.0.0.1 by the browser) tries to read the game list. All are refused,
// and the server's state shows it.
//   cargo build --release -p menagerie && cd tests/e2e && npm ci && node --test security.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { startServer, launchBrowser, tempDataDir, api } from './harness.mjs';

const dataDir = tempDataDir();
let server, browser, evil, evilPort, secret;

/** The attacker's page: tries every cross-site write it can and records the outcome. */
function attackerPage(target, victim) {
  return `<!doctype html><html><body>
<iframe name="sink" style="display:none"></iframe>
<form id="f" method="POST" action="${target}/api/games" enctype="text/plain" target="sink">
<input name='{"variant":"chess","white":"engine","black":"engine","x":"' value='"}'>
</form>
<script>
const body = JSON.stringify({ variant: 'chess', white: 'engine', black: 'engine', engine: { depth: 64 } });
window.results = {};
async function attempt(name, init) {
  try {
    const r = await fetch('${target}/api/games', init);
    window.results[name] = 'status ' + r.status + ' type ' + r.type;
  } catch (e) {
    window.results[name] = 'blocked';
  }
}
(async () => {
  await attempt('plain', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body });
  await attempt('json', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  await attempt('read', { method: 'GET' });
  // Writes to an existing game: a move, a take-back and a resignation (text/plain,
  // which needs no preflight).
  for (const [name, path, b] of [['move', 'move', { move: 'e2e4' }], ['undo', 'undo', {}], ['resign', 'resign', { color: 'white' }]]) {
    try {
      const r = await fetch('${target}/api/games/${victim}/' + path, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(b) });
      window.results[name] = 'sent ' + r.type;
    } catch (e) {
      window.results[name] = 'blocked';
    }
  }
  document.getElementById('f').submit();
  window.results.form = 'submitted';
  window.done = true;
})();
</script></body></html>`;
}

before(async () => {
  server = await startServer({ dataDir });
  // A game worth stealing, made the legitimate way.
  secret = (await api(server.base, '/api/games', { variant: 'chess', white: 'human', black: 'human' })).id;
  evil = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(attackerPage(server.base, secret));
  });
  await new Promise((r) => evil.listen(0, '127.0.0.1', r));
  evilPort = evil.address().port;
  browser = await launchBrowser([`--host-resolver-rules=MAP rebind.test 127.0.0.1`]);
});

after(async () => {
  await browser?.close();
  await new Promise((r) => (evil ? evil.close(r) : r()));
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function gameIds() {
  return (await api(server.base, '/api/games?limit=100')).map((g) => g.id);
}

test('a page on another origin cannot create games (text/plain, JSON, form)', async () => {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${evilPort}/`);
  await page.waitForFunction(() => window.done === true);
  // Let the form submission reach the server (or not).
  await page.waitForTimeout(500);
  const results = await page.evaluate(() => window.results);
  // The JSON fetch needs a preflight the server never grants; the cross-origin read
  // gets no CORS permission either.
  assert.equal(results.json, 'blocked', JSON.stringify(results));
  assert.equal(results.read, 'blocked', JSON.stringify(results));
  assert.deepEqual(await gameIds(), [secret], 'no game was created by the other site');
  for (const k of ['move', 'undo', 'resign']) assert.ok(results[k], `${k} attempted: ${JSON.stringify(results)}`);
  const g = await api(server.base, `/api/games/${secret}`);
  assert.equal(g.moves.length, 0, 'no move was played by the other site');
  assert.equal(g.status.over, false, 'the game was not resigned by the other site');
  await page.close();
});

test('a DNS-rebinding page (foreign Host) reads nothing', async () => {
  const page = await browser.newPage();
  const res = await page.goto(`http://rebind.test:${server.port}/api/games`);
  assert.equal(res.status(), 421);
  const text = await res.text();
  assert.match(text, /bad_host/);
  assert.doesNotMatch(text, new RegExp(secret));
  // A script on that page (same origin for the browser) gets the same refusal.
  const seen = await page.evaluate(async () => {
    const r = await fetch('/api/games');
    return { status: r.status, body: await r.text() };
  });
  assert.equal(seen.status, 421);
  assert.doesNotMatch(seen.body, new RegExp(secret));
  const post = await page.evaluate(async () => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"variant":"chess"}' });
    return r.status;
  });
  assert.equal(post, 421);
  assert.deepEqual(await gameIds(), [secret]);
  await page.close();
});

test('the UI itself still works (same origin)', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${server.base}/#/game/${secret}`);
  await page.locator(`[data-testid=board][data-game="${secret}"]`).waitFor();
  await page.getByTestId('cell-e2').click();
  await page.getByTestId('cell-e4').click();
  await page.getByTestId('move-1').waitFor();
  const g = await api(server.base, `/api/games/${secret}`);
  assert.equal(g.moves.length, 1);
  assert.deepEqual(errors, [], 'no script or CSP errors');
  await page.close();
});
