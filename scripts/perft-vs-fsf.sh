#!/usr/bin/env bash
# Perft speed of Menagerie side by side with Fairy-Stockfish (the figures in
# docs/engine.md, "menagerie bench perft"). Not a test: timings vary with load.
#   scripts/perft-vs-fsf.sh [VARIANT DEPTH [FEN]]   # default: the four bench rows
# Environment: FSF (Fairy-Stockfish binary built with largeboards=yes all=yes,
# default /tmp/fsf-src/src/stockfish), M (Menagerie binary, default
# target/release/menagerie), RUNS (alternating runs per row, default 3).
# Each figure is CPU time (user + system) less the same program's depth-1 run,
# so start-up and the load of other processes drop out.
set -euo pipefail
cd "$(dirname "$0")/.."
FSF=${FSF:-/tmp/fsf-src/src/stockfish}
M=${M:-target/release/menagerie}
RUNS=${RUNS:-3}
[ -x "$FSF" ] || { echo "no Fairy-Stockfish at $FSF (set FSF=path)"; exit 1; }
[ -x "$M" ] || cargo build --release -q -p menagerie

cpu() { # command... -> CPU seconds
  /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print $1 + $2}'
}
fsf_run() { # variant depth fen
  local pos="position startpos"
  [ -n "$3" ] && pos="position fen $3"
  printf 'setoption name UCI_Variant value %s\n%s\ngo perft %s\nquit\n' "$1" "$pos" "$2" \
    | cpu "$FSF"
}
perft_args() { # variant depth fen -> ARGS, Menagerie's perft command
  ARGS=("$M" perft --variant "$1" "$2")
  if [ -n "$3" ]; then ARGS+=(--fen "$3"); fi
}
men_run() { # variant depth fen
  perft_args "$@"
  cpu "${ARGS[@]}"
}
row() { # variant depth [fen]
  local v=$1 d=$2 fen=${3:-}
  local nodes
  perft_args "$v" "$d" "$fen"
  nodes=$("${ARGS[@]}" 2>/dev/null | grep -o 'Nodes searched: [0-9]*' | grep -o '[0-9]*')
  for i in $(seq "$RUNS"); do
    local a a1 b b1
    a=$(men_run "$v" "$d" "$fen"); a1=$(men_run "$v" 1 "$fen")
    b=$(fsf_run "$v" "$d" "$fen"); b1=$(fsf_run "$v" 1 "$fen")
    awk -v v="$v" -v d="$d" -v n="$nodes" -v a="$a" -v a1="$a1" -v b="$b" -v b1="$b1" -v i="$i" 'BEGIN {
      ma = a - a1; fb = b - b1
      printf "%-10s depth %d run %d: Menagerie %.2f s (%.1f Mnps)  Fairy-Stockfish %.2f s (%.1f Mnps)\n",
        v, d, i, ma, n / ma / 1e6, fb, n / fb / 1e6 }'
  done
}

if [ $# -gt 0 ]; then
  row "$@"
else
  row xiangqi 5 "6b2/3k5/9/p3p1p2/9/2P3P2/P3P4/4C2cB/9/2RcKA3 w - - 0 21"
  row janggi 5
  row crazyhouse 4 "rn2kb1r/ppp1pppp/5n2/q4b2/3P4/2N2N2/PPP2PPP/R1BQKB1R[Pp] w KQkq - 3 6"
  row atomic 6
fi
