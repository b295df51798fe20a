//! Castling: a royal and a partner move together in one move, once per game
//! for each right (a FEN letter); any King/partner pair and destinations,
//! cells that must be empty and unattacked, optionally only while the
//! imitation state allows it (Missing Ox Chess).
//!
//! Hooks: extra moves (`Position::castling_moves`) and effects of a move
//! ([`Position::castling_after`]: rights lost when something moves from or
//! to a King's or partner's cell; `position::make` moves both pieces).

use crate::moves::{Move, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::Variant;
use menagerie_geometry::CellId;

/// One castling move of one side.
#[derive(Debug, Clone)]
pub struct Castling {
    /// Whose.
    pub color: Color,
    /// FEN letter.
    pub letter: char,
    /// King start.
    pub king: CellId,
    /// King destination.
    pub king_to: CellId,
    /// Partner start.
    pub partner: CellId,
    /// Partner destination.
    pub partner_to: CellId,
    /// Must be empty (except for the castling pieces themselves).
    pub empty: Vec<CellId>,
    /// Must not be attacked before the move.
    pub safe: Vec<CellId>,
    /// Imitation states that allow it (bit per type), if restricted.
    pub imitation: Option<u64>,
}

/// True when a piece of `kind` on a King's castling cell may castle: the
/// royal piece, or, in variants without one (giveaway, extinction chess,
/// atomic), whatever piece stands there — a King that is not royal and
/// that no attack can stop from castling, as in Fairy-Stockfish.
pub(crate) fn castling_king(v: &Variant, kind: PieceType) -> bool {
    royal_castler(v, kind) || !v.has_royal()
}

/// True when the variant's wall moves every turn (the duck): castling
/// paths are then judged with the wall where the move puts it.
fn walls_relocate(v: &Variant) -> bool {
    v.rules.walls.as_ref().is_some_and(|w| w.relocates())
}

/// A royal piece, or a pseudo-royal one (an extinction type guarded like a
/// King: atomic chess read from Fairy-Stockfish's keys): it castles, and
/// only through cells no enemy attacks.
fn royal_castler(v: &Variant, kind: PieceType) -> bool {
    let pseudo = v
        .rules
        .extinction
        .as_ref()
        .is_some_and(|e| e.pseudo_royal && e.types >> kind & 1 != 0);
    v.pieces[usize::from(kind)].royal || pseudo
}

impl Position {
    /// Appends the castling moves of the side to move: rights held, King
    /// and partner in place, cells empty, the King's path unattacked and not
    /// facing an enemy royal (its destination is tested with the move).
    pub(crate) fn castling_moves(&self, out: &mut MoveList) {
        let v = self.variant();
        let us = self.side();
        let rights = self.castling();
        if rights == 0 {
            return;
        }
        if let Some(c) = &v.rules.chess960 {
            self.castling960_moves(c, out);
            return;
        }
        'rules: for (i, c) in v.castling.iter().enumerate() {
            if c.color != us || rights >> i & 1 == 0 {
                continue;
            }
            let k = self.piece(c.king);
            let p = self.piece(c.partner);
            if !k.is_color(us) || !p.is_color(us) {
                continue;
            }
            if !castling_king(v, k.kind()) {
                continue;
            }
            // A King that is not royal cannot be stopped by attacks; under
            // a duck its path is judged per duck cell (`castle_safe_with_wall`).
            let royal = royal_castler(v, k.kind()) && !walls_relocate(v);
            if let Some(mask) = c.imitation {
                match self.imitation() {
                    Some(t) if mask >> t & 1 != 0 => {}
                    _ => continue,
                }
            }
            for &e in &c.empty {
                if e != c.king && e != c.partner && self.piece(e).is_some() {
                    continue 'rules;
                }
            }
            if royal && !self.castle_path_safe(c, us) {
                continue;
            }
            out.push(Move::castle(i as u8, c.king, c.king_to));
        }
    }

    /// True when no cell of castling `c`'s King path is attacked and none
    /// makes the King face an enemy royal.
    fn castle_path_safe(&self, c: &Castling, us: Color) -> bool {
        c.safe.iter().all(|&s| {
            !self.royal_threatened(s, us) && (s == c.king || !self.would_face(us, s, c.king))
        })
    }

    /// Under a wall that moves every turn (the duck), the safety of castling
    /// move `m`'s path with the side's wall moved to `wall`: as in
    /// Fairy-Stockfish, the old duck no longer shields the path and the new
    /// one does, so a King may even castle out of a check its duck blocks.
    /// True for other moves and for Kings no attack stops.
    pub(crate) fn castle_safe_with_wall(&self, m: Move, wall: CellId) -> bool {
        let v = self.variant();
        let (Some(i), Some(w)) = (m.castling(), v.rules.walls.as_ref()) else {
            return true;
        };
        if v.rules.chess960.is_some() || !walls_relocate(v) {
            return true;
        }
        let c = &v.castling[i];
        if !royal_castler(v, self.piece(c.king).kind()) {
            return true;
        }
        let mut seen = self.clone();
        for old in seen.walls() {
            seen.take_stone(old);
        }
        if seen.piece(wall).is_empty() {
            seen.put_stone(wall, w.piece);
        }
        seen.castle_path_safe(c, self.side())
    }

    /// King start, King destination, partner start and partner destination
    /// of a castling move.
    #[must_use]
    pub fn castle_cells(&self, m: Move) -> [CellId; 4] {
        let v = self.variant();
        if let Some(c) = &v.rules.chess960 {
            return c.cells(m);
        }
        let c = &v.castling[m.castling().unwrap_or(0)];
        [c.king, c.king_to, c.partner, c.partner_to]
    }

    /// The castling rights left after a move that touched `cells` (cells it
    /// moved from, to or captured on).
    #[must_use]
    pub fn castling_after(&self, cells: impl IntoIterator<Item = CellId>) -> u32 {
        let mask = &self.variant().castle_mask;
        let lost = cells.into_iter().fold(0, |l, c| l | mask[c.idx()]);
        self.castling() & !lost
    }
}
