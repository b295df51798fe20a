#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Start-position perft of every variant Fairy-Stockfish plays
//! (`tests/data/oracle/fsf-all/start-perft.tsv`: its 121 built-in variants and
//! the 143 sections of its own `variants.ini`, 264 in all).
//!
//! A built-in variant (source `builtin`) is looked up by its id among
//! Menagerie's built-in variants. A section of Fairy-Stockfish's
//! `variants.ini` (source `variants.ini`) is looked up only among the
//! sections of `tests/data/fsf-ini/sections.ini`, Menagerie's own rendering
//! of the sections it plays, loaded through the same ini reader a user's file
//! goes through; that way the test proves the ini reader, not a built-in
//! stand-in. A variant passes when it loads, its start position is the one
//! Fairy-Stockfish prints, and every perft row agrees.
//!
//! `expected-pass.txt` lists the variants that must pass: the list may only
//! grow, and the test fails when a listed variant fails or is missing. The
//! test prints how many of the 264 pass and what is wrong with the others (a
//! section that does not load, with the ini reader's message).

use menagerie_rules::{perft, FileReport, Position, Registry, Variant};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

/// Rows above this many nodes run only with `MENAGERIE_FULL_PERFT=1` (CI),
/// so a debug-mode `cargo test` stays quick.
const SMALL_ROW_NODES: u64 = 2_000_000;

/// The oracle's source column for a section of Fairy-Stockfish's own
/// `variants.ini` (the other value is `builtin`).
const INI_SOURCE: &str = "variants.ini";

/// Menagerie's rendering of the `variants.ini` sections it plays, relative to
/// the repository root.
const SECTIONS_INI: &str = "tests/data/fsf-ini/sections.ini";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data(p: &str) -> PathBuf {
    root().join("tests/data/oracle/fsf-all").join(p)
}

struct Row {
    source: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

/// The rows of `start-perft.tsv` by variant.
fn rows() -> BTreeMap<String, Vec<Row>> {
    let text = std::fs::read_to_string(data("start-perft.tsv")).unwrap();
    let mut by_variant: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for l in text.lines().skip(1) {
        let f: Vec<&str> = l.split('\t').collect();
        assert_eq!(f.len(), 5, "bad row {l}");
        by_variant.entry(f[0].to_string()).or_default().push(Row {
            source: f[1].to_string(),
            fen: f[2].to_string(),
            depth: f[3].parse().unwrap(),
            nodes: f[4].parse().unwrap(),
        });
    }
    by_variant
}

/// The FEN with each side's hand in letter order (the order of a hand is
/// not significant).
fn normal_fen(fen: &str) -> String {
    let Some((head, rest)) = fen.split_once('[') else {
        return fen.to_string();
    };
    let Some((hand, tail)) = rest.split_once(']') else {
        return fen.to_string();
    };
    let mut white: Vec<char> = hand.chars().filter(char::is_ascii_uppercase).collect();
    let mut black: Vec<char> = hand.chars().filter(char::is_ascii_lowercase).collect();
    white.sort_unstable();
    black.sort_unstable();
    let hand: String = white.into_iter().chain(black).collect();
    format!("{head}[{hand}]{tail}")
}

/// What became of `sections.ini` in the registry.
struct Sections {
    /// Section names in file order, lowercase (the id a section loads as).
    names: Vec<String>,
    /// The sections that another section of the file extends.
    parents: BTreeSet<String>,
    /// Ids of the sections that loaded.
    loaded: BTreeSet<String>,
    /// The ini reader's messages for each section that did not load.
    problems: BTreeMap<String, Vec<String>>,
    /// Messages tied to no section (the file as a whole).
    file_problems: Vec<String>,
}

/// The (name, parent) of each section of an ini text, lowercase, in file
/// order.
fn section_heads(text: &str) -> Vec<(String, Option<String>)> {
    text.lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix('[')?.strip_suffix(']'))
        .map(|inner| match inner.split_once(':') {
            Some((name, parent)) => (
                name.trim().to_ascii_lowercase(),
                Some(parent.trim().to_ascii_lowercase()),
            ),
            None => (inner.trim().to_ascii_lowercase(), None),
        })
        .collect()
}

/// The section a loader problem belongs to: the reader names it as
/// `[Name] key`, as the key itself (a parent that is missing), or in the
/// file name `FILE [id]` (a converted section the variant loader refused).
fn section_of(file: &str, key: &str, names: &[String]) -> Option<String> {
    if let Some((name, _)) = key.strip_prefix('[').and_then(|k| k.split_once(']')) {
        return Some(name.to_ascii_lowercase());
    }
    if names.contains(&key.to_ascii_lowercase()) {
        return Some(key.to_ascii_lowercase());
    }
    let id = file.strip_suffix(']')?.rsplit_once(" [")?.1;
    Some(id.to_ascii_lowercase())
}

/// Loads `sections.ini` into `reg`, as a user's ini file is loaded.
fn load_sections(reg: &mut Registry) -> Sections {
    let text = std::fs::read_to_string(root().join(SECTIONS_INI)).unwrap();
    let heads = section_heads(&text);
    let names: Vec<String> = heads.iter().map(|(n, _)| n.clone()).collect();
    let parents = heads.into_iter().filter_map(|(_, p)| p).collect();
    let FileReport { ids, problems } = reg.load_ini(SECTIONS_INI, &text);
    let mut by_section: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut file_problems = Vec::new();
    for p in problems {
        let line = p.line.map_or(String::new(), |l| format!("line {l}: "));
        let message = format!("{line}{}: {}", p.key, p.message);
        match section_of(&p.file, &p.key, &names) {
            Some(s) => by_section.entry(s).or_default().push(message),
            None => file_problems.push(message),
        }
    }
    Sections {
        names,
        parents,
        loaded: ids.into_iter().collect(),
        problems: by_section,
        file_problems,
    }
}

