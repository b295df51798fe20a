//! Direction modifiers (`f b l r v s h`, doubled and combined) applied to the
//! vectors of an atom.
//!
//! Every test is made relative to a reference direction `d`: "forward" for
//! the first leg of a move (White's view; Black's vectors are rotated later),
//! the previous leg's direction for later legs of a chain. With
//! `F = d·u` (how far u goes along d) and `L = d×u` (how far it goes to the
//! left of d):
//!
//! * `f`: F > 0, `b`: F < 0, `l`: L > 0, `r`: L < 0, `v` = f+b, `s` = l+r;
//! * doubled `ff bb ll rr`: the narrow pair, whose major component is in
//!   that direction (`ffN` is the Shogi Knight);
//! * `fl`-type pairs select the moves satisfying both letters; when that is
//!   several moves of an oblique atom, the second letter names the major
//!   component (`frN` = (2,1), `rfN` = (1,2)); when it is none (orthogonal
//!   atoms), the letters add (`flW` = forward and left);
//! * `fs` = `fl` + `fr`, `vs`, `sf`, `sv` alike;
//! * `hl` / `hr`: the chiral half of an oblique atom;
//! * `fh` / `bh` / `lh` / `rh`: the half of the moves on that side (every
//!   move with a component that way; Fairy-Stockfish's notation).
//!
//! On 3D boards the absolute letters test the rank axis (`f`, `b`, `v`) and
//! the file axis (`l`, `r`), and `s` means "same rank" (dy = 0).

use menagerie_geometry::Vector;

/// How to read direction letters on oblique atoms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// Menagerie's XBetza: `fN` is the four forward Knight moves.
    #[default]
    XBetza,
    /// Fairy-Stockfish: a single letter on an oblique atom selects the
    /// narrow pair in that direction (`fN` is the Shogi Knight). Its `n`
    /// makes only the Dabbaba, Knight, Alfil and Zebra leaps lame; another
    /// lame leap (`nC`) has no move, and `n` on a rider is ignored
    /// (`movegen::compile`).
    FairyStockfish,
}

/// A direction modifier that cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DirError(pub String);

fn pred(letter: char, f: i32, l: i32) -> bool {
    match letter {
        'f' => f > 0,
        'b' => f < 0,
        'l' => l > 0,
        'r' => l < 0,
        'v' => f != 0,
        's' => l != 0,
        _ => false,
    }
}

fn expand(c: char) -> &'static [char] {
    match c {
        'v' => &['f', 'b'],
        's' => &['l', 'r'],
        'f' => &['f'],
        'b' => &['b'],
        'l' => &['l'],
        _ => &['r'],
    }
}

fn vert(x: char) -> bool {
    matches!(x, 'f' | 'b' | 'v')
}

fn horiz(x: char) -> bool {
    matches!(x, 'l' | 'r' | 's')
}

/// A vector whose major component lies along the letter's axis
/// (`f`/`b`: forward, `l`/`r`: sideways), given its (F, L).
fn major_along(letter: char, f: i32, l: i32) -> bool {
    if vert(letter) {
        f.abs() > l.abs()
    } else {
        l.abs() > f.abs()
    }
}

/// The selection under way: which candidate vectors the letters read so far
/// keep.
struct Selector<'a> {
    cands: &'a [Vector],
    d: Vector,
    three_d: bool,
    relative: bool,
    dialect: Dialect,
    keep: Vec<bool>,
}

