//! Win by count: a side that starts its turn with a given number of pieces
//! of one type wins (Mitregi's Princes). Checkmate is judged first: a side
//! in check with no move loses even with the count (see [`super::end`]).

use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;

/// The winning count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountWin {
    /// The counted piece type.
    pub kind: PieceType,
    /// How many win.
    pub count: u32,
}

impl Position {
    /// True when `c` has reached the variant's winning count.
    #[must_use]
    pub fn count_won(&self, c: Color) -> bool {
        self.variant()
            .rules
            .count_win
            .is_some_and(|w| self.count(c, w.kind) as u32 >= w.count)
    }
}

/// The side to move wins when it has the count.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let us = pos.side();
    pos.count_won(us).then_some(Outcome {
        winner: Some(us),
        reason: Reason::Count,
    })
}
