//! The staged move picker. A node's moves are sorted into stages, tried in
//! this order, each move handed to the search with its stage:
//!
//! 1. [`Stage::TtMove`]: the table's move;
//! 2. [`Stage::GoodNoisy`]: captures and promotions, most valuable gain
//!    first, then by capture history; a capture that loses material by exchange (SEE) is put aside;
//! 3. [`Stage::Killer`]: the two last quiet moves that cut off at this ply;
//! 4. [`Stage::Counter`]: the quiet move that last refuted the opponent's move;
//! 5. [`Stage::CheckDrop`]: drops that give check (never pruned as late
//!    moves when the exchange keeps the piece);
//! 6. [`Stage::Quiet`]: the other quiet moves, by butterfly and
//!    continuation history;
//! 7. [`Stage::BadNoisy`]: the captures put aside in stage 2.
//!
//! Moves are generated at once and partitioned by stage; within a stage
//! they are picked by selection (a cut-off usually comes early), and a long
//! remainder (drops make lists of hundreds of moves) is sorted once.

use super::Searcher;
use menagerie_rules::{Move, MoveList};

/// Where a move comes from in the picker's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Stage {
    /// The transposition table's move.
    TtMove,
    /// A capture or promotion not known to lose material.
    GoodNoisy,
    /// A killer move.
    Killer,
    /// The counter move.
    Counter,
    /// A drop that gives check.
    CheckDrop,
    /// Any other quiet move.
    Quiet,
    /// A capture that loses material by exchange.
    BadNoisy,
}

impl Stage {
    /// Stages in picking order.
    const ALL: [Stage; 7] = [
        Stage::TtMove,
        Stage::GoodNoisy,
        Stage::Killer,
        Stage::Counter,
        Stage::CheckDrop,
        Stage::Quiet,
        Stage::BadNoisy,
    ];

    /// A move the ordering did not single out: late-move pruning, futility
    /// and the full late-move reduction apply to it.
    pub(super) fn is_late(self) -> bool {
        matches!(self, Stage::CheckDrop | Stage::Quiet | Stage::BadNoisy)
    }
}

/// Selection-sort picks in a stage before a long remainder is sorted.
const PICK_SORT_AFTER: usize = 3;
/// Remainders shorter than this keep selection sort.
const PICK_SORT_MIN: usize = 24;

/// The picker's state at one ply (the moves themselves are the node's list).
#[derive(Default)]
pub(super) struct Picker {
    /// Start of each stage's run in the move list; `start[7]` is its end.
    start: [usize; Stage::ALL.len() + 1],
    /// Ordering score of each move (meaningful within its stage).
    scores: Vec<i32>,
    /// Index of the next move to pick.
    next: usize,
    /// Moves up to this index are in their final order.
    sorted_until: usize,
    /// Losing captures put aside, in the order they came up.
    bad: Vec<Move>,
    /// The next of them to hand out.
    bad_next: usize,
}

impl Picker {
    /// The stage of the move at index `i` of the list.
    fn stage_at(&self, i: usize) -> Stage {
        let k = (1..=Stage::ALL.len())
            .find(|&k| i < self.start[k])
            .map_or(Stage::ALL.len() - 1, |k| k - 1);
        Stage::ALL[k]
    }
}

