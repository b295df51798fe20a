//! The tables that learn from cut-offs during one search, for move ordering,
//! pruning and reductions:
//!
//! * the butterfly history: per side, moving piece type and target cell;
//! * continuation histories: the same index of a move, given the piece and
//!   target of the move one ply and two plies before it (a reply that
//!   refuted "knight to f3" is likely to refute it again elsewhere in the
//!   tree). One table serves both distances, as in Stockfish's lineage;
//! * capture history: per side, capturing piece type, target cell and
//!   captured type, which orders captures of equal material gain.
//!
//! Every score is kept within ±[`HISTORY_MAX`] by the update's gravity.
//! The indices are variant-generic (types × cells); a continuation table
//! too large to address directly on a big board (its size is the square of
//! the butterfly's) is hashed into [`CONT_MAX`] entries instead: a
//! collision only blurs an ordering hint.

use super::{Searcher, HISTORY_MAX};
use menagerie_rules::Move;

/// Entries of the continuation table at most (16-bit scores: 4 MB).
const CONT_MAX: usize = 1 << 21;
/// Each new search of a game starts from the scores of the last one divided
/// by this.
pub(super) const AGE_DIV: i32 = 2;
/// No previous move at this distance (root, null move).
pub(super) const NO_MOVE: usize = usize::MAX;

/// The history tables of one searcher.
pub(super) struct Histories {
    /// Butterfly history, by [`Searcher::history_index`].
    pub main: Vec<i32>,
    /// Continuation history (both distances), by [`Histories::cont_slot`].
    cont: Vec<i16>,
    /// Size of the butterfly index space.
    n: usize,
    /// The continuation table is indexed directly (`prev · n + cur`).
    direct: bool,
    /// Capture history, by [`Searcher::capture_index`].
    pub capture: Vec<i16>,
}

/// `h` moved by `bonus` with gravity: the closer to the bound, the less a
/// bonus in its direction moves it.
fn gravity(h: i32, bonus: i32) -> i32 {
    (h + bonus - h * bonus.abs() / HISTORY_MAX).clamp(-HISTORY_MAX, HISTORY_MAX)
}

impl Histories {
    /// Empty tables for `types` piece types on `cells` cells.
    pub(super) fn new(types: usize, cells: usize) -> Self {
        let n = 2 * types * cells;
        let square = n.saturating_mul(n);
        let direct = square <= CONT_MAX;
        Histories {
            main: vec![0; n],
            cont: vec![0; if direct { square } else { CONT_MAX }],
            n,
            direct,
            capture: vec![0; n * types],
        }
    }

    /// Slot of move `cur` after move `prev` (butterfly indices) in the
    /// continuation table.
    fn cont_slot(&self, prev: usize, cur: usize) -> usize {
        let i = prev * self.n + cur;
        if self.direct {
            i
        } else {
            // Fibonacci hashing into the table's power-of-two size.
            ((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CONT_MAX.trailing_zeros()))
                as usize
        }
    }

    /// Continuation score of `cur` after `prev` (0 without a previous move).
    pub(super) fn cont(&self, prev: usize, cur: usize) -> i32 {
        if prev == NO_MOVE {
            0
        } else {
            i32::from(self.cont[self.cont_slot(prev, cur)])
        }
    }

    fn update_cont(&mut self, prev: usize, cur: usize, bonus: i32) {
        if prev != NO_MOVE {
            let s = self.cont_slot(prev, cur);
            self.cont[s] = gravity(i32::from(self.cont[s]), bonus) as i16;
        }
    }

    /// Moves the butterfly score at `idx` by `bonus`.
    pub(super) fn update_main(&mut self, idx: usize, bonus: i32) {
        self.main[idx] = gravity(self.main[idx], bonus);
    }

    /// Shrinks every score by [`AGE_DIV`] (a new search of the game).
    pub(super) fn age(&mut self) {
        for h in &mut self.main {
            *h /= AGE_DIV;
        }
        for h in &mut self.cont {
            *h /= AGE_DIV as i16;
        }
        for h in &mut self.capture {
            *h /= AGE_DIV as i16;
        }
    }

