//! Repetition: a draw when the same position (board, hands, side to move,
//! castling and en-passant rights, imitation state) occurs the given number
//! of times. The search counts a position's first recurrence already (see
//! [`super::end::Judge::first_repetition`]).

use super::perpetual;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;

impl Position {
    /// Hashes of the earlier positions, newest first and with the same side
    /// to move, that this one may repeat. Unless captures go to the hand, a
    /// reset of the no-progress counter (a capture, a pawn move) can never
    /// be undone, so only the positions since the last one are looked at.
    /// Where captured pieces come back as drops any earlier position can
    /// recur — a capture, a recapture and two drops can restore the board
    /// and both hands — so the whole game is.
    pub fn repeatable_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let keys = self.key_history();
        let window = if self.variant().rules.captures_to_hand {
            keys.len()
        } else {
            (self.halfmove() as usize).min(keys.len())
        };
        keys[keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .copied()
    }

    /// How many earlier positions equal this one (see [`Self::repeatable_keys`]).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let h = self.hash();
        self.repeatable_keys().filter(|&k| k == h).count()
    }
}

/// Draw at the `occurrences`-th occurrence of the position, or at its first
/// recurrence when `first` is set — unless a side checked throughout, where
/// the variant makes perpetual check lose ([`super::perpetual`]).
pub(crate) fn judge(pos: &Position, occurrences: u32, first: bool) -> Option<Outcome> {
    let h = pos.hash();
    let earlier_needed = if first {
        1
    } else {
        (occurrences as usize).saturating_sub(1).max(1)
    };
    // Plies back to the earliest occurrence counted.
    let (index, _) = pos
        .repeatable_keys()
        .enumerate()
        .filter(|&(_, k)| k == h)
        .nth(earlier_needed - 1)?;
    let span = 2 * (index + 1);
    Some(perpetual::judge(pos, span).unwrap_or(Outcome {
        winner: None,
        reason: Reason::Repetition,
    }))
}