impl Selector<'_> {
    /// (F, L) of `u` relative to the reference direction.
    fn fl(&self, u: Vector) -> (i32, i32) {
        if self.three_d {
            (
                self.d.dot(u),
                if self.relative { 0 } else { -i32::from(u.x) },
            )
        } else {
            (self.d.dot(u), self.d.cross_z(u))
        }
    }

    /// Indices of the candidates satisfying `test(F, L)`.
    fn matching(&self, test: impl Fn(i32, i32) -> bool) -> Vec<usize> {
        (0..self.cands.len())
            .filter(|&k| {
                let (f, l) = self.fl(self.cands[k]);
                test(f, l)
            })
            .collect()
    }

    fn keep_all(&mut self, ks: impl IntoIterator<Item = usize>) {
        for k in ks {
            self.keep[k] = true;
        }
    }

    /// `hl` / `hr`: the chiral half of an oblique atom.
    fn half(&mut self, side: char) -> Result<(), DirError> {
        for (k, &u) in self.cands.iter().enumerate() {
            if u.x.abs() == u.y.abs() || u.x == 0 || u.y == 0 {
                return Err(DirError(
                    "`h` applies only to oblique atoms such as N".into(),
                ));
            }
            let major = if u.x.abs() > u.y.abs() {
                Vector::xy(u.x.signum(), 0)
            } else {
                Vector::xy(0, u.y.signum())
            };
            if (major.cross_z(u) > 0) == (side == 'l') {
                self.keep[k] = true;
            }
        }
        Ok(())
    }

    /// A letter (or a pair) on a 3D board: single letters test one axis; a
    /// pair intersects, or adds when the intersection is empty. Returns the
    /// letters used.
    fn three_d_letters(&mut self, c: char, next: Option<char>) -> usize {
        let (pair, step) = match next {
            Some(n) if (vert(c) && horiz(n)) || (horiz(c) && vert(n)) => (Some(n), 2),
            Some(n) if n == c => (None, 2),
            _ => (None, 1),
        };
        let p3 = |x: char, u: Vector| match x {
            'f' => u.y > 0,
            'b' => u.y < 0,
            'v' => u.y != 0,
            's' => u.y == 0,
            'l' => u.x < 0,
            'r' => u.x > 0,
            _ => false,
        };
        let cands = self.cands;
        let sel: Vec<usize> = (0..cands.len())
            .filter(|&k| p3(c, cands[k]) && pair.is_none_or(|n| p3(n, cands[k])))
            .collect();
        if sel.is_empty() && pair.is_some() {
            self.keep_all(
                (0..cands.len())
                    .filter(|&k| p3(c, cands[k]) || pair.is_some_and(|n| p3(n, cands[k]))),
            );
        }
        self.keep_all(sel);
        step
    }

    /// A doubled letter (`ff`, `ll`...): the narrow pair whose major component
    /// is in that direction, or all in that direction when there is none.
    fn doubled(&mut self, c: char) {
        let narrow = self.matching(|f, l| pred(c, f, l) && major_along(c, f, l));
        let chosen = if narrow.is_empty() {
            self.matching(|f, l| pred(c, f, l))
        } else {
            narrow
        };
        self.keep_all(chosen);
    }

    /// A vertical and a horizontal letter (`fl`, `rf`, `vs`...): the moves
    /// satisfying both; of several, those whose major component is along the
    /// second letter; when none, the letters add.
    fn pair(&mut self, c: char, n: char) {
        for &x in expand(c) {
            for &y in expand(n) {
                let both = self.matching(|f, l| pred(x, f, l) && pred(y, f, l));
                if both.is_empty() {
                    let either = self.matching(|f, l| pred(x, f, l) || pred(y, f, l));
                    self.keep_all(either);
                } else if both.len() == 1 {
                    self.keep_all(both);
                } else {
                    let m: Vec<usize> = both
                        .iter()
                        .copied()
                        .filter(|&k| {
                            let (f, l) = self.fl(self.cands[k]);
                            major_along(n, f, l)
                        })
                        .collect();
                    self.keep_all(if m.is_empty() { both } else { m });
                }
            }
        }
    }

    /// `fh`, `bh`, `lh`, `rh` (Fairy-Stockfish's "half"): every move with
    /// a component in that direction, in either dialect (`fhN` is the four
    /// forward Knight moves, `fhW` the forward step).
    fn broad(&mut self, c: char) {
        let chosen = self.matching(|f, l| pred(c, f, l));
        self.keep_all(chosen);
    }

    /// A single letter; in Fairy-Stockfish's dialect it selects only the
    /// narrow pair of an oblique atom (on a first leg).
    fn single(&mut self, c: char) {
        let fsf_narrow = self.dialect == Dialect::FairyStockfish && !self.relative;
        let cands = self.cands;
        let chosen: Vec<usize> = (0..cands.len())
            .filter(|&k| {
                let u = cands[k];
                let (f, l) = self.fl(u);
                let oblique = u.x != 0 && u.y != 0 && u.x.abs() != u.y.abs();
                pred(c, f, l) && (!(fsf_narrow && oblique) || major_along(c, f, l))
            })
            .collect();
        self.keep_all(chosen);
    }
}

