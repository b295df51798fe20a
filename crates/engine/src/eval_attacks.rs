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
//! The map lives on the stack for boards of up to 256 cells and
//! is one 16-bit word per side and cell: the attack count in the low seven
//! bits, the zone mark in the eighth, and in the high byte the value rank of
//! the cheapest piece attacking the cell (stored inverted, so that 0 means
//! no attacker and the per-evaluation reset stays a few vector stores of
//! zeros). The threats ([`crate::eval_threats`]) read that rank: a piece
//! attacked by a cheaper one is in danger whatever defends it.
//!
//! It also finds the checks each side has: before a type's pieces are
//! walked, the cells from which a piece of that type would attack the
//! enemy royal are tagged ([`check_tag`]); every tagged cell the walk
//! attacks is noted as a check of that type (at most [`MAX_CHECKS`] a
//! side).

use menagerie_geometry::CellId;
use menagerie_rules::{Color, PieceType};

/// Boards of up to this many cells keep the attack map on the stack.
const SMALL_CELLS: usize = 256;
/// The bit of a cell's word that marks it as in the enemy royal's zone.
const ZONE: u16 = 0x80;
/// The attack count saturates here (the bits below [`ZONE`]).
const MAX_COUNT: u16 = ZONE - 1;
/// Where the inverted rank of the cheapest attacker starts in a cell's word.
const RANK_SHIFT: u32 = 8;
/// The rank of no attacker: above every piece's rank
/// ([`crate::eval_threats::ranks`]); a stored rank `r` is kept as
/// `NO_RANK - r`, so that a zeroed word has no attacker.
pub const NO_RANK: u8 = u8::MAX;
/// Checks noted per side; more are not recorded.
pub const MAX_CHECKS: usize = 32;
/// The tag of a walk that looks for no checks (never stored in a cell).
pub const NO_TAG: u8 = u8::MAX;

/// The tag of the check cells of `by`'s pieces of type `k` (types below
/// 64, as in a position's type masks).
#[inline]
#[must_use]
pub fn check_tag(by: Color, k: PieceType) -> u8 {
    1 + 2 * k + by.idx() as u8
}

/// Per side and cell: how many pieces attack it and whether it is in the
/// zone of the enemy royal; per side, how many of its pieces attack that
/// zone ([`crate::eval_king_attack`]).
#[derive(Debug, Clone)]
pub struct AttackMap {
    small: [[u16; SMALL_CELLS]; 2],
    large: [Vec<u16>; 2],
    king_attackers: [u8; 2],
    /// Per cell, the tag of the last check cells marked there.
    small_tags: [u8; SMALL_CELLS],
    large_tags: Vec<u8>,
    /// Per side, the checks found: (cell, type).
    checks: [[(CellId, PieceType); MAX_CHECKS]; 2],
    n_checks: [u8; 2],
}

impl AttackMap {
    /// An empty map for a board of `cells` cells.
    #[must_use]
    pub fn new(cells: usize) -> AttackMap {
        AttackMap {
            small: [[0; SMALL_CELLS]; 2],
            large: [large(cells), large(cells)],
            king_attackers: [0; 2],
            small_tags: [0; SMALL_CELLS],
            large_tags: large(cells),
            checks: [[(CellId(0), 0); MAX_CHECKS]; 2],
            n_checks: [0; 2],
        }
    }

    /// The cells of side `by`, for a run of updates.
    #[inline]
    fn slots_mut(&mut self, by: Color) -> &mut [u16] {
        let i = by.idx();
        if self.large[i].is_empty() {
            &mut self.small[i][..]
        } else {
            &mut self.large[i][..]
        }
    }

    #[inline]
    fn slots(&self, by: Color) -> &[u16] {
        let i = by.idx();
        if self.large[i].is_empty() {
            &self.small[i]
        } else {
            &self.large[i]
        }
    }

    /// A recorder of the attacks of side `by`'s pieces of type `k`, of
    /// value rank `rank` (below [`NO_RANK`]), noting checks on the cells
    /// tagged `tag` ([`NO_TAG`]: none).
    #[inline]
    pub fn side(&mut self, by: Color, k: PieceType, rank: u8, tag: u8) -> SideAttacks<'_> {
        let i = by.idx();
        let cells = if self.large[i].is_empty() {
            &mut self.small[i][..]
        } else {
            &mut self.large[i][..]
        };
        let tags = if self.large_tags.is_empty() {
            &self.small_tags[..]
        } else {
            &self.large_tags[..]
        };
        SideAttacks {
            cells,
            tags,
            tag,
            k,
            rank: u16::from(NO_RANK - rank.min(NO_RANK - 1)) << RANK_SHIFT,
            checks: &mut self.checks[i],
            n_checks: &mut self.n_checks[i],
        }
    }

    /// Tags `x` as a cell from which a piece of the type tagged `tag` would
    /// attack the enemy royal.
    #[inline]
    pub fn mark_check(&mut self, x: CellId, tag: u8) {
        if self.large_tags.is_empty() {
            self.small_tags[x.idx()] = tag;
        } else {
            self.large_tags[x.idx()] = tag;
        }
    }

    /// The checks found for `by`: cells its pieces attack from which they
    /// would attack the enemy royal, with the piece's type.
    #[inline]
    #[must_use]
    pub fn checks(&self, by: Color) -> &[(CellId, PieceType)] {
        &self.checks[by.idx()][..usize::from(self.n_checks[by.idx()])]
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
        (self.slots(by)[x.idx()] & MAX_COUNT) as u8
    }

    /// The value rank of the cheapest piece of `by` attacking `x`
    /// ([`NO_RANK`]: none).
    #[inline]
    #[must_use]
    pub fn least(&self, by: Color, x: CellId) -> u8 {
        NO_RANK - (self.slots(by)[x.idx()] >> RANK_SHIFT) as u8
    }
}

