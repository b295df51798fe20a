//! Immobility: where the variant forbids it (`immobility_illegal`, Shogi),
//! no piece may be moved or dropped to a cell from which it could never
//! move again (a Pawn or Lance on the last rank, a Knight on the last two).
//! A move there must promote instead ([`super::promotion`]); a drop there is
//! not generated ([`super::drops`]).

use crate::piece::{Color, PieceType};
use crate::variant::Variant;
use menagerie_geometry::CellId;

/// True when a piece of `kind` and `color` on `to` would have no move and
/// the variant forbids that.
#[must_use]
pub fn stranded(v: &Variant, kind: PieceType, color: Color, to: CellId) -> bool {
    v.rules.immobility_illegal && !v.pieces[usize::from(kind)].mobile[color.idx()].contains(to)
}
