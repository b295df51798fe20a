//! Imitation: a piece that moves like the type of the last piece moved by
//! either side (Missing Ox Chess's Joker, `imitates = "last-moved"`). The imitated type is part of the
//! position (FEN field, hash); the imitator's own `i` (initial-only) moves
//! are never borrowed; moving the imitator leaves the state unchanged.
//!
//! Hooks: move kind ([`Position::imitated_kind`]: which table the piece's
//! moves come from), effects of a move ([`Position::imitation_after`]), and
//! legality: an enemy imitator's attacks change with the mover's type, so
//! the generator's fast path asks an `ImitationGuard` which moves need the
//! full test.

use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::{CellId, CellSet};

impl Position {
    /// The type whose moves a piece of `kind` makes now: its own, the
    /// imitated type for an imitator (`None` before anything has moved),
    /// with `true` when it imitates.
    #[must_use]
    pub fn imitated_kind(&self, kind: PieceType) -> Option<(PieceType, bool)> {
        if self.variant().pieces[usize::from(kind)].imitator {
            self.imitation().map(|t| (t, true))
        } else {
            Some((kind, false))
        }
    }

    /// The imitation state after a piece of `moved` has moved (`None` when
    /// the variant has no imitator or the state does not change).
    #[must_use]
    pub fn imitation_after(&self, moved: PieceType) -> Option<PieceType> {
        let v = self.variant();
        (v.imitator.is_some() && !v.pieces[usize::from(moved)].imitator).then_some(moved)
    }
}

/// For the legality fast path of the side to move: which of its moves could
/// let an enemy imitator reach its single royal, because after the move the
/// imitator moves like the mover's type.
#[derive(Debug)]
pub(crate) struct ImitationGuard {
    them: Color,
    king: CellId,
    /// Enemy imitators' cells.
    imitators: Vec<CellId>,
    /// Bit per mover type after which an imitator could reach the royal.
    danger: u64,
    /// Per mover type: (an imitator attacks the royal as such now, cells
    /// of its paths to the royal).
    cache: Vec<Option<(bool, CellSet)>>,
}

impl ImitationGuard {
    /// The guard for the royal on `king`, or `None` when the opponent has no
    /// imitator on the board. Cells of the paths by which an imitator
    /// attacks now (as the imitated type) are added to `sensitive`.
    pub(crate) fn new(
        pos: &Position,
        them: Color,
        king: CellId,
        sensitive: &mut Option<CellSet>,
    ) -> Option<ImitationGuard> {
        let v = pos.variant();
        let j = v.imitator?;
        let imitators = pos.cells_of(them, j);
        if imitators.is_empty() {
            return None;
        }
        if let Some(t) = pos.imitation() {
            for &s in imitators {
                if pos.could_reach(them, t, s, king) {
                    let set = sensitive.get_or_insert_with(|| v.geometry.empty_set());
                    pos.attack_near(them, t, s, king, set);
                }
            }
        }
        let mut danger = 0u64;
        for x in 0..v.types() as PieceType {
            if x != j && imitators.iter().any(|&s| pos.could_reach(them, x, s, king)) {
                danger |= 1 << x;
            }
        }
        Some(ImitationGuard {
            them,
            king,
            imitators: imitators.to_vec(),
            danger,
            cache: vec![None; v.types()],
        })
    }

    /// True when a drop of `kind` needs the full legality test.
    pub(crate) fn drop_needs_test(&self, kind: PieceType) -> bool {
        self.danger >> kind & 1 != 0
    }

    /// True when a move of a piece of `kind` from `from` to `to`, safe as
    /// far as every other piece is concerned, is safe from the imitators
    /// too: it does not change what they imitate, or they would not attack
    /// the royal as `kind` now and the move neither opens nor screens one
    /// of their paths.
    pub(crate) fn move_is_safe(
        &mut self,
        pos: &Position,
        kind: PieceType,
        from: CellId,
        to: CellId,
    ) -> bool {
        let v = pos.variant();
        let changes = v.imitator != Some(kind) && pos.imitation() != Some(kind);
        if !changes || self.danger >> kind & 1 == 0 {
            return true;
        }
        let entry = self.cache[usize::from(kind)].get_or_insert_with(|| {
            let mut now = false;
            let mut set = v.geometry.empty_set();
            for &s in &self.imitators {
                now |= pos.attacks_from(self.them, kind, s, self.king, false, true);
                pos.attack_near(self.them, kind, s, self.king, &mut set);
            }
            (now, set)
        });
        !entry.0 && !entry.1.contains(from) && !entry.1.contains(to)
    }
}
