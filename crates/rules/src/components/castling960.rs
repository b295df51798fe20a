//! Chess960 castling (Fischer random chess, Capablanca random chess): the
//! King castles with a Rook standing on any file of its first rank, and
//! ends, as in chess, on a fixed file of that rank (g or c in chess) with
//! the Rook beside it on the inner side. A fixed list of castling moves
//! (`components::castling`) cannot say this: the King and the Rooks may
//! start anywhere, so the right is named by the Rook's file (Shredder-FEN
//! letters `HAha`, which Fairy-Stockfish writes; `KQkq` are read too, as the
//! outermost Rook on each side), and the move is written as the King taking
//! its own Rook (`e1h1`), which also tells the two sides apart when the
//! King does not move at all.
//!
//! As in Fairy-Stockfish, a castling is allowed when the side is not in
//! check, every cell the King and the Rook cross or land on is empty (but
//! for the two of them), and no cell from the King's destination back to
//! its start is attacked on the board as it stands (the destination
//! included); the move is then tested like any other.
//!
//! Rights are one bit per file and colour of the castling bits: moving or
//! capturing on a Rook's cell loses its right ([`Castling960::cell_masks`]),
//! a move of the King loses both (`Position::castling960_after`).
//!
//! Hooks: extra moves (`Position::castling960_moves`, called by the
//! castling hook), effects of a move (the cells in
//! [`Castling960::cells`], the rights), text (FEN castling field).

use crate::moves::{Move, MoveList};
use crate::piece::{Color, PieceType};
use crate::placement::FenError;
use crate::position::Position;
use crate::variant::spec::Chess960File;
use menagerie_geometry::{CellId, Geometry};
use std::fmt::Write as _;

/// Most files a board may have: one right bit per file and colour must fit
/// in the 32 castling bits.
pub const MAX_FILES: usize = 16;

/// Chess's destination files of the King: g (kingside) and c (queenside).
const DEFAULT_KING_TO: [usize; 2] = [6, 2];

/// The chess960 castling rule of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Castling960 {
    /// Each colour's castling rank (White's first, Black's last), by file.
    rows: [Vec<CellId>; 2],
    /// The piece that castles as the King.
    king: PieceType,
    /// The pieces it castles with (a bit per type).
    rooks: u64,
    /// The King's destination file: kingside, queenside.
    king_to: [usize; 2],
}

/// Reads `[rules] chess960 = { king, rooks, king_to }`.
///
/// # Errors
/// An unknown piece, a file that is not on the board, or a board wider
/// than [`MAX_FILES`] or with fewer than two ranks.
pub(crate) fn from_spec(
    spec: &Chess960File,
    g: &Geometry,
    lookup: impl Fn(&str) -> Option<PieceType>,
) -> Result<Castling960, String> {
    let files = g.files();
    if !(3..=MAX_FILES).contains(&files) || g.ranks() < 2 {
        return Err(format!(
            "chess960 castling needs 3 to {MAX_FILES} files and two ranks"
        ));
    }
    let king_key = spec.king.as_deref().unwrap_or("K");
    let king = lookup(king_key).ok_or_else(|| format!("unknown piece `{king_key}` in king"))?;
    let mut rooks = 0u64;
    for r in spec.rooks.clone().unwrap_or_else(|| vec!["R".into()]) {
        let k = lookup(&r).ok_or_else(|| format!("unknown piece `{r}` in rooks"))?;
        rooks |= 1 << k;
    }
    let mut king_to = DEFAULT_KING_TO;
    if let Some(list) = &spec.king_to {
        let [ks, qs] = list.as_slice() else {
            return Err("king_to: two files, kingside then queenside".into());
        };
        for (slot, f) in king_to.iter_mut().zip([ks, qs]) {
            *slot = file_of(f, files).ok_or_else(|| format!("king_to: `{f}` is not a file"))?;
        }
    }
    // The Rook lands beside the King on the inner side.
    if king_to[0] == 0 || king_to[1] + 1 >= files {
        return Err("king_to: the Rook would land off the board".into());
    }
    let top = g.ranks() as i32 - 1;
    let row = |y: i32| -> Result<Vec<CellId>, String> {
        (0..files as i32)
            .map(|x| {
                g.cell_at(x, y, 0)
                    .ok_or_else(|| "the castling rank has holes".to_string())
            })
            .collect()
    };
    Ok(Castling960 {
        rows: [row(0)?, row(top)?],
        king,
        rooks,
        king_to,
    })
}

