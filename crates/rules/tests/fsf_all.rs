#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Start-position perft of every variant Fairy-Stockfish plays
//! (`tests/data/oracle/fsf-all/start-perft.tsv`: its 121 built-in variants and
//! the 143 sections of its own `variants.ini`, 264 in all).
//!
//! A variant passes when Menagerie knows its id (built in), its start position
//! is the one Fairy-Stockfish prints, and every perft row agrees.
//! `expected-pass.txt` lists the variants that must pass: the list may only
//! grow, and the test fails when a listed variant fails or is missing. The
//! test prints how many of the 264 pass and what is wrong with the others.

use menagerie_rules::{perft, Position, Registry};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Rows above this many nodes run only with `MENAGERIE_FULL_PERFT=1` (CI),
/// so a debug-mode `cargo test` stays quick.
const SMALL_ROW_NODES: u64 = 2_000_000;

fn data(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/oracle/fsf-all")
        .join(p)
}

struct Row {
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

/// Why `variant` fails its rows, or `None` when it passes. Rows above
/// [`SMALL_ROW_NODES`] are skipped unless `full`.
fn check(reg: &Registry, variant: &str, rows: &[Row], full: bool) -> Option<String> {
    let v = match reg.get(variant) {
        Ok(v) => v,
        Err(e) => return Some(format!("not loaded: {e}")),
    };
    let start = Position::start(&v);
    for r in rows {
        if normal_fen(&start.to_fen()) != normal_fen(&r.fen) {
            return Some(format!("start {} is not {}", start.to_fen(), r.fen));
        }
        let mut p = match Position::from_fen(&v, &r.fen) {
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

#[test]
fn fsf_start_perft_of_every_variant() {
    let full = std::env::var("MENAGERIE_FULL_PERFT").as_deref() == Ok("1");
    let reg = Registry::builtin();
    let all = rows();
    assert_eq!(all.len(), 264, "the oracle lists 264 variants");
    let expected_text = std::fs::read_to_string(data("expected-pass.txt")).unwrap();
    let expected: Vec<&str> = expected_text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    let mut passing = Vec::new();
    let mut failing = BTreeMap::new();
    for (variant, rows) in &all {
        match check(&reg, variant, rows, full) {
            None => passing.push(variant.as_str()),
            Some(why) => {
                failing.insert(variant.as_str(), why);
            }
        }
    }
    println!(
        "{} of {} Fairy-Stockfish variants pass their start-position perft",
        passing.len(),
        all.len()
    );
    for (v, why) in &failing {
        println!("  {v}: {why}");
    }
    let mut broken = Vec::new();
    for v in &expected {
        if !all.contains_key(*v) {
            broken.push(format!(
                "{v}: listed in expected-pass.txt but not in the oracle"
            ));
        } else if let Some(why) = failing.get(v) {
            broken.push(format!("{v}: {why}"));
        }
    }
    assert!(
        broken.is_empty(),
        "expected to pass:\n{}",
        broken.join("\n")
    );
    let unlisted: Vec<&&str> = passing.iter().filter(|v| !expected.contains(v)).collect();
    if !unlisted.is_empty() {
        println!("passing but not yet in expected-pass.txt: {unlisted:?}");
    }
}
