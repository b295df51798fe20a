//! Perpetual check loses (Xiangqi, Janggi): when a position repeats and one
//! side has given check with every one of its moves since the earliest
//! repeated occurrence, that side loses instead of the game being drawn;
//! when both sides did, it stays a draw.
//!
//! Part of the repetition verdict (`components::repetition` asks
//! `judge` once it has found the repetition): which positions were in
//! check is not kept in the history, so the moves of the cycle are taken
//! back on a copy of the position. A repetition is rare, so this costs
//! nothing on the common path.

use crate::outcome::{Outcome, Reason};
use crate::position::Position;

/// The verdict on a repetition whose earliest counted occurrence lies
/// `span` plies back: a win against the side that checked throughout, or
/// `None` when neither side did (or both did).
pub(crate) fn judge(pos: &Position, span: usize) -> Option<Outcome> {
    if !pos.variant().rules.perpetual_check_loses || span == 0 {
        return None;
    }
    let us = pos.side();
    // in_check[d]: the side to move d plies back was in check.
    let mut in_check = Vec::with_capacity(span + 1);
    let mut p = pos.clone();
    in_check.push(p.in_check());
    for _ in 0..span {
        if p.history_len() == 0 {
            return None;
        }
        p.unmake();
        in_check.push(p.in_check());
    }
    // Positions 0, 2, ..., span back have us to move: they were checks by
    // the opponent; positions 1, 3, ... were our checks.
    let them_checked = in_check.iter().step_by(2).all(|&c| c);
    let we_checked = in_check.iter().skip(1).step_by(2).all(|&c| c);
    let winner = match (them_checked, we_checked) {
        (true, false) => us,
        (false, true) => us.flip(),
        _ => return None,
    };
    Some(Outcome {
        winner: Some(winner),
        reason: Reason::PerpetualCheck,
    })
}

#[cfg(test)]
mod tests {
    use crate::piece::Color;
    use crate::{notation::parse_move, Position, Reason, Registry};

    fn after(variant: &str, fen: &str, moves: &[&str]) -> Position {
        let v = Registry::builtin().get(variant).expect("variant");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for m in moves {
            let mv = parse_move(&pos, m).expect("move");
            pos.play(mv).expect("legal");
        }
        pos
    }

    #[test]
    fn the_side_giving_perpetual_check_loses() {
        // Red's chariot checks on every move while Black's general steps
        // between d10 and d9; the third occurrence of the position after
        // the first check ends the game.
        let fen = "3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1";
        let mut moves = vec!["h1h10"];
        for _ in 0..2 {
            moves.extend(["d10d9", "h10h9", "d9d10", "h9h10"]);
        }
        let pos = after("xiangqi", fen, &moves);
        let o = pos.outcome().expect("repetition");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::PerpetualCheck)
        );
        // One occurrence fewer: the game goes on.
        let pos = after("xiangqi", fen, &moves[..moves.len() - 1]);
        assert!(pos.outcome().is_none());
    }

    #[test]
    fn a_repetition_without_perpetual_check_is_a_draw() {
        let fen = "3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1";
        let mut moves = Vec::new();
        for _ in 0..2 {
            moves.extend(["h1h2", "d10d9", "h2h1", "d9d10"]);
        }
        let pos = after("xiangqi", fen, &moves);
        let o = pos.outcome().expect("repetition");
        assert_eq!((o.winner, o.reason), (None, Reason::Repetition));
    }
}
