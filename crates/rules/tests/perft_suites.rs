#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Regression perft suites of the built-in variants (`tests/data/perft/*.tsv`,
//! columns `variant fen depth nodes`). Rows above 2 million nodes run when
//! `MENAGERIE_FULL_PERFT=1` (CI).

use menagerie_rules::{perft, Position, Registry};
use std::path::PathBuf;

#[test]
fn perft_suites() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/perft");
    let full = std::env::var("MENAGERIE_FULL_PERFT").as_deref() == Ok("1");
    let reg = Registry::builtin();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut ran = 0;
    for f in files {
        for line in std::fs::read_to_string(&f).unwrap().lines() {
            if line.starts_with('#') || line.starts_with("variant\t") || line.trim().is_empty() {
                continue;
            }
            let c: Vec<&str> = line.split('\t').collect();
            let (id, fen, depth, nodes): (&str, &str, u32, u64) =
                (c[0], c[1], c[2].parse().unwrap(), c[3].parse().unwrap());
            if nodes > 2_000_000 && !full {
                continue;
            }
            let v = reg
                .get(id)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let mut p = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let got = perft(&mut p, depth);
            ran += 1;
            if got != nodes {
                failures.push(format!("{id} d{depth} {fen}: got {got}, want {nodes}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} rows wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
