//! The piece placement of a FEN: the board field, the hands and the extra
//! cells, read against a board and a list of piece tokens alone.
//!
//! Two readers need it at different times. The variant builder reads the
//! start position's placement before the variant exists (to count each
//! type's start pieces and find its initial cells, which the move tables are
//! compiled from); [`Position::from_fen`](crate::Position::from_fen) reads any
//! position of a finished variant. Keeping the placement here, below both,
//! means the builder needs no half-built `Variant` and `variant` does not
//! import `position`.
//!
//! Conventions: ranks from the top down separated by `/`, files left to
//! right, empty runs as decimal numbers (multi-digit allowed), `*` for a hole,
//! upper case White, lower case Black, `+X` a promoted piece that was an `X`
//! (`+XY` in variants that write origin and current type). 3D boards write
//! their levels lowest first separated by `|`.

use crate::piece::{Color, Piece, PieceType};
use menagerie_geometry::{CellId, Geometry};

/// A FEN that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("FEN {field}: {message}")]
pub struct FenError {
    /// Which part (`board`, `side`, `castling`, ...).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

/// An error in one FEN field.
pub(crate) fn ferr<T>(field: &str, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        field: field.to_string(),
        message: message.into(),
    })
}

/// Characters that may precede a token's letter (`*R`, `'N`).
const PREFIXES: &str = "*'^~!";

/// Most pieces of one type a hand entry may count.
pub const MAX_HAND_COUNT: u32 = 200;

/// The piece type whose White token is `token` in upper case, with the
/// colour its case says (any lower-case letter: Black).
pub fn find_token<'a>(
    tokens: impl IntoIterator<Item = &'a str>,
    token: &str,
) -> Option<(PieceType, Color)> {
    let upper = token.to_ascii_uppercase();
    let idx = tokens.into_iter().position(|t| t == upper)?;
    let color = if token.chars().any(|c| c.is_ascii_lowercase()) {
        Color::Black
    } else {
        Color::White
    };
    Some((idx as PieceType, color))
}

/// What reading a placement needs to know of a variant.
#[derive(Debug, Clone)]
pub struct PlacementReader<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// FEN token of each piece type, in White's form.
    pub tokens: Vec<&'a str>,
    /// The one type each type promotes to, where it has exactly one (for `+X`).
    pub promoted_to: Vec<Option<PieceType>>,
    /// Promoted pieces are written `+XY` (origin, current type).
    pub promoted_full: bool,
    /// For each type, the type a `revert` promotion made it from (for
    /// `Q~`, Crazyhouse's promoted Pawn).
    pub reverted_from: Vec<Option<PieceType>>,
    /// The board is written as `|`-separated levels.
    pub levels: bool,
    /// The wall type: `*` on a cell is a wall (`components::walls`).
    pub wall: Option<PieceType>,
}

/// Pieces read from a FEN: (cell, piece, what it was promoted from).
#[derive(Debug, Clone, Default)]
pub struct Placement {
    /// Every occupied cell, with what a promoted piece was.
    pub cells: Vec<(CellId, Piece, Option<Promoted>)>,
}

/// What a FEN says of a promoted piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Promoted {
    /// The type it was promoted from.
    pub from: PieceType,
    /// Written Shogi's way (`+P`); else by its own token with `~` (`Q~`).
    pub plus: bool,
}

/// The words of a FEN, less the variant id a FEN may start with where the
/// variant's format allows one (`id_prefix`: 3D FENs name their variant);
/// `is_name` tells the variant's id and aliases.
///
/// # Errors
/// An empty FEN, or nothing after the id.
pub fn fen_words(
    text: &str,
    id_prefix: bool,
    is_name: impl Fn(&str) -> bool,
) -> Result<Vec<&str>, FenError> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return ferr("board", "empty FEN");
    }
    if id_prefix && is_name(words[0]) {
        words.remove(0);
        if words.is_empty() {
            return ferr("board", "nothing after the variant id");
        }
    }
    Ok(words)
}

/// The board text and, when it ends in `[...]`, the hands between brackets.
///
/// # Errors
/// A `[` without its closing `]`.
pub fn split_hands(board: &str) -> Result<(&str, Option<&str>), FenError> {
    match board.find('[') {
        None => Ok((board, None)),
        Some(_) if !board.ends_with(']') => ferr("hands", "`[` without a closing `]`"),
        Some(open) => Ok((&board[..open], Some(&board[open + 1..board.len() - 1]))),
    }
}

