//! Criterion benchmarks in one variant of every family (board shapes 8x8 to
//! 16x12, 12x12 with corner cells, 11x11 with drops, 6x6x6): loading a
//! variant from its TOML text, and on the `menagerie bench` middlegame:
//! generating the legal moves, perft (make/unmake throughput), the static
//! evaluation and a fixed-depth search.
//!
//! `cargo bench -p menagerie-engine` (add `-- --quick` for a short run).
#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use menagerie_engine::{bench, Engine, EngineOptions, EvalTables, Limits};
use menagerie_rules::{perft, MoveList, Position, Registry};
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

fn variant_load(c: &mut Criterion) {
    let mut g = c.benchmark_group("variant_load");
    for id in FAMILIES {
        g.bench_with_input(BenchmarkId::from_parameter(id), id, |b, id| {
            // The registry compiles a variant on first use: a fresh registry
            // per iteration measures parsing and compiling its TOML.
            b.iter(|| Registry::builtin().get(black_box(id)).unwrap());
        });
    }
    g.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_moves");
    for (id, mut p, _) in positions() {
        let mut moves = MoveList::new();
        g.bench_function(BenchmarkId::from_parameter(&id), |b| {
            b.iter(|| {
                black_box(&mut p).generate_legal(&mut moves);
                moves.len()
            });
        });
    }
    g.finish();
}

fn perft_small(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (id, mut p, _) in positions() {
        g.bench_function(BenchmarkId::new(&id, 2), |b| {
            b.iter(|| perft(black_box(&mut p), 2));
        });
    }
    g.finish();
}

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

criterion_group!(
    benches,
    variant_load,
    legal_moves,
    perft_small,
    evaluate,
    search
);
criterion_main!(benches);