    /// Moves the capture score at `idx` by `bonus`.
    pub(super) fn update_capture(&mut self, idx: usize, bonus: i32) {
        self.capture[idx] = gravity(i32::from(self.capture[idx]), bonus) as i16;
    }
}

impl Searcher<'_> {
    /// Butterfly index of `m`: side to move, moving (or dropped) type,
    /// target cell.
    pub(super) fn history_index(&self, m: Move) -> usize {
        let k = match m.dropped() {
            Some(k) => k,
            None => m.from().map_or(0, |f| self.pos.piece(f).kind()),
        };
        (self.pos.side().idx() * self.types + usize::from(k)) * self.cells + m.to().idx()
    }

    /// Capture-history index of the capture `m` (butterfly index and the
    /// type on the target cell; en passant and the like count type 0).
    pub(super) fn capture_index(&self, m: Move) -> usize {
        let victim = self.pos.piece(m.to());
        let v = if victim.is_empty() { 0 } else { victim.kind() };
        self.history_index(m) * self.types + usize::from(v)
    }

    /// The butterfly indices of the moves one and two plies before `ply`
    /// ([`NO_MOVE`] where there is none).
    pub(super) fn previous_moves(&self, ply: usize) -> [usize; 2] {
        let at = |back: usize| {
            if ply >= back {
                self.stack[ply - back].moved
            } else {
                NO_MOVE
            }
        };
        [at(1), at(2)]
    }

    /// Continuation score of the quiet move of butterfly index `idx` at
    /// `ply` (both distances).
    pub(super) fn cont_score(&self, idx: usize, ply: usize) -> i32 {
        let [p1, p2] = self.previous_moves(ply);
        self.learned.hist.cont(p1, idx) + self.learned.hist.cont(p2, idx)
    }

    /// Ordering score of a quiet move: butterfly plus continuation history.
    pub(super) fn quiet_score(&self, idx: usize, ply: usize) -> i32 {
        self.learned.hist.main[idx] + self.cont_score(idx, ply)
    }

    /// Moves every history score of the quiet move `idx` at `ply` by
    /// `bonus`.
    pub(super) fn update_quiet(&mut self, idx: usize, ply: usize, bonus: i32) {
        let [p1, p2] = self.previous_moves(ply);
        self.learned.hist.update_main(idx, bonus);
        self.learned.hist.update_cont(p1, idx, bonus);
        self.learned.hist.update_cont(p2, idx, bonus);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_stays_in_bounds_and_saturates() {
        let mut h = 0;
        for _ in 0..10_000 {
            h = gravity(h, 3_200);
        }
        assert!((HISTORY_MAX - 3_200 + 1..=HISTORY_MAX).contains(&h), "{h}");
        for _ in 0..10_000 {
            h = gravity(h, -3_200);
        }
        assert!((-HISTORY_MAX..-HISTORY_MAX + 3_200).contains(&h), "{h}");
        // A bonus against the sign moves the score more than one with it.
        assert!(gravity(-8_000, 100) - -8_000 > gravity(8_000, 100) - 8_000);
    }

    #[test]
    fn continuation_table_is_direct_on_small_boards_and_hashed_on_large() {
        let small = Histories::new(6, 64);
        assert!(small.direct);
        assert_eq!(small.cont.len(), (2 * 6 * 64) * (2 * 6 * 64));
        assert_eq!(small.cont_slot(3, 5), 3 * 768 + 5);
        let big = Histories::new(30, 192);
        assert!(!big.direct);
        assert_eq!(big.cont.len(), CONT_MAX);
        let n = 2 * 30 * 192;
        assert!((0..n)
            .step_by(97)
            .all(|p| big.cont_slot(p, n - 1) < CONT_MAX));
    }

    #[test]
    fn a_continuation_bonus_is_seen_only_after_its_previous_move() {
        let mut h = Histories::new(6, 64);
        h.update_cont(10, 20, 500);
        assert_eq!(h.cont(10, 20), 500);
        assert_eq!(h.cont(11, 20), 0);
        assert_eq!(h.cont(NO_MOVE, 20), 0);
        h.update_cont(NO_MOVE, 20, 500);
        assert_eq!(h.cont(10, 20), 500);
    }
}
