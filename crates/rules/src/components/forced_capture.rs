//! Forced captures (antichess, giveaway, suicide, losers; Fairy-Stockfish's
//! `mustCapture`): while the side to move has a legal capture, a move that
//! captures nothing is illegal. Whether a capture is legal is the ordinary
//! legality test, so a royal in check still escapes first (a capture that
//! leaves it attacked does not force anything).
//!
//! It is a legality rule over the whole move list (one move's legality
//! depends on the others), so it filters lists rather than single moves:
//! the legal list (`generate_legal`, hence perft and the referee), the
//! search's pseudo-legal lists ([`Position::keep_forced_captures`]) and a
//! single move (`is_legal`). Variants without the rule pay one flag test.

use crate::moves::MoveList;
use crate::position::Position;

impl Position {
    /// True when the variant forces captures.
    #[must_use]
    pub fn forces_captures(&self) -> bool {
        self.variant().rules.must_capture
    }

    /// Applies the forced-capture rule to `out`, a list of pseudo-legal
    /// moves (the search's lists): when one of its captures is legal, the
    /// moves that capture nothing go. Without the rule, nothing changes.
    pub fn keep_forced_captures(&mut self, out: &mut MoveList) {
        if !self.forces_captures() {
            return;
        }
        let has_royal = self.variant().has_royal();
        let forced = out
            .iter()
            .any(|&m| m.is_capture() && (!has_royal || self.legal_after(m)));
        if forced {
            out.retain(|m| m.is_capture());
        }
    }

    /// The same rule on a list of legal moves.
    pub(crate) fn keep_forced_legal_captures(&self, out: &mut MoveList) {
        if self.forces_captures() && out.iter().any(|m| m.is_capture()) {
            out.retain(|m| m.is_capture());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Registry};

    fn moves(variant: &str, fen: &str) -> Vec<String> {
        let v = Registry::builtin().get(variant).expect(variant);
        let pos = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&pos)
    }

    #[test]
    fn a_capture_must_be_taken() {
        // The Rook can take the Knight: every other move is illegal.
        let fen = "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1";
        assert_eq!(moves("antichess", fen), ["a1a2"]);
        // In chess the same position has many moves.
        assert_eq!(moves("chess", fen).len(), 9);
        // Two captures: both, and nothing else.
        let two = "4k3/8/8/8/8/8/n7/R3Kn2 w - - 0 1";
        assert_eq!(
            moves("antichess", two),
            ["a1a2", "e1f1"].map(str::to_string)
        );
    }

    #[test]
    fn an_illegal_capture_forces_nothing() {
        // Losers (royal King): the pinned Rook's capture is illegal, so the
        // King may move quietly; unpinned, its capture is forced.
        let pinned = "4k3/8/8/b2n4/8/8/3R4/4K3 w - - 0 1";
        let m = moves("losers", pinned);
        assert!(!m.contains(&"d2d5".to_string()));
        assert!(m.contains(&"e1f1".to_string()), "{m:?}");
        let free = "4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1";
        assert_eq!(moves("losers", free), ["d2d5"]);
    }

    #[test]
    fn the_search_lists_follow_the_rule() {
        let v = Registry::builtin().get("antichess").expect("antichess");
        let mut pos = Position::from_fen(&v, "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1").expect("fen");
        let mut list = crate::MoveList::new();
        pos.pseudo_moves(&mut list);
        assert!(list.len() > 1);
        pos.keep_forced_captures(&mut list);
        assert_eq!(list.len(), 1);
        assert!(list[0].is_capture());
    }
}
