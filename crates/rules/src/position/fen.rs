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
use crate::piece::{Color, Piece, PieceType};
use crate::variant::{FenField, Variant};
use menagerie_geometry::CellId;
use std::fmt::Write as _;
use std::sync::Arc;

/// A FEN that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("FEN {field}: {message}")]
pub struct FenError {
    /// Which part (`board`, `side`, `castling`, ...).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

fn ferr<T>(field: &str, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        field: field.to_string(),
        message: message.into(),
    })
}

const PREFIXES: &str = "*'^~!";

/// Reads one piece token at the start of `s`: (type, colour, bytes used).
fn read_token(v: &Variant, s: &str) -> Option<(PieceType, Color, usize)> {
    let mut chars = s.chars();
    let c0 = chars.next()?;
    let (tok, len) = if PREFIXES.contains(c0) {
        let c1 = chars.next()?;
        if !c1.is_ascii_alphabetic() {
            return None;
        }
        (format!("{c0}{c1}"), 2)
    } else if c0.is_ascii_alphabetic() {
        (c0.to_string(), 1)
    } else {
        return None;
    };
    let (k, c) = v.piece_by_token(&tok)?;
    Some((k, c, len))
}

struct Placement {
    cells: Vec<(CellId, Piece, Option<PieceType>)>,
}

fn parse_rank_row(
    v: &Variant,
    row: &str,
    cells_in_row: &[Option<CellId>],
    out: &mut Placement,
    label: &str,
) -> Result<(), FenError> {
    let mut x = 0usize;
    let mut i = 0usize;
    let holes_allowed = !v.pieces.iter().any(|p| p.token.starts_with('*'));
    let b = row.as_bytes();
    while i < b.len() {
        let ch = b[i] as char;
        if ch.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n: usize = row[start..i].parse().unwrap_or(usize::MAX);
            if n == 0 || n > cells_in_row.len() {
                return ferr(
                    "board",
                    format!("{label}: bad empty count `{}`", &row[start..i]),
                );
            }
            for _ in 0..n {
                match cells_in_row.get(x) {
                    Some(Some(_)) => {}
                    Some(None) => {
                        return ferr(
                            "board",
                            format!("{label}: an empty run covers a hole; write holes as `*`"),
                        )
                    }
                    None => {
                        return ferr(
                            "board",
                            format!(
                                "{label}: too many cells (board has {} files)",
                                cells_in_row.len()
                            ),
                        )
                    }
                }
                x += 1;
            }
            continue;
        }
        if ch == '*' && holes_allowed {
            match cells_in_row.get(x) {
                Some(None) => {}
                Some(Some(_)) => {
                    return ferr(
                        "board",
                        format!("{label}: `*` marks a hole but file {} is a cell", x + 1),
                    )
                }
                None => return ferr("board", format!("{label}: too many cells")),
            }
            x += 1;
            i += 1;
            continue;
        }
        let (piece, origin, used) = if ch == '+' {
            let Some((o, oc, l1)) = read_token(v, &row[i + 1..]) else {
                return ferr(
                    "board",
                    format!("{label}: `+` must be followed by a piece letter"),
                );
            };
            if v.fen.promoted_full {
                let Some((cur, cc, l2)) = read_token(v, &row[i + 1 + l1..]) else {
                    return ferr(
                        "board",
                        format!(
                            "{label}: `+{}` must be followed by the current piece letter",
                            &row[i + 1..i + 1 + l1]
                        ),
                    );
                };
                if cc != oc {
                    return ferr(
                        "board",
                        format!(
                            "{label}: both letters of a promoted piece must have the same case"
                        ),
                    );
                }
                (Piece::new(cur, oc), Some(o), 1 + l1 + l2)
            } else {
                let promo = v.pieces[usize::from(o)]
                    .promotion
                    .as_ref()
                    .filter(|p| p.to.len() == 1);
                let Some(pr) = promo else {
                    return ferr(
                        "board",
                        format!(
                            "{label}: `+{}`: that piece has no single promoted form",
                            &row[i + 1..i + 1 + l1]
                        ),
                    );
                };
                (Piece::new(pr.to[0], oc), Some(o), 1 + l1)
            }
        } else {
            match read_token(v, &row[i..]) {
                Some((k, c, l)) => (Piece::new(k, c), None, l),
                None => {
                    return ferr(
                        "board",
                        format!("{label}: `{ch}` is not a piece of this variant"),
                    )
                }
            }
        };
        match cells_in_row.get(x) {
            Some(Some(cell)) => out.cells.push((*cell, piece, origin)),
            Some(None) => return ferr("board", format!("{label}: a piece stands on a hole")),
            None => {
                return ferr(
                    "board",
                    format!(
                        "{label}: too many cells (board has {} files)",
                        cells_in_row.len()
                    ),
                )
            }
        }
        x += 1;
        i += used;
    }
    if x != cells_in_row.len() {
        return ferr(
            "board",
            format!(
                "{label}: {x} cells given, the board has {}",
                cells_in_row.len()
            ),
        );
    }
    Ok(())
}

