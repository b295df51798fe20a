//! Setup by drops (Sittuyin, Burmese chess): the game starts with the
//! pieces in hand, and while a side still holds pieces it must place one
//! whenever it has a legal drop; only a side that cannot drop (every drop
//! would leave its royal in check, or no cell is free) moves a piece
//! instead. Fairy-Stockfish calls this `mustDrop`.
//!
//! The rule may bind one type only (Koedem, Fairy-Stockfish's
//! `mustDropType`): while a side holds a King it must drop it when it can,
//! and may drop nothing else; its other pieces in hand are free.
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
    /// the side holds a piece of the bound type (any type when none is
    /// named) in hand.
    #[must_use]
    pub(crate) fn must_drop_now(&self) -> bool {
        let v = self.variant();
        let us = self.side();
        v.rules.must_drop
            && match v.rules.must_drop_piece {
                Some(k) => self.hand(us, k) > 0,
                None => (0..v.types() as PieceType).any(|k| self.hand(us, k) > 0),
            }
    }

    /// True when the rule forbids `m`: a drop of another type than the
    /// bound one, or a move that is not a drop while a drop of the bound
    /// type is legal.
    pub(crate) fn drop_required(&mut self, m: Move) -> bool {
        if !self.must_drop_now() {
            return false;
        }
        let bound = self.variant().rules.must_drop_piece;
        if m.kind() == MoveKind::Drop {
            return bound.is_some_and(|k| m.dropped() != Some(k));
        }
        let mut drops = MoveList::new();
        self.drop_moves(&mut drops);
        drops
            .iter()
            .filter(|d| bound.is_none_or(|k| d.dropped() == Some(k)))
            .any(|&d| self.legal_after(d))
    }

    /// Keeps in `out` the moves the rule allows, for variants without a
    /// royal piece, whose moves skip the full test (Koedem, Tic-tac-chess): with a legal
    /// drop of the bound type at hand, only such drops.
    pub(crate) fn keep_required_drops(&mut self, out: &mut MoveList) {
        if !self.must_drop_now() {
            return;
        }
        let bound = self.variant().rules.must_drop_piece;
        let binds = |d: &Move| bound.is_none_or(|k| d.dropped() == Some(k));
        let mut drops = MoveList::new();
        self.drop_moves(&mut drops);
        let can_drop = drops
            .iter()
            .filter(|d| binds(d))
            .any(|&d| self.legal_after(d));
        out.retain(|m| {
            if m.kind() == MoveKind::Drop {
                binds(m)
            } else {
                !can_drop
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::{move_text, Position, Registry, TextStyle};

    fn moves(fen: &str) -> Vec<String> {
        let v = Registry::builtin().get("sittuyin").expect("sittuyin");
        let pos = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&pos)
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

    #[test]
    fn koedem_binds_the_king_only() {
        let v = Registry::builtin().get("koedem").expect("koedem");
        let legal = |fen: &str| {
            let pos = Position::from_fen(&v, fen).expect("fen");
            crate::test_support::legal_uci(&pos)
        };
        // A King and a Knight in hand: only King drops, on each empty cell.
        let m = legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KN] w kq - 0 1");
        assert_eq!(m.len(), 33, "{m:?}");
        assert!(m.iter().all(|t| t.starts_with("K@")), "{m:?}");
        // A Knight alone in hand binds nothing: moves and drops are free.
        let m = legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1");
        assert!(m.contains(&"e2e4".to_string()) && m.contains(&"N@e4".to_string()));
    }

    #[test]
    fn koedem_is_won_by_owning_both_kings() {
        let v = Registry::builtin().get("koedem").expect("koedem");
        let outcome = |fen: &str| Position::from_fen(&v, fen).expect("fen").outcome();
        // Black has no King and White holds two: Black has lost.
        let o = outcome("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] b KQ - 0 1").expect("over");
        assert_eq!(o.winner, Some(crate::Color::White));
        // With one board, a captured King leaves the game: play goes on.
        assert_eq!(
            outcome("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQ - 0 1"),
            None
        );
    }
}