impl Searcher<'_> {
    /// Starts picking from `moves` at `ply`: each move gets its stage and
    /// its score within it, and the list is partitioned by stage. With
    /// `checks`, drops that give check are found and get their own stage.
    pub(super) fn start_picker(
        &mut self,
        moves: &mut MoveList,
        tt_move: u64,
        ply: usize,
        checks: bool,
    ) {
        let counter = if ply > 0 && self.stack[ply - 1].moved != usize::MAX {
            self.learned.counter[self.stack[ply - 1].moved]
        } else {
            Move::NULL
        };
        let killers = self.stack[ply].killers;
        let marked = checks && self.find_checking_drops();
        if marked {
            self.mark_checking_drops();
        }
        let mut staged = std::mem::take(&mut self.staged_buf);
        staged.clear();
        let mut counts = [0usize; Stage::ALL.len()];
        for &m in moves.iter() {
            let (stage, score) = if m.raw() == tt_move {
                (Stage::TtMove, 0)
            } else if m.is_noisy() {
                let mut gain = self.gain(m) * 16 - self.mover_value(m).min(5_000) / 16;
                if m.is_capture() {
                    gain += i32::from(self.learned.hist.capture[self.capture_index(m)])
                        / self.params.capture_history_div;
                }
                (Stage::GoodNoisy, gain)
            } else if m == killers[0] {
                (Stage::Killer, 1)
            } else if m == killers[1] {
                (Stage::Killer, 0)
            } else if m == counter {
                (Stage::Counter, 0)
            } else if marked
                && m.dropped()
                    .is_some_and(|k| self.drop_check[m.to().idx()] >> k & 1 != 0)
            {
                (
                    Stage::CheckDrop,
                    self.quiet_score(self.history_index(m), ply),
                )
            } else {
                (Stage::Quiet, self.quiet_score(self.history_index(m), ply))
            };
            counts[stage as usize] += 1;
            staged.push((stage, score, m));
        }
        if marked {
            for &(c, _) in &self.placed_buf {
                self.drop_check[c.idx()] = 0;
            }
        }
        let mut pk = std::mem::take(&mut self.stack[ply].picker);
        pk.start[0] = 0;
        for k in 0..Stage::ALL.len() {
            pk.start[k + 1] = pk.start[k] + counts[k];
        }
        // Place each move in its stage's run (generation order kept within).
        let mut at = pk.start;
        pk.scores.clear();
        pk.scores.resize(moves.len(), 0);
        for &(stage, score, m) in &staged {
            let i = &mut at[stage as usize];
            moves[*i] = m;
            pk.scores[*i] = score;
            *i += 1;
        }
        pk.next = 0;
        pk.sorted_until = 0;
        pk.bad.clear();
        pk.bad_next = 0;
        self.stack[ply].picker = pk;
        self.staged_buf = staged;
    }

    /// The next move to search at `ply` and its stage, or None when every
    /// move has been handed out.
    pub(super) fn next_move(&mut self, moves: &mut MoveList, ply: usize) -> Option<(Move, Stage)> {
        loop {
            let pk = &mut self.stack[ply].picker;
            let i = pk.next;
            if i >= moves.len() {
                let m = pk.bad.get(pk.bad_next).copied()?;
                pk.bad_next += 1;
                return Some((m, Stage::BadNoisy));
            }
            pk.next += 1;
            let stage = pk.stage_at(i);
            let end = pk.start[stage as usize + 1];
            if i >= pk.sorted_until {
                if i - pk.start[stage as usize] >= PICK_SORT_AFTER && end - i > PICK_SORT_MIN {
                    self.sort_run(moves, i, end, ply);
                } else {
                    let mut best = i;
                    for j in i + 1..end {
                        if pk.scores[j] > pk.scores[best] {
                            best = j;
                        }
                    }
                    moves.swap(i, best);
                    pk.scores.swap(i, best);
                }
            }
            let m = moves[i];
            if stage == Stage::GoodNoisy
                && m.is_capture()
                && self.mover_value(m) > self.gain(m)
                && self.see(m) < 0
            {
                self.stack[ply].picker.bad.push(m);
                continue;
            }
            return Some((m, stage));
        }
    }

    /// Sorts `moves[i..end]` by descending score (stable), once per run.
    fn sort_run(&mut self, moves: &mut MoveList, i: usize, end: usize, ply: usize) {
        let pk = &mut self.stack[ply].picker;
        let buf = &mut self.sort_buf;
        buf.clear();
        buf.extend((i..end).map(|j| (pk.scores[j], moves[j])));
        buf.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (k, &(s, m)) in buf.iter().enumerate() {
            pk.scores[i + k] = s;
            moves[i + k] = m;
        }
        pk.sorted_until = end;
    }
}
