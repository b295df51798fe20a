// Fairy-Stockfish's variants in the browser (issue 24, item 5): gating choices (Seirawan
// chess), walls placed by clicking (Duck chess, Amazons' arrows), passing (Janggi), and
// the counts shown (Makruk's counting rule, Janggi's material points, n-check's checks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageFixture, api } from './harness.mjs';

const ctx = pageFixture();

/** A human-against-human game of `variant` (from `fen`), opened in the ctx.page. */
async function openNew(variant, fen) {
  const g = await api(ctx.base, '/api/games', { variant, white: 'human', black: 'human', ...(fen ? { fen } : {}) });
  await ctx.page.goto(`${ctx.base}/#/game/${g.id}`);
  await ctx.page.locator(`[data-testid=board][data-game="${g.id}"]`).waitFor();
  return g;
}
const click = async (...cells) => { for (const c of cells) await ctx.page.getByTestId(`cell-${c}`).click(); };
const tokenAt = (cell) => ctx.page.getByTestId(`piece-${cell}`).getAttribute('data-token');
const targets = () => ctx.page.locator('[data-testid=board] .target').count();
/** Plays ply `n` by clicking `from` and `to`, and waits for it in the move list. */
const play = async (n, from, to) => { await click(from, to); await ctx.page.getByTestId(`move-${n}`).waitFor(); };
const moveText = async (n) => { await ctx.page.getByTestId(`move-${n}`).waitFor(); return ctx.page.getByTestId(`move-${n}`).textContent(); };

test('Seirawan chess: a gating chooser after a first-rank move, and on both cells of a castling', async () => {
  await openNew('seirawan');
  // Cancelling the chooser plays nothing.
  await click('b1', 'c3');
  await ctx.page.getByTestId('gate-chooser').waitFor();
  for (const id of ['gate-none', 'gate-H', 'gate-E']) await ctx.page.getByTestId(id).waitFor();
  await ctx.page.getByTestId('gate-chooser-cancel').click();
  assert.equal(await ctx.page.getByTestId('move-1').count(), 0);
  assert.equal(await tokenAt('b1'), 'N');
  // The Knight leaves b1 and the Hawk enters there.
  await click('b1', 'c3');
  await ctx.page.getByTestId('gate-H').click();
  assert.equal((await moveText(1)).trim(), 'Nc3/H');
  assert.equal(await ctx.page.getByTestId('move-1').getAttribute('data-uci'), 'b1c3h');
  assert.equal(await tokenAt('b1'), 'H');
  assert.equal(await tokenAt('c3'), 'N');
  assert.equal(await ctx.page.getByTestId('hand-white-H').count(), 0, 'the Hawk left the hand');
  // No gating: the move alone.
  await click('g8', 'f6');
  await ctx.page.getByTestId('gate-none').click();
  assert.equal((await moveText(2)).trim(), 'Nf6');
  assert.equal(await ctx.page.getByTestId('piece-g8').count(), 0);

  // Castling may gate on the King's cell or on the Rook's.
  await openNew('seirawan', 'r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1');
  await click('e1', 'g1');
  await ctx.page.getByTestId('gate-chooser').waitFor();
  for (const id of ['gate-none', 'gate-H-e1', 'gate-H-h1', 'gate-E-e1', 'gate-E-h1']) await ctx.page.getByTestId(id).waitFor();
  await ctx.page.getByTestId('gate-E-h1').click();
  assert.equal((await moveText(1)).trim(), 'O-O/Eh1');
  assert.equal(await ctx.page.getByTestId('move-1').getAttribute('data-uci'), 'h1e1e');
  assert.deepEqual([await tokenAt('g1'), await tokenAt('f1'), await tokenAt('h1')], ['K', 'R', 'E']);
  assert.equal(await ctx.page.getByTestId('piece-e1').count(), 0);
});

