//! The bare king: a side reduced to its king alone is judged at once —
//! it loses in Shatranj and Courier chess, and the game is drawn in Shatar
//! ("robado").
//!
//! The rule, as Fairy-Stockfish applies it, looks at the side that has just
//! moved first, then at the side to move. A side with at most one piece
//! left (its king) gets the verdict when the other side has at least
//! `opponent_at_least` pieces. With `bare_back`, the side to move needs one
//! piece more against it: a king bared by the last move may still take the
//! opponent's last piece and bare it back (a draw by the same rule).
//!
//! The verdict is reached before any move is made (it stops play), so it
//! comes first in the end-rule list (`components::end`).

use super::mate::Verdict;
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;

/// The bare-king rule of a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BareKing {
    /// What a bared side gets.
    pub verdict: Verdict,
    /// The other side must have at least this many pieces.
    pub opponent_at_least: u32,
    /// The side to move needs one opponent piece more against it.
    pub bare_back: bool,
}

/// Pieces of `side`, on the board and in hand, its king included.
fn pieces(pos: &Position, side: Color) -> u32 {
    (0..pos.variant().types())
        .map(|k| pos.count(side, k as PieceType) as u32 + u32::from(pos.hand(side, k as PieceType)))
        .sum()
}

/// The verdict of the rule in `pos`, if a side is bare.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let rule = pos.variant().rules.bare_king?;
    let us = pos.side();
    for c in [us.flip(), us] {
        let needed = rule.opponent_at_least + u32::from(rule.bare_back && c == us);
        if pieces(pos, c) <= 1 && pieces(pos, c.flip()) >= needed {
            let winner = match rule.verdict {
                Verdict::Loss => Some(c.flip()),
                Verdict::Draw => None,
                Verdict::Win => Some(c),
            };
            return Some(Outcome {
                winner,
                reason: Reason::BareKing,
            });
        }
    }
    None
}

/// The validated rule of a `[rules] bare_king` table.
///
/// # Errors
/// A message naming a verdict other than `loss`, `draw` or `win`.
pub fn from_spec(spec: &crate::variant::spec::BareKingFile) -> Result<BareKing, String> {
    let verdict = match spec.verdict.as_str() {
        "loss" => Verdict::Loss,
        "draw" => Verdict::Draw,
        "win" => Verdict::Win,
        o => return Err(format!("verdict `{o}`: use loss, draw or win")),
    };
    Ok(BareKing {
        verdict,
        opponent_at_least: spec.opponent_at_least.unwrap_or(0),
        bare_back: spec.bare_back.unwrap_or(false),
    })
}

#[cfg(test)]
mod tests {
    use crate::piece::Color;
    use crate::{Position, Reason, Registry};

    fn outcome(variant: &str, fen: &str) -> Option<(Option<Color>, Reason)> {
        let v = Registry::builtin().get(variant).expect("variant");
        let pos = Position::from_fen(&v, fen).expect("fen");
        pos.outcome().map(|o| (o.winner, o.reason))
    }

    #[test]
    fn a_bared_side_loses_in_shatranj() {
        // Black, to move, has only its king against king and two pieces.
        let lost = outcome("shatranj", "4k3/8/8/8/8/8/8/R3K2R b - - 0 1");
        assert_eq!(lost, Some((Some(Color::White), Reason::BareKing)));
        // Bared by the last move, White still wins at once.
        let bared = outcome("shatranj", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(bared, Some((Some(Color::White), Reason::BareKing)));
    }

    #[test]
    fn the_side_to_move_may_bare_back() {
        // Black to move is bare but may still take White's last piece.
        assert_eq!(outcome("shatranj", "4k3/3R4/8/8/8/8/8/4K3 b - - 0 1"), None);
        // Two bare kings: nothing to judge by this rule.
        assert_eq!(outcome("shatranj", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), None);
    }

    #[test]
    fn no_moves_once_a_side_is_bare() {
        let v = Registry::builtin().get("shatranj").expect("variant");
        let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K2R b - - 0 1").expect("fen");
        assert!(pos.legal_moves().is_empty());
    }
}
