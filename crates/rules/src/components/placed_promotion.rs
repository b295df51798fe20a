//! Promotion as a move of its own (Sittuyin, Burmese chess). A pawn does
//! not promote by stepping onto the last rank; instead, standing on one of
//! its side's promotion cells — anywhere, once it is its side's last pawn —
//! it may spend a whole move becoming the new piece, either on its own cell
//! or on an empty cell the new piece could capture on from there. The new
//! piece may not attack an enemy piece from where it lands, the move may
//! not give check, and the new type is limited in number (one Met: a side
//! that still has its Met cannot promote). A side left with its King and
//! that one pawn, not in check, whose only legal moves are such promotions
//! may not be forced to promote: the game is drawn.
//!
//! Hooks: extra moves (`Position::placed_promotions`, called by
//! `movegen::gen` after castling), legality
//! (`Position::placed_promotion_forbidden`, asked by
//! `movegen::legality` after the move is made; the fast path leaves these
//! moves to it), verdict (`judge`: the forced-promotion stalemate). The
//! move itself is an ordinary promoting move (`d4d4f` when the pawn stays),
//! which `position::make` plays as a promotion.

use crate::moves::{Move, MoveList};
use crate::outcome::{Outcome, Reason};
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::spec::PlacedPromotionFile;
use menagerie_geometry::CellSet;

/// The rule's data.
#[derive(Debug, Clone)]
pub struct PlacedPromotion {
    /// The type that promotes.
    pub pawn: PieceType,
    /// The types it may become.
    pub to: Vec<PieceType>,
    /// Where a pawn must stand to promote, per colour (when it is not its
    /// side's last pawn).
    pub zone: [CellSet; 2],
    /// A side may promote to a type only while it has fewer than this many
    /// of it on the board (0: no limit).
    pub limit: u32,
}

/// Reads `placed_promotion = { pawn, to, zone, limit }`, given the lookups
/// of piece keys and region names.
///
/// # Errors
/// An unknown piece or region, or an empty list of types, as a message.
pub(crate) fn from_spec(
    spec: &PlacedPromotionFile,
    piece: &dyn Fn(&str) -> Option<PieceType>,
    region: &dyn Fn(&str) -> Option<[CellSet; 2]>,
) -> Result<PlacedPromotion, String> {
    let pawn = piece(&spec.pawn).ok_or_else(|| format!("unknown piece `{}`", spec.pawn))?;
    let to = spec
        .to
        .iter()
        .map(|k| piece(k).ok_or_else(|| format!("unknown piece `{k}`")))
        .collect::<Result<Vec<_>, _>>()?;
    if to.is_empty() {
        return Err("`to` needs at least one piece".into());
    }
    let zone = region(&spec.zone).ok_or_else(|| format!("unknown region `{}`", spec.zone))?;
    Ok(PlacedPromotion {
        pawn,
        to,
        zone,
        limit: spec.limit.unwrap_or(0),
    })
}

impl Position {
    /// Appends the placed promotions of the side to move: each eligible
    /// pawn, each type it may become (within the limit), on its own cell
    /// and on every empty cell that type captures on from there.
    pub(crate) fn placed_promotions(&self, out: &mut MoveList) {
        let Some(pp) = &self.variant().rules.placed_promotion else {
            return;
        };
        let us = self.side();
        let pawns = self.cells_of(us, pp.pawn);
        let last = pawns.len() == 1;
        let g = &self.variant().geometry;
        for &from in pawns {
            if !last && !pp.zone[us.idx()].contains(from) {
                continue;
            }
            for &k in &pp.to {
                if pp.limit > 0 && self.count(us, k) as u64 >= u64::from(pp.limit) {
                    continue;
                }
                out.push(Move::normal(from, from).with_promotion(k));
                for c in g.cells() {
                    if c != from
                        && self.piece(c).is_empty()
                        && self.attacks_from(us, k, from, c, false, false)
                    {
                        out.push(Move::normal(from, c).with_promotion(k));
                    }
                }
            }
        }
    }

