//! Perpetual check: in Shogi, Xiangqi and Janggi a repetition brought about by
//! one side checking at every one of its moves is not a draw — the checking
//! side loses (Fairy-Stockfish's `perpetualCheckIllegal`, which scores it
//! so while keeping the checking moves legal).
//!
//! The rule looks at the cycle the repetition closes: every position from
//! the earliest counted occurrence to now. When the side to move was in
//! check in each of its positions of the cycle, its opponent checked
//! perpetually and loses; the same test the other way round gives the side
//! to move the loss; when both sides checked throughout it is a draw. Checks
//! are found by taking the moves back on a copy, which costs nothing unless
//! a repetition has happened.
//!
//! Hook: verdict, through the repetition rule (`components::repetition`).

use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::variant::Verdict;

/// The verdict on a repetition whose cycle spans the last `back` plies when
/// a side gave check at every move of it, or `None` when neither did.
pub(crate) fn judge(pos: &Position, back: usize) -> Option<Outcome> {
    if !pos.variant().rules.perpetual_check_loses || back == 0 || back > pos.history_len() {
        return None;
    }
    // checked[i]: the side to move was in check `i` plies ago.
    let mut p = pos.clone();
    let mut checked = Vec::with_capacity(back);
    for _ in 0..back {
        checked.push(p.in_check());
        p.unmake();
    }
    // Even distances: positions with the same side to move as now, checked
    // by the opponent; odd ones: the opponent to move, checked by us.
    let they_checked = checked.iter().step_by(2).all(|&c| c);
    let we_checked = checked.iter().skip(1).step_by(2).all(|&c| c);
    let verdict = match (they_checked, we_checked) {
        (false, false) => return None,
        (true, false) => Verdict::Win,
        (false, true) => Verdict::Loss,
        (true, true) => Verdict::Draw,
    };
    Some(verdict.outcome(pos, Reason::PerpetualCheck))
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

    // White's rook on the a-file and Black's lone king (Shogi).
    const SHOGI_START: &str = "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1";

    fn shogi(moves: &str) -> Position {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        after("shogi", SHOGI_START, &moves)
    }

    #[test]
    fn in_shogi_the_side_that_checks_every_move_loses_the_fourfold_repetition() {
        // The rook checks along the ninth and the eighth rank in turn and
        // the king steps between e9 and e8: the position after the first
        // two moves comes back three times, every White move a check.
        let cycle = "a9a8 e8e9 a8a9 e9e8";
        let pos = shogi(&format!("a1a9 e9e8 {cycle} {cycle} {cycle}"));
        let o = pos.outcome().expect("fourfold repetition");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::PerpetualCheck)
        );
    }

    #[test]
    fn in_shogi_a_quiet_repetition_is_a_draw() {
        let cycle = "e1d1 e9d9 d1e1 d9e9";
        let pos = shogi(&format!("{cycle} {cycle} {cycle}"));
        let o = pos.outcome().expect("fourfold repetition");
        assert_eq!((o.winner, o.reason), (None, Reason::Repetition));
    }
}
