#!/usr/bin/env bash
# How much of a Fairy-Stockfish variants.ini Menagerie plays: how many
# sections load, how many of those agree with the start-position perft rows
# of tests/data/oracle/fsf-all/start-perft.tsv, and the problems of the
# others grouped by message. A local measurement, not a CI test.
#
# Usage: scripts/fsf-ini-check.sh PATH/TO/variants.ini [MAX_NODES]
#   (perft rows above MAX_NODES, default 2000000, are skipped)
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: $0 PATH/TO/variants.ini [MAX_NODES]" >&2
    exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
ini="$(realpath "$1")"
cd "$root"
cargo run --quiet --release -p menagerie-rules --example fsf_ini_check -- \
    "$ini" tests/data/oracle/fsf-all/start-perft.tsv "${2:-2000000}"
