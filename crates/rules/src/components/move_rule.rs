//! The move rule: a draw after a number of plies without progress (100 in
//! chess: fifty moves by each side). What counts as progress — captures,
//! moves of types that reset the clock, drops, promotions — is decided when
//! a move is made (`position::make`); this rule only reads the counter.

use crate::outcome::{Outcome, Reason};
use crate::position::Position;

/// Draw once `plies` plies have passed without progress.
pub(crate) fn judge(pos: &Position, plies: u32) -> Option<Outcome> {
    (pos.halfmove() >= plies).then_some(Outcome {
        winner: None,
        reason: Reason::MoveRule,
    })
}
