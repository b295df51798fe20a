//! Checkmate and the stalemate verdict: what happens to a side that has no
//! legal move. In check it loses; otherwise the variant decides (a draw in
//! chess, a loss in shogi-like games, a win in some).

use crate::outcome::{Outcome, Reason};
use crate::position::Position;

/// A game result from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins.
    Win,
    /// Draw.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Verdict {
    /// The same result seen from the other side.
    #[must_use]
    pub fn flipped(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss => Verdict::Win,
        }
    }

    /// The outcome this verdict gives the side to move of `pos`.
    #[must_use]
    pub fn outcome(self, pos: &Position, reason: Reason) -> Outcome {
        let us = pos.side();
        let winner = match self {
            Verdict::Win => Some(us),
            Verdict::Draw => None,
            Verdict::Loss => Some(us.flip()),
        };
        Outcome { winner, reason }
    }
}

/// Checkmate: no legal move (`has_move` false) while in check.
pub(crate) fn judge_checkmate(pos: &Position, has_move: bool) -> Option<Outcome> {
    (!has_move && pos.in_check()).then(|| Verdict::Loss.outcome(pos, Reason::Checkmate))
}

/// Stalemate: no legal move, not in check (checkmate is judged before).
pub(crate) fn judge_stalemate(pos: &Position, has_move: bool) -> Option<Outcome> {
    (!has_move).then(|| {
        pos.variant()
            .rules
            .stalemate
            .outcome(pos, Reason::Stalemate)
    })
}

#[cfg(test)]
mod tests {
    use crate::piece::Color;
    use crate::{Position, Reason, Registry};

    fn outcome(rules: &str, fen: &str) -> Option<crate::Outcome> {
        let mut reg = Registry::builtin();
        let text = format!("id = \"t\"\nextends = \"chess\"\n[rules]\n{rules}\n");
        let id = reg.add_toml("t.toml", &text).expect("toml");
        let v = reg.get(&id).expect("variant");
        Position::from_fen(&v, fen).expect("fen").outcome()
    }

    #[test]
    fn checkmate_loses_and_stalemate_follows_the_variant() {
        let mate = outcome("", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").expect("mate");
        assert_eq!(
            (mate.winner, mate.reason),
            (Some(Color::White), Reason::Checkmate)
        );
        let stalemate = "7k/8/6QK/8/8/8/8/8 b - - 0 1";
        let draw = outcome("", stalemate).expect("stalemate");
        assert_eq!((draw.winner, draw.reason), (None, Reason::Stalemate));
        for (verdict, winner) in [("loss", Color::White), ("win", Color::Black)] {
            let o = outcome(&format!("stalemate = \"{verdict}\""), stalemate).expect(verdict);
            assert_eq!((o.winner, o.reason), (Some(winner), Reason::Stalemate));
        }
        assert!(outcome("", "7k/8/8/8/8/8/8/K5Q1 w - - 0 1").is_none());
    }
}
