//! Gating (S-Chess, Seirawan chess): a piece held in hand enters play by
//! being placed, as part of a move, on the first-rank cell that a piece of
//! the same side leaves for the first time. The hand pieces never come in
//! any other way in S-Chess; in S-House they may also be dropped, and
//! captured pieces join the hand.
//!
//! Whether a first-rank piece has moved yet is state, not geometry (a Rook
//! that moves away and back has lost its gate), so the gates are the
//! first-rank rights of `components::first_move`, kept in the castling word
//! of the position (its hash and undo record): one right per first-rank
//! cell of each side, written in the FEN's castling field as the cell's
//! file letter (`KQBCDFGkqbcdfg`). A castling right stands for the rights of
//! its King's and partner's cells too, which are then not written, and a
//! side whose hand is empty shows no gates (its gates are cleared after its
//! next move when nothing can refill the hand), all as Fairy-Stockfish
//! writes them. A right is lost when anything moves from or to its cell.
//!
//! Moves: each piece move from a cell whose right the mover holds (not a
//! promotion, en passant capture or pass) comes once more per type in hand
//! whose drop zone holds that cell, the piece placed where the mover stood.
//! A castling may gate on the King's cell or on the partner's, unless the
//! castling ends with a piece there.
//!
//! Legality follows Fairy-Stockfish: a gating move is legal exactly when
//! the same move without the gate is. The gated piece does not count as a
//! shield of its own royal (a piece pinned on the first rank may not gate
//! its way out of the pin), so the make records whether the royal was
//! attacked before the piece was placed, and `last_move_legal` uses that.
//!
//! Hooks: extra moves (`Position::gate_moves`, after every other move),
//! effects of a move (`position::make` places and lifts the gated piece;
//! `Position::gates_after` clears the gates of an empty hand), text (the
//! FEN castling field: `Position::right_written` and
//! `Position::rights_of_castling`; move text: the gated piece's letter
//! after the move, `b1c3h`, and a castling that gates on the partner's cell
//! is written from the partner to the King, `h1e1h`, as Fairy-Stockfish
//! writes them).

use crate::components::castling::Castling;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::CellId;

/// The gating rule of a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gating {
    /// Pieces in hand may also be dropped as a move of their own
    /// (S-House); without it they enter play only by gating (S-Chess).
    pub drops: bool,
}

impl crate::variant::Rules {
    /// True when pieces in hand may be dropped as a move of their own: the
    /// variant has drops, and no gating rule keeps its hand for gating.
    #[must_use]
    pub fn drop_moves(&self) -> bool {
        self.drops && self.gating.is_none_or(|g| g.drops)
    }
}

impl Position {
    /// Appends the gating forms of the moves in `out[start..]`.
    pub(crate) fn gate_moves(&self, start: usize, out: &mut MoveList) {
        let v = self.variant();
        let (Some(_), Some(fm)) = (&v.rules.gating, &v.rules.first_moves) else {
            return;
        };
        let us = self.side();
        let kinds: Vec<PieceType> = (0..v.types() as PieceType)
            .filter(|&k| self.hand(us, k) > 0)
            .collect();
        if kinds.is_empty() {
            return;
        }
        let rights = self.castling();
        let holds = |c: CellId| rights & fm.at[us.idx()][c.idx()] != 0;
        let end = out.len();
        for i in start..end {
            let m = out[i];
            let cells: [(Option<CellId>, bool); 2] = match m.kind() {
                MoveKind::Normal
                    if m.promotion().is_none() && m.from().is_some_and(|f| f != m.to()) =>
                {
                    [(m.from(), false), (None, true)]
                }
                MoveKind::Castle => {
                    let [king, king_to, partner, partner_to] = self.castle_cells(m);
                    let free = |c: CellId| c != king_to && c != partner_to;
                    [
                        (Some(king).filter(|&c| free(c)), false),
                        (Some(partner).filter(|&c| free(c)), true),
                    ]
                }
                _ => continue,
            };
            for (cell, on_partner) in cells {
                let Some(cell) = cell.filter(|&c| holds(c)) else {
                    continue;
                };
                for &k in &kinds {
                    if v.pieces[usize::from(k)].drop_zone[us.idx()].contains(cell) {
                        out.push(m.with_gate(k, on_partner));
                    }
                }
            }
        }
    }

    /// The cell a gating move places its piece on, and the piece's type.
    #[must_use]
    pub fn gate_of(&self, m: Move) -> Option<(CellId, PieceType)> {
        let g = m.gate()?;
        let cell = match m.kind() {
            MoveKind::Castle => {
                let [king, _, partner, _] = self.castle_cells(m);
                if g.on_partner {
                    partner
                } else {
                    king
                }
            }
            _ => m.from()?,
        };
        Some((cell, g.kind))
    }

