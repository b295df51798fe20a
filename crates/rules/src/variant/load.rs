//! Reading variant files: TOML parsing, the `extends` chain, merging, and
//! problem reports with file, line and key.

use super::spec::{PieceFile, RegionFile, VariantFile};
use std::collections::BTreeMap;
use std::fmt;
use toml::Spanned;

/// Text of one variant file with a name for messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantSource {
    /// File name or `builtin:<id>`.
    pub name: String,
    /// TOML text.
    pub text: String,
}

/// One problem found in a variant file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// File name.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// Dotted key (`pieces.N.betza`).
    pub key: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        if !self.key.is_empty() {
            write!(f, ": {}", self.key)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every problem found while loading a variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    /// The problems, in file order.
    pub problems: Vec<Problem>,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// (line, column), both 1-based, of a byte offset.
#[must_use]
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before.len(), |i| before.len() - i - 1)
        + 1;
    (line, col)
}

/// A parsed file of the chain.
#[derive(Debug, Clone)]
pub struct ChainFile {
    /// Source.
    pub source: VariantSource,
    /// Parsed content.
    pub file: VariantFile,
}

/// Where a merged item came from.
pub type Origin = usize;

/// The merged chain, each part remembering its file.
#[derive(Debug, Clone, Default)]
pub struct Merged {
    /// Files, child first.
    pub files: Vec<ChainFile>,
    /// Merged scalar fields and sections, with the file index they came from.
    pub top: VariantFile,
    /// File of each top-level section that was set.
    pub section_origin: BTreeMap<&'static str, Origin>,
    /// Pieces by key with their file.
    pub pieces: BTreeMap<String, (Origin, Spanned<PieceFile>)>,
    /// Regions by name with their file.
    pub regions: BTreeMap<String, (Origin, Spanned<RegionFile>)>,
}

impl Merged {
    /// Builds a problem located at a byte span of file `origin`.
    #[must_use]
    pub fn problem_at(
        &self,
        origin: Origin,
        span: Option<std::ops::Range<usize>>,
        key: &str,
        message: impl Into<String>,
    ) -> Problem {
        let f = &self.files[origin];
        let (line, column) = match span {
            Some(s) => {
                let (l, c) = line_col(&f.source.text, s.start);
                (Some(l), Some(c))
            }
            None => (find_key_line(&f.source.text, key), None),
        };
        Problem {
            file: f.source.name.clone(),
            line,
            column,
            key: key.to_string(),
            message: message.into(),
        }
    }

    /// A problem in a whole section.
    #[must_use]
    pub fn problem_in(
        &self,
        section: &'static str,
        key: &str,
        message: impl Into<String>,
    ) -> Problem {
        let origin = self.section_origin.get(section).copied().unwrap_or(0);
        self.problem_at(origin, None, key, message)
    }
}

/// Best-effort line of a dotted key: the table header or the key's line.
fn find_key_line(text: &str, key: &str) -> Option<usize> {
    let parts: Vec<&str> = key.split('.').collect();
    let last = parts.last()?;
    let mut in_section = parts.len() == 1;
    let section = parts[..parts.len().saturating_sub(1)].join(".");
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            let name = t.trim_matches(|c| c == '[' || c == ']').trim();
            in_section = parts.len() == 1 || name == section || name.replace('"', "") == section;
            if name == key {
                return Some(i + 1);
            }
            continue;
        }
        if in_section && (t.starts_with(&format!("{last} ")) || t.starts_with(&format!("{last}=")))
        {
            return Some(i + 1);
        }
    }
    None
}