    /// After a placed promotion `m` has been made (the side to move is now
    /// the opponent): true when it breaks the rule — the new piece attacks
    /// an enemy piece, or the opponent's royal is in check.
    pub(crate) fn placed_promotion_forbidden(&self, m: Move) -> bool {
        let Some(k) = m.promotion() else {
            return false;
        };
        if self.variant().rules.placed_promotion.is_none() {
            return false;
        }
        let mover = self.side().flip();
        let them = self.side();
        let to = m.to();
        let hits = (0..self.variant().types() as PieceType)
            .flat_map(|t| self.cells_of(them, t).iter().copied())
            .any(|e| self.attacks_from(mover, k, to, e, false, false));
        hits || self.royal_attacked(them)
    }
}

/// The forced-promotion stalemate: the side to move has its royal and one
/// pawn on the board, is not in check, and every legal move it has is a
/// placed promotion — a draw.
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let pp = pos.variant().rules.placed_promotion.as_ref()?;
    let us = pos.side();
    let v = pos.variant();
    let on_board: usize = (0..v.types() as PieceType)
        .map(|t| pos.cells_of(us, t).len())
        .sum();
    if on_board != 2 || pos.cells_of(us, pp.pawn).len() != 1 || pos.in_check() {
        return None;
    }
    let mut p = pos.clone();
    let mut moves = MoveList::new();
    p.generate_legal_ignoring_rules(&mut moves);
    moves
        .iter()
        .all(|m| m.promotion().is_some())
        .then_some(Outcome {
            winner: None,
            reason: Reason::ForcedPromotion,
        })
}

#[cfg(test)]
mod tests {
    use crate::test_support::legal_uci as moves;
    use crate::{Position, Reason, Registry};

    fn sittuyin(fen: &str) -> Position {
        let v = Registry::builtin().get("sittuyin").expect("sittuyin");
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn the_new_piece_may_not_attack_an_enemy_piece() {
        // Fairy-Stockfish's list: the Met may not land on c1 or c3, where
        // it would attack the Rook on b2.
        let pos = sittuyin("8/8/8/8/8/4k3/1R1p4/3K4[] b - - 0 1");
        let want = [
            "d2d2f", "d2e1f", "e3d3", "e3d4", "e3e4", "e3f2", "e3f3", "e3f4",
        ];
        assert_eq!(moves(&pos), want);
    }

    #[test]
    fn in_place_promotion_is_played_and_taken_back() {
        let mut pos = sittuyin("8/8/8/8/8/3k4/4p3/2K5[] b - - 0 1");
        let hash = pos.hash();
        let m = crate::parse_move(&pos, "e2e2f").expect("move");
        pos.play(m).expect("legal");
        assert_eq!(pos.to_fen(), "8/8/8/8/8/3k4/4f3/2K5[] w - - 0 2");
        assert_eq!(pos.hash(), pos.compute_hash());
        pos.unmake();
        assert_eq!(pos.hash(), hash);
        assert_eq!(pos.to_fen(), "8/8/8/8/8/3k4/4p3/2K5[] b - - 0 1");
    }

    #[test]
    fn a_king_and_pawn_left_only_promotions_draw() {
        let pos = sittuyin("8/8/8/8/8/8/7p/5K1k[] b - - 0 1");
        assert_eq!(moves(&pos), ["h2g1f", "h2g3f", "h2h2f"]);
        let o = pos.outcome().expect("draw");
        assert_eq!((o.winner, o.reason), (None, Reason::ForcedPromotion));
        // With its Met still on the board, the pawn may not promote at all.
        let pos = sittuyin("8/8/8/8/8/8/7p/f4K1k[] b - - 0 1");
        assert!(moves(&pos).iter().all(|m| !m.ends_with('f')));
    }
}
