//! Checkmate and the stalemate verdict: what happens to a side that has no
//! legal move. In check it loses (or wins, where being mated is the aim:
//! losers); otherwise the variant decides (a draw in chess, a loss in
//! shogi-like games, a win in antichess). With `stalemate_piece_count`
//! (suicide chess) the stalemate verdict goes to the side with fewer pieces
//! on the board: the stalemated side gets the variant's verdict when it has
//! fewer, the opposite when it has more, a draw when the counts are equal.

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

impl Verdict {
    /// The opposite verdict (the other side's view).
    #[must_use]
    pub fn flip(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss => Verdict::Win,
        }
    }

    /// A verdict by its name in variant files: `win`, `draw` or `loss`.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Verdict> {
        match s {
            "win" => Some(Verdict::Win),
            "draw" => Some(Verdict::Draw),
            "loss" => Some(Verdict::Loss),
            _ => None,
        }
    }
}

/// Checkmate: no legal move (`has_move` false) while in check.
pub(crate) fn judge_checkmate(pos: &Position, has_move: bool) -> Option<Outcome> {
    (!has_move && pos.in_check()).then(|| {
        let verdict = match pos.variant().rules.mate_series {
            Some(rule) => super::mate_series::checkmate_verdict(pos, rule),
            None => pos.variant().rules.checkmate,
        };
        verdict.outcome(pos, Reason::Checkmate)
    })
}

/// Stalemate: no legal move, not in check (checkmate is judged before).
pub(crate) fn judge_stalemate(pos: &Position, has_move: bool) -> Option<Outcome> {
    if has_move {
        return None;
    }
    let rules = &pos.variant().rules;
    let mut verdict = rules.stalemate;
    if rules.stalemate_piece_count {
        let on_board = |c| pos.board().iter().filter(|p| p.is_color(c)).count();
        let us = pos.side();
        verdict = match on_board(us).cmp(&on_board(us.flip())) {
            std::cmp::Ordering::Less => verdict,
            std::cmp::Ordering::Equal => Verdict::Draw,
            std::cmp::Ordering::Greater => verdict.flip(),
        };
    }
    Some(verdict.outcome(pos, Reason::Stalemate))
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
        // Being mated wins where that is the aim.
        let won = outcome("checkmate = \"win\"", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").expect("mate");
        assert_eq!(won.winner, Some(Color::Black));
    }

    #[test]
    fn suicide_stalemate_goes_to_the_side_with_fewer_pieces() {
        let v = Registry::builtin().get("suicide").expect("suicide");
        let at = |fen: &str| Position::from_fen(&v, fen).expect("fen").outcome();
        // Black to move, blocked: one piece against two wins, against one
        // draws, and two against one lose.
        let fewer = at("8/8/8/8/8/p7/P7/7K b - - 0 1").expect("stalemate");
        assert_eq!(
            (fewer.winner, fewer.reason),
            (Some(Color::Black), Reason::Stalemate)
        );
        let equal = at("8/8/8/8/8/p7/P7/8 b - - 0 1").expect("stalemate");
        assert_eq!(equal.winner, None);
        let more = at("8/8/8/8/p7/p7/P7/8 b - - 0 1").expect("stalemate");
        assert_eq!(more.winner, Some(Color::White));
        // Antichess: the stalemated side wins whatever the counts.
        let anti = Registry::builtin().get("antichess").expect("antichess");
        let o = Position::from_fen(&anti, "8/8/8/8/p7/p7/P7/8 b - - 0 1")
            .expect("fen")
            .outcome()
            .expect("stalemate");
        assert_eq!(o.winner, Some(Color::Black));
    }
}
