//! First-move rights (Cambodian Ouk Chatrang's opening leaps): some pieces
//! have moves they may make only as their first move — the Cambodian King
//! leaps like a Knight to the rank in front of it, the Neang (Met) leaps two
//! cells straight forward. Whether a piece still has its first move is
//! state, not geometry (a piece that moves away and back has lost it; so has
//! a King a Rook once lined up with), so the rights live in the position
//! next to the castling rights, in its hash and undo record.
//!
//! Data: one right per first-rank cell of each side (White's first rank and
//! its mirror for Black), written in the FEN's castling field as the cell's
//! file letter (upper case for White), as Fairy-Stockfish writes its gates
//! (`DEde`). Move groups marked `first_move = true` are compiled with
//! [`flag::FIRST_MOVE`] and are
//! generated only from a cell whose right the mover's side holds; groups
//! marked `not_in_check = true` (the King's leap) are not generated while in
//! check.
//!
//! Hooks: move kind (`movegen::gen` asks `Position::first_move_skip` which
//! table moves to leave out), effects of a move (a right is lost when
//! anything moves from or to its cell — the castling mask covers that — and
//! `Position::first_moves_after` takes a royal's right when the revoking
//! piece lines up with it), text (FEN castling field).

use crate::movegen::tables::flag;
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::{CellId, Geometry};

/// One first-move right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstMoveRight {
    /// Whose.
    pub color: Color,
    /// FEN letter (the cell's file; upper case for White).
    pub letter: char,
    /// The cell it belongs to.
    pub cell: CellId,
}

/// The first-move rights of a variant.
#[derive(Debug, Clone)]
pub struct FirstMoves {
    /// The rights; right `i` is bit `first_bit + i` of the castling word.
    pub rights: Vec<FirstMoveRight>,
    /// Bit of the first right in the castling word (after castling's).
    pub first_bit: usize,
    /// Per colour and cell: the mask of that colour's right there.
    pub at: [Vec<u32>; 2],
    /// A move by this type ending on the rank or file of an enemy royal that
    /// still holds its right takes the right (Cambodian: the Rook).
    pub revoked_by: Option<PieceType>,
}

impl FirstMoves {
    /// Rights on every first-rank cell of both sides, numbered from
    /// `first_bit`; `None` when they do not fit in `bits` bits.
    #[must_use]
    pub fn new(
        g: &Geometry,
        first_bit: usize,
        bits: usize,
        revoked_by: Option<PieceType>,
    ) -> Option<Self> {
        let mut rights = Vec::new();
        for color in [Color::White, Color::Black] {
            let mut row: Vec<CellId> = g
                .cells()
                .filter(|&c| {
                    let y = g.coord(c).y;
                    match color {
                        Color::White => y == 0,
                        Color::Black => i32::from(y) + 1 == g.ranks() as i32,
                    }
                })
                .collect();
            row.sort_by_key(|&c| g.coord(c).x);
            for cell in row {
                let x = u8::try_from(g.coord(cell).x).ok().filter(|&x| x < 26)?;
                let letter = char::from(b'A' + x);
                let letter = match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                };
                rights.push(FirstMoveRight {
                    color,
                    letter,
                    cell,
                });
            }
        }
        if first_bit + rights.len() > bits {
            return None;
        }
        let mut at = [vec![0u32; g.len()], vec![0u32; g.len()]];
        for (i, r) in rights.iter().enumerate() {
            at[r.color.idx()][r.cell.idx()] |= 1 << (first_bit + i);
        }
        Some(FirstMoves {
            rights,
            first_bit,
            at,
            revoked_by,
        })
    }

    /// The right written with `letter`, as (bit, right).
    #[must_use]
    pub fn by_letter(&self, letter: char) -> Option<(usize, &FirstMoveRight)> {
        self.rights
            .iter()
            .enumerate()
            .find(|(_, r)| r.letter == letter)
            .map(|(i, r)| (self.first_bit + i, r))
    }

    /// The mask of every right's cell: a move from or to it loses the right.
    #[must_use]
    pub fn cell_masks(&self, cells: usize) -> Vec<u32> {
        (0..cells).map(|c| self.at[0][c] | self.at[1][c]).collect()
    }
}

