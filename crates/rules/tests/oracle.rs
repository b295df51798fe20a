#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Perft against Fairy-Stockfish's reference counts (`tests/data/oracle`).
//!
//! Rows up to 2 million nodes always run; every other row runs when
//! `MENAGERIE_FULL_PERFT=1` is set (CI sets it and runs in release mode).

use menagerie_rules::{perft, Position, Registry};
use std::path::PathBuf;

fn data(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/oracle")
        .join(p)
}

fn registry() -> Registry {
    let mut reg = Registry::builtin();
    let ini = std::fs::read_to_string(data("fsf-variants.ini")).unwrap();
    reg.add_ini("fsf-variants.ini", &ini).unwrap();
    reg
}

fn rows() -> Vec<(String, String, u32, u64)> {
    let text = std::fs::read_to_string(data("perft.tsv")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

fn run(limit: u64, full: bool) {
    let reg = registry();
    let mut failures = Vec::new();
    let mut ran = 0;
    for (variant, fen, depth, nodes) in rows() {
        if (nodes > limit) != full {
            continue;
        }
        let v = reg
            .get(&variant)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let mut p = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
        // Hands may be listed in any order; everything else must match.
        let strip = |f: &str| {
            f.split('[').next().unwrap_or("").to_string() + f.split(']').nth(1).unwrap_or("")
        };
        assert_eq!(strip(&p.to_fen()), strip(&fen), "FEN round trip");
        assert_eq!(Position::from_fen(&v, &p.to_fen()).unwrap(), p);
        let got = perft(&mut p, depth);
        ran += 1;
        if got != nodes {
            failures.push(format!("{variant} d{depth} {fen}: got {got}, want {nodes}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} rows wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(ran > 0 || full);
}

#[test]
fn oracle_small_rows() {
    run(2_000_000, false);
}

#[test]
fn oracle_large_rows() {
    if std::env::var("MENAGERIE_FULL_PERFT").as_deref() != Ok("1") {
        eprintln!("skipping rows above 2M nodes; set MENAGERIE_FULL_PERFT=1 to run them");
        return;
    }
    run(2_000_000, true);
}

#[test]
fn oracle_divides() {
    let reg = registry();
    let mut files: Vec<_> = std::fs::read_dir(data("divide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut variant = String::new();
        let mut fen = String::new();
        let mut depth = 0;
        let mut want = Vec::new();
        for l in text.lines() {
            if let Some(r) = l.strip_prefix("# variant: ") {
                variant = r.trim().into();
            } else if let Some(r) = l.strip_prefix("# fen: ") {
                fen = r.trim().into();
            } else if let Some(r) = l.strip_prefix("# depth: ") {
                depth = r.trim().parse().unwrap();
            } else if !l.starts_with('#') && !l.trim().is_empty() {
                let (m, n) = l.rsplit_once(' ').unwrap();
                want.push((m.to_string(), n.parse::<u64>().unwrap()));
            }
        }
        let v = reg.get(&variant).unwrap();
        let mut p = Position::from_fen(&v, &fen).unwrap();
        let got = menagerie_rules::divide(&mut p, depth);
        want.sort();
        assert_eq!(got, want, "{}", f.display());
    }
}