    /// The rights left after a move of `us` (`rights`: what the cells it
    /// touched left): a side whose hand is empty, in a variant where nothing
    /// refills it, has no use for its gates and loses them.
    #[must_use]
    pub(crate) fn gates_after(&self, rights: u32, us: Color) -> u32 {
        let v = self.variant();
        let (Some(_), Some(fm)) = (&v.rules.gating, &v.rules.first_moves) else {
            return rights;
        };
        if v.rules.captures_to_hand || self.hand_holds_any(us) {
            return rights;
        }
        let mine = fm
            .rights
            .iter()
            .enumerate()
            .filter(|(_, r)| r.color == us)
            .fold(0u32, |m, (i, _)| m | 1 << (fm.first_bit + i));
        rights & !mine
    }

    /// True when `color` holds any piece in hand.
    fn hand_holds_any(&self, color: Color) -> bool {
        (0..self.variant().types() as PieceType).any(|k| self.hand(color, k) > 0)
    }

    /// True when the FEN shows `color`'s first-rank right on `cell`: not
    /// when a castling right it holds already stands for it, nor, under
    /// gating, while its hand is empty and nothing can refill it.
    #[must_use]
    pub(crate) fn right_written(&self, color: Color, cell: CellId) -> bool {
        let v = self.variant();
        if v.rules.gating.is_some() && !v.rules.captures_to_hand && !self.hand_holds_any(color) {
            return false;
        }
        !v.castling.iter().enumerate().any(|(i, c)| {
            c.color == color
                && self.castling() >> i & 1 != 0
                && (c.king == cell || c.partner == cell)
        })
    }

    /// The first-rank rights a castling right read from a FEN stands for:
    /// those of its King's and partner's cells (where its side has a piece).
    #[must_use]
    pub(crate) fn rights_of_castling(&self, c: &Castling) -> u32 {
        let Some(fm) = &self.variant().rules.first_moves else {
            return 0;
        };
        [c.king, c.partner]
            .into_iter()
            .filter(|&cell| self.piece(cell).is_color(c.color))
            .fold(0, |m, cell| m | fm.at[c.color.idx()][cell.idx()])
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{legal_uci as moves, play_uci as play};
    use crate::{Position, Registry};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";

    fn seirawan(fen: &str) -> Position {
        let v = Registry::builtin().get("seirawan").expect("seirawan");
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn first_moves_from_the_first_rank_gate_each_hand_piece() {
        let pos = seirawan(START);
        let m = moves(&pos);
        assert_eq!(m.len(), 28);
        for t in ["b1c3", "b1c3e", "b1c3h", "g1h3e"] {
            assert!(m.contains(&t.to_string()), "{t} in {m:?}");
        }
        // Pawns do not stand on the first rank: no gate.
        assert!(!m.iter().any(|t| t.starts_with("e2e4") && t.len() > 4));
    }

    #[test]
    fn gating_places_the_piece_and_undo_takes_it_back() {
        let mut pos = seirawan(START);
        let hash = pos.hash();
        play(&mut pos, "b1c3h");
        assert_eq!(
            pos.to_fen(),
            "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"
        );
        assert_eq!(pos.hash(), pos.compute_hash());
        pos.unmake();
        assert_eq!(pos.hash(), hash);
        assert_eq!(pos.to_fen(), START.replace("HEhe", "EHeh"));
    }

    #[test]
    fn castling_gates_on_the_king_or_the_rook_cell() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[HEhe] w KQkq - 4 4";
        let pos = seirawan(fen);
        let m = moves(&pos);
        for t in ["e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e"] {
            assert!(m.contains(&t.to_string()), "{t} in {m:?}");
        }
        let mut rook = pos.clone();
        play(&mut rook, "h1e1h");
        assert!(rook
            .to_fen()
            .starts_with("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[E"));
        // The King's castling rights are gone; the a1 Rook's gate stays.
        assert!(rook.to_fen().contains(" b Akq "), "{}", rook.to_fen());
        let mut king = pos;
        play(&mut king, "e1g1e");
        assert!(king
            .to_fen()
            .starts_with("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQERK1["));
    }

    #[test]
    fn a_gate_does_not_shield_its_own_king() {
        // The Knight on d1 is pinned by the Rook on a1: placing a Hawk on
        // d1 as it leaves does not make the move legal (Fairy-Stockfish).
        let pinned = seirawan("4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1");
        let m = moves(&pinned);
        assert!(!m.iter().any(|t| t.starts_with("d1")), "{m:?}");
        // The King in check along the rank may not step along it, gate or not.
        let checked = seirawan("4k3/8/8/8/8/8/8/r3K3[H] w E - 0 1");
        let m = moves(&checked);
        assert!(!m.iter().any(|t| t.starts_with("e1f1")), "{m:?}");
        assert!(m.contains(&"e1e2h".to_string()), "{m:?}");
    }

    #[test]
    fn an_empty_hand_shows_no_gates() {
        let pos = seirawan("4k3/8/8/8/8/8/8/RN2K2R[] w KQB - 0 1");
        assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/RN2K2R[] w KQ - 0 1");
        assert!(!moves(&pos).iter().any(|t| t.len() > 4));
    }
}