fn parse_hand_list(
    v: &Variant,
    s: &str,
    field: &str,
) -> Result<Vec<(PieceType, Color, u32)>, FenError> {
    let mut out = Vec::new();
    if s == "-" || s.is_empty() {
        return Ok(out);
    }
    let mut i = 0;
    let b = s.as_bytes();
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let count: u32 = if start == i {
            1
        } else {
            s[start..i].parse().unwrap_or(0)
        };
        if count == 0 || count > 200 {
            return ferr(field, format!("bad count `{}`", &s[start..i]));
        }
        match read_token(v, &s[i..]) {
            Some((k, c, l)) => {
                out.push((k, c, count));
                i += l;
            }
            None => {
                return ferr(
                    field,
                    match s.get(i..).and_then(|r| r.chars().next()) {
                        Some(ch) => format!("`{ch}` is not a piece of this variant"),
                        None => "a count must be followed by a piece".to_string(),
                    },
                )
            }
        }
    }
    Ok(out)
}

impl Position {
    /// Reads a position.
    ///
    /// # Errors
    /// [`FenError`] naming the field and the problem.
    pub fn from_fen(v: &Arc<Variant>, fen: &str) -> Result<Position, FenError> {
        let mut parts: Vec<&str> = fen.split_whitespace().collect();
        if parts.is_empty() {
            return ferr("board", "empty FEN");
        }
        if v.fen.id_prefix && (parts[0] == v.id || v.aliases.iter().any(|a| a == parts[0])) {
            parts.remove(0);
            if parts.is_empty() {
                return ferr("board", "nothing after the variant id");
            }
        }
        let g = &v.geometry;
        let mut board_text = parts[0];
        let mut hands_text: Option<&str> = None;
        if let Some(open) = board_text.find('[') {
            if !board_text.ends_with(']') {
                return ferr("hands", "`[` without a closing `]`");
            }
            hands_text = Some(&board_text[open + 1..board_text.len() - 1]);
            board_text = &board_text[..open];
        }
        let mut placement = Placement { cells: Vec::new() };
        if v.fen.levels {
            let levels: Vec<&str> = board_text.split('|').collect();
            if levels.len() != g.levels() {
                return ferr(
                    "board",
                    format!(
                        "{} levels given, the board has {}",
                        levels.len(),
                        g.levels()
                    ),
                );
            }
            for (z, lv) in levels.iter().enumerate() {
                let rows: Vec<&str> = lv.split('/').collect();
                if rows.len() != g.ranks() {
                    return ferr(
                        "board",
                        format!(
                            "level {}: {} ranks given, the board has {}",
                            g.level_letters()[z],
                            rows.len(),
                            g.ranks()
                        ),
                    );
                }
                for (ri, row) in rows.iter().enumerate() {
                    let y = g.ranks() - 1 - ri;
                    let cells: Vec<Option<CellId>> = (0..g.files())
                        .map(|x| g.cell_at(x as i32, y as i32, z as i32))
                        .collect();
                    parse_rank_row(
                        v,
                        row,
                        &cells,
                        &mut placement,
                        &format!("level {} rank {}", g.level_letters()[z], y + 1),
                    )?;
                }
            }
        } else {
            let rows: Vec<&str> = board_text.split('/').collect();
            if rows.len() != g.ranks() {
                return ferr(
                    "board",
                    format!("{} ranks given, the board has {}", rows.len(), g.ranks()),
                );
            }
            for (ri, row) in rows.iter().enumerate() {
                let y = g.ranks() - 1 - ri;
                let cells: Vec<Option<CellId>> = (0..g.files())
                    .map(|x| g.cell_at(x as i32, y as i32, 0))
                    .collect();
                parse_rank_row(v, row, &cells, &mut placement, &format!("rank {}", y + 1))?;
            }
        }
        let mut pos = Position::empty(v.clone());
        for (c, p, o) in placement.cells {
            pos.put(c, p, o.map_or(0, |k| k + 1));
        }
        let mut hands: Vec<(PieceType, Color, u32)> = Vec::new();
        if let Some(h) = hands_text {
            if h != "-" {
                hands = parse_hand_list(v, h, "hands")?;
            }
        }
        let mut rest = parts[1..].iter();
        let mut castling_text = "-";
        let mut ep_text = "-";
        for &f in &v.fen.fields {
            let Some(&text) = rest.next() else { break };
            match f {
                FenField::Extra => {
                    let chars: Vec<char> = text.chars().collect();
                    if chars.len() != g.extras().len() {
                        return ferr(
                            "extra cells",
                            format!(
                                "`{text}` must have {} characters, one per extra cell",
                                g.extras().len()
                            ),
                        );
                    }
                    for (&cell, ch) in g.extras().iter().zip(chars) {
                        if ch == '-' {
                            continue;
                        }
                        match read_token(v, &ch.to_string()) {
                            Some((k, c, _)) => pos.put(cell, Piece::new(k, c), 0),
                            None => {
                                return ferr(
                                    "extra cells",
                                    format!("`{ch}` is not a piece of this variant"),
                                )
                            }
                        }
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
                FenField::EnPassant => ep_text = text,
                FenField::Hands => hands.extend(parse_hand_list(v, text, "hands")?),
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
                FenField::Imitation => {
                    if text != "-" {
                        match read_token(v, text) {
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
        if rest.next().is_some() {
            return ferr(
                "end",
                format!(
                    "unexpected text after the last field: `{}`",
                    parts[1 + v.fen.fields.len()..].join(" ")
                ),
            );
        }
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
            let cur = u32::from(pos.hands[c.idx()][usize::from(k)]);
            pos.hands[c.idx()][usize::from(k)] = (cur + n).min(200) as u8;
        }
        pos.ply = (pos.fullmove - 1) * 2 + u32::from(pos.side == Color::Black);
        // castling
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
                let Some(i) = idx else {
                    return ferr(
                        "castling",
                        format!("`{ch}` is not a castling right of this variant"),
                    );
                };
                let c = &v.castling[i];
                let k = pos.piece(c.king);
                if !k.is_color(color) || !v.pieces[usize::from(k.kind())].royal {
                    return ferr(
                        "castling",
                        format!(
                            "right `{ch}` needs {}'s royal piece on {}",
                            color,
                            g.name(c.king)
                        ),
                    );
                }
                if !pos.piece(c.partner).is_color(color) {
                    return ferr(
                        "castling",
                        format!(
                            "right `{ch}` needs a {} partner on {}",
                            color,
                            g.name(c.partner)
                        ),
                    );
                }
                pos.castling |= 1 << i;
            }
        }
        // en passant
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
            let mover = pos.side.flip();
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
                    if pos.piece(victim).is_color(mover)
                        && cells.iter().all(|&c| pos.piece(c).is_empty())
                    {
                        pos.ep = EpState::new(&cells, victim);
                        if !v.fen.ep_passed {
                            let keep: Vec<CellId> = cells
                                .iter()
                                .copied()
                                .filter(|&c| pos.ep_capturable(c))
                                .collect();
                            pos.ep = if keep.is_empty() {
                                EpState::NONE
                            } else {
                                EpState::new(&keep, victim)
                            };
                        }
                    }
                }
            }
            pos.ep_hashed = pos.ep_capturable_any();
        }
        pos.hash = pos.compute_hash();
        // With an imitating piece the attack depends on a state that a set-up
        // position may carry (the Missing Ox spec's own test MO-12 does), so
        // the check is made only for variants without one.
        if v.has_royal()
            && v.imitator.is_none()
            && !v.tables.is_empty()
            && pos.royal_attacked(pos.side.flip())
        {
            return ferr(
                "board",
                format!("the side not to move ({}) is in check", pos.side.flip()),
            );
        }
        Ok(pos)
    }

    fn write_piece(&self, out: &mut String, c: CellId) {
        let v = self.variant();
        let p = self.piece(c);
        if let Some(o) = self.origin(c) {
            out.push('+');
            out.push_str(&v.token(o, p.color()));
            if v.fen.promoted_full {
                out.push_str(&v.token(p.kind(), p.color()));
            }
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
        if v.fen.hands_in_brackets && v.rules.drops {
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
                FenField::Castling => {
                    let mut any = false;
                    for (i, c) in v.castling.iter().enumerate() {
                        if self.castling() >> i & 1 != 0 {
                            out.push(c.letter);
                            any = true;
                        }
                    }
                    if !any {
                        out.push('-');
                    }
                }
                FenField::EnPassant => {
                    let cells: Vec<CellId> = if v.fen.ep_passed {
                        self.ep().cells().collect()
                    } else {
                        self.ep()
                            .cells()
                            .filter(|&c| self.ep_capturable(c))
                            .collect()
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
            }
        }
        out
    }
}
