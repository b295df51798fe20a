//! FEN: reading and writing positions as text, in each variant's conventions.
//!
//! * Board: ranks from the top down separated by `/`, files left to right,
//!   empty runs as decimal numbers (multi-digit allowed), `*` for a hole,
//!   upper case White, lower case Black, `+X` a promoted piece that was an `X`
//!   (`+XY` in variants that write origin and current type). 3D boards write
//!   their levels lowest first separated by `|`.
//! * Hands: `[...]` after the board (Fairy-Stockfish), or their own counted
//!   field (`*Q2P*p`).
//! * The fields after the board are listed per variant (`[fen] fields`).

use super::{EpState, Position};
use crate::components::check_count;
use crate::components::en_passant::EpField;
use crate::piece::{Color, PieceType};
use crate::variant::{FenField, Variant};
use menagerie_geometry::CellId;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::Arc;

pub use crate::placement::FenError;
use crate::placement::{fen_words, ferr, split_hands, MAX_HAND_COUNT};

/// True when the castling field, and with it the en-passant field, is left
/// out. Fairy-Stockfish reads both only when the word after the side to
/// move does not start with a digit: its Shogi-like start positions go on
/// with the move clock (`...[-] w 0 1`), its n-check ones with the checks
/// left (`w 7+7 0 1`). A castling field never starts with a digit.
fn left_out(field: FenField, next: Option<&str>, short: &mut bool) -> bool {
    if field == FenField::Castling {
        *short = next.is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()));
    }
    *short && matches!(field, FenField::Castling | FenField::EnPassant)
}

/// The en-passant field as Fairy-Stockfish reads it where the field is left
/// out but the castling field is not (`w - 0 1`): it takes the first
/// character of the next word, a digit that names no cell, as the field
/// (no en passant) and reads the rest of that word as the next field (so
/// `- 0 1` gives a half-move clock of 1). `None` when `text` starts with no
/// digit (a field of cells, `-`, or text that is refused later). A variant
/// with a counting rule writes its limit there instead (`components::counting`).
fn ep_digit_split<'a>(v: &Variant, text: &'a str) -> Option<&'a str> {
    if v.rules.counting.is_some() || !text.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some(&text[1..])
}

