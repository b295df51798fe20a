//! What a checkmate is worth depends on the checks that led to it (Shatar,
//! Mongolian chess). A mate wins only when the unbroken series of checks
//! the mating side gave up to it holds a check by one of the "shak" types
//! (Rook, Knight, Bers); a mate without one is a draw ("niol"). A mate given
//! by the `losing` types alone (Knights) loses for the side that gives it.
//! Fairy-Stockfish calls this `shatarMateRule`.
//!
//! Hook: verdict. `components::mate` asks `checkmate_verdict` for a side
//! in check without a legal move. The series is read back through the
//! game's moves (a copy of the position is unmade two plies at a time, as
//! long as the mated side was in check); it stops where the known moves
//! stop, as Fairy-Stockfish's does.

use super::mate::Verdict;
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::spec::MateSeriesFile;

/// The rule's data: bit masks of piece types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MateSeries {
    /// A check by one of these makes the series a real attack.
    pub shak: u64,
    /// A mate by these alone loses for the mating side.
    pub losing: u64,
}

/// Reads `mate_series = { shak, losing }`.
///
/// # Errors
/// An unknown piece key, as a message.
pub(crate) fn from_spec(
    spec: &MateSeriesFile,
    piece: &dyn Fn(&str) -> Option<PieceType>,
) -> Result<MateSeries, String> {
    let mask = |keys: &[String]| {
        keys.iter().try_fold(0u64, |m, k| {
            piece(k)
                .map(|t| m | 1 << t)
                .ok_or_else(|| format!("unknown piece `{k}`"))
        })
    };
    Ok(MateSeries {
        shak: mask(&spec.shak)?,
        losing: mask(spec.losing.as_deref().unwrap_or_default())?,
    })
}

/// The types (bit mask) giving check to the side to move.
fn checker_types(pos: &Position) -> u64 {
    let them = pos.side().flip();
    let mut found = Vec::new();
    for king in pos.royals(pos.side()) {
        pos.attackers(king, them, &mut found);
    }
    found.iter().fold(0, |m, &(_, k)| m | 1 << k)
}

/// The result, for the side to move, of the checkmate on the board.
pub(crate) fn checkmate_verdict(pos: &Position, rule: MateSeries) -> Verdict {
    let now = checker_types(pos);
    if now != 0 && now & !rule.losing == 0 {
        return Verdict::Win;
    }
    let mut p = pos.clone();
    loop {
        let checkers = checker_types(&p);
        if checkers == 0 {
            return Verdict::Draw;
        }
        if checkers & rule.shak != 0 {
            return Verdict::Loss;
        }
        if p.history_len() < 2 {
            return Verdict::Draw;
        }
        p.unmake();
        p.unmake();
    }
}

#[cfg(test)]
mod tests {
    use crate::piece::Color;
    use crate::{parse_move, Position, Reason, Registry};

    fn after(fen: &str, moves: &str) -> Position {
        let v = Registry::builtin().get("shatar").expect("shatar");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for t in moves.split_whitespace() {
            let m = parse_move(&pos, t).expect(t);
            pos.play(m).expect(t);
        }
        pos
    }

    #[test]
    fn a_rook_mate_wins() {
        let pos = after("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8");
        let o = pos.outcome().expect("mate");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::White), Reason::Checkmate)
        );
    }

    #[test]
    fn a_knight_mate_loses_for_the_mater() {
        // Smothered King: the Knight alone gives mate.
        let pos = after("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7");
        let o = pos.outcome().expect("mate");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::Checkmate)
        );
    }

    #[test]
    fn a_mate_by_a_bishop_after_no_shak_is_a_draw() {
        // The Bishop's mate follows no check at all: niol.
        let pos = after("6bk/7p/8/8/8/4B3/8/6K1 w - - 0 1", "e3d4");
        assert!(pos.legal_moves().is_empty());
        let o = pos.outcome().expect("mate");
        assert_eq!((o.winner, o.reason), (None, Reason::Checkmate));
    }
}