/// The index of a file letter (`a` = 0) on a board of `files` files.
fn file_of(letter: &str, files: usize) -> Option<usize> {
    let mut chars = letter.chars();
    let c = chars.next()?.to_ascii_lowercase();
    if chars.next().is_some() || !c.is_ascii_lowercase() {
        return None;
    }
    let f = usize::from(c as u8 - b'a');
    (f < files).then_some(f)
}

impl Castling960 {
    /// The right bit of `color`'s Rook on `file`.
    fn bit(color: Color, file: usize) -> u32 {
        1 << (color.idx() * MAX_FILES + file)
    }

    /// Every right bit of `color`.
    fn color_mask(color: Color) -> u32 {
        let ones = (1u32 << MAX_FILES) - 1;
        ones << (color.idx() * MAX_FILES)
    }

    /// The castling rights lost when something moves from or to each cell:
    /// a Rook's right on its cell (the King's are lost when it moves).
    #[must_use]
    pub fn cell_masks(&self, cells: usize) -> Vec<u32> {
        let mut mask = vec![0u32; cells];
        for color in Color::BOTH {
            for (f, c) in self.rows[color.idx()].iter().enumerate() {
                mask[c.idx()] |= Self::bit(color, f);
            }
        }
        mask
    }

    /// The file of a cell of the castling ranks.
    fn file(&self, color: Color, c: CellId) -> Option<usize> {
        self.rows[color.idx()].iter().position(|&x| x == c)
    }

    /// The King's and the Rook's destinations on one side.
    fn targets(&self, color: Color, kingside: bool) -> (CellId, CellId) {
        let row = &self.rows[color.idx()];
        let kf = self.king_to[usize::from(!kingside)];
        let rf = if kingside { kf - 1 } else { kf + 1 };
        (row[kf], row[rf])
    }

    /// King start, King destination, Rook start and Rook destination of a
    /// castling move (written King to Rook).
    #[must_use]
    pub fn cells(&self, m: Move) -> [CellId; 4] {
        let king = m.from().unwrap_or(m.to());
        let rook = m.to();
        let bit = m.castling().unwrap_or(0);
        let color = if bit >= MAX_FILES {
            Color::Black
        } else {
            Color::White
        };
        let kingside = self.file(color, rook) > self.file(color, king);
        let (kt, rt) = self.targets(color, kingside);
        [king, kt, rook, rt]
    }

    /// The cell of `color`'s castling King (the first one on its rank).
    fn king_cell(&self, pos: &Position, color: Color) -> Option<CellId> {
        self.rows[color.idx()]
            .iter()
            .copied()
            .find(|&c| pos.piece(c).is_color(color) && pos.piece(c).kind() == self.king)
    }

    /// True when `c` holds one of `color`'s castling Rooks.
    fn rook_on(&self, pos: &Position, color: Color, c: CellId) -> bool {
        let p = pos.piece(c);
        p.is_color(color) && self.rooks >> p.kind() & 1 != 0
    }
}

impl Position {
    /// Appends the chess960 castlings of the side to move.
    pub(crate) fn castling960_moves(&self, c: &Castling960, out: &mut MoveList) {
        let us = self.side();
        let rights = self.castling() & Castling960::color_mask(us);
        if rights == 0 {
            return;
        }
        let Some(king) = c.king_cell(self, us) else {
            return;
        };
        let royal = self.variant().pieces[usize::from(c.king)].royal;
        if royal && self.is_attacked(king, us.flip()) {
            return;
        }
        let kf = c.file(us, king).unwrap_or(0);
        for (f, &rook) in c.rows[us.idx()].iter().enumerate() {
            if rights & Castling960::bit(us, f) == 0 || f == kf || !c.rook_on(self, us, rook) {
                continue;
            }
            let (kt, rt) = c.targets(us, f > kf);
            if self.castling960_blocked(c, us, [king, kt, rook, rt])
                || (royal && self.castling960_attacked(c, us, king, kt))
            {
                continue;
            }
            let bit = us.idx() * MAX_FILES + f;
            out.push(Move::castle(bit as u8, king, rook));
        }
    }

