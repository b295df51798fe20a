//! En passant: a straight multi-step quiet move of a type that `creates_ep`
//! leaves the cells it passed over as targets for one ply; a piece with an
//! `e` move may capture onto a target, taking the piece that passed. Where
//! the FEN lists only capturable targets (chess), the others are dropped.
//! Targets enter the hash only while someone could take them. A variant
//! may limit the cells onto which each colour captures en passant
//! (`[rules] en_passant_region`; horde: not behind a pawn that
//! double-stepped from the first rank): other cells are no targets.
//!
//! Hooks: effects of a move ([`Position::ep_after`], applied by
//! `position::make`); the capture itself is an `e` move of the move tables.

use crate::piece::Color;
use crate::position::Position;
use menagerie_geometry::{CellId, Vector};

/// En-passant state: the cells a multi-step move passed over and the piece
/// that may be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EpState {
    cells: [u16; 8],
    n: u8,
    victim: u16,
}

impl EpState {
    /// No en-passant targets.
    pub const NONE: EpState = EpState {
        cells: [0; 8],
        n: 0,
        victim: 0,
    };

    /// Targets `cells` with the moved piece on `victim`.
    #[must_use]
    pub fn new(cells: &[CellId], victim: CellId) -> EpState {
        let mut e = EpState {
            victim: victim.0,
            ..EpState::NONE
        };
        for &c in cells.iter().take(8) {
            e.cells[usize::from(e.n)] = c.0;
            e.n += 1;
        }
        e
    }

    /// The target cells.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + '_ {
        self.cells[..usize::from(self.n)].iter().map(|&c| CellId(c))
    }

    /// True when `c` is a target.
    #[must_use]
    pub fn contains(&self, c: CellId) -> bool {
        self.cells[..usize::from(self.n)].contains(&c.0)
    }

    /// True when there is no target.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The cell of the piece an en-passant capture removes.
    #[must_use]
    pub fn victim(&self) -> CellId {
        CellId(self.victim)
    }
}

impl Position {
    /// The en-passant targets after the side to move's piece moved from
    /// `from` to `to` (already on `to`), and whether they enter the hash
    /// (someone could take them). No targets unless the move was straight
    /// and of more than one step.
    #[must_use]
    pub fn ep_after(&self, from: CellId, to: CellId) -> (EpState, bool) {
        let none = (EpState::NONE, false);
        let them = self.side().flip();
        let v = self.variant();
        let g = &v.geometry;
        let a = g.coord(from);
        let b = g.coord(to);
        let d = Vector::new(b.x - a.x, b.y - a.y, b.z - a.z);
        let unit = d.signum();
        let k = d.chebyshev();
        if k < 2 || unit.scaled(k) != Some(d) {
            return none;
        }
        let mut cells = Vec::new();
        let mut c = from;
        for _ in 1..k {
            match g.offset(c, unit) {
                Some(n) => {
                    cells.push(n);
                    c = n;
                }
                None => return none,
            }
        }
        if let Some(region) = &v.rules.en_passant_region {
            cells.retain(|&c| region[them.idx()].contains(c));
            if cells.is_empty() {
                return none;
            }
        }
        if !v.fen.ep_passed {
            // Only capturable targets matter (and are written) here.
            cells.retain(|&c| self.ep_capturable_by(them, c));
            if cells.is_empty() {
                return none;
            }
        }
        let hashed = cells.iter().any(|&c| self.ep_capturable_by(them, c));
        (EpState::new(&cells, to), hashed)
    }

    /// True when the side to move has a piece that could capture en passant
    /// on one of the current targets (pseudo-legally).
    #[must_use]
    pub fn ep_capturable_any(&self) -> bool {
        self.ep().cells().any(|c| self.ep_capturable(c))
    }

    /// True when the side to move could capture en passant onto `c`.
    #[must_use]
    pub fn ep_capturable(&self, c: CellId) -> bool {
        self.ep_capturable_by(self.side(), c)
    }

    /// True when `us` could capture en passant onto `c` (pseudo-legally).
    #[must_use]
    pub fn ep_capturable_by(&self, us: Color, c: CellId) -> bool {
        self.variant()
            .attacks
            .ep_sources(us, c)
            .iter()
            .any(|&(s, mask)| {
                let p = self.piece(s);
                p.is_color(us) && mask >> p.kind() & 1 != 0
            })
    }
}