impl Position {
    /// Reads a position.
    ///
    /// # Errors
    /// [`FenError`] naming the field and the problem.
    pub fn from_fen(v: &Arc<Variant>, fen: &str) -> Result<Position, FenError> {
        let parts = fen_words(fen, v.fen.id_prefix, |w| {
            w == v.id || v.aliases.iter().any(|a| a == w)
        })?;
        let reader = v.placement_reader();
        let (board_text, hands_text) = split_hands(parts[0])?;
        let mut pos = Position::empty(v.clone());
        for (c, p, o) in reader.read_board(board_text)?.cells {
            pos.put(c, p, o.map_or(0, |o| super::origin_byte(o.from, o.plus)));
        }
        let mut hands = match hands_text {
            Some(h) => reader.read_hands(h, "hands")?,
            None => Vec::new(),
        };
        let mut rest: VecDeque<&str> = parts[1..].iter().copied().collect();
        let mut short = false;
        let mut castling_text = "-";
        let mut ep_text = "-";
        for &f in &v.fen.fields {
            if f == FenField::Checks {
                // Optional, as in Fairy-Stockfish: only a `W+B` token is it.
                match rest.front().map(|t| check_count::read_field(t)) {
                    Some(Ok(Some(left))) => {
                        pos.checks_left = left;
                        rest.pop_front();
                    }
                    Some(Err(e)) => return ferr("checks", e),
                    _ => {}
                }
                continue;
            }
            if left_out(f, rest.front().copied(), &mut short) {
                continue;
            }
            let Some(text) = rest.pop_front() else { break };
            match f {
                FenField::Extra => {
                    for (cell, piece) in reader.read_extra(text)? {
                        pos.put(cell, piece, 0);
                    }
                }
                FenField::Side => match text {
                    "w" => {}
                    "b" => {
                        pos.side = Color::Black;
                    }
                    _ => return ferr("side", format!("`{text}`: expected `w` or `b`")),
                },
                FenField::Castling => castling_text = text,
                FenField::EnPassant => match ep_digit_split(v, text) {
                    Some("") => {}
                    Some(more) => rest.push_front(more),
                    None => ep_text = text,
                },
                FenField::Hands => hands.extend(reader.read_hands(text, "hands")?),
                FenField::Halfmove => {
                    pos.halfmove = text.parse().map_err(|_| FenError {
                        field: "halfmove".into(),
                        message: format!("`{text}` is not a number"),
                    })?;
                }
                FenField::Fullmove => {
                    let n: u32 = text.parse().map_err(|_| FenError {
                        field: "fullmove".into(),
                        message: format!("`{text}` is not a number"),
                    })?;
                    if n == 0 || n > 1_000_000 {
                        return ferr("fullmove", format!("`{text}` is out of range"));
                    }
                    pos.fullmove = n;
                }
                FenField::Checks => {}
                FenField::Imitation => {
                    if text != "-" {
                        match reader.read_token(text) {
                            Some((k, _, l))
                                if l == text.len() && !v.pieces[usize::from(k)].imitator =>
                            {
                                pos.imitation = Some(k)
                            }
                            _ => {
                                return ferr(
                                    "imitation",
                                    format!("`{text}` is not a piece the Joker can imitate"),
                                )
                            }
                        }
                    }
                }
            }
        }
        if v.rules.check_counting {
            if let Some(left) = rest.front().and_then(|t| check_count::read_lichess(t)) {
                pos.checks_left = left;
                rest.pop_front();
            }
        }
        let unread: Vec<&str> = rest.into_iter().collect();
        if !unread.is_empty() {
            return ferr(
                "end",
                format!(
                    "unexpected text after the last field: `{}`",
                    unread.join(" ")
                ),
            );
        }
        pos.add_hands(hands)?;
        pos.ply = (pos.fullmove - 1) * 2 + u32::from(pos.side == Color::Black);
        // A counting rule's limit stands where the en-passant cells go, and
        // then the half-move field is its count.
        if v.rules.counting.is_some() {
            if let Some(count) = crate::components::counting::from_fen_fields(ep_text, pos.halfmove)
            {
                if count.active() {
                    pos.count = count;
                    pos.halfmove = 0;
                }
                ep_text = "-";
            }
        }
        // Walls take the side to move's colour first, so that a duck is
        // never read as a castling partner (nor is one written back).
        pos.read_walls()?;
        pos.read_castling(castling_text)?;
        // A side whose hand is empty, where nothing can refill it, keeps no
        // gates (they are not written either: `components::gating`).
        for color in Color::BOTH {
            pos.castling = pos.gates_after(pos.castling, color);
        }
        pos.read_ep(ep_text)?;
        pos.hash = pos.compute_hash();
        // With an imitating piece the attack depends on a state that a set-up
        // position may carry (the Missing Ox spec's own test MO-12 does), so
        // the check is made only for variants without one.
        if v.has_royal()
            && v.imitator.is_none()
            && !v.tables.is_empty()
            && pos.royal_capturable(pos.side.flip())
            && !pos.check_may_stand()
        {
            return ferr(
                "board",
                format!("the side not to move ({}) is in check", pos.side.flip()),
            );
        }
        Ok(pos)
    }

    /// Gives the walls read from the board the colour of the side to move
    /// (`components::walls`); a duck variant has one wall at most.
    fn read_walls(&mut self) -> Result<(), FenError> {
        let Some(w) = self.v.rules.walls.clone() else {
            return Ok(());
        };
        let side = self.side;
        self.recolour_walls(side);
        let n = self.cells_of(side, w.piece).len();
        if w.rule == crate::components::walls::WallRule::Duck && n > 1 {
            return ferr(
                "board",
                format!("{n} ducks (`*`): a duck variant has one at most"),
            );
        }
        Ok(())
    }

    /// Adds hand pieces read from the FEN.
    fn add_hands(&mut self, hands: Vec<(PieceType, Color, u32)>) -> Result<(), FenError> {
        let v = self.variant().clone();
        for (k, c, n) in hands {
            if !v.rules.drops {
                return ferr("hands", "this variant has no hands");
            }
            if !v.pieces[usize::from(k)].droppable {
                return ferr(
                    "hands",
                    format!("`{}` cannot be held in hand", v.token(k, c)),
                );
            }
            if v.rules.free_drops {
                // Nothing is held under free drops; a hand written anyway
                // is read and left unused, as Fairy-Stockfish does.
                continue;
            }
            let cur = u32::from(self.hands[c.idx()][usize::from(k)]);
            self.hands[c.idx()][usize::from(k)] = (cur + n).min(MAX_HAND_COUNT) as u8;
        }
        Ok(())
    }

