//! The move type: a compact, semantic description of one move.

use crate::piece::PieceType;
use menagerie_geometry::CellId;
use std::fmt;

/// "No cell" marker.
pub const NO_CELL: u16 = u16::MAX;

/// What kind of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves (and maybe captures, promotes, captures on its path).
    Normal,
    /// A piece from hand is placed.
    Drop,
    /// King and partner move together.
    Castle,
    /// En-passant capture.
    EnPassant,
}

/// A move. Eight bytes; compare with `==`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move {
    from: u16,
    to: u16,
    via: u16,
    bits: u8,
    extra: u8,
}

const KIND_MASK: u8 = 3;
const PROMO: u8 = 4;
const VIA_CAPTURE: u8 = 8;
const NORESET: u8 = 16;
const CAPTURE: u8 = 32;
/// The `via` field holds the cell where the move places a wall
/// (`components::walls`), not a path cell.
const WALL: u8 = 64;
/// A drop that places the hand piece as the type it promotes to.
const PROMOTED_DROP: u8 = 128;
/// A piece move or castling that gates a piece from the hand
/// (`components::gating`). It shares its bit with `PROMOTED_DROP`: a drop
/// never gates, and only drops are placed promoted (and with `PLUS`).
const GATE: u8 = 128;
/// On a promotion (with `PROMO`): the piece promotes Shogi's way, keeping
/// its origin and written `+` (`components::promotion`'s `plus_to`). It
/// shares its bit with `GATE` and `PROMOTED_DROP`: a gating move promotes
/// nothing and a drop is no promotion.
const PLUS: u8 = 128;
/// In a gating castling's `via` (which holds the gated type, a castling
/// having no path cell): the piece goes on the partner's cell.
const GATE_ON_PARTNER: u16 = 1 << 8;

/// What a gating move places (`components::gating`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gate {
    /// The type taken from the hand.
    pub kind: PieceType,
    /// For castling: on the partner's cell (else the King's). For a piece
    /// move the piece always goes on the cell the mover leaves.
    pub on_partner: bool,
}

impl Move {
    /// A normal move.
    #[must_use]
    pub fn normal(from: CellId, to: CellId) -> Move {
        Move {
            from: from.0,
            to: to.0,
            via: NO_CELL,
            bits: 0,
            extra: 0,
        }
    }

    /// A drop of `kind` on `to`.
    #[must_use]
    pub fn drop(kind: PieceType, to: CellId) -> Move {
        Move {
            from: NO_CELL,
            to: to.0,
            via: NO_CELL,
            bits: 1,
            extra: kind,
        }
    }

    /// A drop of `kind` (the type in hand) on `to`, placed as the type
    /// `kind` promotes to (`components::promotion`'s `drop_promoted`; the
    /// piece keeps `kind` as its origin).
    #[must_use]
    pub fn drop_promoted(kind: PieceType, to: CellId) -> Move {
        let mut m = Move::drop(kind, to);
        m.bits |= PROMOTED_DROP;
        m
    }

    /// True for a drop that places the piece promoted
    /// ([`Move::drop_promoted`]).
    #[inline]
    #[must_use]
    pub fn is_promoted_drop(self) -> bool {
        self.bits & PROMOTED_DROP != 0 && self.kind() == MoveKind::Drop
    }

    /// This piece move or castling gating `kind` from the hand: onto the
    /// cell the mover leaves, or for castling with `on_partner` onto the
    /// partner's cell. A gating move promotes nothing (the type is kept
    /// where a promotion's would be) and castles along no path (its type
    /// is kept in the path field).
    #[must_use]
    pub fn with_gate(mut self, kind: PieceType, on_partner: bool) -> Move {
        debug_assert!(self.kind() != MoveKind::Drop && self.bits & PROMO == 0);
        self.bits |= GATE;
        if self.kind() == MoveKind::Castle {
            self.via = u16::from(kind) | if on_partner { GATE_ON_PARTNER } else { 0 };
        } else {
            self.extra = kind;
        }
        self
    }

