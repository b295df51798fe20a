//! Castling rights earned by drops (Fairy-Stockfish's
//! `castlingDroppedPiece`, its `placement` variant, where both armies start
//! in hand): a side that drops its King onto the King's castling cell gains
//! each castling right whose partner cell already holds one of its pieces
//! of a partner type (`[rules] drop_castling`, Rooks in placement), and a
//! partner dropped onto a partner cell gains that right when the King
//! already stands on its cell. The right is then an ordinary castling right
//! (FEN letter, lost when King or partner moves).
//!
//! Why a component: a drop normally only takes rights away (castling rights
//! are lost when a castling cell is touched); here it also gives them, so
//! the placement phase ends with the rights a set-up by hand earns.
//!
//! Hook: effects of a move (`Position::drop_castling_after`, called by
//! make after the drop with the rights the other castling rules left).

use super::castling::castling_king;
use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::position::Position;

impl Position {
    /// The castling rights after `us` made the drop `m` (any other move:
    /// `rights` unchanged): `rights` plus those the drop earns.
    #[must_use]
    pub(crate) fn drop_castling_after(&self, rights: u32, m: Move, us: Color) -> u32 {
        let v = self.variant();
        let partners = v.rules.drop_castling;
        if partners == 0 || m.kind() != MoveKind::Drop {
            return rights;
        }
        let to = m.to();
        let mut out = rights;
        for (i, c) in v.castling.iter().enumerate() {
            if c.color != us || (to != c.king && to != c.partner) {
                continue;
            }
            let k = self.piece(c.king);
            let p = self.piece(c.partner);
            let king_ok = k.is_color(us) && castling_king(v, k.kind());
            let partner_ok = p.is_color(us) && partners >> p.kind() & 1 != 0;
            if king_ok && partner_ok {
                out |= 1 << i;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_move, Position, Registry};

    /// The FEN after `moves`, without the hands (whose order is
    /// Menagerie's own).
    fn after(fen: &str, moves: &[&str]) -> String {
        let v = Registry::builtin().get("placement").expect("placement");
        let mut p = Position::from_fen(&v, fen).expect("fen");
        for t in moves {
            let m = parse_move(&p, t).expect(t);
            p.play(m).expect(t);
        }
        let fen = p.to_fen();
        match (fen.split_once('['), fen.split_once(']')) {
            (Some((board, _)), Some((_, rest))) => format!("{board}{rest}"),
            _ => fen,
        }
    }

    #[test]
    fn a_king_dropped_home_gains_the_rights_of_rooks_in_place() {
        // White's Rook is on h1 already: the King on e1 gains K only.
        let fen = after(
            "8/pppppppp/8/8/8/8/PPPPPPPP/7R[KQRBBNNkqrrbbnn] w - - 0 1",
            &["K@e1"],
        );
        assert_eq!(fen, "8/pppppppp/8/8/8/8/PPPPPPPP/4K2R b K - 0 1");
    }

    #[test]
    fn a_rook_dropped_beside_the_king_gains_its_right_but_not_elsewhere() {
        let fen = after(
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNqrrbbnn] w - - 0 1",
            &["R@a1", "r@h8"],
        );
        assert_eq!(fen, "4k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w Qk - 0 2");
        // A King off its castling cell gains nothing.
        let fen = after(
            "3k4/pppppppp/8/8/8/8/PPPPPPPP/3K4[QRRBBNNqrrbbnn] w - - 0 1",
            &["R@a1", "r@a8"],
        );
        assert!(fen.contains(" w - "), "{fen}");
    }
}
