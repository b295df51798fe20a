//! The ply cap: a draw when the game reaches a fixed length (Nichtschach's
//! 2000 plies), counted from the move number of the start position.

use crate::outcome::{Outcome, Reason};
use crate::position::Position;

/// Draw once the game has lasted `plies` plies.
pub(crate) fn judge(pos: &Position, plies: u32) -> Option<Outcome> {
    (pos.game_ply() >= plies).then_some(Outcome {
        winner: None,
        reason: Reason::PlyCap,
    })
}
