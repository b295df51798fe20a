//! N-check (three-check, five-check): each side has a number of checks
//! left to give; a move that checks the opponent's royal uses one, and the
//! side whose count reaches zero wins at once (the opponent's next turn
//! never starts). The counts are part of the position, so they live in the
//! FEN — written `W+B` (checks White and Black still have to give) after
//! the en-passant field, as Fairy-Stockfish writes them — in the hash and
//! in the undo record.
//!
//! A FEN of such a variant without the field gives each side one check
//! left, the reading Fairy-Stockfish uses ("the next check wins"). The
//! lichess form, checks *given* written `+W+B` after the move number, is
//! read too.

use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;

/// Checks left when a FEN does not say (Fairy-Stockfish's default).
pub const UNSTATED_CHECKS: u8 = 1;

pub use crate::zobrist::MAX_CHECKS;

/// Checks lichess's trailing `+W+B` counts against (three-check).
const LICHESS_CHECKS: u8 = 3;

/// Reads the counter field `W+B` (checks left); `None` when `text` is not
/// such a field (the FEN then goes on with the next field).
///
/// # Errors
/// A field of the right shape with a count above [`MAX_CHECKS`].
pub(crate) fn read_field(text: &str) -> Result<Option<[u8; 2]>, String> {
    let Some((w, b)) = text.split_once('+') else {
        return Ok(None);
    };
    let (Ok(w), Ok(b)) = (w.parse::<u32>(), b.parse::<u32>()) else {
        return Ok(None);
    };
    let check = |n: u32| {
        u8::try_from(n)
            .ok()
            .filter(|&n| n <= MAX_CHECKS)
            .ok_or_else(|| format!("`{text}`: at most {MAX_CHECKS} checks left per side"))
    };
    Ok(Some([check(w)?, check(b)?]))
}

/// Reads lichess's trailing `+W+B` (checks given, out of three); `None`
/// when `text` is not of that form.
pub(crate) fn read_lichess(text: &str) -> Option<[u8; 2]> {
    let rest = text.strip_prefix('+')?;
    let (w, b) = rest.split_once('+')?;
    let given = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= LICHESS_CHECKS);
    Some([LICHESS_CHECKS - given(w)?, LICHESS_CHECKS - given(b)?])
}

/// The counter field as written in a FEN.
#[must_use]
pub fn write_field(left: [u8; 2]) -> String {
    format!("{}+{}", left[0], left[1])
}

impl Position {
    /// The counts after `mover` has just moved: one fewer for it when the
    /// move checks the opponent (called by make once the move is on the
    /// board); `None` when nothing changes.
    #[must_use]
    pub(crate) fn checks_after(&self, mover: Color) -> Option<[u8; 2]> {
        if !self.variant().rules.check_counting || !self.royal_attacked(mover.flip()) {
            return None;
        }
        let mut left = self.checks_left_all();
        let mine = &mut left[mover.idx()];
        *mine = mine.saturating_sub(1);
        Some(left)
    }
}

/// The side that has given its last check wins; it is the side that just
/// moved (a count of zero is reached only by one's own move).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let them = pos.side().flip();
    (pos.checks_left(them) == 0).then_some(Outcome {
        winner: Some(them),
        reason: Reason::Checks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_move, Registry};

    fn three_check(fen: &str) -> Position {
        let v = Registry::builtin().get("3check").expect("3check");
        Position::from_fen(&v, fen).expect("fen")
    }

    fn play(pos: &mut Position, moves: &str) {
        for t in moves.split_whitespace() {
            let m = parse_move(pos, t).expect(t);
            pos.play(m).expect(t);
        }
    }

    #[test]
    fn field_forms() {
        assert_eq!(read_field("3+3"), Ok(Some([3, 3])));
        assert_eq!(read_field("0+12"), Ok(Some([0, 12])));
        assert_eq!(read_field("0"), Ok(None));
        assert_eq!(read_field("-"), Ok(None));
        assert!(read_field("3+100").is_err());
        assert_eq!(read_lichess("+1+2"), Some([2, 1]));
        assert_eq!(read_lichess("+4+0"), None);
        assert_eq!(write_field([2, 3]), "2+3");
    }

    #[test]
    fn a_check_uses_one_and_the_last_one_wins() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
        let mut pos = three_check(start);
        play(&mut pos, "e2e4 f7f6 d1h5");
        assert_eq!(pos.checks_left(Color::White), 2);
        assert!(pos.to_fen().contains(" - 2+3 1 2"), "{}", pos.to_fen());
        // Taking the move back restores the count and the hash.
        let before = pos.hash();
        pos.unmake();
        assert_eq!(pos.checks_left(Color::White), 3);
        pos.make_unchecked(parse_move(&pos, "d1h5").expect("move"));
        assert_eq!(pos.hash(), before);
        assert_eq!(pos.hash(), pos.compute_hash());
        assert_eq!(pos.outcome(), None);

        // White's last check wins, and Black has no move left.
        let mut last = three_check("4k3/8/8/8/8/8/8/4K2R w K - 1+2 0 1");
        play(&mut last, "h1h8");
        let o = last.outcome().expect("game over");
        assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Checks));
        assert!(last.legal_moves().is_empty());
    }

    #[test]
    fn unstated_counts_and_lichess_counts() {
        let pos = three_check("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(pos.checks_left_all(), [UNSTATED_CHECKS; 2]);
        let lichess = three_check("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0");
        assert_eq!(lichess.checks_left_all(), [1, 3]);
        assert!(lichess
            .to_fen()
            .starts_with("4k3/8/8/8/8/8/8/4K3 w - - 1+3 0 1"));
    }
}