/// The heap storage of a map's per-cell array: `cells` zeros on a board
/// too large for the stack arrays, else none (the stack array is used).
fn large<T: Clone + Default>(cells: usize) -> Vec<T> {
    if cells > SMALL_CELLS {
        vec![T::default(); cells]
    } else {
        Vec::new()
    }
}

/// The attacks of one side being recorded ([`AttackMap::side`]).
#[derive(Debug)]
pub struct SideAttacks<'a> {
    cells: &'a mut [u16],
    tags: &'a [u8],
    tag: u8,
    k: PieceType,
    /// The walking pieces' inverted rank, shifted into place.
    rank: u16,
    checks: &'a mut [(CellId, PieceType); MAX_CHECKS],
    n_checks: &'a mut u8,
}

impl SideAttacks<'_> {
    /// Records an attack on `x` (and a check when `x` carries the walk's
    /// tag); true when `x` is in the zone of the enemy royal.
    #[inline]
    pub fn add(&mut self, x: CellId) -> bool {
        if self.tags[x.idx()] == self.tag {
            let n = usize::from(*self.n_checks);
            if n < MAX_CHECKS {
                self.checks[n] = (x, self.k);
                *self.n_checks += 1;
            }
        }
        let b = &mut self.cells[x.idx()];
        if *b & MAX_COUNT != MAX_COUNT {
            *b += 1;
        }
        if self.rank > *b & !(ZONE | MAX_COUNT) {
            *b = self.rank | (*b & (ZONE | MAX_COUNT));
        }
        *b & ZONE != 0
    }
}

#[cfg(test)]
mod tests {
    use super::{check_tag, AttackMap, MAX_CHECKS, NO_RANK, NO_TAG};
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
            let mut w = m.side(Color::White, 0, 0, NO_TAG);
            assert!(w.add(x));
            for _ in 0..300 {
                w.add(x);
            }
            assert!(!m.side(Color::Black, 0, 0, NO_TAG).add(x));
            assert_eq!(m.count(Color::White, x), 127);
            assert_eq!(m.count(Color::Black, x), 1);
            assert_eq!(m.count(Color::Black, CellId(0)), 0);
            assert!(m.checks(Color::White).is_empty());
        }
    }

    /// Only cells tagged for the walking side and type are noted as checks,
    /// at most `MAX_CHECKS` of them.
    #[test]
    fn checks_are_noted_on_tagged_cells() {
        let mut m = AttackMap::new(64);
        let tag = check_tag(Color::Black, 3);
        m.mark_check(CellId(5), tag);
        m.mark_check(CellId(6), check_tag(Color::White, 3));
        let mut b = m.side(Color::Black, 3, 0, tag);
        for x in 0..64 {
            b.add(CellId(x));
        }
        assert_eq!(m.checks(Color::Black), &[(CellId(5), 3)]);
        assert!(m.checks(Color::White).is_empty());
        for x in 0..64 {
            m.mark_check(CellId(x), tag);
        }
        let mut b = m.side(Color::Black, 3, 0, tag);
        for x in 0..64 {
            b.add(CellId(x));
        }
        assert_eq!(m.checks(Color::Black).len(), MAX_CHECKS);
    }

    /// Each cell keeps the lowest rank of the pieces attacking it, per
    /// side, through saturated counts and zone marks.
    #[test]
    fn the_cheapest_attackers_rank_is_kept() {
        for cells in [64, 300] {
            let mut m = AttackMap::new(cells);
            let x = CellId(7);
            m.mark_zone(Color::White, x);
            assert_eq!(m.least(Color::White, x), NO_RANK);
            for rank in [5, 2, 9] {
                for _ in 0..100 {
                    m.side(Color::White, 0, rank, NO_TAG).add(x);
                }
            }
            assert_eq!(m.least(Color::White, x), 2);
            assert_eq!(m.count(Color::White, x), 127);
            assert!(m.side(Color::White, 0, 9, NO_TAG).add(x), "zone kept");
            assert_eq!(m.least(Color::Black, x), NO_RANK);
        }
    }
}
