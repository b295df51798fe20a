//! Criterion benchmarks of the rules layer: loading a variant from its TOML
//! text, generating the legal moves of a middlegame position, and perft
//! (make/unmake throughput) in one variant of every family.
//!
//! `cargo bench -p menagerie-rules` (add `-- --quick` for a short run).
#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use menagerie_rules::{perft, MoveList, Position, Registry};
use std::hint::black_box;

/// One variant of every family (board shapes 8x8 to 16x12, 12x12 with
/// corner cells, 11x11 with drops, 6x6x6).
const FAMILIES: [&str; 7] = [
    "chess",
    "shogi",
    "joshua",
    "big-outer",
    "missing-ox",
    "gnuqi-mitregi",
    "elefantnichtschach",
];

/// A deterministic middlegame: every ply plays the legal move at a fixed
/// stride through the list.
fn middlegame(id: &str, plies: usize) -> Position {
    let v = Registry::builtin().get(id).unwrap();
    let mut p = Position::start(&v);
    let mut moves = MoveList::new();
    for i in 0..plies {
        p.generate_legal(&mut moves);
        if moves.is_empty() {
            break;
        }
        p.make_unchecked(moves[(i * 7 + 3) % moves.len()]);
    }
    p
}

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
    for id in FAMILIES {
        let mut p = middlegame(id, 12);
        let mut moves = MoveList::new();
        g.bench_function(BenchmarkId::from_parameter(id), |b| {
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
    for id in FAMILIES {
        let mut p = middlegame(id, 12);
        g.bench_function(BenchmarkId::new(id, 2), |b| {
            b.iter(|| perft(black_box(&mut p), 2));
        });
    }
    g.finish();
}

criterion_group!(benches, variant_load, legal_moves, perft_small);
criterion_main!(benches);
