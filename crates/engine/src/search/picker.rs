//! Move ordering: the table move, captures by gain, killers, the counter
//! move, checking drops and history, picked one at a time (a cut-off
//! usually comes early), with losing captures demoted behind the quiet
//! moves when they come up.

use super::{Searcher, HISTORY_MAX};
use menagerie_rules::{Move, MoveList};

// Move-ordering buckets.
pub(super) const TT_MOVE: i32 = 10_000_000;
const GOOD_NOISY: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_000;
const KILLER_2: i32 = 999_000;
pub(super) const COUNTER: i32 = 998_000;
/// Drops that give check, after the counter move (ordered among themselves
/// by history); like killers they are never pruned as late moves.
const CHECK_DROP: i32 = 990_000;
const BAD_NOISY: i32 = -2_000_000;
/// Selection-sort picks before a long move list is sorted in one go.
const PICK_SORT_AFTER: usize = 3;
/// Lists with fewer remaining moves than this keep selection sort.
const PICK_SORT_MIN: usize = 24;

/// True for the ordering score of a drop that gives check.
pub(super) fn is_check_drop(score: i32) -> bool {
    (CHECK_DROP - 1_000..CHECK_DROP + 1_000).contains(&score)
}

impl Searcher<'_> {
    pub(super) fn history_index(&self, m: Move) -> usize {
        let k = match m.dropped() {
            Some(k) => k,
            None => m.from().map_or(0, |f| self.pos.piece(f).kind()),
        };
        (self.pos.side().idx() * self.types + usize::from(k)) * self.cells + m.to().idx()
    }

    pub(super) fn is_noisy(m: Move) -> bool {
        m.is_capture() || m.promotion().is_some()
    }

    /// Scores moves for ordering into `self.stack[ply].scores`; with `checks`,
    /// drops that give check are found and put right after the counter move.
    pub(super) fn score_moves(&mut self, moves: &MoveList, tt_move: u64, ply: usize, checks: bool) {
        let mut scores = std::mem::take(&mut self.stack[ply].scores);
        scores.clear();
        let counter = if ply > 0 && self.stack[ply - 1].moved != usize::MAX {
            self.counter[self.stack[ply - 1].moved]
        } else {
            Move::NULL
        };
        let marked = checks && self.find_checking_drops();
        if marked {
            self.mark_checking_drops();
        }
        for &m in moves {
            let s = if m.raw() == tt_move {
                TT_MOVE
            } else if Self::is_noisy(m) {
                GOOD_NOISY + self.gain(m) * 16 - self.mover_value(m).min(5_000) / 16
            } else if m == self.stack[ply].killers[0] {
                KILLER_1
            } else if m == self.stack[ply].killers[1] {
                KILLER_2
            } else if m == counter {
                COUNTER
            } else if marked
                && m.dropped()
                    .is_some_and(|k| self.drop_check[m.to().idx()] >> k & 1 != 0)
            {
                CHECK_DROP + self.history[self.history_index(m)] / 64
            } else {
                self.history[self.history_index(m)]
            };
            scores.push(s);
        }
        if marked {
            for &(c, _) in &self.placed_buf {
                self.drop_check[c.idx()] = 0;
            }
        }
        self.stack[ply].scores = scores;
        self.stack[ply].sorted_from = usize::MAX;
    }

    /// Moves the best remaining move to `i`. The first picks are selection
    /// sort steps (a cut-off usually comes early); after [`PICK_SORT_AFTER`]
    /// of them a long remainder (drops make lists of hundreds of moves) is
    /// sorted once. Captures that lose material by SEE are demoted below
    /// the quiet moves the first time they come up.
    pub(super) fn pick(&mut self, moves: &mut MoveList, i: usize, ply: usize) {
        loop {
            let sorted = self.stack[ply].sorted_from <= i;
            if !sorted {
                if i >= PICK_SORT_AFTER && moves.len() - i > PICK_SORT_MIN {
                    self.sort_rest(moves, i, ply);
                } else {
                    let scores = &mut self.stack[ply].scores;
                    let mut best = i;
                    for j in i + 1..moves.len() {
                        if scores[j] > scores[best] {
                            best = j;
                        }
                    }
                    moves.swap(i, best);
                    scores.swap(i, best);
                }
            }
            let (m, s) = (moves[i], self.stack[ply].scores[i]);
            if (GOOD_NOISY - 1_000_000..TT_MOVE).contains(&s)
                && m.is_capture()
                && self.mover_value(m) > self.gain(m)
                && self.see(m) < 0
            {
                let frame = &mut self.stack[ply];
                let scores = &mut frame.scores;
                scores[i] = BAD_NOISY + (s - GOOD_NOISY);
                if frame.sorted_from <= i {
                    // Keep the sorted remainder sorted: sink the demoted move.
                    let mut j = i;
                    while j + 1 < moves.len() && scores[j + 1] > scores[j] {
                        moves.swap(j, j + 1);
                        scores.swap(j, j + 1);
                        j += 1;
                    }
                }
                continue;
            }
            return;
        }
    }

    /// Sorts `moves[i..]` by descending score (stable), once per list.
    fn sort_rest(&mut self, moves: &mut MoveList, i: usize, ply: usize) {
        let scores = &mut self.stack[ply].scores;
        let buf = &mut self.sort_buf;
        buf.clear();
        buf.extend((i..moves.len()).map(|j| (scores[j], moves[j])));
        buf.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (k, &(s, m)) in buf.iter().enumerate() {
            scores[i + k] = s;
            moves[i + k] = m;
        }
        self.stack[ply].sorted_from = i;
    }

    pub(super) fn update_history(&mut self, idx: usize, bonus: i32) {
        let h = &mut self.history[idx];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
    }
}
