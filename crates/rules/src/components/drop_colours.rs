//! Bishops dropped on opposite colours (Fairy-Stockfish's
//! `dropOppositeColoredBishop`, its `placement` variant): a side that
//! places its army by drops must end with its Bishops (the types listed in
//! `[rules] drop_opposite_colours`) split evenly between the light and the
//! dark cells. A drop of such a type may not put more than half of them
//! (rounded up) on one colour, and a drop of any other piece must leave
//! enough free cells of each colour in the type's drop zone for the ones
//! still in hand.
//!
//! A cell's colour is the parity of its coordinates (a1 is dark, as on a
//! chessboard). A move filter: the drop generator and `can_drop` ask
//! `Position::drop_colours_ok` for every drop, so generation, `is_legal`,
//! perft and the must-drop rule all see it.

use crate::piece::PieceType;
use crate::position::Position;
use menagerie_geometry::CellId;

impl Position {
    /// True when the cell `c` is dark (its coordinates add up to an even
    /// number: a1 on a chessboard).
    fn dark(&self, c: CellId) -> bool {
        let p = self.variant().geometry.coord(c);
        (p.x + p.y + p.z).rem_euclid(2) == 0
    }

    /// True when the side to move may drop a piece of `kind` on `c` as far
    /// as the colour-bound types are concerned (see the module docs).
    pub(crate) fn drop_colours_ok(&self, kind: PieceType, c: CellId) -> bool {
        let v = self.variant();
        let mut bound = v.rules.drop_opposite_colours;
        let us = self.side();
        while bound != 0 {
            let t = bound.trailing_zeros() as PieceType;
            bound &= bound - 1;
            let total = self.count(us, t) + usize::from(self.hand(us, t));
            let on = |dark: bool| {
                self.cells_of(us, t)
                    .iter()
                    .filter(|&&s| self.dark(s) == dark)
                    .count()
            };
            if t == kind {
                if on(self.dark(c)) + 1 > total.div_ceil(2) {
                    return false;
                }
                continue;
            }
            // Cells still free for the type once `c` is taken.
            let zone = &v.pieces[usize::from(t)].drop_zone[us.idx()];
            let free = |dark: bool| {
                zone.iter()
                    .filter(|&s| s != c && self.piece(s).is_empty() && self.dark(s) == dark)
                    .count()
            };
            if on(true) + free(true) < total / 2 || on(false) + free(false) < total / 2 {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Registry};

    fn drops(fen: &str) -> Vec<String> {
        let v = Registry::builtin().get("placement").expect("placement");
        let p = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&p)
    }

    #[test]
    fn the_second_bishop_goes_to_the_other_colour() {
        // A Bishop on the dark c1: the other may go only to light cells.
        let m = drops("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNN] w - - 0 1");
        let b: Vec<&String> = m.iter().filter(|t| t.starts_with("B@")).collect();
        assert_eq!(b, ["B@b1", "B@d1", "B@f1", "B@h1"]);
    }

    #[test]
    fn other_drops_keep_a_cell_of_each_colour_for_the_bishops() {
        // Two light cells (b1, h1) and one dark cell (a1) are left for two
        // Bishops and a Knight: the Knight may not take a1.
        let m = drops("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/2RKRQN1[BBN] w - - 0 1");
        assert!(!m.contains(&"N@a1".to_string()), "{m:?}");
        assert!(m.contains(&"N@b1".to_string()), "{m:?}");
        assert!(m.contains(&"B@a1".to_string()), "{m:?}");
    }
}
