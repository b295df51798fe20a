//! En passant: a straight multi-step quiet move of a type that `creates_ep`
//! leaves the cells it passed over as targets for one ply; a piece with an
//! `e` move may capture onto a target, taking the piece that passed. Where
//! the FEN lists only capturable targets (chess), the others are dropped.
//! Targets enter the hash only while someone could take them. A variant
//! may limit the cells onto which each colour captures en passant
//! (`[rules] en_passant_region`; horde: not behind a pawn that
//! double-stepped from the first rank): other cells are no targets.
//!
//! How the targets are kept and written is the piece's [`EpField`] (its
//! `ep_field`, else the variant's `[fen] ep`): Fairy-Stockfish keeps only
//! takeable cells after its Pawn's double step, but every passed cell and
//! the landing cell after another type's first-move step (Wolf chess: a
//! Pawn's and a Sergeant's double steps in one game).
//!
//! Hooks: effects of a move ([`Position::ep_after`], applied by
//! `position::make`); the capture itself is an `e` move of the move tables.

use crate::piece::Color;
use crate::position::Position;
use menagerie_geometry::{CellId, Vector};

/// Which targets a multi-step move leaves and how the FEN writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EpField {
    /// Only cells a piece of the other side could take onto (chess).
    #[default]
    Capturable,
    /// Every passed cell.
    Passed,
    /// Every passed cell, written with the landing cell in board order.
    PassedLanding,
}

impl EpField {
    /// The field named `capturable`, `passed` or `passed-landing`.
    #[must_use]
    pub fn parse(name: &str) -> Option<EpField> {
        match name {
            "capturable" => Some(EpField::Capturable),
            "passed" => Some(EpField::Passed),
            "passed-landing" => Some(EpField::PassedLanding),
            _ => None,
        }
    }
}

/// En-passant state: the cells a multi-step move passed over and the piece
/// that may be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EpState {
    cells: [u16; 8],
    n: u8,
    victim: u16,
    field: EpField,
}

impl EpState {
    /// No en-passant targets.
    pub const NONE: EpState = EpState {
        cells: [0; 8],
        n: 0,
        victim: 0,
        field: EpField::Capturable,
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

    /// The same targets, kept and written as `field`.
    #[must_use]
    pub fn with_field(mut self, field: EpField) -> EpState {
        self.field = field;
        self
    }

    /// How the targets are kept and written.
    #[must_use]
    pub fn field(&self) -> EpField {
        self.field
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
    /// `from` to `to` (already on `to`), kept as `field`, and whether they
    /// enter the hash (someone could take them). No targets unless the move
    /// was straight and of more than one step.
    #[must_use]
    pub fn ep_after(&self, from: CellId, to: CellId, field: EpField) -> (EpState, bool) {
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
        if field == EpField::Capturable {
            // Only capturable targets matter (and are written) here.
            cells.retain(|&c| self.ep_capturable_by(them, c));
            if cells.is_empty() {
                return none;
            }
        }
        let hashed = cells.iter().any(|&c| self.ep_capturable_by(them, c));
        (EpState::new(&cells, to).with_field(field), hashed)
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

#[cfg(test)]
mod tests {
    use crate::test_support::{legal_uci, play_uci};
    use crate::{Position, Registry};

    /// The Wolf chess position `fen` after `moves`.
    fn wolf(fen: &str, moves: &[&str]) -> Position {
        let v = Registry::builtin().get("wolf").expect("wolf");
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        for m in moves {
            play_uci(&mut pos, m);
        }
        pos
    }

    const SERGEANT_BESIDE_PAWN: &str = "k7/8/8/8/8/8/2p5/8/1S5P/K7 w - - 0 1";

    #[test]
    fn a_sergeant_double_step_lists_the_passed_and_the_landing_cell() {
        // Fairy-Stockfish writes both cells after a Sergeant's double step,
        // and a Pawn takes the Sergeant en passant.
        let pos = wolf(SERGEANT_BESIDE_PAWN, &["b2b4"]);
        assert_eq!(pos.to_fen(), "k7/8/8/8/8/8/1Sp5/8/7P/K7 b - b3b4 0 1");
        assert!(legal_uci(&pos).contains(&"c4b3".to_string()));
        let taken = wolf(SERGEANT_BESIDE_PAWN, &["b2b4", "c4b3"]);
        assert_eq!(taken.to_fen(), "k7/8/8/8/8/8/8/1p6/7P/K7 w - - 0 2");
        // Black's double step: board order puts the landing cell first.
        let black = wolf("k7/1s6/8/2P5/8/8/8/8/8/K7 b - - 0 1", &["b9b7"]);
        assert_eq!(black.to_fen(), "k7/8/8/1sP5/8/8/8/8/8/K7 w - b7b8 0 2");
        assert!(legal_uci(&black).contains(&"c7b8".to_string()));
    }

    #[test]
    fn the_sergeant_field_reads_back_and_the_pawn_field_stays_capturable() {
        let read = wolf("k7/8/8/8/8/8/1Sp5/8/7P/K7 b - b3b4 0 1", &[]);
        assert_eq!(read.to_fen(), "k7/8/8/8/8/8/1Sp5/8/7P/K7 b - b3b4 0 1");
        assert!(legal_uci(&read).contains(&"c4b3".to_string()));
        // A Pawn's double step with no Pawn to take it leaves no target, in
        // the same game as the Sergeant's.
        let pawn = wolf(SERGEANT_BESIDE_PAWN, &["h2h4"]);
        assert_eq!(pawn.to_fen(), "k7/8/8/8/8/8/2p4P/8/1S6/K7 b - - 0 1");
        let beside = wolf("k7/8/8/8/8/8/6p1/8/1S5P/K7 w - - 0 1", &["h2h4"]);
        assert_eq!(beside.to_fen(), "k7/8/8/8/8/8/6pP/8/1S6/K7 b - h3 0 1");
    }

    #[test]
    fn a_promoting_double_step_leaves_no_target() {
        // Epic Atomic (Fairy-Stockfish's variants.ini): Black's Pawns
        // promote on their fifth rank, so a double step promotes; as in
        // Fairy-Stockfish it sets no en-passant cell.
        let v = crate::test_support::ini_variant("[epicatomic:atomic]\npromotionPieceTypes = b\ncastling = false\nstartFen = rnnbqkbnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNNBQKBNNR w - - 0 1\nmaxRank = 8\nmaxFile = 10\npromotionRegionWhite = *6 *7 *8 *9 *10\npromotionRegionBlack = *5 *4 *3 *2 *1\ndoubleStep = true\n");
        let fen = "rnnbqkbnnr/pppppppppp/10/1P8/10/10/P1PPPPPPPP/RNNBQKBNNR b - - 0 1";
        let mut pos = Position::from_fen(&v, fen).expect("fen");
        play_uci(&mut pos, "c7c5b");
        assert_eq!(
            pos.to_fen(),
            "rnnbqkbnnr/pp1ppppppp/10/1Pb7/10/10/P1PPPPPPPP/RNNBQKBNNR w - - 0 2"
        );
        assert!(!legal_uci(&pos).contains(&"b5c6".to_string()));
    }
}