fn parse_file(src: &VariantSource) -> Result<VariantFile, Problem> {
    toml::from_str::<VariantFile>(&src.text).map_err(|e| {
        let (line, column) = match e.span() {
            Some(s) => {
                let (l, c) = line_col(&src.text, s.start);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        Problem {
            file: src.name.clone(),
            line,
            column,
            key: String::new(),
            message: e.message().trim().to_string(),
        }
    })
}

/// Most files in an `extends` chain (the file itself included): real chains
/// have two or three; a long chain costs time and memory at every load.
pub const MAX_EXTENDS_DEPTH: usize = 16;

/// Reads a file and the chain of files it extends, then merges them.
///
/// # Errors
/// TOML syntax errors, unknown keys, wrong value types, unknown or cyclic
/// `extends`.
pub fn read_chain(
    source: &VariantSource,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
) -> Result<Merged, VariantError> {
    let mut files: Vec<ChainFile> = Vec::new();
    let mut next = Some(source.clone());
    while let Some(src) = next.take() {
        let file = parse_file(&src).map_err(|p| VariantError { problems: vec![p] })?;
        let parent = file.extends.clone();
        files.push(ChainFile { source: src, file });
        if let Some(parent) = parent {
            let name = parent.get_ref().clone();
            let child = files.len() - 1;
            let span = parent.span();
            let bad = |msg: String| {
                let f = &files[child];
                let (l, c) = line_col(&f.source.text, span.start);
                VariantError {
                    problems: vec![Problem {
                        file: f.source.name.clone(),
                        line: Some(l),
                        column: Some(c),
                        key: "extends".into(),
                        message: msg,
                    }],
                }
            };
            if files.len() >= MAX_EXTENDS_DEPTH {
                return Err(bad(format!(
                    "`extends` chain longer than {MAX_EXTENDS_DEPTH} files"
                )));
            }
            match resolve(&name) {
                Some(p) => {
                    if files.iter().any(|f| f.source.name == p.name) {
                        return Err(bad(format!("`extends = \"{name}\"` forms a cycle")));
                    }
                    next = Some(p);
                }
                None => return Err(bad(format!("unknown variant `{name}` to extend"))),
            }
        }
    }
    Ok(merge(files))
}

fn merge(files: Vec<ChainFile>) -> Merged {
    let mut m = Merged::default();
    // Apply from the root (last) to the child (first).
    for (idx, cf) in files.iter().enumerate().rev() {
        let f = &cf.file;
        macro_rules! take {
            ($field:ident, $name:literal) => {
                if f.$field.is_some() {
                    m.top.$field = f.$field.clone();
                    m.section_origin.insert($name, idx);
                }
            };
        }
        take!(id, "id");
        take!(name, "name");
        take!(family, "family");
        take!(description, "description");
        take!(aliases, "aliases");
        take!(board, "board");
        take!(setup, "setup");
        take!(castling, "castling");
        take!(fen, "fen");
        take!(notation, "notation");
        take!(ai, "ai");
        if let Some(r) = &f.rules {
            let base = m.top.rules.get_or_insert_with(Default::default);
            macro_rules! field {
                ($x:ident) => {
                    if r.$x.is_some() {
                        base.$x = r.$x.clone();
                    }
                };
            }
            field!(stalemate);
            field!(move_rule);
            field!(repetition);
            field!(ply_cap);
            field!(bare_kings_draw);
            field!(facing);
            field!(count_win);
            field!(coverage);
            field!(drops);
            field!(captures_to_hand);
            field!(immobility_illegal);
            field!(drop_resets_clock);
            field!(promotion_resets_clock);
            field!(counting);
            field!(royal_captures_checker_only);
            field!(bare_king);
            field!(drop_mate_loses);
            field!(perpetual_check_loses);
            field!(chasing);
            field!(repetition_verdict);
            field!(check_counting);
            field!(checking);
            field!(drop_checks);
            field!(flag);
            field!(connect);
            field!(checkmate);
            field!(stalemate_piece_count);
            field!(must_capture);
            field!(extinction);
            field!(first_move);
            field!(must_drop);
            field!(must_drop_piece);
            field!(placed_promotion);
            field!(mate_series);
            field!(en_passant_region);
            field!(walls);
            field!(pass);
            field!(bikjang);
            field!(material_counting);
            field!(move_repetition_loses);
            field!(blast);
            field!(mutually_immune);
            field!(enclosing_drops);
            field!(enclosing_start);
            field!(flips);
            field!(free_drops);
            field!(pass_on_stalemate);
            field!(full_board_ends);
            field!(chess960);
            field!(gating);
            field!(petrify);
            field!(drop_opposite_colours);
            field!(drop_castling);
            field!(castling_wins);
            field!(opposite_castling);
            field!(promotion_limit);
            m.section_origin.insert("rules", idx);
        }
        if let Some(rm) = &f.remove_pieces {
            for k in rm {
                m.pieces.remove(k);
            }
        }
        if let Some(ps) = &f.pieces {
            for (k, p) in ps {
                m.pieces.insert(k.clone(), (idx, p.clone()));
            }
        }
        if let Some(rs) = &f.regions {
            for (k, r) in rs {
                m.regions.insert(k.clone(), (idx, r.clone()));
            }
        }
    }
    m.files = files;
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        assert_eq!(line_col("ab\ncd\nef", 4), (2, 2));
        assert_eq!(line_col("x", 0), (1, 1));
        let t = "[pieces.N]\nname = \"Knight\"\nbetza = \"N\"\n";
        assert_eq!(find_key_line(t, "pieces.N.betza"), Some(3));
        assert_eq!(find_key_line(t, "pieces.N"), Some(1));
    }

    #[test]
    fn unknown_keys_are_reported_with_line() {
        let src = VariantSource {
            name: "x.toml".into(),
            text: "id = \"x\"\n[board]\nfiles = 8\nranks = 8\nbogus = 1\n".into(),
        };
        let e = read_chain(&src, &|_| None).unwrap_err();
        assert_eq!(e.problems[0].line, Some(5));
        assert!(
            e.problems[0].message.contains("bogus"),
            "{}",
            e.problems[0].message
        );
    }

    #[test]
    fn extends_cycles_and_unknown() {
        let a = VariantSource {
            name: "a".into(),
            text: "extends = \"b\"\n".into(),
        };
        let b = VariantSource {
            name: "b".into(),
            text: "extends = \"a\"\n".into(),
        };
        let (a2, b2) = (a.clone(), b.clone());
        let e = read_chain(&a, &move |n| {
            if n == "a" {
                Some(a2.clone())
            } else if n == "b" {
                Some(b2.clone())
            } else {
                None
            }
        })
        .unwrap_err();
        assert!(e.to_string().contains("cycle"));
        let e = read_chain(&a, &|_| None).unwrap_err();
        assert!(e.to_string().contains("unknown variant `b`"));
    }
}
