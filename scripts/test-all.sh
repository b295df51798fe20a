#!/usr/bin/env bash
# Runs every Menagerie test on a fresh machine: installs what the tests need,
# then runs the Rust test suites (release mode, every oracle perft row).
set -euo pipefail
cd "$(dirname "$0")/.."

export MENAGERIE_FULL_PERFT=1
export CARGO_TERM_COLOR=never

echo "== formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings

echo "== Rust tests (release)"
cargo test --workspace --release
