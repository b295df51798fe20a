//! Drops and hands: captured pieces go to the captor's hand (as the type
//! their own type is `captured_as`, which may flip them to a counterpart —
//! Nichtschach's flip-return — or remove them), and a side may place a piece
//! from its hand instead of moving: on an empty cell of the type's drop
//! zone, not where it could never move (immobility), not on a file that
//! holds an unpromoted piece of its own of that type (`no_doubled`, Shogi's
//! Pawns; or a given number of them: `no_doubled = 2`, Tori's Swallows).
//! Under free drops (Ataxx) a side may drop any type without holding it,
//! and no hand is kept. A type whose promotion has `drop_promoted` may also
//! be placed as the type it promotes to, keeping its own type as the origin
//! (Kyoto Shogi).
//!
//! Hooks: extra moves (`Position::drop_moves`) and effects of a move
//! ([`Position::hand_gain`]: what a capture adds to the captor's hand;
//! `position::make` moves pieces between hand and board).

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Piece, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

impl Position {
    /// Appends the drops of the side to move: every type in hand on every
    /// cell of its drop zone that passes [`Self::can_drop`]'s tests.
    pub(crate) fn drop_moves(&self, out: &mut MoveList) {
        let v = self.variant();
        let us = self.side();
        for kind in 0..v.types() as PieceType {
            if !self.holds(us, kind) {
                continue;
            }
            let def = &v.pieces[usize::from(kind)];
            let blocked_files: Vec<bool> = if def.no_doubled > 0 {
                v.file_cells
                    .iter()
                    .map(|cells| self.unpromoted_on(kind, cells, def.no_doubled))
                    .collect()
            } else {
                Vec::new()
            };
            let g = &v.geometry;
            let promoted = def.promoted_drop();
            for c in def.drop_zone[us.idx()].iter() {
                if !self.piece(c).is_empty() {
                    continue;
                }
                if def.no_doubled > 0 {
                    let x = g.coord(c).x;
                    if x >= 0 && blocked_files.get(x as usize).copied().unwrap_or(false) {
                        continue;
                    }
                }
                if self.drop_cell_ok(kind, c) {
                    out.push(Move::drop(kind, c));
                }
                if promoted.is_some_and(|t| self.drop_cell_ok(t, c)) {
                    out.push(Move::drop_promoted(kind, c));
                }
            }
        }
    }

    /// True when `cells` hold `limit` or more unpromoted pieces of the side
    /// to move of `kind` (a file closed to drops of a no-doubling type).
    fn unpromoted_on(&self, kind: PieceType, cells: &[CellId], limit: u8) -> bool {
        let own = Piece::new(kind, self.side());
        let count = cells
            .iter()
            .filter(|&&c| self.piece(c) == own && self.origin(c).is_none())
            .count();
        count >= usize::from(limit)
    }

    /// True when `color` may drop a piece of `kind`: one in hand, or any
    /// type the variant has under free drops (Ataxx).
    #[must_use]
    pub fn holds(&self, color: Color, kind: PieceType) -> bool {
        let v = self.variant();
        if v.rules.free_drops {
            return v.pieces.get(usize::from(kind)).is_some_and(|d| d.droppable);
        }
        self.hand(color, kind) > 0
    }

    /// The tests of a drop on `c` that depend on the cell alone: empty, the
    /// piece not left without a move where the variant forbids that, the
    /// flipping rule's enclosing test (`components::flip`) and the cell
    /// colours of Bishops (`components::drop_colours`).
    fn drop_cell_ok(&self, kind: PieceType, c: CellId) -> bool {
        self.piece(c).is_empty()
            && self.drop_colours_ok(kind, c)
            && !crate::components::immobility::stranded(self.variant(), kind, self.side(), c)
            && self
                .variant()
                .rules
                .flip
                .as_ref()
                .is_none_or(|f| self.flip_drop_ok(f, c))
    }

    /// True when the side to move may drop a piece of `kind` on `c`: one in
    /// hand, the cell in the type's drop zone, and the tests of the drop
    /// generator (empty cell, immobility, one unpromoted piece per file).
    #[must_use]
    pub fn can_drop(&self, kind: PieceType, c: CellId) -> bool {
        let v = self.variant();
        let us = self.side();
        let Some(def) = v.pieces.get(usize::from(kind)) else {
            return false;
        };
        if !v.rules.drop_moves()
            || !self.holds(us, kind)
            || !def.drop_zone[us.idx()].contains(c)
            || !self.drop_cell_ok(kind, c)
        {
            return false;
        }
        let x = v.geometry.coord(c).x;
        let file = usize::try_from(x).ok().and_then(|x| v.file_cells.get(x));
        !(def.no_doubled > 0
            && file.is_some_and(|cells| self.unpromoted_on(kind, cells, def.no_doubled)))
    }

    /// The type a captor adds to its hand for capturing `captured`
    /// (promoted from `origin`, if any), or `None` where captures do not go
    /// to the hand or the piece is removed from play.
    #[must_use]
    pub fn hand_gain(&self, captured: Piece, origin: Option<PieceType>) -> Option<PieceType> {
        let v = self.variant();
        if !v.rules.captures_to_hand {
            return None;
        }
        let base = origin.unwrap_or(captured.kind());
        v.pieces[usize::from(base)].captured_as
    }
}
