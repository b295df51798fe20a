//! Mate by a dropped piece: Shogi forbids giving checkmate by dropping a
//! Pawn (*uchifuzume*). Fairy-Stockfish (`shogiPawnDropMateIllegal`) keeps
//! such a drop among the legal moves — its perft counts it — and scores the
//! mate it gives as a win for the side that was mated; Menagerie follows it
//! so that move counts and results agree. The search reads the same verdict,
//! so the engine never plays such a drop to win.
//!
//! The rule holds when the side to move is checkmated, the last move was a
//! drop of one of the listed types, and every piece giving check is of a
//! listed type (a drop that opens a line for a hopper's check is an ordinary
//! mate).
//!
//! Hook: verdict (`EndRule::DropMate`, judged just before checkmate).

use crate::outcome::{Outcome, Reason};
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::Verdict;

/// Reads `drop_mate_loses = ["P"]` (piece keys) into a mask of piece types.
///
/// # Errors
/// The message naming an unknown key.
pub(crate) fn from_spec(
    keys: Option<&[String]>,
    lookup: impl Fn(&str) -> Option<PieceType>,
) -> Result<u64, String> {
    let mut mask = 0u64;
    for key in keys.unwrap_or_default() {
        let t = lookup(key).ok_or_else(|| format!("unknown piece `{key}`"))?;
        mask |= 1 << t;
    }
    Ok(mask)
}

/// The mated side wins when the checkmate came from a drop of a type in
/// `types` (a bit mask of piece types) and only such pieces give check.
pub(crate) fn judge(pos: &Position, types: u64, has_move: bool) -> Option<Outcome> {
    if has_move {
        return None;
    }
    let dropped = pos.last_move()?.dropped()?;
    if types >> dropped & 1 == 0 || !pos.in_check() {
        return None;
    }
    let them = pos.side().flip();
    let mut checkers = Vec::new();
    for royal in pos.checked_royals() {
        pos.attackers(royal, them, &mut checkers);
    }
    checkers
        .iter()
        .all(|&(_, kind)| types >> kind & 1 != 0)
        .then(|| Verdict::Win.outcome(pos, Reason::DropMate))
}

#[cfg(test)]
mod tests {
    use crate::piece::Color;
    use crate::{Position, Reason, Registry};

    /// Plays `moves` from `fen` in shogi and returns the outcome.
    fn after(fen: &str, moves: &[&str]) -> Option<crate::Outcome> {
        let reg = Registry::builtin();
        let v = reg.get("shogi").expect("shogi");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for m in moves {
            let mv = crate::notation::parse_move(&pos, m).expect("move");
            pos.play(mv).expect("legal");
        }
        pos.outcome()
    }

    // Black's king on i9 is boxed in by its own knight on h9 and White's
    // gold on h7, which also guards i8.
    const BOXED: &str = "7nk/9/7G1/9/9/9/9/9/K8[P] w - - 0 1";

    #[test]
    fn a_pawn_drop_mate_loses_for_the_dropper() {
        let o = after(BOXED, &["P@i8"]).expect("the game ends");
        assert_eq!((o.winner, o.reason), (Some(Color::Black), Reason::DropMate));
    }

    #[test]
    fn other_mates_stay_mates() {
        // The same mate given by a gold drop is an ordinary checkmate.
        let gold = "7nk/9/7G1/9/9/9/9/9/K8[G] w - - 0 1";
        let o = after(gold, &["G@i8"]).expect("mate");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Checkmate)
        );
        // A pawn that moves to give mate is an ordinary mate too.
        let o = after("7nk/9/7GP/9/9/9/9/9/K8[] w - - 0 1", &["i7i8"]).expect("mate");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Checkmate)
        );
        // A pawn-drop check that is not mate does not end the game.
        assert!(after("7nk/9/9/9/9/9/9/9/K8[P] w - - 0 1", &["P@i8"]).is_none());
    }
}
