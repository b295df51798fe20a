#!/usr/bin/env bash
# Runs every Menagerie test on a fresh machine: installs what the tests need
# (Debian packages, the python-chess client, the browser-test packages), then
# runs the Rust test suites in release mode (every oracle perft row), the real
# protocol clients, a short fuzz campaign and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

export MENAGERIE_FULL_PERFT=1
export CARGO_TERM_COLOR=never

echo "== installing test dependencies"
scripts/install-test-deps.sh

echo "== formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --quiet

echo "== Rust tests (release)"
cargo test --workspace --release

echo "== real protocol clients"
cargo build --release -p menagerie
python3 tests/clients/uci_python_chess.py target/release/menagerie
tests/clients/xboard_match.sh target/release/menagerie

echo "== differential test against Fairy-Stockfish (pyffish)"
python3 tests/fsf/differential.py target/release/menagerie
echo "== repetitions against Fairy-Stockfish: games that take moves back (--repeat)"
python3 tests/fsf/differential.py target/release/menagerie --variant xiangqi --variant xiangqihouse \
  --variant janggi --variant shogi --variant chess --repeat 0.7 --games 10 --plies 80
echo "== SAN against Fairy-Stockfish's (pyffish get_san): one short game a variant"
python3 tests/fsf/differential.py target/release/menagerie --san --san-moves 4 --games 1 --plies 30

echo "== fuzzing: a short AFL++ campaign on every input target (scripts/fuzz.sh --ci)"
scripts/fuzz.sh --ci

echo "== lab on Ray (local cluster, a failed shard re-run, a second node joining)"
python3 lab/tests/test_cluster.py target/release/menagerie
echo "== lab tuning iterations on Ray (two tiny iterations, resumed, seeded with a set)"
python3 lab/tests/test_iterate.py target/release/menagerie

if [ -x scripts/e2e.sh ]; then
  echo "== browser tests"
  scripts/e2e.sh
fi
echo "== all tests passed"