/// A cursor over one rank of the board text.
struct Row<'t, 'c> {
    text: &'t str,
    at: usize,
    cells: &'c [Option<CellId>],
    x: usize,
    label: &'t str,
}

impl Row<'_, '_> {
    fn too_many<T>(&self) -> Result<T, FenError> {
        ferr(
            "board",
            format!(
                "{}: too many cells (board has {} files)",
                self.label,
                self.cells.len()
            ),
        )
    }

    /// Consumes a run of empty cells written as a number.
    fn empty_run(&mut self) -> Result<(), FenError> {
        let b = self.text.as_bytes();
        let start = self.at;
        while self.at < b.len() && b[self.at].is_ascii_digit() {
            self.at += 1;
        }
        let digits = &self.text[start..self.at];
        let n: usize = digits.parse().unwrap_or(usize::MAX);
        if n == 0 || n > self.cells.len() {
            return ferr(
                "board",
                format!("{}: bad empty count `{digits}`", self.label),
            );
        }
        for _ in 0..n {
            match self.cells.get(self.x) {
                Some(Some(_)) => self.x += 1,
                Some(None) => {
                    return ferr(
                        "board",
                        format!(
                            "{}: an empty run covers a hole; write holes as `*`",
                            self.label
                        ),
                    )
                }
                None => return self.too_many(),
            }
        }
        Ok(())
    }

    /// Consumes a `*` marking a hole.
    fn hole(&mut self) -> Result<(), FenError> {
        match self.cells.get(self.x) {
            Some(None) => {}
            Some(Some(_)) => {
                return ferr(
                    "board",
                    format!(
                        "{}: `*` marks a hole but file {} is a cell",
                        self.label,
                        self.x + 1
                    ),
                )
            }
            None => return ferr("board", format!("{}: too many cells", self.label)),
        }
        self.x += 1;
        self.at += 1;
        Ok(())
    }

    /// Places a piece on the next cell.
    fn place(
        &mut self,
        piece: Piece,
        origin: Option<Promoted>,
        out: &mut Placement,
    ) -> Result<(), FenError> {
        match self.cells.get(self.x) {
            Some(Some(cell)) => out.cells.push((*cell, piece, origin)),
            Some(None) => {
                return ferr("board", format!("{}: a piece stands on a hole", self.label))
            }
            None => return self.too_many(),
        }
        self.x += 1;
        Ok(())
    }
}

