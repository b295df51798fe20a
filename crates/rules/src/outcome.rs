//! The result of a game and why it ended. The rules that end games are
//! components (`crate::components`), judged in one place:
//! [`Position::verdict`](crate::Position::verdict).

use crate::piece::Color;
use std::fmt;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No legal move while in check.
    Checkmate,
    /// No legal move, not in check (scored by the variant).
    Stalemate,
    /// Too few pieces left covering a direction or group.
    Coverage,
    /// Reached the winning number of a piece type.
    Count,
    /// Same position repeated.
    Repetition,
    /// Too many plies without progress.
    MoveRule,
    /// Game length cap reached.
    PlyCap,
    /// Only royals left.
    BareKings,
    /// A counting rule's limit ran out (Makruk and its cousins).
    Counting,
    /// A side was reduced to its bare king (Shatranj, Courier, Shatar).
    BareKing,
    /// Checkmate by a drop the variant scores as a loss for the dropper
    /// (Shogi's pawn-drop mate).
    DropMate,
    /// A repetition brought about by one side checking at every move: that
    /// side loses.
    PerpetualCheck,
    /// Gave the last of its checks (n-check).
    Checks,
    /// A flag piece reached its region (king of the hill, racing kings).
    Flag,
    /// A counted piece type died out (extinction, antichess, horde).
    Extinction,
    /// Pieces lined up or joined (tic-tac-toe, Connect Four, Gale).
    Connect,
    /// Left with its King and one pawn whose only moves are promotions
    /// (Sittuyin): a draw.
    ForcedPromotion,
    /// Both sides passed in a row (Janggi).
    DoublePass,
    /// Every cell of the board is filled (Othello, Ataxx).
    FullBoard,
    /// A pass while the royals faced each other (Janggi's bikjang).
    Bikjang,
    /// A repetition brought about by one side chasing a piece at every
    /// move (Xiangqi's chasing rule): that side loses.
    Chasing,
    /// A side moved one piece back and forth too often (modern Janggi).
    MoveRepetition,
    /// A side made a castling move that wins, or lost the last right to
    /// make one (castle chess).
    Castling,
}

impl Reason {
    /// Lowercase name used in text interfaces.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Coverage => "coverage",
            Reason::Count => "count",
            Reason::Repetition => "repetition",
            Reason::MoveRule => "move-rule",
            Reason::PlyCap => "ply-cap",
            Reason::BareKings => "bare-kings",
            Reason::Counting => "counting",
            Reason::BareKing => "bare-king",
            Reason::DropMate => "drop-mate",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::Chasing => "chasing",
            Reason::Checks => "checks",
            Reason::Flag => "flag",
            Reason::Extinction => "extinction",
            Reason::Connect => "connect",
            Reason::Castling => "castling",
            Reason::ForcedPromotion => "forced-promotion",
            Reason::DoublePass => "double-pass",
            Reason::FullBoard => "full-board",
            Reason::Bikjang => "bikjang",
            Reason::MoveRepetition => "move-repetition",
        }
    }
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.reason.name())
    }
}