    /// What the move gates, if it gates.
    #[inline]
    #[must_use]
    pub fn gate(self) -> Option<Gate> {
        if self.bits & (GATE | PROMO) != GATE {
            return None;
        }
        match self.kind() {
            MoveKind::Drop => None,
            MoveKind::Castle => Some(Gate {
                kind: (self.via & 0xff) as PieceType,
                on_partner: self.via & GATE_ON_PARTNER != 0,
            }),
            _ => Some(Gate {
                kind: self.extra,
                on_partner: false,
            }),
        }
    }

    /// The move without its gate.
    #[must_use]
    pub fn without_gate(mut self) -> Move {
        if self.gate().is_some() {
            self.bits &= !GATE;
            if self.kind() == MoveKind::Castle {
                self.via = NO_CELL;
            } else {
                self.extra = 0;
            }
        }
        self
    }

    /// Castling number `index` (king from/to given for display).
    #[must_use]
    pub fn castle(index: u8, king: CellId, king_to: CellId) -> Move {
        Move {
            from: king.0,
            to: king_to.0,
            via: NO_CELL,
            bits: 2,
            extra: index,
        }
    }

    /// An en-passant capture.
    #[must_use]
    pub fn en_passant(from: CellId, to: CellId) -> Move {
        Move {
            from: from.0,
            to: to.0,
            via: NO_CELL,
            bits: 3 | CAPTURE,
            extra: 0,
        }
    }

    /// This move with a promotion to `kind`.
    #[must_use]
    pub fn with_promotion(mut self, kind: PieceType) -> Move {
        self.bits |= PROMO;
        self.extra = kind;
        self
    }

    /// This move with a promotion to `kind` made Shogi's way: the piece
    /// keeps its origin and is written `+` (Fairy-Stockfish's piece
    /// promotion beside a pawn's, as Elgam's Soldier or Wolf chess's Pawn
    /// have; `components::promotion`).
    #[must_use]
    pub fn with_plus_promotion(self, kind: PieceType) -> Move {
        let mut m = self.with_promotion(kind);
        m.bits |= PLUS;
        m
    }

    /// True for a promotion made Shogi's way ([`Move::with_plus_promotion`]).
    #[inline]
    #[must_use]
    pub fn promotes_plus(self) -> bool {
        self.bits & (PLUS | PROMO) == PLUS | PROMO
    }

    /// This move passing through `via`, capturing there when `captures`.
    #[must_use]
    pub fn with_via(mut self, via: CellId, captures: bool) -> Move {
        self.via = via.0;
        if captures {
            self.bits |= VIA_CAPTURE | CAPTURE;
        }
        self
    }

    /// This move placing a wall (duck, arrow, ...) on `cell` after the piece
    /// moved (`components::walls`). A wall move records no path cell.
    #[must_use]
    pub fn with_wall(mut self, cell: CellId) -> Move {
        self.via = cell.0;
        self.bits |= WALL;
        self
    }

    /// The cell where the move places a wall, if any.
    #[inline]
    #[must_use]
    pub fn wall(self) -> Option<CellId> {
        (self.bits & WALL != 0).then_some(CellId(self.via))
    }

    /// The move without its wall placement (the piece move alone).
    #[must_use]
    pub fn without_wall(mut self) -> Move {
        if self.bits & WALL != 0 {
            self.bits &= !WALL;
            self.via = NO_CELL;
        }
        self
    }

    /// Marks the move as a capture on its destination.
    #[must_use]
    pub fn with_capture(mut self) -> Move {
        self.bits |= CAPTURE;
        self
    }

    /// Marks a quiet move that does not reset the move-rule clock.
    #[must_use]
    pub fn with_noreset(mut self) -> Move {
        self.bits |= NORESET;
        self
    }

    /// Kind.
    #[inline]
    #[must_use]
    pub fn kind(self) -> MoveKind {
        match self.bits & KIND_MASK {
            0 => MoveKind::Normal,
            1 => MoveKind::Drop,
            2 => MoveKind::Castle,
            _ => MoveKind::EnPassant,
        }
    }