    /// True when a cell the King or the Rook crosses or lands on holds
    /// another piece.
    fn castling960_blocked(&self, c: &Castling960, us: Color, cells: [CellId; 4]) -> bool {
        let [king, kt, rook, rt] = cells;
        let row = &c.rows[us.idx()];
        let span = |a: CellId, b: CellId| {
            let (fa, fb) = (c.file(us, a).unwrap_or(0), c.file(us, b).unwrap_or(0));
            row[fa.min(fb)..=fa.max(fb)].to_vec()
        };
        span(king, kt)
            .into_iter()
            .chain(span(rook, rt))
            .any(|x| x != king && x != rook && self.piece(x).is_some())
    }

    /// True when a cell from the King's destination back to (not
    /// including) its start is attacked, or faces the enemy royal.
    fn castling960_attacked(&self, c: &Castling960, us: Color, king: CellId, kt: CellId) -> bool {
        let row = &c.rows[us.idx()];
        let (kf, tf) = (c.file(us, king).unwrap_or(0), c.file(us, kt).unwrap_or(0));
        let path = if kf <= tf {
            &row[kf + 1..=tf]
        } else {
            &row[tf..kf]
        };
        path.iter()
            .any(|&s| self.is_attacked(s, us.flip()) || self.would_face(us, s, king))
    }

    /// The rights left after `us` moved a piece of `moved`: a move of the
    /// castling King (castling included) loses both of its rights.
    #[must_use]
    pub(crate) fn castling960_after(&self, rights: u32, us: Color, moved: PieceType) -> u32 {
        match &self.variant().rules.chess960 {
            Some(c) if c.king == moved => rights & !Castling960::color_mask(us),
            _ => rights,
        }
    }

