//! Criterion benchmarks of the engine: the static evaluation and a
//! fixed-depth search of the bench middlegames, one variant of every family.
//!
//! `cargo bench -p menagerie-engine` (add `-- --quick` for a short run).
#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use menagerie_engine::{bench, Engine, EngineOptions, EvalTables, Limits};
use menagerie_rules::{Position, Registry};
use std::hint::black_box;

const FAMILIES: [&str; 7] = [
    "chess",
    "shogi",
    "joshua",
    "big-outer",
    "missing-ox",
    "gnuqi-mitregi",
    "elefantnichtschach",
];

/// The `menagerie bench` middlegame of each family, with its bench depth.
fn positions() -> Vec<(String, Position, u32)> {
    let reg = Registry::builtin();
    let all = bench::positions(&reg);
    FAMILIES
        .iter()
        .filter_map(|id| {
            let bp = all.iter().rev().find(|bp| bp.variant == *id)?;
            let v = reg.get(id).unwrap();
            Some((
                id.to_string(),
                Position::from_fen(&v, &bp.fen).unwrap(),
                bp.depth,
            ))
        })
        .collect()
}

fn evaluate(c: &mut Criterion) {
    let mut g = c.benchmark_group("evaluate");
    for (id, p, _) in positions() {
        let e = EvalTables::new(p.variant());
        g.bench_function(BenchmarkId::from_parameter(&id), |b| {
            b.iter(|| e.evaluate(black_box(&p)));
        });
    }
    g.finish();
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    for (id, p, depth) in positions() {
        // Two plies less than `menagerie bench`: a sample stays short.
        let depth = depth.saturating_sub(2).max(1);
        let mut e = Engine::new(EngineOptions {
            hash_mb: 16,
            threads: 1,
            ..EngineOptions::default()
        });
        g.bench_function(BenchmarkId::new(&id, depth), |b| {
            b.iter(|| {
                // Every search starts from an empty table.
                e.new_game();
                e.search(
                    p.clone(),
                    Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    },
                )
                .nodes
            });
        });
    }
    g.finish();
}

criterion_group!(benches, evaluate, search);
criterion_main!(benches);
