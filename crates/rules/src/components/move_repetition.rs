//! Move repetition (Janggi's modern rules, as Kakao Janggi plays them;
//! Fairy-Stockfish's `moveRepetitionIllegal`): a side that keeps moving one
//! piece back and forth loses. The side that just moved loses when its own
//! last moves, read backwards, are: a move, its exact reverse, and so on,
//! four shuttles in all (a pass may stand as its second-last move, the
//! shuttle then going on around it), before which the same piece arrived
//! on its cell without capturing — none of those moves made in check, and
//! the piece one that can enter the area of the enemy royal (a General or
//! Guard shut in its own palace never loses so).
//!
//! Only the moves since the last capture or clock reset are looked at. The
//! moves alone are compared first; the position is taken back to look for
//! checks only when they form the pattern, which is rare.
//!
//! Hook: verdict (`judge`).

use crate::moves::Move;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::variant::Verdict;

/// Shuttle moves (each the reverse of the one before) that lose.
const SHUTTLES: u32 = 4;

/// True when `later` takes the piece `earlier` moved straight back.
fn reverses(later: Move, earlier: Move) -> bool {
    later.promotion().is_none()
        && !later.is_pass()
        && earlier.from() == Some(later.to())
        && later.from() == Some(earlier.to())
}

/// How many plies back the arrival lies when the mover's moves form the
/// pattern within the last `window` plies.
fn arrival(pos: &Position, window: usize) -> Option<usize> {
    let last = pos.move_back(0)?;
    let second = pos.move_back(2)?;
    let mut run = if reverses(last, second) {
        2
    } else if second.is_pass() {
        1
    } else {
        return None;
    };
    let mut back = 4;
    while back <= window {
        let m = pos.move_back(back)?;
        let later = pos.move_back(back - 2)?;
        if run < SHUTTLES {
            let shuttled = if run == 1 { last } else { later };
            if !reverses(shuttled, m) {
                return None;
            }
            run += 1;
        } else {
            let arrived = !m.is_capture() && later.from() == Some(m.to());
            return arrived.then_some(back);
        }
        back += 2;
    }
    None
}

/// The win of the side to move when its opponent's last moves shuttled one
/// piece back and forth (see the module docs).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let window = (pos.halfmove() as usize).min(pos.history_len());
    let last = pos.move_back(0)?;
    if window < 4 || last.is_null() || last.is_pass() || !reaches_enemy_royal(pos, last) {
        return None;
    }
    let arrival = arrival(pos, window)?;
    // Before each of the mover's moves of the pattern (before the arrival
    // only inside the window) it may not have been in check.
    let mut p = pos.clone();
    for back in 0..=arrival {
        p.unmake();
        let counted = back < 4 || back < window;
        if back % 2 == 0 && counted && p.in_check() {
            return None;
        }
    }
    Some(Verdict::Win.outcome(pos, Reason::MoveRepetition))
}

/// True when the piece that made `m` may stand where the opponent's royal
/// may move.
fn reaches_enemy_royal(pos: &Position, m: Move) -> bool {
    let v = pos.variant();
    let them = pos.side();
    let kind = pos.piece(m.to()).kind();
    let mine = &v.pieces[usize::from(kind)].mobile[them.flip().idx()];
    v.pieces
        .iter()
        .filter(|d| d.royal)
        .any(|d| d.mobile[them.idx()].iter().any(|c| mine.contains(c)))
}

#[cfg(test)]
mod tests {
    use crate::{Color, Position, Reason, Registry};

    fn after(variant: &str, fen: &str, moves: &[&str]) -> Position {
        let v = Registry::builtin().get(variant).expect("variant");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for m in moves {
            let mv = crate::notation::parse_move(&pos, m).expect("move");
            pos.play(mv).expect("legal");
        }
        pos
    }

    const FEN: &str = "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    /// White's Chariot arrives on a2 and shuttles four times; Black's
    /// General, shut in its palace, shuttles too without losing.
    const SHUTTLE: [&str; 9] = [
        "a1a2", "d10d9", "a2a1", "d9d10", "a1a2", "d10d9", "a2a1", "d9d10", "a1a2",
    ];

    #[test]
    fn shuttling_a_piece_loses() {
        let o = after("janggimodern", FEN, &SHUTTLE)
            .outcome()
            .expect("ended");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::MoveRepetition)
        );
        // One shuttle fewer: the game goes on.
        assert!(after("janggimodern", FEN, &SHUTTLE[..8])
            .outcome()
            .is_none());
        // Without the rule, the third occurrence is a counted repetition.
        let o = after("janggi", FEN, &SHUTTLE[..8])
            .outcome()
            .expect("ended");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Repetition)
        );
    }

    #[test]
    fn a_guard_shut_in_its_palace_never_loses_so() {
        // Red's Guard shuttles d1-d2 from the start: pyffish plays on (its
        // region never meets the enemy General's).
        let v = Registry::builtin().get("janggimodern").expect("variant");
        let mut pos = Position::start(&v);
        for m in "d1d2 d10d9 d2d1 d9d10 d1d2 d10d9 d2d1 d9d10 d1d2".split(' ') {
            crate::test_support::play_uci(&mut pos, m);
        }
        assert_eq!(pos.outcome(), None);
    }

    #[test]
    fn a_pass_may_stand_for_the_second_last_move() {
        // a1a2, then shuttles a2a1 a1a2 a2a1, a pass, and a1a2 again.
        let moves = [
            "a1a2", "d10d9", "a2a1", "d9d10", "a1a2", "d10d9", "a2a1", "d9d10", "e2e2", "d10d9",
            "a1a2",
        ];
        let o = after("janggimodern", FEN, &moves).outcome().expect("ended");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::MoveRepetition)
        );
    }
}