/// Selects the vectors of `cands` named by the direction letters `dirs`,
/// relative to the reference direction `d`.
///
/// # Errors
/// Letters that cannot apply (`h` without `l`/`r`, left/right on a relative
/// 3D leg, a selection that leaves no move).
pub fn select_directions(
    cands: &[Vector],
    dirs: &str,
    d: Vector,
    three_d: bool,
    relative: bool,
    dialect: Dialect,
) -> Result<Vec<Vector>, DirError> {
    if dirs.is_empty() {
        return Ok(cands.to_vec());
    }
    let chars: Vec<char> = dirs.chars().collect();
    if three_d && relative && chars.iter().any(|c| matches!(c, 'l' | 'r' | 's' | 'h')) {
        return Err(DirError(
            "left/right/sideways are not defined for later legs on a 3D board".into(),
        ));
    }
    let mut s = Selector {
        cands,
        d,
        three_d,
        relative,
        dialect,
        keep: vec![false; cands.len()],
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        i += if c == 'h' {
            let Some(side @ ('l' | 'r')) = next else {
                return Err(DirError("`h` (half) must be followed by `l` or `r`".into()));
            };
            s.half(side)?;
            2
        } else if next == Some('h') && matches!(c, 'f' | 'b' | 'l' | 'r') {
            s.broad(c);
            2
        } else if three_d {
            s.three_d_letters(c, next)
        } else if next == Some(c) && matches!(c, 'f' | 'b' | 'l' | 'r') {
            s.doubled(c);
            2
        } else if next.is_some_and(|n| (vert(c) && horiz(n)) || (horiz(c) && vert(n))) {
            s.pair(c, next.unwrap_or(c));
            2
        } else {
            s.single(c);
            1
        };
    }
    let out: Vec<Vector> = cands
        .iter()
        .zip(&s.keep)
        .filter(|(_, &k)| k)
        .map(|(u, _)| *u)
        .collect();
    if out.is_empty() {
        return Err(DirError(format!(
            "direction `{dirs}` selects no move of this atom"
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::Atom;

    fn sel(atom: Atom, dirs: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = select_directions(
            &atom.vectors(false),
            dirs,
            Vector::xy(0, 1),
            false,
            false,
            Dialect::XBetza,
        )
        .unwrap()
        .into_iter()
        .map(|u| (u.x, u.y))
        .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn half_on_a_side_takes_every_move_that_way() {
        let n = Atom::new(2, 1, 0);
        assert_eq!(sel(n, "fh"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(sel(n, "lh"), vec![(-2, -1), (-2, 1), (-1, -2), (-1, 2)]);
        assert_eq!(sel(Atom::new(1, 0, 0), "fh"), vec![(0, 1)]);
        let fsf = |dirs: &str| {
            let mut v: Vec<(i8, i8)> = select_directions(
                &n.vectors(false),
                dirs,
                Vector::xy(0, 1),
                false,
                false,
                Dialect::FairyStockfish,
            )
            .unwrap()
            .into_iter()
            .map(|u| (u.x, u.y))
            .collect();
            v.sort_unstable();
            v
        };
        // Fairy-Stockfish's single `f` is the narrow pair; `fh` all four.
        assert_eq!(fsf("f"), vec![(-1, 2), (1, 2)]);
        assert_eq!(fsf("fh"), sel(n, "fh"));
    }

    #[test]
    fn orthogonal() {
        let w = Atom::new(1, 0, 0);
        assert_eq!(sel(w, "f"), vec![(0, 1)]);
        assert_eq!(sel(w, "fs"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(sel(w, "v"), vec![(0, -1), (0, 1)]);
        assert_eq!(sel(w, "fl"), vec![(-1, 0), (0, 1)]);
    }

    #[test]
    fn diagonal() {
        let f = Atom::new(1, 1, 0);
        assert_eq!(sel(f, "f"), vec![(-1, 1), (1, 1)]);
        assert_eq!(sel(f, "fl"), vec![(-1, 1)]);
        assert_eq!(sel(f, "s").len(), 4);
    }

    #[test]
    fn oblique() {
        let n = Atom::new(2, 1, 0);
        assert_eq!(sel(n, "f").len(), 4);
        assert_eq!(sel(n, "ff"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel(n, "fs"), vec![(-2, 1), (2, 1)]);
        assert_eq!(sel(n, "fr"), vec![(2, 1)]);
        assert_eq!(sel(n, "rf"), vec![(1, 2)]);
        assert_eq!(sel(n, "hl"), vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]);
        let fsf = select_directions(
            &n.vectors(false),
            "f",
            Vector::xy(0, 1),
            false,
            false,
            Dialect::FairyStockfish,
        )
        .unwrap();
        assert_eq!(fsf.len(), 2);
        assert!(fsf.iter().all(|u| u.y == 2));
    }

    #[test]
    fn relative_legs() {
        // Fox: diagonal legs at 45 degrees to an orthogonal first step.
        let f = Atom::new(1, 1, 0);
        let r = select_directions(
            &f.vectors(false),
            "f",
            Vector::xy(1, 0),
            false,
            true,
            Dialect::XBetza,
        )
        .unwrap();
        assert_eq!(r.len(), 2);
        assert!(r.iter().all(|u| u.x == 1));
        // Hook: perpendicular steps after a diagonal slide.
        let h = select_directions(
            &f.vectors(false),
            "s",
            Vector::xy(1, 1),
            false,
            true,
            Dialect::XBetza,
        )
        .unwrap();
        let mut h: Vec<_> = h.into_iter().map(|u| (u.x, u.y)).collect();
        h.sort_unstable();
        assert_eq!(h, vec![(-1, 1), (1, -1)]);
    }

    #[test]
    fn three_d() {
        let w = Atom::new(1, 0, 0);
        let v = w.vectors(true);
        assert_eq!(v.len(), 6);
        let s =
            select_directions(&v, "s", Vector::new(0, 1, 0), true, false, Dialect::XBetza).unwrap();
        assert_eq!(s.len(), 4);
        let f = Atom::new(1, 1, 0).vectors(true);
        assert_eq!(f.len(), 12);
        assert_eq!(
            select_directions(&f, "f", Vector::new(0, 1, 0), true, false, Dialect::XBetza)
                .unwrap()
                .len(),
            4
        );
        assert_eq!(Atom::new(1, 1, 1).vectors(true).len(), 8);
        assert_eq!(Atom::new(2, 1, 0).vectors(true).len(), 24);
        assert_eq!(Atom::new(2, 1, 1).vectors(true).len(), 24);
    }

    #[test]
    fn errors() {
        let n = Atom::new(1, 0, 0);
        assert!(select_directions(
            &n.vectors(false),
            "h",
            Vector::xy(0, 1),
            false,
            false,
            Dialect::XBetza
        )
        .is_err());
    }
}
