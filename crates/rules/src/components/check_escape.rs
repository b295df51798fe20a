//! A royal in check may not walk away: it may only capture the piece that
//! gives check (Makpong, the defensive Makruk used for tie-breaks). Other
//! pieces still answer a check as usual, by capturing or blocking.
//!
//! A move filter: the legality test (`movegen::legality`) asks
//! [`Position::escape_forbidden`] of every move made while in check; the
//! fast path never sees those moves (it is off in check).

use crate::moves::{Move, MoveKind};
use crate::position::Position;

impl Position {
    /// True when the variant's rule forbids `m`: the side to move is in
    /// check and `m` moves a royal anywhere but onto the only checker.
    #[must_use]
    pub fn escape_forbidden(&self, m: Move) -> bool {
        let v = self.variant();
        if !v.rules.royal_captures_checker_only || m.kind() != MoveKind::Normal {
            return false;
        }
        let Some(from) = m.from() else {
            return false;
        };
        if !v.pieces[usize::from(self.piece(from).kind())].royal {
            return false;
        }
        let them = self.side().flip();
        let mut checkers = Vec::new();
        for king in self.royals(self.side()) {
            self.attackers(king, them, &mut checkers);
        }
        checkers.iter().any(|&(c, _)| c != m.to())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Registry};

    fn moves(variant: &str, fen: &str) -> Vec<String> {
        let v = Registry::builtin().get(variant).expect("variant");
        let pos = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&pos)
    }

    #[test]
    fn a_checked_king_only_captures_the_checker() {
        // The rook on e2 checks; the king may take it but not step aside.
        let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
        assert_eq!(moves("makpong", fen), ["e1e2"]);
        assert_eq!(moves("makruk", fen), ["e1d1", "e1e2", "e1f1"]);
        // Out of range of a capture, a checked king has no move at all;
        // another piece may still block.
        let fen = "4k3/8/8/8/4r3/8/2N5/4K3 w - - 0 1";
        assert_eq!(moves("makpong", fen), ["c2e3"]);
    }

    #[test]
    fn an_unchecked_king_moves_freely() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(moves("makpong", fen), moves("makruk", fen));
    }
}
