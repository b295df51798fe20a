//! Region expressions: named sets of cells written as text.
//!
//! Grammar (terms separated by spaces or commas, evaluated left to right):
//!
//! | term | meaning |
//! | --- | --- |
//! | `e4`, `C1`, `wc3` | one cell |
//! | `a1-c3`, `ua1-zf2` | every cell in the box spanned by two cells |
//! | `*3` | every cell on rank 3 |
//! | `*1-*4` | ranks 1 to 4 |
//! | `c*` | every cell on file c |
//! | `c*-e*` | files c to e |
//! | `*` | every cell |
//! | `!term` | removes the cells of `term` from what came before |

use crate::{CellSet, Geometry};

/// A region expression that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("region `{text}`, column {column}: {reason}")]
pub struct RegionError {
    /// The whole expression.
    pub text: String,
    /// 1-based column of the bad term.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

enum Term {
    Box([i32; 3], [i32; 3]),
    Ranks(i32, i32),
    Files(i32, i32),
    All,
}

impl Geometry {
    /// Evaluates a region expression.
    ///
    /// # Errors
    /// A term that names no cell, rank or file of this board.
    pub fn region(&self, text: &str) -> Result<CellSet, RegionError> {
        let mut set = self.empty_set();
        let mut pos = 0usize;
        for raw in text.split([' ', ',', '\t']) {
            let column = pos + 1;
            pos += raw.len() + 1;
            if raw.is_empty() {
                continue;
            }
            let (negate, term_text) = match raw.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, raw),
            };
            let err = |reason: &str| RegionError {
                text: text.to_string(),
                column,
                reason: reason.to_string(),
            };
            let term = self.parse_term(term_text).ok_or_else(|| {
                err(&format!(
                    "`{term_text}` is not a cell, box, rank or file of this board"
                ))
            })?;
            let cells = self.term_cells(&term);
            if cells.is_empty() {
                return Err(err(&format!("`{term_text}` contains no cell")));
            }
            if negate {
                set.subtract(&cells);
            } else {
                set.union_with(&cells);
            }
        }
        Ok(set)
    }

    fn parse_term(&self, t: &str) -> Option<Term> {
        if t == "*" {
            return Some(Term::All);
        }
        let (a, b) = match t.split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => (t, None),
        };
        let rank = |s: &str| -> Option<i32> {
            let n: i32 = s.strip_prefix('*')?.parse().ok()?;
            (1..=self.ranks() as i32).contains(&n).then_some(n - 1)
        };
        let file = |s: &str| -> Option<i32> {
            let f = s.strip_suffix('*')?;
            let mut ch = f.chars();
            let c = ch.next()?;
            if ch.next().is_some() || !c.is_ascii_lowercase() {
                return None;
            }
            let x = i32::from(c as u8 - b'a');
            (x < self.files() as i32).then_some(x)
        };
        if let Some(r) = rank(a) {
            let r2 = match b {
                Some(b) => rank(b)?,
                None => r,
            };
            return Some(Term::Ranks(r.min(r2), r.max(r2)));
        }
        if let Some(f) = file(a) {
            let f2 = match b {
                Some(b) => file(b)?,
                None => f,
            };
            return Some(Term::Files(f.min(f2), f.max(f2)));
        }
        let ca = self.coord(self.parse_cell(a)?);
        let cb = match b {
            Some(b) => self.coord(self.parse_cell(b)?),
            None => ca,
        };
        let lo = [ca.x.min(cb.x), ca.y.min(cb.y), ca.z.min(cb.z)].map(i32::from);
        let hi = [ca.x.max(cb.x), ca.y.max(cb.y), ca.z.max(cb.z)].map(i32::from);
        Some(Term::Box(lo, hi))
    }

    fn term_cells(&self, term: &Term) -> CellSet {
        self.cells()
            .filter(|&c| {
                let p = self.coord(c);
                let (x, y, z) = (i32::from(p.x), i32::from(p.y), i32::from(p.z));
                match *term {
                    Term::All => true,
                    Term::Ranks(lo, hi) => (lo..=hi).contains(&y),
                    Term::Files(lo, hi) => (lo..=hi).contains(&x),
                    Term::Box(lo, hi) => {
                        (lo[0]..=hi[0]).contains(&x)
                            && (lo[1]..=hi[1]).contains(&y)
                            && (lo[2]..=hi[2]).contains(&z)
                    }
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::{BoardSpec, Geometry};

    #[test]
    fn terms() {
        let g = Geometry::rectangle(12, 12).unwrap();
        assert_eq!(g.region("*9-*12").unwrap().len(), 48);
        assert_eq!(g.region("e5-h8").unwrap().len(), 16);
        assert_eq!(g.region("c3-j10 !e5-h8").unwrap().len(), 48);
        assert_eq!(g.region("a*, l*").unwrap().len(), 24);
        assert_eq!(g.region("*").unwrap().len(), 144);
        let e = g.region("a1 zz9").unwrap_err();
        assert_eq!(e.column, 4);
        assert!(g.region("*13").is_err());
    }

    #[test]
    fn cube_boxes() {
        let g = Geometry::new(&BoardSpec {
            files: 6,
            ranks: 6,
            levels: 6,
            ..BoardSpec::default()
        })
        .unwrap();
        assert_eq!(g.region("wc1-xd6").unwrap().len(), 24);
        assert_eq!(g.region("vb1-ye6 !wc1-xd6").unwrap().len(), 72);
        assert_eq!(g.region("*1-*2").unwrap().len(), 72);
    }
}
