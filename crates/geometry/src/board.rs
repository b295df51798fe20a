//! The board: which cells exist, where they are and what they are called.

use crate::{CellSet, Vector};
use std::collections::HashMap;
use std::fmt;

/// Index of a cell within one [`Geometry`] (0-based, dense).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CellId(pub u16);

impl CellId {
    /// The index as `usize`, for table look-ups.
    #[inline]
    #[must_use]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for CellId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Problems in a board description.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// A dimension is zero or too large.
    #[error("board dimension {what} = {value} is out of range ({min}..={max})")]
    Dimension {
        /// Which dimension.
        what: &'static str,
        /// The value given.
        value: usize,
        /// Smallest allowed.
        min: usize,
        /// Largest allowed.
        max: usize,
    },
    /// A hole names a cell that is not on the main board.
    #[error("hole `{0}` is not a cell of the main board")]
    BadHole(String),
    /// An extra cell has a bad name or position.
    #[error("extra cell `{name}`: {reason}")]
    BadExtra {
        /// The cell name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// Too many level letters or bad letters.
    #[error("level letters `{0}` do not fit the number of levels")]
    BadLevels(String),
}

/// The data that defines a board, as read from a variant file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardSpec {
    /// Number of files (x), at least 1.
    pub files: usize,
    /// Number of ranks (y), at least 1.
    pub ranks: usize,
    /// Number of levels (z); 1 for a flat board.
    pub levels: usize,
    /// Cells of the main box that do not exist, by name.
    pub holes: Vec<String>,
    /// Cells outside the main box: name and coordinates `(x, y, z)`.
    pub extra: Vec<(String, [i32; 3])>,
    /// Letters naming the levels of a 3D board, lowest first. Empty: the
    /// letters ending with `z` (u..z for six levels).
    pub level_letters: String,
    /// Alternative names accepted on input (alias, canonical name).
    pub aliases: Vec<(String, String)>,
}

const NONE: u16 = u16::MAX;
/// Most files a board may have.
pub const MAX_FILES: usize = 26;
/// Most levels a board may have.
pub const MAX_LEVELS: usize = 26;

/// An immutable board geometry.
#[derive(Clone)]
pub struct Geometry {
    files: usize,
    ranks: usize,
    levels: usize,
    min: [i32; 3],
    size: [usize; 3],
    coords: Vec<[i8; 3]>,
    index: Vec<u16>,
    names: Vec<String>,
    lookup: HashMap<String, CellId>,
    max_name_len: usize,
    extras: Vec<CellId>,
    level_letters: Vec<char>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Geometry({}x{}x{}, {} cells)",
            self.files,
            self.ranks,
            self.levels,
            self.len()
        )
    }
}

fn file_letter(x: usize) -> char {
    char::from(b'a' + x as u8)
}