    /// Reads the castling field (`-` or the rights' letters).
    fn read_castling(&mut self, castling_text: &str) -> Result<(), FenError> {
        let v = self.variant().clone();
        let g = &v.geometry;
        if let Some(c) = &v.rules.chess960 {
            return self.read_castling960(c, castling_text);
        }
        if castling_text != "-" {
            for ch in castling_text.chars() {
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let idx = v
                    .castling
                    .iter()
                    .position(|c| c.color == color && c.letter == ch);
                if idx.is_none() {
                    if let Some((bit, r)) =
                        v.rules.first_moves.as_ref().and_then(|f| f.by_letter(ch))
                    {
                        // As Fairy-Stockfish does, a right is kept only where
                        // its side has a piece.
                        if self.piece(r.cell).is_color(r.color) {
                            self.castling |= 1 << bit;
                        }
                        continue;
                    }
                }
                // A variant without castling reads the standard letters and
                // sets no right, as Fairy-Stockfish does (its start
                // positions of such variants often still say `KQkq`).
                if idx.is_none() && v.castling.is_empty() && "KQkq".contains(ch) {
                    continue;
                }
                let Some(i) = idx else {
                    return ferr(
                        "castling",
                        format!("`{ch}` is not a castling right of this variant"),
                    );
                };
                let c = &v.castling[i];
                let k = self.piece(c.king);
                if !k.is_color(color) || !crate::components::castling::castling_king(&v, k.kind()) {
                    return ferr(
                        "castling",
                        format!(
                            "right `{ch}` needs {}'s royal piece on {}",
                            color,
                            g.name(c.king)
                        ),
                    );
                }
                let partner = self.piece(c.partner);
                if !partner.is_color(color)
                    || crate::components::walls::is_wall(self, partner.kind())
                {
                    return ferr(
                        "castling",
                        format!(
                            "right `{ch}` needs a {} partner on {}",
                            color,
                            g.name(c.partner)
                        ),
                    );
                }
                self.castling |= 1 << i;
                // With first-rank rights (gates), a castling right stands
                // for those of its King's and partner's cells.
                self.castling |= self.rights_of_castling(c);
            }
        }
        Ok(())
    }

    /// Reads the en-passant field (`-` or the passed cells).
    fn read_ep(&mut self, ep_text: &str) -> Result<(), FenError> {
        let v = self.variant().clone();
        let g = &v.geometry;
        if ep_text != "-" {
            let mut cells = Vec::new();
            let mut s = ep_text;
            while !s.is_empty() {
                match g.parse_cell_prefix(s) {
                    Some((c, n)) => {
                        cells.push(c);
                        s = &s[n..];
                    }
                    None => {
                        return ferr("en passant", format!("`{ep_text}` is not a list of cells"))
                    }
                }
            }
            let mover = self.side.flip();
            // A cell holding a piece is where a `passed-landing` piece landed.
            let landing = v.fen.ep_landing
                || (v
                    .pieces
                    .iter()
                    .any(|p| p.ep_field == Some(EpField::PassedLanding))
                    && cells.iter().any(|&c| !self.piece(c).is_empty()));
            if landing {
                self.read_ep_with_landing(&cells, mover);
                self.ep_hashed = self.ep_capturable_any();
                return Ok(());
            }
            let step = if cells.len() >= 2 {
                let a = g.coord(cells[cells.len() - 2]);
                let b = g.coord(cells[cells.len() - 1]);
                menagerie_geometry::Vector::new(b.x - a.x, b.y - a.y, b.z - a.z)
            } else if mover == Color::White {
                menagerie_geometry::Vector::new(0, 1, 0)
            } else {
                menagerie_geometry::Vector::new(0, -1, 0)
            };
            if let Some(last) = cells.last() {
                if let Some(victim) = g.offset(*last, step) {
                    if self.piece(victim).is_color(mover)
                        && cells.iter().all(|&c| self.piece(c).is_empty())
                    {
                        self.ep = EpState::new(&cells, victim).with_field(v.fen.ep_field());
                        if !v.fen.ep_passed {
                            let keep: Vec<CellId> = cells
                                .iter()
                                .copied()
                                .filter(|&c| self.ep_capturable(c))
                                .collect();
                            self.ep = if keep.is_empty() {
                                EpState::NONE
                            } else {
                                EpState::new(&keep, victim)
                            };
                        }
                    }
                }
            }
            self.ep_hashed = self.ep_capturable_any();
        }
        Ok(())
    }