impl PlacementReader<'_> {
    /// Reads one piece token at the start of `s`: (type, colour, bytes used).
    #[must_use]
    pub fn read_token(&self, s: &str) -> Option<(PieceType, Color, usize)> {
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
        let (k, c) = find_token(self.tokens.iter().copied(), &tok)?;
        Some((k, c, len))
    }

    /// True when a `*` at the row's next cell is a wall: the variant has
    /// walls and the cell is not a hole.
    fn wall_here(&self, row: &Row<'_, '_>) -> bool {
        self.wall.is_some() && matches!(row.cells.get(row.x), Some(Some(_)))
    }

    /// Holes may be written `*` unless some token starts with `*`.
    fn holes_allowed(&self) -> bool {
        !self.tokens.iter().any(|t| t.starts_with('*'))
    }

    /// Reads a promoted piece after its `+`: (piece, origin, bytes used
    /// including the `+`).
    fn promoted(&self, s: &str, label: &str) -> Result<(Piece, PieceType, usize), FenError> {
        let Some((o, oc, l1)) = self.read_token(s) else {
            return ferr(
                "board",
                format!("{label}: `+` must be followed by a piece letter"),
            );
        };
        if self.promoted_full {
            let Some((cur, cc, l2)) = self.read_token(&s[l1..]) else {
                return ferr(
                    "board",
                    format!(
                        "{label}: `+{}` must be followed by the current piece letter",
                        &s[..l1]
                    ),
                );
            };
            if cc != oc {
                return ferr(
                    "board",
                    format!("{label}: both letters of a promoted piece must have the same case"),
                );
            }
            return Ok((Piece::new(cur, oc), o, 1 + l1 + l2));
        }
        match self.promoted_to[usize::from(o)] {
            Some(to) => Ok((Piece::new(to, oc), o, 1 + l1)),
            None => ferr(
                "board",
                format!(
                    "{label}: `+{}`: that piece has no single promoted form",
                    &s[..l1]
                ),
            ),
        }
    }

    /// Reads one rank (or one rank of a level) onto `cells`, its cells from
    /// left to right (`None` for holes).
    fn read_row(
        &self,
        text: &str,
        cells: &[Option<CellId>],
        out: &mut Placement,
        label: &str,
    ) -> Result<(), FenError> {
        let mut row = Row {
            text,
            at: 0,
            cells,
            x: 0,
            label,
        };
        let holes = self.holes_allowed();
        while row.at < text.len() {
            let ch = text.as_bytes()[row.at] as char;
            if ch.is_ascii_digit() {
                row.empty_run()?;
            } else if ch == '*' && self.wall_here(&row) {
                let wall = Piece::new(self.wall.unwrap_or(0), Color::White);
                row.place(wall, None, out)?;
                row.at += 1;
            } else if ch == '*' && holes {
                row.hole()?;
            } else if ch == '+' {
                let (piece, origin, used) = self.promoted(&text[row.at + 1..], label)?;
                let from = Promoted {
                    from: origin,
                    plus: true,
                };
                row.place(piece, Some(from), out)?;
                row.at += used;
            } else {
                let Some((k, c, used)) = self.read_token(&text[row.at..]) else {
                    return ferr(
                        "board",
                        format!("{label}: `{ch}` is not a piece of this variant"),
                    );
                };
                let marked = text[row.at + used..].starts_with('~');
                let origin = if marked {
                    let Some(o) = self.reverted_from.get(usize::from(k)).copied().flatten() else {
                        return ferr(
                            "board",
                            format!("{label}: `{ch}~`: no piece promotes to that one"),
                        );
                    };
                    Some(Promoted {
                        from: o,
                        plus: false,
                    })
                } else {
                    None
                };
                row.place(Piece::new(k, c), origin, out)?;
                row.at += used + usize::from(marked);
            }
        }
        if row.x != cells.len() {
            return ferr(
                "board",
                format!(
                    "{label}: {} cells given, the board has {}",
                    row.x,
                    cells.len()
                ),
            );
        }
        Ok(())
    }

    /// Reads the ranks of one level, top rank first.
    fn read_level(
        &self,
        text: &str,
        z: usize,
        out: &mut Placement,
        level_label: Option<char>,
    ) -> Result<(), FenError> {
        let g = self.geometry;
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != g.ranks() {
            let what = match level_label {
                Some(l) => format!("level {l}: "),
                None => String::new(),
            };
            return ferr(
                "board",
                format!(
                    "{what}{} ranks given, the board has {}",
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
            let label = match level_label {
                Some(l) => format!("level {l} rank {}", y + 1),
                None => format!("rank {}", y + 1),
            };
            self.read_row(row, &cells, out, &label)?;
        }
        Ok(())
    }

    /// Reads the board field (without hands in brackets).
    ///
    /// # Errors
    /// [`FenError`] naming the rank and the problem.
    pub fn read_board(&self, text: &str) -> Result<Placement, FenError> {
        let g = self.geometry;
        let mut out = Placement::default();
        if self.levels {
            let levels: Vec<&str> = text.split('|').collect();
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
                self.read_level(lv, z, &mut out, Some(g.level_letters()[z]))?;
            }
        } else {
            self.read_level(text, 0, &mut out, None)?;
        }
        Ok(out)
    }

    /// Reads the extra-cells field: one character per extra cell, `-` empty.
    ///
    /// # Errors
    /// Wrong length or an unknown piece.
    pub fn read_extra(&self, text: &str) -> Result<Vec<(CellId, Piece)>, FenError> {
        let extras = self.geometry.extras();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != extras.len() {
            return ferr(
                "extra cells",
                format!(
                    "`{text}` must have {} characters, one per extra cell",
                    extras.len()
                ),
            );
        }
        let mut out = Vec::new();
        for (&cell, ch) in extras.iter().zip(chars) {
            if ch == '-' {
                continue;
            }
            match self.read_token(&ch.to_string()) {
                Some((k, c, _)) => out.push((cell, Piece::new(k, c))),
                None => {
                    return ferr(
                        "extra cells",
                        format!("`{ch}` is not a piece of this variant"),
                    )
                }
            }
        }
        Ok(out)
    }

    /// Reads a list of hand pieces (`Pp`, `2Pp`, `-` for none).
    ///
    /// # Errors
    /// Bad counts or unknown pieces, in field `field`.
    pub fn read_hands(
        &self,
        s: &str,
        field: &str,
    ) -> Result<Vec<(PieceType, Color, u32)>, FenError> {
        let mut out = Vec::new();
        if s == "-" || s.is_empty() {
            return Ok(out);
        }
        let b = s.as_bytes();
        let mut i = 0;
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
            if count == 0 || count > MAX_HAND_COUNT {
                return ferr(field, format!("bad count `{}`", &s[start..i]));
            }
            let Some((k, c, l)) = self.read_token(&s[i..]) else {
                return ferr(
                    field,
                    match s.get(i..).and_then(|r| r.chars().next()) {
                        Some(ch) => format!("`{ch}` is not a piece of this variant"),
                        None => "a count must be followed by a piece".to_string(),
                    },
                );
            };
            out.push((k, c, count));
            i += l;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use menagerie_geometry::BoardSpec;

    fn board(files: usize, ranks: usize, holes: &[&str]) -> Geometry {
        Geometry::new(&BoardSpec {
            files,
            ranks,
            levels: 1,
            holes: holes.iter().map(|s| (*s).to_string()).collect(),
            ..BoardSpec::default()
        })
        .unwrap()
    }

    fn reader(g: &Geometry) -> PlacementReader<'_> {
        PlacementReader {
            geometry: g,
            tokens: vec!["K", "P", "G"],
            promoted_to: vec![None, Some(2), None],
            promoted_full: false,
            reverted_from: vec![None; 3],
            levels: false,
            wall: None,
        }
    }

    #[test]
    fn reads_pieces_runs_and_promoted_pieces() {
        let g = board(3, 2, &[]);
        let p = reader(&g).read_board("k+p1/2K").unwrap();
        assert_eq!(p.cells.len(), 3);
        let (cell, piece, origin) = p.cells[1];
        assert_eq!(g.name(cell), "b2");
        assert_eq!(piece, Piece::new(2, Color::Black));
        assert_eq!(
            origin,
            Some(Promoted {
                from: 1,
                plus: true
            })
        );
        assert_eq!(g.name(p.cells[2].0), "c1");
    }

    #[test]
    fn holes_are_stars_and_runs_may_not_cover_them() {
        let g = board(3, 1, &["b1"]);
        assert_eq!(reader(&g).read_board("K*P").unwrap().cells.len(), 2);
        let e = reader(&g).read_board("3").unwrap_err();
        assert!(e.message.contains("covers a hole"), "{e}");
    }

    #[test]
    fn errors_name_the_rank_and_the_problem() {
        let g = board(3, 2, &[]);
        let r = reader(&g);
        for (text, want) in [
            ("3", "1 ranks given"),
            ("3/4", "rank 1: bad empty count `4`"),
            ("KX1/3", "rank 2: `X` is not a piece"),
            ("2/3", "rank 2: 2 cells given"),
            ("+K2/3", "no single promoted form"),
            ("KKKK/3", "too many cells"),
        ] {
            let e = r.read_board(text).unwrap_err();
            assert!(e.to_string().contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn hands_in_brackets_and_counted_lists() {
        assert_eq!(split_hands("8[Pp]").unwrap(), ("8", Some("Pp")));
        assert_eq!(split_hands("8").unwrap(), ("8", None));
        assert!(split_hands("8[Pp").is_err());
        let g = board(3, 2, &[]);
        let r = reader(&g);
        assert_eq!(
            r.read_hands("2Pg", "hands").unwrap(),
            vec![(1, Color::White, 2), (2, Color::Black, 1)]
        );
        assert!(r.read_hands("0P", "hands").is_err());
        assert!(r.read_hands("2", "hands").is_err());
    }
}
