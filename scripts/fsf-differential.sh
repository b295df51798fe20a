#!/usr/bin/env bash
# The long differential run against Fairy-Stockfish (pyffish): many more and
# longer random games than CI's bounded run (scripts/test-all.sh). Extra
# arguments go to tests/fsf/differential.py (e.g. --variant shogi --seed 9).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-deps.sh
cargo build --release -p menagerie
exec nice -n 10 python3 tests/fsf/differential.py target/release/menagerie \
  --games 100 --plies 400 "$@"
