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
//! * `hl` / `hr`: the chiral half of an oblique atom.
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
    /// narrow pair in that direction (`fN` is the Shogi Knight).
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
    let fl = |u: Vector| -> (i32, i32) {
        if three_d {
            (d.dot(u), if relative { 0 } else { -i32::from(u.x) })
        } else {
            (d.dot(u), d.cross_z(u))
        }
    };
    if three_d && relative && chars.iter().any(|c| matches!(c, 'l' | 'r' | 's' | 'h')) {
        return Err(DirError(
            "left/right/sideways are not defined for later legs on a 3D board".into(),
        ));
    }
    let mut keep = vec![false; cands.len()];
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let vert = |x: char| matches!(x, 'f' | 'b' | 'v');
        let horiz = |x: char| matches!(x, 'l' | 'r' | 's');
        if c == 'h' {
            let Some(side @ ('l' | 'r')) = next else {
                return Err(DirError("`h` (half) must be followed by `l` or `r`".into()));
            };
            for (k, &u) in cands.iter().enumerate() {
                let major = if u.x.abs() > u.y.abs() {
                    Vector::xy(u.x.signum(), 0)
                } else {
                    Vector::xy(0, u.y.signum())
                };
                if u.x.abs() == u.y.abs() || u.x == 0 || u.y == 0 {
                    return Err(DirError(
                        "`h` applies only to oblique atoms such as N".into(),
                    ));
                }
                let left = major.cross_z(u) > 0;
                if left == (side == 'l') {
                    keep[k] = true;
                }
            }
            i += 2;
            continue;
        }
        if three_d {
            // On 3D boards: single letters; a pair intersects (or adds when
            // the intersection is empty).
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
            let sel: Vec<usize> = (0..cands.len())
                .filter(|&k| p3(c, cands[k]) && pair.is_none_or(|n| p3(n, cands[k])))
                .collect();
            if sel.is_empty() && pair.is_some() {
                for k in 0..cands.len() {
                    if p3(c, cands[k]) || pair.is_some_and(|n| p3(n, cands[k])) {
                        keep[k] = true;
                    }
                }
            }
            for k in sel {
                keep[k] = true;
            }
            i += step;
            continue;
        }
        if next == Some(c) && matches!(c, 'f' | 'b' | 'l' | 'r') {
            let narrow: Vec<usize> = (0..cands.len())
                .filter(|&k| {
                    let (f, l) = fl(cands[k]);
                    pred(c, f, l)
                        && if vert(c) {
                            f.abs() > l.abs()
                        } else {
                            l.abs() > f.abs()
                        }
                })
                .collect();
            let chosen: Vec<usize> = if narrow.is_empty() {
                (0..cands.len())
                    .filter(|&k| {
                        let (f, l) = fl(cands[k]);
                        pred(c, f, l)
                    })
                    .collect()
            } else {
                narrow
            };
            for k in chosen {
                keep[k] = true;
            }
            i += 2;
            continue;
        }
        if let Some(n) = next {
            if (vert(c) && horiz(n)) || (horiz(c) && vert(n)) {
                for &x in expand(c) {
                    for &y in expand(n) {
                        let both: Vec<usize> = (0..cands.len())
                            .filter(|&k| {
                                let (f, l) = fl(cands[k]);
                                pred(x, f, l) && pred(y, f, l)
                            })
                            .collect();
                        if both.is_empty() {
                            for k in 0..cands.len() {
                                let (f, l) = fl(cands[k]);
                                if pred(x, f, l) || pred(y, f, l) {
                                    keep[k] = true;
                                }
                            }
                        } else if both.len() == 1 {
                            keep[both[0]] = true;
                        } else {
                            // The second letter names the major component.
                            let major_vertical = vert(n);
                            let m: Vec<usize> = both
                                .iter()
                                .copied()
                                .filter(|&k| {
                                    let (f, l) = fl(cands[k]);
                                    if major_vertical {
                                        f.abs() > l.abs()
                                    } else {
                                        l.abs() > f.abs()
                                    }
                                })
                                .collect();
                            for k in if m.is_empty() { both } else { m } {
                                keep[k] = true;
                            }
                        }
                    }
                }
                i += 2;
                continue;
            }
        }
        for (k, &u) in cands.iter().enumerate() {
            let (f, l) = fl(u);
            let oblique = u.x != 0 && u.y != 0 && u.x.abs() != u.y.abs();
            let ok = if dialect == Dialect::FairyStockfish && oblique && !relative {
                pred(c, f, l)
                    && if vert(c) {
                        f.abs() > l.abs()
                    } else {
                        l.abs() > f.abs()
                    }
            } else {
                pred(c, f, l)
            };
            if ok {
                keep[k] = true;
            }
        }
        i += 1;
    }
    let out: Vec<Vector> = cands
        .iter()
        .zip(&keep)
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