impl Geometry {
    /// Builds a geometry from its description.
    ///
    /// # Errors
    /// Dimensions out of range (1..=26 files and ranks up to 99 ... see
    /// [`GeometryError`]), holes that are not main cells, extra cells that
    /// collide with others or have names that clash.
    pub fn new(spec: &BoardSpec) -> Result<Self, GeometryError> {
        let check = |what, value: usize, max| {
            if value == 0 || value > max {
                Err(GeometryError::Dimension {
                    what,
                    value,
                    min: 1,
                    max,
                })
            } else {
                Ok(())
            }
        };
        check("files", spec.files, MAX_FILES)?;
        check("ranks", spec.ranks, 99)?;
        check("levels", spec.levels, MAX_LEVELS)?;
        let level_letters: Vec<char> = if spec.levels <= 1 {
            Vec::new()
        } else if spec.level_letters.is_empty() {
            (0..spec.levels)
                .map(|i| char::from(b'z' - (spec.levels - 1 - i) as u8))
                .collect()
        } else {
            let l: Vec<char> = spec.level_letters.chars().collect();
            if l.len() != spec.levels || !l.iter().all(char::is_ascii_lowercase) {
                return Err(GeometryError::BadLevels(spec.level_letters.clone()));
            }
            l
        };
        let mut min = [0i32; 3];
        let mut max = [
            spec.files as i32 - 1,
            spec.ranks as i32 - 1,
            spec.levels as i32 - 1,
        ];
        for (name, c) in &spec.extra {
            if c.iter().any(|v| v.abs() > 100) {
                return Err(GeometryError::BadExtra {
                    name: name.clone(),
                    reason: "coordinates too far".into(),
                });
            }
            for k in 0..3 {
                min[k] = min[k].min(c[k]);
                max[k] = max[k].max(c[k]);
            }
        }
        let size = [
            (max[0] - min[0] + 1) as usize,
            (max[1] - min[1] + 1) as usize,
            (max[2] - min[2] + 1) as usize,
        ];
        let mut g = Geometry {
            files: spec.files,
            ranks: spec.ranks,
            levels: spec.levels,
            min,
            size,
            coords: Vec::new(),
            index: vec![NONE; size[0] * size[1] * size[2]],
            names: Vec::new(),
            lookup: HashMap::new(),
            max_name_len: 0,
            extras: Vec::new(),
            level_letters,
        };
        let mut holes = std::collections::HashSet::new();
        for h in &spec.holes {
            let pos = g
                .main_name_to_coord(h)
                .ok_or_else(|| GeometryError::BadHole(h.clone()))?;
            holes.insert(pos);
        }
        for z in 0..spec.levels {
            for y in 0..spec.ranks {
                for x in 0..spec.files {
                    let c = [x as i32, y as i32, z as i32];
                    if holes.contains(&c) {
                        continue;
                    }
                    let name = g.main_name(c);
                    g.push_cell(c, name);
                }
            }
        }
        for (name, c) in &spec.extra {
            let bad = |reason: &str| GeometryError::BadExtra {
                name: name.clone(),
                reason: reason.into(),
            };
            if name.is_empty() || !name.chars().all(|ch| ch.is_ascii_alphanumeric()) {
                return Err(bad("names are letters and digits"));
            }
            if g.lookup.contains_key(name) {
                return Err(bad("name already used"));
            }
            if g.index[g.flat(*c).ok_or_else(|| bad("outside the grid"))?] != NONE {
                return Err(bad("position already holds a cell"));
            }
            if c[2] != 0 && spec.levels == 1 {
                return Err(bad("a flat board has only level 0"));
            }
            let id = g.push_cell(*c, name.clone());
            g.extras.push(id);
        }
        for (alias, canonical) in &spec.aliases {
            let id = *g
                .lookup
                .get(canonical)
                .ok_or_else(|| GeometryError::BadExtra {
                    name: alias.clone(),
                    reason: format!("alias of unknown cell `{canonical}`"),
                })?;
            g.max_name_len = g.max_name_len.max(alias.len());
            g.lookup.insert(alias.clone(), id);
        }
        Ok(g)
    }

    /// A plain rectangular board.
    ///
    /// # Errors
    /// Dimensions out of range.
    pub fn rectangle(files: usize, ranks: usize) -> Result<Self, GeometryError> {
        Geometry::new(&BoardSpec {
            files,
            ranks,
            levels: 1,
            ..BoardSpec::default()
        })
    }

    fn push_cell(&mut self, c: [i32; 3], name: String) -> CellId {
        let id = CellId(self.coords.len() as u16);
        let flat = self.flat(c).unwrap_or(0);
        self.index[flat] = id.0;
        self.coords.push([c[0] as i8, c[1] as i8, c[2] as i8]);
        self.max_name_len = self.max_name_len.max(name.len());
        self.lookup.insert(name.clone(), id);
        self.names.push(name);
        id
    }

    fn flat(&self, c: [i32; 3]) -> Option<usize> {
        let mut f = 0usize;
        for k in (0..3).rev() {
            let v = c[k] - self.min[k];
            if v < 0 || v as usize >= self.size[k] {
                return None;
            }
            f = f * self.size[k] + v as usize;
        }
        Some(f)
    }

    fn main_name(&self, c: [i32; 3]) -> String {
        let fr = format!("{}{}", file_letter(c[0] as usize), c[1] + 1);
        if self.levels > 1 {
            format!("{}{}", self.level_letters[c[2] as usize], fr)
        } else {
            fr
        }
    }

    fn main_name_to_coord(&self, s: &str) -> Option<[i32; 3]> {
        let mut chars = s.chars();
        let z = if self.levels > 1 {
            let l = chars.next()?;
            self.level_letters.iter().position(|&c| c == l)? as i32
        } else {
            0
        };
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let x = i32::from(f as u8 - b'a');
        let rest: String = chars.collect();
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let y = rest.parse::<i32>().ok()? - 1;
        if x >= self.files as i32 || y >= self.ranks as i32 {
            return None;
        }
        Some([x, y, z])
    }