    /// Origin (`None` for drops).
    #[inline]
    #[must_use]
    pub fn from(self) -> Option<CellId> {
        (self.from != NO_CELL).then_some(CellId(self.from))
    }

    /// Destination (the King's, for castling).
    #[inline]
    #[must_use]
    pub fn to(self) -> CellId {
        CellId(self.to)
    }

    /// Path cell shown in text (`e4-d5-c6`), if any.
    #[inline]
    #[must_use]
    pub fn via(self) -> Option<CellId> {
        (self.via != NO_CELL && self.bits & WALL == 0 && self.kind() != MoveKind::Castle)
            .then_some(CellId(self.via))
    }

    /// True when a piece is captured on the path cell.
    #[inline]
    #[must_use]
    pub fn captures_via(self) -> bool {
        self.bits & VIA_CAPTURE != 0
    }

    /// True when the move captures anything.
    #[inline]
    #[must_use]
    pub fn is_capture(self) -> bool {
        self.bits & CAPTURE != 0
    }

    /// True for the moves quiescence search looks at: captures and
    /// promotions ([`crate::Position::noisy_moves`] generates exactly these).
    #[inline]
    #[must_use]
    pub fn is_noisy(self) -> bool {
        self.is_capture() || self.promotion().is_some()
    }

    /// Promotion type, if any.
    #[inline]
    #[must_use]
    pub fn promotion(self) -> Option<PieceType> {
        (self.bits & PROMO != 0).then_some(self.extra)
    }

    /// Dropped type, for drops.
    #[inline]
    #[must_use]
    pub fn dropped(self) -> Option<PieceType> {
        (self.kind() == MoveKind::Drop).then_some(self.extra)
    }

    /// Castling index, for castling.
    #[inline]
    #[must_use]
    pub fn castling(self) -> Option<usize> {
        (self.kind() == MoveKind::Castle).then_some(usize::from(self.extra))
    }

    /// True for a quiet move that leaves the clock running.
    #[inline]
    #[must_use]
    pub fn keeps_clock(self) -> bool {
        self.bits & NORESET != 0
    }

    /// A dense 64-bit encoding (for hashing tables and move ordering).
    #[inline]
    #[must_use]
    pub fn raw(self) -> u64 {
        u64::from(self.from)
            | u64::from(self.to) << 16
            | u64::from(self.via) << 32
            | u64::from(self.bits) << 48
            | u64::from(self.extra) << 56
    }

    /// Inverse of [`Move::raw`].
    #[must_use]
    pub fn from_raw(r: u64) -> Move {
        Move {
            from: r as u16,
            to: (r >> 16) as u16,
            via: (r >> 32) as u16,
            bits: (r >> 48) as u8,
            extra: (r >> 56) as u8,
        }
    }

    /// The null move marker (never legal).
    pub const NULL: Move = Move {
        from: NO_CELL,
        to: NO_CELL,
        via: NO_CELL,
        bits: 0,
        extra: 0,
    };