    /// The en-passant cells and the landing cell, in board order (rank by
    /// rank, then file by file), as the `passed-landing` field writes them.
    fn ep_cells_with_landing(&self) -> Vec<CellId> {
        if self.ep().is_empty() {
            return Vec::new();
        }
        let g = &self.variant().geometry;
        let mut cells: Vec<CellId> = self.ep().cells().collect();
        cells.push(self.ep().victim());
        cells.sort_by_key(|&c| {
            let p = g.coord(c);
            (p.z, p.y, p.x)
        });
        cells
    }

    /// Reads a `passed-landing` field: the cell holding a piece of the side
    /// that just moved is where it landed, the others (which must be empty)
    /// are the targets. A field that fits no such move sets no target.
    fn read_ep_with_landing(&mut self, cells: &[CellId], mover: Color) {
        let (landed, passed): (Vec<CellId>, Vec<CellId>) =
            cells.iter().partition(|&&c| !self.piece(c).is_empty());
        if let [victim] = landed[..] {
            if self.piece(victim).is_color(mover) && !passed.is_empty() {
                self.ep = EpState::new(&passed, victim).with_field(EpField::PassedLanding);
            }
        }
    }

    fn write_piece(&self, out: &mut String, c: CellId) {
        let v = self.variant();
        let p = self.piece(c);
        if self.origin(c).is_some() && !self.written_plus(c) {
            out.push_str(&v.token(p.kind(), p.color()));
            out.push('~');
        } else if let Some(o) = self.origin(c) {
            out.push('+');
            out.push_str(&v.token(o, p.color()));
            if v.fen.promoted_full {
                out.push_str(&v.token(p.kind(), p.color()));
            }
        } else if crate::components::walls::is_wall(self, p.kind()) {
            out.push('*');
        } else {
            out.push_str(&v.token(p.kind(), p.color()));
        }
    }

