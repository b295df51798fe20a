//! The attack map of one evaluation: per side and cell, how many pieces
//! attack the cell, and which cells form the zone of the enemy royal. It is
//! filled by the walk that counts mobility ([`crate::eval_mobility`]), so
//! that king safety by attack counts ([`crate::eval_king_attack`]) walks no
//! move a second time. Pawn-like pieces attack with their capture leaps,
//! royal pieces with all their moves (they defend), every other piece but
//! an imitator with the capturing moves of its compiled tables (leg
//! programs are not run, as in mobility). A cell counts as attacked
//! whatever stands on it: an own piece there is defended.
//!
//! The map lives on the stack for boards of up to [`SMALL_CELLS`] cells and
//! is one byte per side and cell: the attack count in the low bits, the
//! zone mark in the top bit, so that the per-evaluation reset is a few
//! vector stores.

use menagerie_geometry::CellId;
use menagerie_rules::Color;

/// Boards of up to this many cells keep the attack map on the stack.
const SMALL_CELLS: usize = 256;
/// The bit of a cell's byte that marks it as in the enemy royal's zone.
const ZONE: u8 = 0x80;
/// The attack count saturates here (the bits below [`ZONE`]).
const MAX_COUNT: u8 = ZONE - 1;

/// Per side and cell: how many pieces attack it and whether it is in the
/// zone of the enemy royal; per side, how many of its pieces attack that
/// zone ([`crate::eval_king_attack`]).
#[derive(Debug, Clone)]
pub struct AttackMap {
    small: [[u8; SMALL_CELLS]; 2],
    large: [Vec<u8>; 2],
    king_attackers: [u8; 2],
}

impl AttackMap {
    /// An empty map for a board of `cells` cells.
    #[must_use]
    pub fn new(cells: usize) -> AttackMap {
        let large = || {
            if cells > SMALL_CELLS {
                vec![0; cells]
            } else {
                Vec::new()
            }
        };
        AttackMap {
            small: [[0; SMALL_CELLS]; 2],
            large: [large(), large()],
            king_attackers: [0; 2],
        }
    }

    /// The cells of side `by`, for a run of updates.
    #[inline]
    fn slots_mut(&mut self, by: Color) -> &mut [u8] {
        let i = by.idx();
        if self.large[i].is_empty() {
            &mut self.small[i][..]
        } else {
            &mut self.large[i][..]
        }
    }

    #[inline]
    fn slots(&self, by: Color) -> &[u8] {
        let i = by.idx();
        if self.large[i].is_empty() {
            &self.small[i]
        } else {
            &self.large[i]
        }
    }

    /// A recorder of the attacks of side `by` (one piece's walk).
    #[inline]
    pub fn side(&mut self, by: Color) -> SideAttacks<'_> {
        SideAttacks {
            cells: self.slots_mut(by),
        }
    }

    /// Marks `x` as a cell of the zone of the royal that `by` attacks.
    #[inline]
    pub fn mark_zone(&mut self, by: Color, x: CellId) {
        self.slots_mut(by)[x.idx()] |= ZONE;
    }

    /// Counts `n` more pieces of `by` attacking the enemy royal's zone.
    #[inline]
    pub fn note_king_attackers(&mut self, by: Color, n: u8) {
        let a = &mut self.king_attackers[by.idx()];
        *a = a.saturating_add(n);
    }

    /// How many pieces of `by` (not pawn-like, not royal) attack the enemy
    /// royal's zone.
    #[inline]
    #[must_use]
    pub fn king_attackers(&self, by: Color) -> u8 {
        self.king_attackers[by.idx()]
    }

    /// How many pieces of `by` attack `x`.
    #[inline]
    #[must_use]
    pub fn count(&self, by: Color, x: CellId) -> u8 {
        self.slots(by)[x.idx()] & MAX_COUNT
    }
}

/// The attacks of one side being recorded ([`AttackMap::side`]).
#[derive(Debug)]
pub struct SideAttacks<'a> {
    cells: &'a mut [u8],
}

impl SideAttacks<'_> {
    /// Records an attack on `x`; true when `x` is in the zone of the enemy
    /// royal.
    #[inline]
    pub fn add(&mut self, x: CellId) -> bool {
        let b = &mut self.cells[x.idx()];
        if *b & MAX_COUNT != MAX_COUNT {
            *b += 1;
        }
        *b & ZONE != 0
    }
}

#[cfg(test)]
mod tests {
    use super::AttackMap;
    use menagerie_geometry::CellId;
    use menagerie_rules::Color;

    /// Counts saturate below the zone bit, zone marks are per side, and
    /// boards larger than the stack map work the same.
    #[test]
    fn counts_saturate_and_zones_are_per_side() {
        for cells in [64, 300] {
            let mut m = AttackMap::new(cells);
            let x = CellId(u16::try_from(cells - 1).unwrap());
            m.mark_zone(Color::White, x);
            let mut w = m.side(Color::White);
            assert!(w.add(x));
            for _ in 0..300 {
                w.add(x);
            }
            assert!(!m.side(Color::Black).add(x));
            assert_eq!(m.count(Color::White, x), 127);
            assert_eq!(m.count(Color::Black, x), 1);
            assert_eq!(m.count(Color::Black, CellId(0)), 0);
        }
    }
}
