//! Cannon limits (Janggi's Cannon): a piece may be barred from hopping over
//! some types and from capturing some types. The Janggi Cannon hops over
//! exactly one piece to move or capture (`pR`), but that screen may not be a
//! Cannon of either side, and it may never capture a Cannon. The limits are
//! data of the piece (`no_hop_over`, `no_capture`), so any hopper can have
//! them.
//!
//! Hooks: the move generator (`movegen::gen`: a barred screen stops a
//! hopping ray, a barred victim is not taken) and attacks
//! (`movegen::check`): a limited piece is one of the variant's complex
//! types, whose attacks are found by running its own moves rather than
//! from the reverse attack tables, which cannot see which type a screen
//! is. The legality fast path treats every cell of its hopping lines as
//! sensitive, as it does for the other complex pieces.

use crate::piece::{Piece, PieceType};

/// What a piece may not hop over or capture (bit masks of types).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CannonLimits {
    /// Types it may not use as a screen.
    pub no_hop_over: u64,
    /// Types it may not capture.
    pub no_capture: u64,
}

impl CannonLimits {
    /// True when the piece has any limit.
    #[must_use]
    pub fn any(self) -> bool {
        self.no_hop_over != 0 || self.no_capture != 0
    }

    /// True when `screen` may serve as its screen.
    #[inline]
    #[must_use]
    pub fn hops_over(self, screen: Piece) -> bool {
        self.no_hop_over >> screen.kind() & 1 == 0
    }

    /// True when it may capture `victim`.
    #[inline]
    #[must_use]
    pub fn captures(self, victim: Piece) -> bool {
        self.no_capture >> victim.kind() & 1 == 0
    }
}

/// The limits of a piece from its keys (`no_hop_over`, `no_capture`: piece
/// keys).
///
/// # Errors
/// A key that names no piece, with the key.
pub(crate) fn from_spec(
    no_hop_over: Option<&[String]>,
    no_capture: Option<&[String]>,
    lookup: impl Fn(&str) -> Option<PieceType>,
) -> Result<CannonLimits, String> {
    let mask = |keys: Option<&[String]>, what: &str| -> Result<u64, String> {
        let mut m = 0u64;
        for k in keys.unwrap_or_default() {
            let t = lookup(k).ok_or_else(|| format!("{what}: unknown piece `{k}`"))?;
            m |= 1 << t;
        }
        Ok(m)
    };
    Ok(CannonLimits {
        no_hop_over: mask(no_hop_over, "no_hop_over")?,
        no_capture: mask(no_capture, "no_capture")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{notation::move_text, Position, Registry, TextStyle};

    fn legal(fen: &str) -> (Vec<String>, bool) {
        let v = Registry::builtin().get("janggicasual").expect("variant");
        let pos = Position::from_fen(&v, fen).expect("fen");
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(&pos, m, TextStyle::Uci))
            .collect();
        out.sort();
        (out, pos.in_check())
    }

    #[test]
    fn a_cannon_neither_hops_over_nor_takes_a_cannon() {
        // White's Cannon on e2 sees Black's on e3 first: no screen.
        let (moves, _) = legal("4k4/9/9/9/9/9/9/4c4/4C4/3K5 w - - 0 1");
        assert_eq!(moves, ["d1d1", "d1d2", "d1e1"]);
        // Over its own Soldier it reaches e7 and e8, not the Cannon on e9.
        let (moves, _) = legal("4k4/4c4/9/9/4P4/9/9/9/4C4/3K5 w - - 0 1");
        assert_eq!(
            moves,
            ["d1d1", "d1d2", "d1e1", "e2e7", "e2e8", "e6d6", "e6e7", "e6f6"]
        );
    }

    #[test]
    fn a_cannon_screen_gives_no_check() {
        // Black's Cannon on e5 behind White's Cannon on e2: no check; the
        // White Cannon itself has no move (its only screen would be a
        // Cannon).
        let (moves, check) = legal("4k4/9/9/9/9/4c4/9/9/4C4/4K4 w - - 0 1");
        assert!(!check);
        assert_eq!(moves, ["e1d1", "e1e1", "e1f1"]);
        // Behind a Guard it checks.
        let (moves, check) = legal("4k4/9/9/9/9/4c4/9/9/4A4/4K4 w - - 0 1");
        assert!(check);
        assert_eq!(
            moves,
            ["e1d1", "e1f1", "e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3"]
        );
    }

    #[test]
    fn limits_name_pieces() {
        let lookup = |k: &str| (k == "C").then_some(3);
        let keys = vec!["C".to_string()];
        let l = from_spec(Some(&keys), None, lookup).expect("limits");
        assert_eq!((l.no_hop_over, l.no_capture), (1 << 3, 0));
        assert!(l.any());
        let bad = vec!["Z".to_string()];
        let e = from_spec(None, Some(&bad), lookup).unwrap_err();
        assert!(e.contains("no_capture") && e.contains("`Z`"), "{e}");
    }
}