test('Duck chess and Amazons: the wall is placed by a click on a marked cell', async () => {
  const g = await openNew('duck');
  const walls = g.legal.filter((m) => m.from === 'e2' && m.to === 'e4').map((m) => m.wall).sort();
  assert.ok(walls.length > 30, `the duck may go to any empty cell: ${walls.length}`);
  await click('e2', 'e4');
  // The Pawn is shown on e4 while the duck's cells are marked.
  assert.equal(await tokenAt('e4'), 'P');
  assert.equal(await ctx.page.getByTestId('piece-e2').count(), 0);
  assert.equal(await targets(), walls.length);
  assert.ok(walls.includes('e2') && !walls.includes('e4') && !walls.includes('d1'));
  // Escape gives up the move; the board is as before.
  await ctx.page.keyboard.press('Escape');
  assert.equal(await tokenAt('e2'), 'P');
  assert.equal(await targets(), 0);
  await click('e2', 'e4', 'd5');
  await ctx.page.getByTestId('move-1').waitFor();
  assert.equal(await ctx.page.getByTestId('move-1').getAttribute('data-uci'), 'e2e4,e4d5');
  assert.equal(await tokenAt('e4'), 'P');
  assert.ok(await ctx.page.getByTestId('piece-d5').count() === 1, 'the duck stands on d5');

  // Amazons: the arrow may go only where the Amazon could move next.
  const a = await openNew('amazons');
  const arrows = a.legal.filter((m) => m.from === 'd1' && m.to === 'd5').map((m) => m.wall);
  assert.ok(arrows.length > 5 && arrows.includes('d1') && !arrows.includes('a1'), arrows.join(' '));
  await click('d1', 'd5');
  assert.equal(await targets(), arrows.length);
  await click('j8'); // not a marked cell: the move is given up
  assert.equal(await ctx.page.getByTestId('move-1').count(), 0);
  assert.equal(await targets(), 0);
  await click('d1', 'd5', 'd1');
  await ctx.page.getByTestId('move-1').waitFor();
  assert.equal(await ctx.page.getByTestId('move-1').getAttribute('data-uci'), 'd1d5,d5d1');
  assert.equal(await tokenAt('d5'), 'Q');
  assert.equal(await ctx.page.getByTestId('piece-d1').count(), 1, 'the arrow walls d1');
});

test('Janggi: the Pass button passes the turn; material points are shown', async () => {
  await openNew('janggi');
  // The King's own cell is no target: a second click deselects it and passes nothing.
  await click('e2');
  assert.ok(await targets() > 0);
  assert.doesNotMatch(await ctx.page.getByTestId('cell-e2').getAttribute('class'), /target/);
  await click('e2');
  assert.equal(await targets(), 0);
  assert.equal(await ctx.page.getByTestId('move-1').count(), 0, 'no pass was played');
  assert.equal(await ctx.page.getByTestId('count-points').getAttribute('data-white'), '72');
  assert.equal(await ctx.page.getByTestId('count-points').getAttribute('data-black'), '73.5');
  await ctx.page.getByTestId('btn-pass').click();
  await ctx.page.getByTestId('move-1').waitFor();
  assert.equal(await ctx.page.getByTestId('move-1').getAttribute('data-uci'), 'e2e2');
  assert.equal(await ctx.page.getByTestId('board').getAttribute('data-side'), 'black');
  // A capture changes the points: the Chariot (13) takes a Soldier (2); Black keeps its 1.5.
  await openNew('janggi', '3k5/9/9/9/9/9/p8/9/4K4/R8 w - - 0 1');
  assert.equal(await ctx.page.getByTestId('count-points').getAttribute('data-black'), '3.5');
  await play(1, 'a1', 'a4');
  assert.equal(await ctx.page.getByTestId('count-points').getAttribute('data-white'), '13');
  assert.equal(await ctx.page.getByTestId('count-points').getAttribute('data-black'), '1.5');
});

test('Makruk: the count starts when a King is bare and is shown; n-check shows the checks left', async () => {
  await openNew('makruk', '8/8/4k3/8/8/8/3K4/R7 w - - 0 1');
  assert.equal(await ctx.page.getByTestId('count-rule').count(), 0, 'no count runs yet');
  await click('a1', 'a2');
  await ctx.page.getByTestId('move-1').waitFor();
  const rule = ctx.page.getByTestId('count-rule');
  await rule.waitFor();
  // Fairy-Stockfish's FEN after a1a2: `8/8/4k3/8/8/8/R2K4/8 b - 32 6 1` (limit 32 plies, 6 counted).
  assert.deepEqual([await rule.getAttribute('data-ply'), await rule.getAttribute('data-limit')], ['6', '32']);
  assert.match(await rule.textContent(), /3 of 16 moves/);

  await openNew('3check');
  assert.equal(await ctx.page.getByTestId('count-checks').getAttribute('data-white'), '3');
  await play(1, 'e2', 'e4');
  await play(2, 'f7', 'f5');
  await play(3, 'd1', 'h5');
  assert.match(await moveText(3), /Qh5\+/);
  assert.equal(await ctx.page.getByTestId('count-checks').getAttribute('data-white'), '2');
  assert.equal(await ctx.page.getByTestId('count-checks').getAttribute('data-black'), '3');
});