impl Position {
    /// The table-move flags to leave out for the piece of `us` on `s`: its
    /// first moves when its side has no right there, the calm ones among
    /// them when it is in check.
    #[must_use]
    pub(crate) fn first_move_skip(&self, us: Color, s: CellId) -> u8 {
        let Some(fm) = &self.variant().rules.first_moves else {
            return 0;
        };
        if self.castling() & fm.at[us.idx()][s.idx()] == 0 {
            flag::FIRST_MOVE
        } else if self.in_check() {
            flag::CALM
        } else {
            0
        }
    }

    /// The rights after a move of `moved` (of the side to move, already on
    /// the board at `to`) given the `rights` left by the cells it touched:
    /// the revoking piece takes the right of an enemy royal whose rank or
    /// file it ends on.
    #[must_use]
    pub(crate) fn first_moves_after(&self, rights: u32, moved: PieceType, to: CellId) -> u32 {
        let Some(fm) = &self.variant().rules.first_moves else {
            return rights;
        };
        if fm.revoked_by != Some(moved) {
            return rights;
        }
        let them = self.side().flip();
        let g = &self.variant().geometry;
        let t = g.coord(to);
        let mut left = rights;
        for k in self.royals(them) {
            let c = g.coord(k);
            if c.x == t.x || c.y == t.y {
                left &= !fm.at[them.idx()][k.idx()];
            }
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::legal_uci as moves;
    use crate::{parse_move, Position, Registry};

    fn cambodian(fen: &str) -> Position {
        let v = Registry::builtin().get("cambodian").expect("cambodian");
        Position::from_fen(&v, fen).expect("fen")
    }

    #[test]
    fn king_and_met_leap_while_they_hold_their_rights() {
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
        let pos = cambodian(start);
        let m = moves(&pos);
        for leap in ["d1b2", "d1f2"] {
            assert!(m.contains(&leap.to_string()), "{leap} in {m:?}");
        }
        // The Neang's leap needs an empty cell: not onto its own pawn.
        assert!(!m.contains(&"e1e3".to_string()));
        let open = cambodian("rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR w DEde - 0 1");
        assert!(moves(&open).contains(&"e1e3".to_string()));
        // Without the rights, no leap.
        let none = cambodian("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w de - 0 1");
        let m = moves(&none);
        assert!(!m.contains(&"d1b2".to_string()) && !m.contains(&"e1e3".to_string()));
        assert_eq!(
            none.to_fen(),
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w de - 0 1"
        );
    }

    #[test]
    fn moving_loses_the_right_and_undo_restores_it() {
        let mut pos = cambodian("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
        let hash = pos.hash();
        let m = parse_move(&pos, "e1d2").expect("move");
        pos.play(m).expect("legal");
        assert!(pos.to_fen().contains(" b Dde "), "{}", pos.to_fen());
        assert_eq!(pos.hash(), pos.compute_hash());
        pos.unmake();
        assert_eq!(pos.hash(), hash);
        assert!(pos.to_fen().contains(" w DEde "));
    }

    #[test]
    fn no_king_leap_in_check_and_a_rook_on_its_line_takes_the_right() {
        // Black's rook checks along the d-file: the King may not leap.
        let checked = cambodian("4k3/8/8/8/8/8/8/r2K4 w D - 0 1");
        assert!(!moves(&checked).iter().any(|m| m == "d1b2" || m == "d1f2"));
        // A rook move onto the King's rank takes its right, even blocked.
        let mut pos = cambodian("4k3/r7/8/8/8/8/8/1N1K4 b D - 0 1");
        pos.play(parse_move(&pos, "a7a1").expect("move"))
            .expect("legal");
        assert!(pos.to_fen().contains(" w - "), "{}", pos.to_fen());
        // Another piece does not.
        let mut pos = cambodian("4k3/n7/8/8/8/8/8/3K4 b D - 0 1");
        pos.play(parse_move(&pos, "a7c8").expect("move"))
            .expect("legal");
        assert!(pos.to_fen().contains(" w D "), "{}", pos.to_fen());
    }
}