    /// Number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// True for a board without cells (never the case for a built geometry).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Files of the main box.
    #[must_use]
    pub fn files(&self) -> usize {
        self.files
    }

    /// Ranks of the main box.
    #[must_use]
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// Levels of the main box (1 for flat boards).
    #[must_use]
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// True for a board with more than one level.
    #[must_use]
    pub fn is_3d(&self) -> bool {
        self.levels > 1
    }

    /// The level letters of a 3D board (empty for flat boards).
    #[must_use]
    pub fn level_letters(&self) -> &[char] {
        &self.level_letters
    }

    /// All cells.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + Clone {
        (0..self.coords.len() as u16).map(CellId)
    }

    /// Cells outside the main box, in declaration order.
    #[must_use]
    pub fn extras(&self) -> &[CellId] {
        &self.extras
    }

    /// Coordinates `(file, rank, level)` of a cell.
    #[inline]
    #[must_use]
    pub fn coord(&self, c: CellId) -> Vector {
        let p = self.coords[c.idx()];
        Vector::new(p[0], p[1], p[2])
    }

    /// The cell at `(x, y, z)`, if it exists.
    #[inline]
    #[must_use]
    pub fn cell_at(&self, x: i32, y: i32, z: i32) -> Option<CellId> {
        let f = self.flat([x, y, z])?;
        let id = self.index[f];
        (id != NONE).then_some(CellId(id))
    }

    /// The cell reached from `c` by vector `v`, if it exists.
    #[inline]
    #[must_use]
    pub fn offset(&self, c: CellId, v: Vector) -> Option<CellId> {
        let p = self.coords[c.idx()];
        self.cell_at(
            i32::from(p[0]) + i32::from(v.x),
            i32::from(p[1]) + i32::from(v.y),
            i32::from(p[2]) + i32::from(v.z),
        )
    }

    /// The cells reached by repeating `v` from `c` (not including `c`), up to
    /// `max` steps (0 = no limit), stopping at the first missing cell.
    #[must_use]
    pub fn ray(&self, c: CellId, v: Vector, max: usize) -> Vec<CellId> {
        let mut out = Vec::new();
        let mut cur = c;
        while max == 0 || out.len() < max {
            match self.offset(cur, v) {
                Some(n) => {
                    out.push(n);
                    cur = n;
                }
                None => break,
            }
        }
        out
    }

    /// The cell's name (`e4`, `wc3`, `C1`).
    #[must_use]
    pub fn name(&self, c: CellId) -> &str {
        &self.names[c.idx()]
    }

    /// Looks a cell up by its exact name (or an alias).
    #[must_use]
    pub fn parse_cell(&self, s: &str) -> Option<CellId> {
        self.lookup.get(s).copied()
    }

    /// Reads the longest cell name at the start of `s`; returns the cell and
    /// the number of bytes used.
    #[must_use]
    pub fn parse_cell_prefix(&self, s: &str) -> Option<(CellId, usize)> {
        let max = self.max_name_len.min(s.len());
        (1..=max).rev().find_map(|n| {
            let p = s.get(..n)?;
            self.lookup.get(p).map(|&c| (c, n))
        })
    }

    /// The cell with the rank reflected (White's view to Black's view), if it
    /// exists.
    #[must_use]
    pub fn mirror_rank(&self, c: CellId) -> Option<CellId> {
        let p = self.coord(c);
        self.cell_at(
            i32::from(p.x),
            self.ranks as i32 - 1 - i32::from(p.y),
            i32::from(p.z),
        )
    }

    /// The main-box position of a cell (`None` for extra cells).
    #[must_use]
    pub fn is_main(&self, c: CellId) -> bool {
        let p = self.coord(c);
        p.x >= 0
            && (p.x as usize) < self.files
            && p.y >= 0
            && (p.y as usize) < self.ranks
            && p.z >= 0
            && (p.z as usize) < self.levels
    }

    /// A set able to hold every cell of this board.
    #[must_use]
    pub fn empty_set(&self) -> CellSet {
        CellSet::with_capacity(self.len())
    }

    /// The set of all cells.
    #[must_use]
    pub fn all_cells(&self) -> CellSet {
        CellSet::full(self.len())
    }

    /// Name of the file at `x` (a letter).
    #[must_use]
    pub fn file_name(x: usize) -> char {
        file_letter(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big_outer() -> Geometry {
        Geometry::new(&BoardSpec {
            files: 12,
            ranks: 12,
            levels: 1,
            extra: vec![
                ("C1".into(), [-1, -1, 0]),
                ("C2".into(), [12, -1, 0]),
                ("C3".into(), [12, 12, 0]),
                ("C4".into(), [-1, 12, 0]),
            ],
            aliases: vec![("Z1".into(), "C1".into())],
            ..BoardSpec::default()
        })
        .unwrap()
    }

    #[test]
    fn rectangle_names_and_offsets() {
        let g = Geometry::rectangle(16, 12).unwrap();
        assert_eq!(g.len(), 192);
        let a1 = g.parse_cell("a1").unwrap();
        let p12 = g.parse_cell("p12").unwrap();
        assert_eq!(g.name(p12), "p12");
        assert_eq!(g.offset(a1, Vector::xy(15, 11)), Some(p12));
        assert_eq!(g.offset(a1, Vector::xy(-1, 0)), None);
        assert_eq!(g.parse_cell_prefix("p12p11"), Some((p12, 3)));
        assert_eq!(g.parse_cell_prefix("a1a2").map(|x| x.1), Some(2));
        assert_eq!(g.ray(a1, Vector::xy(1, 1), 0).len(), 11);
        assert_eq!(g.mirror_rank(a1), g.parse_cell("a12"));
    }

    #[test]
    fn corner_cells() {
        let g = big_outer();
        assert_eq!(g.len(), 148);
        let c1 = g.parse_cell("C1").unwrap();
        let a1 = g.parse_cell("a1").unwrap();
        assert_eq!(g.offset(c1, Vector::xy(1, 1)), Some(a1));
        assert_eq!(g.offset(c1, Vector::xy(1, 0)), None);
        assert_eq!(g.parse_cell("Z1"), Some(c1));
        assert_eq!(
            g.parse_cell("c1").map(|c| g.name(c).to_string()),
            Some("c1".into())
        );
        assert_eq!(g.mirror_rank(c1), g.parse_cell("C4"));
        assert!(!g.is_main(c1));
        let l12 = g.parse_cell("l12").unwrap();
        assert_eq!(g.ray(c1, Vector::xy(1, 1), 0).len(), 13);
        assert_eq!(g.offset(l12, Vector::xy(1, 1)), g.parse_cell("C3"));
    }

    #[test]
    fn cube() {
        let g = Geometry::new(&BoardSpec {
            files: 6,
            ranks: 6,
            levels: 6,
            ..BoardSpec::default()
        })
        .unwrap();
        assert_eq!(g.len(), 216);
        let wc3 = g.parse_cell("wc3").unwrap();
        assert_eq!(g.coord(wc3), Vector::new(2, 2, 2));
        assert_eq!(g.name(g.offset(wc3, Vector::new(1, 1, 1)).unwrap()), "xd4");
        assert_eq!(g.parse_cell("ua1").unwrap(), CellId(0));
        assert_eq!(g.parse_cell_prefix("wc3wc4"), Some((wc3, 3)));
    }

    #[test]
    fn bad_specs() {
        assert!(Geometry::rectangle(0, 8).is_err());
        assert!(Geometry::rectangle(27, 8).is_err());
        let e = Geometry::new(&BoardSpec {
            files: 8,
            ranks: 8,
            levels: 1,
            holes: vec!["z9".into()],
            ..BoardSpec::default()
        });
        assert!(matches!(e, Err(GeometryError::BadHole(_))));
        let e = Geometry::new(&BoardSpec {
            files: 8,
            ranks: 8,
            levels: 1,
            extra: vec![("X".into(), [3, 3, 0])],
            ..BoardSpec::default()
        });
        assert!(matches!(e, Err(GeometryError::BadExtra { .. })));
    }

    #[test]
    fn holes() {
        let g = Geometry::new(&BoardSpec {
            files: 8,
            ranks: 8,
            levels: 1,
            holes: vec!["d4".into(), "e5".into()],
            ..BoardSpec::default()
        })
        .unwrap();
        assert_eq!(g.len(), 62);
        assert_eq!(g.parse_cell("d4"), None);
        let c3 = g.parse_cell("c3").unwrap();
        assert_eq!(g.ray(c3, Vector::xy(1, 1), 0).len(), 0);
    }
}
