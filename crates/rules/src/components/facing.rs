//! Royal facing: two royals of opposite colours may not stand on a line the
//! variant names (file, rank, diagonal) with nothing between them — Xiangqi's
//! flying general, Mitregi's Bare Facing. A move that leaves the royals
//! facing is illegal, like one that leaves the mover in check.
//!
//! Hooks: legality (`legal_after` tests [`Position::royals_facing`]); the
//! generator's fast path treats the one piece between two royals on a facing
//! line as pinned ([`Position::facing_screens`]); castling may not pass a
//! facing cell ([`Position::would_face`]).

use crate::piece::Color;
use crate::position::Position;
use menagerie_geometry::{CellId, Vector};

/// Lines on which royals may not face each other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Facing {
    /// Same file.
    pub file: bool,
    /// Same diagonal.
    pub diagonal: bool,
    /// Same rank.
    pub rank: bool,
}

impl Facing {
    /// True when any line is checked.
    #[must_use]
    pub fn any(self) -> bool {
        self.file || self.diagonal || self.rank
    }

    /// True when `d` (from one royal to the other, same level) lies on a
    /// checked line.
    fn on_line(self, d: Vector) -> bool {
        d.z == 0
            && !d.is_zero()
            && ((d.x == 0 && self.file)
                || (d.y == 0 && self.rank)
                || (d.x.abs() == d.y.abs() && self.diagonal))
    }
}

impl Position {
    /// True when two royals of opposite colours face each other on a line
    /// the variant forbids, with nothing between.
    #[must_use]
    pub fn royals_facing(&self) -> bool {
        if !self.variant().rules.facing.any() {
            return false;
        }
        self.royals(Color::White).any(|a| {
            self.royals(Color::Black)
                .any(|b| self.cells_face(a, b, None))
        })
    }

    /// True when a royal of `color` standing on `cell` (having left
    /// `vacated`) would face an enemy royal.
    #[must_use]
    pub fn would_face(&self, color: Color, cell: CellId, vacated: CellId) -> bool {
        if !self.variant().rules.facing.any() {
            return false;
        }
        self.royals(color.flip())
            .any(|b| self.cells_face(cell, b, Some(vacated)))
    }

    /// For a royal of `color` on `king`: the occupied cells whose vacating
    /// alone would let it face an enemy royal (the single piece between two
    /// royals on a facing line). `None` when it already faces one.
    #[must_use]
    pub fn facing_screens(&self, color: Color, king: CellId) -> Option<Vec<CellId>> {
        let v = self.variant();
        let f = v.rules.facing;
        let g = &v.geometry;
        let mut out = Vec::new();
        if !f.any() {
            return Some(out);
        }
        let pa = g.coord(king);
        for b in self.royals(color.flip()) {
            let pb = g.coord(b);
            let d = Vector::new(pb.x - pa.x, pb.y - pa.y, pb.z - pa.z);
            if !f.on_line(d) {
                continue;
            }
            let step = d.signum();
            let mut c = king;
            let mut screens = Vec::new();
            while let Some(n) = g.offset(c, step) {
                if n == b {
                    break;
                }
                if self.piece(n).is_some() {
                    screens.push(n);
                    if screens.len() > 1 {
                        break;
                    }
                }
                c = n;
            }
            match screens.len() {
                0 => return None,
                1 => out.push(screens[0]),
                _ => {}
            }
        }
        Some(out)
    }

    fn cells_face(&self, a: CellId, b: CellId, vacated: Option<CellId>) -> bool {
        let v = self.variant();
        let f = v.rules.facing;
        let g = &v.geometry;
        let pa = g.coord(a);
        let pb = g.coord(b);
        let d = Vector::new(pb.x - pa.x, pb.y - pa.y, pb.z - pa.z);
        if !f.on_line(d) {
            return false;
        }
        let step = d.signum();
        let mut c = a;
        loop {
            match g.offset(c, step) {
                Some(n) if n == b => return true,
                Some(n) => {
                    if self.piece(n).is_some() && Some(n) != vacated {
                        return false;
                    }
                    c = n;
                }
                None => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Registry};

    #[test]
    fn royals_may_not_face_on_a_named_line() {
        let mut reg = Registry::builtin();
        let text = "id = \"t\"\nextends = \"chess\"\n[rules]\nfacing = [\"file\"]\n";
        let id = reg.add_toml("t.toml", text).expect("toml");
        let v = reg.get(&id).expect("variant");
        let fen = "4k3/8/8/8/8/8/4B3/4K3 w - - 0 1";
        let p = Position::from_fen(&v, fen).expect("fen");
        assert!(!p.royals_facing());
        // The Bishop alone screens the Kings: it may not leave the file.
        let e1 = v.geometry.parse_cell("e1").expect("e1");
        let e2 = v.geometry.parse_cell("e2").expect("e2");
        assert_eq!(p.facing_screens(crate::Color::White, e1), Some(vec![e2]));
        let from_e2 = |p: &Position| {
            p.legal_moves()
                .iter()
                .filter(|m| m.from() == Some(e2))
                .count()
        };
        assert_eq!(from_e2(&p), 0);
        let chess = reg.get("chess").expect("chess");
        assert_eq!(from_e2(&Position::from_fen(&chess, fen).expect("fen")), 9);
        // The King may not step onto the open file of the other King.
        let k = Position::from_fen(&v, "4k3/8/8/8/8/8/8/3K4 w - - 0 1").expect("fen");
        assert!(k
            .legal_moves()
            .iter()
            .all(|m| v.geometry.name(m.to()) != "e1" && v.geometry.name(m.to()) != "e2"));
    }
}
