//! Opposite castling (Fairy-Stockfish's `oppositeCastling`): a side may not
//! castle on the side of the board its opponent castled on. When one side
//! castles, the opponent loses its castling rights on that same side
//! (kingside or queenside: where the partner stands from the King).
//!
//! Hook: effects of a move (`Position::opposite_castling_after`, applied
//! by `position::make` with the other castling-right changes).

use crate::components::castling::Castling;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

/// True when the castling rule `c` castles kingside (its partner stands on
/// a later file than its King).
fn kingside(pos: &Position, c: &Castling) -> bool {
    let g = &pos.variant().geometry;
    g.coord(c.partner).x > g.coord(c.king).x
}

impl Position {
    /// The castling rights after `us` made the move `m`: `rights` less, when
    /// `m` castles and the variant has the rule, the opponent's rights on
    /// the same side.
    #[must_use]
    pub(crate) fn opposite_castling_after(&self, rights: u32, m: Move, us: Color) -> u32 {
        let v = self.variant();
        if !v.rules.opposite_castling {
            return rights;
        }
        let Some(i) = m.castling() else {
            return rights;
        };
        let Some(made) = v.castling.get(i) else {
            return rights;
        };
        let side = kingside(self, made);
        v.castling
            .iter()
            .enumerate()
            .filter(|(_, c)| c.color != us && kingside(self, c) == side)
            .fold(rights, |r, (j, _)| r & !(1 << j))
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{ini_variant, legal_uci, play_uci};
    use crate::Position;

    /// Fairy-Stockfish's `opposite-castling` section.
    const OPPOSITE: &str = "[opposite-castling:chess]\noppositeCastling = true\n";
    const FEN: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    #[test]
    fn castling_takes_the_same_side_from_the_opponent() {
        let v = ini_variant(OPPOSITE);
        let mut pos = Position::from_fen(&v, FEN).unwrap();
        play_uci(&mut pos, "e1g1");
        // pyffish 0.0.90: `r3k2r/8/8/8/8/8/8/R4RK1 b q - 1 1`.
        assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b q - 1 1");
        let moves = legal_uci(&pos);
        assert!(moves.contains(&"e8c8".to_string()));
        assert!(!moves.contains(&"e8g8".to_string()));
        // Without the rule Black keeps both.
        let v = ini_variant("[plain:chess]\n");
        let mut pos = Position::from_fen(&v, FEN).unwrap();
        play_uci(&mut pos, "e1c1");
        assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    }

    #[test]
    fn queenside_castling_takes_the_opponents_queenside() {
        let v = ini_variant(OPPOSITE);
        let mut pos = Position::from_fen(&v, FEN).unwrap();
        play_uci(&mut pos, "e1c1");
        // pyffish 0.0.90: `r3k2r/8/8/8/8/8/8/2KR3R b k - 1 1`.
        assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/2KR3R b k - 1 1");
    }
}
