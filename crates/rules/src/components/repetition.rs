//! Repetition: a draw when the same position (board, hands, side to move,
//! castling and en-passant rights, imitation state) occurs the given number
//! of times. The search counts a position's first recurrence already (see
//! [`super::end::Judge::first_repetition`]).

use super::{chasing, perpetual};
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Verdict;

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

/// What a repetition gives the side to move when no perpetual check
/// decides it (Fairy-Stockfish's `nFoldValue`, `nFoldValueAbsolute`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepetitionVerdict {
    /// The verdict for the side to move (a draw in most games).
    ToMove(Verdict),
    /// The verdict for White whoever is to move (Minishogi: the first
    /// player loses).
    ForWhite(Verdict),
}

impl RepetitionVerdict {
    /// A repetition draws (the default).
    pub const DRAW: RepetitionVerdict = RepetitionVerdict::ToMove(Verdict::Draw);

    /// Reads the optional `repetition_verdict` key (absent: a draw).
    ///
    /// # Errors
    /// As [`Self::parse`].
    pub fn from_spec(text: Option<&str>) -> Result<RepetitionVerdict, String> {
        text.map_or(Ok(Self::DRAW), Self::parse)
    }

    /// Reads `repetition_verdict`: `draw`, `loss` or `win` for the side to
    /// move, `white-loss` or `white-win` whoever is to move.
    ///
    /// # Errors
    /// The text of the message for any other value.
    pub fn parse(text: &str) -> Result<RepetitionVerdict, String> {
        Ok(match text {
            "draw" => RepetitionVerdict::ToMove(Verdict::Draw),
            "loss" => RepetitionVerdict::ToMove(Verdict::Loss),
            "win" => RepetitionVerdict::ToMove(Verdict::Win),
            "white-loss" => RepetitionVerdict::ForWhite(Verdict::Loss),
            "white-win" => RepetitionVerdict::ForWhite(Verdict::Win),
            o => {
                return Err(format!(
                    "`{o}`: use draw, loss, win, white-loss or white-win"
                ))
            }
        })
    }

    fn outcome(self, pos: &Position) -> Outcome {
        let verdict = match self {
            RepetitionVerdict::ToMove(v) => v,
            RepetitionVerdict::ForWhite(v) if pos.side() == Color::White => v,
            RepetitionVerdict::ForWhite(v) => v.flipped(),
        };
        verdict.outcome(pos, Reason::Repetition)
    }
}

/// Ends the game at the `occurrences`-th occurrence of the position, or at
/// its first recurrence when `first` is set: a draw, unless the variant
/// scores repetitions otherwise, one side checked all through the cycle
/// (`components::perpetual`) or, failing that, chased a piece all through
/// it (`components::chasing`).
pub(crate) fn judge(pos: &Position, occurrences: u32, first: bool) -> Option<Outcome> {
    let earlier = if first {
        1
    } else {
        (occurrences as usize).saturating_sub(1)
    };
    let back = if earlier == 0 {
        0
    } else {
        let h = pos.hash();
        // Distances of the candidates are 2, 4, 6... plies.
        let i = pos
            .repeatable_keys()
            .enumerate()
            .filter(|&(_, k)| k == h)
            .nth(earlier - 1)?
            .0;
        2 * (i + 1)
    };
    Some(
        perpetual::judge(pos, back)
            .or_else(|| chasing::judge(pos, back))
            .unwrap_or_else(|| pos.variant().rules.repetition_verdict.outcome(pos)),
    )
}