    /// Reads the castling field of a chess960 variant: file letters of the
    /// Rooks (`HAha`), or `K`/`Q` for the outermost Rook on that side. As in
    /// Fairy-Stockfish, a letter with no King or Rook in place gives no
    /// right; one right per side is kept (the last given).
    pub(crate) fn read_castling960(&mut self, c: &Castling960, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        for ch in text.chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let row = &c.rows[color.idx()];
            let rook = match ch.to_ascii_uppercase() {
                'K' => row
                    .iter()
                    .rev()
                    .copied()
                    .find(|&x| c.rook_on(self, color, x)),
                'Q' => row.iter().copied().find(|&x| c.rook_on(self, color, x)),
                l @ 'A'..='Z' => row.get(usize::from(l as u8 - b'A')).copied(),
                _ => {
                    return Err(FenError {
                        field: "castling".into(),
                        message: format!("`{ch}` is not a castling right"),
                    })
                }
            };
            let (Some(rook), Some(king)) = (rook, c.king_cell(self, color)) else {
                continue;
            };
            if !c.rook_on(self, color, rook) {
                continue;
            }
            let (kf, rf) = (c.file(color, king), c.file(color, rook));
            let same_side = |f: usize| (Some(f) > kf) == (rf > kf);
            let drop: u32 = (0..row.len())
                .filter(|&f| same_side(f))
                .fold(0, |m, f| m | Castling960::bit(color, f));
            let rights = (self.castling() & !drop) | Castling960::bit(color, rf.unwrap_or(0));
            self.set_castling_rights(rights);
        }
        Ok(())
    }

    /// Writes the castling field of a chess960 variant: for each colour its
    /// kingside Rook's file letter, then its queenside one (`-`: none).
    pub(crate) fn write_castling960(&self, c: &Castling960, out: &mut String) {
        let start = out.len();
        for color in Color::BOTH {
            let Some(king) = c.king_cell(self, color) else {
                continue;
            };
            let kf = c.file(color, king).unwrap_or(0);
            let held: Vec<usize> = (0..c.rows[color.idx()].len())
                .filter(|&f| self.castling() & Castling960::bit(color, f) != 0)
                .collect();
            let sides = [
                held.iter().rev().find(|&&f| f > kf),
                held.iter().find(|&&f| f < kf),
            ];
            for f in sides.into_iter().flatten() {
                let l = char::from(b'A' + *f as u8);
                let _ = write!(
                    out,
                    "{}",
                    if color == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                );
            }
        }
        if out.len() == start {
            out.push('-');
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::moves::MoveKind;
    use crate::notation::{move_text, TextStyle};
    use crate::position::Position;
    use crate::registry::Registry;

    fn pos(id: &str, fen: &str) -> Position {
        let v = Registry::builtin().get(id).unwrap();
        Position::from_fen(&v, fen).unwrap()
    }

    fn castlings(p: &Position) -> Vec<String> {
        let mut v: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| m.kind() == MoveKind::Castle)
            .map(|m| move_text(p, m, TextStyle::Uci))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn rights_are_rook_files_and_kq_means_outermost() {
        let p = pos(
            "fischerandom",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        assert!(p.to_fen().contains(" w HAha - "), "{}", p.to_fen());
        let p = pos("fischerandom", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
        assert!(p.to_fen().contains(" w GBgb - "), "{}", p.to_fen());
        // A letter with no Rook on that file gives no right.
        let p = pos("fischerandom", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w HA - 0 1");
        assert!(p.to_fen().contains(" w - - "), "{}", p.to_fen());
    }

    #[test]
    fn king_takes_rook_and_ends_on_chess_cells() {
        // King b1, Rooks a1 and h1; the King goes to c1 or g1.
        let mut p = pos("fischerandom", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
        assert_eq!(castlings(&p), ["b1a1", "b1h1"]);
        let m = crate::notation::parse_move(&p, "b1a1").unwrap();
        p.play(m).unwrap();
        assert!(
            p.to_fen().starts_with("rk5r/8/8/8/8/8/8/2KR3R b ha "),
            "{}",
            p.to_fen()
        );
        p.unmake();
        assert_eq!(p.to_fen(), "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
    }

    #[test]
    fn a_king_that_stays_put_still_castles() {
        let mut p = pos("fischerandom", "4k3/8/8/8/8/8/8/6KR w H - 0 1");
        assert_eq!(castlings(&p), ["g1h1"]);
        let m = crate::notation::parse_move(&p, "g1h1").unwrap();
        p.play(m).unwrap();
        assert!(
            p.to_fen().starts_with("4k3/8/8/8/8/8/8/5RK1 b - "),
            "{}",
            p.to_fen()
        );
    }

    #[test]
    fn the_destination_must_not_be_attacked_now() {
        let p = pos("fischerandom", "2r1k3/8/8/8/8/8/8/R3K3 w A - 0 1");
        assert!(castlings(&p).is_empty(), "c1, the destination, is attacked");
        let p = pos("fischerandom", "3rk3/8/8/8/8/8/8/R3K3 w A - 0 1");
        assert!(castlings(&p).is_empty(), "d1 is on the King's path");
        // A Rook passing an attacked cell is fine.
        let p = pos("fischerandom", "1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1");
        assert_eq!(castlings(&p), ["e1a1"]);
    }

    #[test]
    fn moving_the_king_or_the_rook_loses_rights() {
        let mut p = pos("fischerandom", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        p.play(crate::notation::parse_move(&p, "h1h2").unwrap())
            .unwrap();
        assert!(p.to_fen().contains(" b Aha "), "{}", p.to_fen());
        p.play(crate::notation::parse_move(&p, "e8d8").unwrap())
            .unwrap();
        assert!(p.to_fen().contains(" w A "), "{}", p.to_fen());
    }

    #[test]
    fn capablanca_random_uses_files_i_and_c() {
        let p = pos("caparandom", "r4k3r/10/10/10/10/10/10/R4K3R w JAja - 0 1");
        assert_eq!(castlings(&p), ["f1a1", "f1j1"]);
        let mut q = p.clone();
        q.play(crate::notation::parse_move(&q, "f1j1").unwrap())
            .unwrap();
        assert!(
            q.to_fen()
                .starts_with("r4k3r/10/10/10/10/10/10/R6RK1 b ja "),
            "{}",
            q.to_fen()
        );
    }
}
