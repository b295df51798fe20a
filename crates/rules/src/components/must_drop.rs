//! Setup by drops (Sittuyin, Burmese chess): the game starts with the
//! pieces in hand, and while a side still holds pieces it must place one
//! whenever it has a legal drop; only a side that cannot drop (every drop
//! would leave its royal in check, or no cell is free) moves a piece
//! instead. Fairy-Stockfish calls this `mustDrop`.
//!
//! A move filter: the legality test (`movegen::legality`) asks
//! `Position::drop_required` of every move that is not a drop, and the
//! fast path is off while the rule is in force (`Position::must_drop_now`),
//! so generation, `is_legal` and perft all see it. A variant without a
//! royal piece (Tic-tac-chess: pieces dropped, then moved) skips that
//! legality test, so its generator filters the list with
//! `Position::keep_required_drops` instead.

use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::PieceType;
use crate::position::Position;

impl Position {
    /// True while the rule binds the side to move: the variant has it and
    /// the side holds a piece in hand.
    #[must_use]
    pub(crate) fn must_drop_now(&self) -> bool {
        let v = self.variant();
        v.rules.must_drop && (0..v.types() as PieceType).any(|k| self.hand(self.side(), k) > 0)
    }

    /// True when `m` is not a drop and the side to move must drop instead:
    /// it holds pieces and one of its drops is legal.
    pub(crate) fn drop_required(&mut self, m: Move) -> bool {
        if m.kind() == MoveKind::Drop || !self.must_drop_now() {
            return false;
        }
        let mut drops = MoveList::new();
        self.drop_moves(&mut drops);
        drops.iter().any(|&d| self.legal_after(d))
    }

    /// The rule on a list of legal moves of a variant without a royal
    /// piece (where every pseudo-legal drop is legal): while it binds and a
    /// drop is among them, only the drops stay.
    pub(crate) fn keep_required_drops(&self, out: &mut MoveList) {
        if !self.must_drop_now() || !out.iter().any(|m| m.kind() == MoveKind::Drop) {
            return;
        }
        let mut w = 0;
        for i in 0..out.len() {
            let m = out[i];
            if m.kind() == MoveKind::Drop {
                out[w] = m;
                w += 1;
            }
        }
        out.truncate(w);
    }
}

#[cfg(test)]
mod tests {
    use crate::{move_text, Position, Registry, TextStyle};

    fn moves(fen: &str) -> Vec<String> {
        let v = Registry::builtin().get("sittuyin").expect("sittuyin");
        let pos = Position::from_fen(&v, fen).expect("fen");
        let mut m: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(&pos, m, TextStyle::Uci))
            .collect();
        m.sort();
        m
    }

    #[test]
    fn pieces_in_hand_must_be_dropped_first() {
        // White holds a Knight: only its drops, no pawn or King move.
        let m = moves("8/8/4k3/8/8/8/3P4/3K4[N] w - - 0 1");
        assert!(!m.is_empty());
        assert!(m.iter().all(|t| t.starts_with("N@")), "{m:?}");
        // With nothing in hand the pieces move.
        let m = moves("8/8/4k3/8/8/8/3P4/3K4[] w - - 0 1");
        assert!(m.contains(&"d2d3".to_string()) && m.contains(&"d1e1".to_string()));
    }

    #[test]
    fn without_a_royal_the_pieces_in_hand_still_come_first() {
        // Stones that move once dropped, no royal piece: White holds a
        // stone, so its stone on the board may not step yet.
        let text = "[dropmove]\nmaxRank = 3\nmaxFile = 3\nking = -\n\
                    customPiece1 = p:mK\npieceDrops = true\nmustDrop = true\n\
                    startFen = 3/3/3[PPpp] w - - 0 1\n";
        let mut reg = Registry::builtin();
        let report = reg.load_ini("dropmove.ini", text);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let v = reg.get("dropmove").expect("dropmove");
        let pos = Position::from_fen(&v, "3/1p1/P2[Pp] w - - 0 2").expect("fen");
        let m: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(&pos, m, TextStyle::Uci))
            .collect();
        assert_eq!(m.len(), 7, "{m:?}");
        assert!(m.iter().all(|t| t.starts_with("P@")), "{m:?}");
        assert!(pos.legal_moves().iter().all(|&m| pos.is_legal(m)));
        // Its last stone placed, it moves.
        let pos = Position::from_fen(&v, "3/1p1/P2[p] w - - 0 2").expect("fen");
        assert!(!pos.legal_moves().is_empty());
        assert!(pos
            .legal_moves()
            .iter()
            .all(|m| m.kind() != crate::MoveKind::Drop));
    }

    #[test]
    fn a_side_that_cannot_drop_legally_moves() {
        // White is in check from the Rook on a1 and its drop zone (the
        // first three ranks) holds no cell that blocks: it must move.
        let m = moves("k7/8/8/8/8/8/8/r3K3[R] w - - 0 1");
        assert!(m.iter().any(|t| t == "R@b1" || t == "R@d1"), "{m:?}");
        let m = moves("k7/8/8/8/8/8/4K3/4r3[R] w - - 0 1");
        assert!(m.iter().all(|t| !t.contains('@')), "{m:?}");
        assert!(m.contains(&"e2d3".to_string()), "{m:?}");
    }
}
