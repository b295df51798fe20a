//! Zobrist keys, generated deterministically per variant size.

use crate::piece::{Color, Piece, PieceType};
use menagerie_geometry::CellId;

/// Most checks a side can have left to give in n-check variants (one key
/// per count).
pub const MAX_CHECKS: u8 = 99;

/// Most pieces of one type counted separately in a hand key.
pub const MAX_HAND: usize = 64;

/// Random keys for incremental position hashing.
#[derive(Debug, Clone, Default)]
pub struct Zobrist {
    codes: usize,
    types: usize,
    piece: Vec<u64>,
    origin: Vec<u64>,
    hand: Vec<u64>,
    /// Side-to-move key (xored in when Black is to move).
    pub side: u64,
    castling: Vec<u64>,
    ep: Vec<u64>,
    imitation: Vec<u64>,
    checks: Vec<u64>,
}

impl Zobrist {
    /// Keys for `cells` cells, `types` piece types and `rights` castling rights.
    #[must_use]
    pub fn new(cells: usize, types: usize, rights: usize) -> Zobrist {
        let mut r = crate::SplitMix64(0x4D65_6E61_6765_7269);
        let codes = 1 + 2 * types;
        let mut gen = |n: usize| (0..n).map(|_| r.next()).collect::<Vec<u64>>();
        Zobrist {
            codes,
            types,
            piece: gen(cells * codes),
            origin: gen(cells * types),
            hand: gen(2 * types * MAX_HAND),
            side: gen(1)[0],
            castling: gen(rights.max(1)),
            ep: gen(cells),
            imitation: gen(types + 1),
            checks: gen(2 * (usize::from(MAX_CHECKS) + 1)),
        }
    }

    /// Key of a piece on a cell.
    #[inline]
    #[must_use]
    pub fn piece(&self, c: CellId, p: Piece) -> u64 {
        self.piece[c.idx() * self.codes + p.code()]
    }

    /// Key of a promoted piece's origin on a cell.
    #[inline]
    #[must_use]
    pub fn origin(&self, c: CellId, origin: PieceType) -> u64 {
        self.origin[c.idx() * self.types + usize::from(origin)]
    }

    /// Key for holding `count` pieces of a type.
    #[inline]
    #[must_use]
    pub fn hand(&self, color: Color, kind: PieceType, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let n = usize::from(count).min(MAX_HAND - 1);
        self.hand[(color.idx() * self.types + usize::from(kind)) * MAX_HAND + n]
    }

    /// Key of one castling right.
    #[inline]
    #[must_use]
    pub fn castling(&self, bit: usize) -> u64 {
        self.castling[bit]
    }

    /// Key of an en-passant target cell.
    #[inline]
    #[must_use]
    pub fn ep(&self, c: CellId) -> u64 {
        self.ep[c.idx()]
    }

    /// Key of the imitation state.
    #[inline]
    #[must_use]
    pub fn imitation(&self, kind: Option<PieceType>) -> u64 {
        match kind {
            Some(k) => self.imitation[usize::from(k) + 1],
            None => 0,
        }
    }

    /// Key of a side's count of checks left (n-check).
    #[inline]
    #[must_use]
    pub fn checks(&self, color: Color, left: u8) -> u64 {
        self.checks[color.idx() * (usize::from(MAX_CHECKS) + 1) + usize::from(left.min(MAX_CHECKS))]
    }
}