/// The variant a row of `source` names: a built-in variant, or a section of
/// `sections.ini`.
fn lookup(
    reg: &Registry,
    sections: &Sections,
    variant: &str,
    source: &str,
) -> Result<Arc<Variant>, String> {
    if source == INI_SOURCE && !sections.loaded.contains(variant) {
        return Err(match sections.problems.get(variant) {
            Some(ms) => format!("section does not load: {}", ms.join("; ")),
            None => format!("no section [{variant}] in {SECTIONS_INI}"),
        });
    }
    reg.get(variant).map_err(|e| format!("not loaded: {e}"))
}

/// Why `v` fails its rows, or `None` when it passes. Rows above
/// [`SMALL_ROW_NODES`] are skipped unless `full`.
fn check(v: &Arc<Variant>, rows: &[Row], full: bool) -> Option<String> {
    let start = Position::start(v);
    for r in rows {
        if normal_fen(&start.to_fen()) != normal_fen(&r.fen) {
            return Some(format!("start {} is not {}", start.to_fen(), r.fen));
        }
        let mut p = match Position::from_fen(v, &r.fen) {
            Ok(p) => p,
            Err(e) => return Some(format!("FEN {}: {e}", r.fen)),
        };
        if r.nodes > SMALL_ROW_NODES && !full {
            continue;
        }
        let got = perft(&mut p, r.depth);
        if got != r.nodes {
            return Some(format!("perft({}) = {got}, want {}", r.depth, r.nodes));
        }
    }
    None
}

/// The ids `expected-pass.txt` lists.
fn expected() -> Vec<String> {
    let text = std::fs::read_to_string(data("expected-pass.txt")).unwrap();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn fsf_start_perft_of_every_variant() {
    let full = std::env::var("MENAGERIE_FULL_PERFT").as_deref() == Ok("1");
    let mut reg = Registry::builtin();
    let sections = load_sections(&mut reg);
    let all = rows();
    assert_eq!(all.len(), 264, "the oracle lists 264 variants");
    let expected = expected();
    let mut passing = Vec::new();
    let mut failing = BTreeMap::new();
    for (variant, rows) in &all {
        let why = match lookup(&reg, &sections, variant, &rows[0].source) {
            Ok(v) => check(&v, rows, full),
            Err(why) => Some(why),
        };
        match why {
            None => passing.push(variant.as_str()),
            Some(why) => {
                failing.insert(variant.as_str(), why);
            }
        }
    }
    println!(
        "{} of {} Fairy-Stockfish variants pass their start-position perft ({} of them sections of {SECTIONS_INI})",
        passing.len(),
        all.len(),
        passing
            .iter()
            .filter(|v| sections.loaded.contains(**v))
            .count()
    );
    for (v, why) in &failing {
        println!("  {v}: {why}");
    }
    let mut broken = Vec::new();
    for v in &expected {
        if !all.contains_key(v) {
            broken.push(format!(
                "{v}: listed in expected-pass.txt but not in the oracle"
            ));
        } else if let Some(why) = failing.get(v.as_str()) {
            broken.push(format!("{v}: {why}"));
        }
    }
    assert!(
        broken.is_empty(),
        "expected to pass:\n{}",
        broken.join("\n")
    );
    let unlisted: Vec<&&str> = passing
        .iter()
        .filter(|v| !expected.iter().any(|e| e == **v))
        .collect();
    if !unlisted.is_empty() {
        println!("passing but not yet in expected-pass.txt: {unlisted:?}");
    }
}

/// Every section of `sections.ini` loads, and each is a section of
/// Fairy-Stockfish's `variants.ini` (the oracle has rows for it): the file
/// holds only what Menagerie plays, under Fairy-Stockfish's own names. The
/// one exception is a section that another section extends: it may fail to
/// load on its own (say, a rule its children replace), as in
/// Fairy-Stockfish, where it still lends its keys.
#[test]
fn every_section_of_sections_ini_loads_under_an_oracle_name() {
    let mut reg = Registry::builtin();
    let sections = load_sections(&mut reg);
    assert!(
        sections.file_problems.is_empty(),
        "{SECTIONS_INI} has problems:\n{}",
        sections.file_problems.join("\n")
    );
    let all = rows();
    let mut seen = BTreeSet::new();
    for name in &sections.names {
        assert!(seen.insert(name), "section [{name}] appears twice");
        let source = all.get(name).map(|rows| rows[0].source.as_str());
        assert_eq!(
            source,
            Some(INI_SOURCE),
            "[{name}] is not a section of Fairy-Stockfish's variants.ini in start-perft.tsv"
        );
        assert!(
            sections.loaded.contains(name) || sections.parents.contains(name),
            "[{name}] does not load: {:?}",
            sections.problems.get(name)
        );
    }
}

/// A problem is filed under the section the ini reader names in it.
#[test]
fn loader_problems_are_filed_by_section() {
    let names = vec!["alpha".to_string(), "beta".to_string()];
    assert_eq!(
        section_of("f.ini", "[Alpha] pieceToCharTable", &names).as_deref(),
        Some("alpha")
    );
    assert_eq!(section_of("f.ini", "Beta", &names).as_deref(), Some("beta"));
    assert_eq!(
        section_of("f.ini [beta]", "pieces.X.betza", &names).as_deref(),
        Some("beta")
    );
    assert_eq!(section_of("f.ini", "", &names), None);
}
