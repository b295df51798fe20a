//! The bench node count is a signature of the search: any change to search,
//! evaluation, move generation or the built-in variants changes it. When a
//! change is intended, update the number with
//! `cargo run --release -p menagerie -- bench --write-signature`
//! (from the repository root).
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_engine::bench;
use menagerie_rules::Registry;

#[test]
fn bench_signature_matches_the_recorded_one() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/bench-signature.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let want: u64 = text
        .trim()
        .parse()
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let reg = Registry::builtin();
    let got = bench::signature(&reg);
    assert_eq!(
        got, want,
        "bench signature changed: got {got}, recorded {want}. If the change is intended, run \
         `cargo run --release -p menagerie -- bench --write-signature` from the repository root"
    );
    // Deterministic: a second run gives the same count.
    assert_eq!(bench::signature(&reg), got);
}

#[test]
fn bench_covers_every_built_in_variant() {
    let reg = Registry::builtin();
    let positions = bench::positions(&reg);
    for id in reg.ids() {
        assert!(
            positions.iter().filter(|p| p.variant == id).count() >= 1,
            "{id} has no bench position"
        );
    }
}