    /// True for [`Move::NULL`].
    #[must_use]
    pub fn is_null(self) -> bool {
        self == Move::NULL
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({:?}", self.kind())?;
        if let Some(c) = self.from() {
            write!(f, " {}", c.0)?;
        }
        write!(f, "->{}", self.to)?;
        if let Some(v) = self.via() {
            write!(
                f,
                " via {}{}",
                v.0,
                if self.captures_via() { "x" } else { "" }
            )?;
        }
        if self.bits & PROMO != 0 || self.kind() != MoveKind::Normal {
            write!(f, " extra {}", self.extra)?;
        }
        write!(f, ")")
    }
}

/// A list of moves (a plain vector; generation appends).
pub type MoveList = Vec<Move>;

/// Keeps, in their order, the moves of `out[start..]` that pass `keep`
/// (the moves before `start` stay untouched): `Vec::retain` for a filter
/// that starts mid-list (immune captures, the noisy subset); the filters of
/// a whole list (legality, forced captures, required drops) call
/// `Vec::retain` itself. Either keeps generation order, which perft divides
/// and the search's move picker read.
pub(crate) fn retain_from(out: &mut MoveList, start: usize, mut keep: impl FnMut(Move) -> bool) {
    let mut seen = 0;
    out.retain(|&m| {
        seen += 1;
        seen <= start || keep(m)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retain_from_keeps_the_prefix_and_the_order() {
        let list: MoveList = (0..6)
            .map(|i| Move::normal(CellId(i), CellId(10 + i)))
            .collect();
        let mut out = list.clone();
        // Drops the even targets from index 2 on; 10 stays though even.
        retain_from(&mut out, 2, |m| m.to().0 % 2 == 1);
        let kept: Vec<u16> = out.iter().map(|m| m.to().0).collect();
        assert_eq!(kept, [10, 11, 13, 15]);
        let mut all = list;
        retain_from(&mut all, 0, |m| m.to().0 >= 14);
        assert_eq!(all.iter().map(|m| m.to().0).collect::<Vec<_>>(), [14, 15]);
    }

    #[test]
    fn round_trip() {
        let m = Move::normal(CellId(3), CellId(40))
            .with_via(CellId(20), true)
            .with_promotion(5);
        assert_eq!(Move::from_raw(m.raw()), m);
        assert!(m.captures_via() && m.is_capture());
        assert_eq!(m.promotion(), Some(5));
        assert_eq!(Move::drop(2, CellId(9)).from(), None);
        let d = Move::drop_promoted(2, CellId(9));
        assert_eq!((d.dropped(), d.promotion()), (Some(2), None));
        assert!(d.is_promoted_drop() && !Move::drop(2, CellId(9)).is_promoted_drop());
        assert_eq!(Move::from_raw(d.raw()), d);
        let plain = Move::normal(CellId(3), CellId(4)).with_promotion(5);
        let plus = Move::normal(CellId(3), CellId(4)).with_plus_promotion(5);
        assert_eq!((plus.promotion(), plus.gate()), (Some(5), None));
        assert!(plus.promotes_plus() && !plain.promotes_plus() && plus != plain);
        assert!(!d.promotes_plus() && !m.promotes_plus());
        assert_eq!(Move::from_raw(plus.raw()), plus);
        assert_eq!(std::mem::size_of::<Move>(), 8);
    }

    #[test]
    fn a_gate_is_neither_a_promotion_nor_a_path() {
        let m = Move::normal(CellId(1), CellId(18)).with_gate(7, false);
        assert_eq!(
            m.gate(),
            Some(Gate {
                kind: 7,
                on_partner: false
            })
        );
        assert_eq!((m.promotion(), m.via()), (None, None));
        assert_eq!(m.without_gate(), Move::normal(CellId(1), CellId(18)));
        let c = Move::castle(3, CellId(4), CellId(6)).with_gate(9, true);
        assert_eq!(
            c.gate(),
            Some(Gate {
                kind: 9,
                on_partner: true
            })
        );
        assert_eq!((c.castling(), c.via()), (Some(3), None));
        assert_eq!(Move::from_raw(c.raw()), c);
        assert_eq!(c.without_gate(), Move::castle(3, CellId(4), CellId(6)));
        // The bit is the promoted drop's: a drop never gates.
        let d = Move::drop_promoted(2, CellId(9));
        assert_eq!(d.gate(), None);
        assert!(!m.is_promoted_drop());
    }

    #[test]
    fn a_wall_is_not_a_path_cell() {
        let m = Move::normal(CellId(3), CellId(40)).with_wall(CellId(7));
        assert_eq!(m.wall(), Some(CellId(7)));
        assert_eq!(m.via(), None);
        assert!(!m.is_capture());
        assert_eq!(Move::from_raw(m.raw()), m);
        assert_eq!(m.without_wall(), Move::normal(CellId(3), CellId(40)));
        assert_eq!(Move::normal(CellId(3), CellId(40)).wall(), None);
    }
}