    fn write_row(&self, out: &mut String, y: usize, z: usize) {
        let g = &self.variant().geometry;
        let mut empty = 0;
        for x in 0..g.files() {
            match g.cell_at(x as i32, y as i32, z as i32) {
                None => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push('*');
                }
                Some(c) if self.piece(c).is_empty() => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    self.write_piece(out, c);
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
    }

    fn hand_text(&self, counted: bool) -> String {
        let v = self.variant();
        let mut s = String::new();
        for color in Color::BOTH {
            for k in 0..v.types() {
                let n = self.hand(color, k as PieceType);
                if n == 0 {
                    continue;
                }
                let tok = v.token(k as PieceType, color);
                if counted {
                    if n > 1 {
                        let _ = write!(s, "{n}");
                    }
                    s.push_str(&tok);
                } else {
                    for _ in 0..n {
                        s.push_str(&tok);
                    }
                }
            }
        }
        s
    }

    /// Writes the position in the variant's FEN.
    #[must_use]
    pub fn to_fen(&self) -> String {
        let v = self.variant();
        let g = &v.geometry;
        let mut out = String::new();
        if v.fen.levels {
            for z in 0..g.levels() {
                if z > 0 {
                    out.push('|');
                }
                for y in (0..g.ranks()).rev() {
                    self.write_row(&mut out, y, z);
                    if y > 0 {
                        out.push('/');
                    }
                }
            }
        } else {
            for y in (0..g.ranks()).rev() {
                self.write_row(&mut out, y, 0);
                if y > 0 {
                    out.push('/');
                }
            }
        }
        if v.fen.hands_in_brackets && v.rules.drops && !v.rules.free_drops {
            out.push('[');
            out.push_str(&self.hand_text(false));
            out.push(']');
        }
        for f in &v.fen.fields {
            out.push(' ');
            match f {
                FenField::Extra => {
                    for &c in g.extras() {
                        let p = self.piece(c);
                        if p.is_empty() {
                            out.push('-');
                        } else {
                            out.push_str(&v.token(p.kind(), p.color()));
                        }
                    }
                }
                FenField::Side => out.push(self.side().letter()),
                FenField::Castling if v.rules.chess960.is_some() => {
                    if let Some(c) = &v.rules.chess960 {
                        self.write_castling960(c, &mut out);
                    }
                }
                FenField::Castling => {
                    let before = out.len();
                    // Each side's castling rights, then its first-rank
                    // rights (Fairy-Stockfish's order: `KQBCkqbc`).
                    for color in Color::BOTH {
                        for (i, c) in v.castling.iter().enumerate() {
                            if c.color == color && self.castling() >> i & 1 != 0 {
                                out.push(c.letter);
                            }
                        }
                        if let Some(fm) = &v.rules.first_moves {
                            for (i, r) in fm.rights.iter().enumerate() {
                                if r.color == color
                                    && self.castling() >> (fm.first_bit + i) & 1 != 0
                                    && self.right_written(color, r.cell)
                                {
                                    out.push(r.letter);
                                }
                            }
                        }
                    }
                    if out.len() == before {
                        out.push('-');
                    }
                }
                FenField::EnPassant if self.count_state().active() => {
                    let _ = write!(out, "{}", self.count_state().limit);
                }
                FenField::EnPassant => {
                    let cells: Vec<CellId> = match self.ep().field() {
                        EpField::PassedLanding => self.ep_cells_with_landing(),
                        EpField::Passed => self.ep().cells().collect(),
                        EpField::Capturable => self
                            .ep()
                            .cells()
                            .filter(|&c| self.ep_capturable(c))
                            .collect(),
                    };
                    if cells.is_empty() {
                        out.push('-');
                    } else {
                        for c in cells {
                            out.push_str(g.name(c));
                        }
                    }
                }
                FenField::Hands => {
                    let h = self.hand_text(true);
                    out.push_str(if h.is_empty() { "-" } else { &h });
                }
                FenField::Halfmove if self.count_state().active() => {
                    let _ = write!(out, "{}", self.count_state().ply);
                }
                FenField::Halfmove => {
                    let _ = write!(out, "{}", self.halfmove());
                }
                FenField::Fullmove => {
                    let _ = write!(out, "{}", self.fullmove());
                }
                FenField::Imitation => match self.imitation() {
                    Some(k) => out.push_str(&v.token(k, Color::White)),
                    None => out.push('-'),
                },
                FenField::Checks => out.push_str(&check_count::write_field(self.checks_left)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Registry};

    #[test]
    fn standard_rights_of_a_variant_without_castling_are_read_as_none() {
        let reg = Registry::builtin();
        let v = reg.get("shatranj").expect("shatranj");
        assert!(v.castling.is_empty());
        let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1";
        let pos = Position::from_fen(&v, fen).expect("read");
        assert_eq!(
            pos.to_fen(),
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
        );
        // Other letters are still errors.
        let bad = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KX - 0 1";
        assert!(Position::from_fen(&v, bad).is_err());
        // A variant with castling still wants its rights where they belong.
        let chess = reg.get("chess").expect("chess");
        assert!(Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_err());
    }

    /// Fairy-Stockfish's reading of a FEN whose en-passant field (or both
    /// castling and en-passant fields) is left out; pyffish 0.0.90's
    /// `get_fen` gives the expected text.
    #[test]
    fn left_out_fields_are_read_as_fairy_stockfish_reads_them() {
        let reg = Registry::builtin();
        let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let read = |id: &str, rest: &str| {
            let v = reg.get(id).expect(id);
            Position::from_fen(&v, &format!("{board} {rest}"))
                .map(|p| p.to_fen())
                .map_err(|e| e.to_string())
        };
        let want = |rest: &str| Ok(format!("{board} {rest}"));
        // The en-passant field is the first digit of the next word.
        assert_eq!(read("chess", "w - 0 1"), want("w - - 1 1"));
        assert_eq!(read("chess", "w KQkq 3 5"), want("w KQkq - 5 1"));
        assert_eq!(read("chess", "w KQkq 10 5"), want("w KQkq - 0 5"));
        // A checks count where the castling field belongs: both are left out.
        assert_eq!(read("3check", "w 2+3 4 5"), want("w - - 2+3 4 5"));
        assert_eq!(read("chess", "w 10 5"), want("w - - 10 5"));
        // Garbage is still refused.
        assert!(read("chess", "w KQkq x3 0 1").is_err());
        assert!(read("chess", "w KQkq 0x 1").is_err());
        assert!(read("chess", "w 7+7 0 1").is_err());
    }
}
