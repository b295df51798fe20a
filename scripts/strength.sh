#!/usr/bin/env bash
# Measures the engine's strength with `menagerie match` (the figures in
# docs/strength.md). Not part of the test suite: it takes hours.
#   scripts/strength.sh [fairymax] [material] [time] [sprt] [fsf]   # default: the first three
# Environment: OUT (log folder, default target/strength), GAMES_FM (100),
# GAMES_MAT (40 per variant), GAMES_TIME (48 per variant), CONC (games at a
# time for the Menagerie-only matches, default 2; Fairy-Max plays 1 at a time),
# TC_MAT (5+0.05).
#   fairymax: Menagerie against Fairy-Max (XBoard), chess and capablanca, 5+0.05.
#   material: every built-in variant against a one-ply material-only player, TC_MAT
#             (5+0.05, as against Fairy-Max).
#   time:     every built-in variant, 2+0.02 against 1+0.01; these are also the
#             fast self-play games checked for illegal moves, crashes and forfeits.
#   sprt:     (not in the default set) this build against OLD (path of the other
#             build's binary) by SPRT in chess, shogi and one seed board per family
#             (SPRT_VARIANTS), from tests/data/books, both as UCI engines at
#             SPRT_NODES nodes a move (default 5000; SPRT_TC=5+0.05 plays on the
#             clock instead), SPRT_BOUNDS (elo0=0,elo1=5,alpha=0.05,beta=0.05),
#             at most SPRT_PAIRS pairs (default 2000; at fixed nodes at most the
#             book's positions, since later pairs would replay earlier ones).
#   fsf:      (not in the default set) Menagerie against Fairy-Stockfish as a UCI engine
#             with its classical evaluation (Use NNUE=false), Threads=1, Hash=16, both
#             one thread and 16 MB, one game at a time, at TC_FSF (10+0.1), GAMES_FSF
#             (200) games in each of FSF_VARIANTS (chess capablanca shogi) from
#             tests/data/books/V.fen. FSF is the binary (default
#             /tmp/fsf-src/src/stockfish), built from source outside the repository:
#               git clone https://github.com/fairy-stockfish/Fairy-Stockfish /tmp/fsf-src
#               cd /tmp/fsf-src/src && make -j2 build ARCH=x86-64-modern largeboards=yes all=yes
#             With OLD set (another build's binary), also this build against OLD, both
#             as UCI engines, in one variant of every seed family (SEED_VARIANTS:
#             gnuqi-mitregi elefantnichtschach joshua), GAMES_FSF games at TC_FSF.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/strength}
GAMES_FM=${GAMES_FM:-100}
GAMES_MAT=${GAMES_MAT:-40}
GAMES_TIME=${GAMES_TIME:-48}
CONC=${CONC:-2}
TC_MAT=${TC_MAT:-5+0.05}
mkdir -p "$OUT"
cargo build --release -q -p menagerie
M=target/release/menagerie
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(fairymax material time)

run() { # name, match arguments...
  local name=$1
  shift
  echo "== $name"
  "$M" match --pgn "$OUT/$name.pgn" --verbose "$@" >"$OUT/$name.log" 2>&1 || true
  grep -E '^(Score|Elo|[^ ]+: illegal)' "$OUT/$name.log" | sed 's/^/   /'
}

for s in "${sections[@]}"; do
  case $s in
  fairymax)
    [ -x /usr/games/fairymax ] || { echo "fairymax missing: scripts/install-test-deps.sh"; exit 1; }
    for v in chess capablanca; do
      run "fairymax-$v" --variant "$v" --games "$GAMES_FM" --tc 5+0.05 \
        --first menagerie --second xboard:/usr/games/fairymax --concurrency 1
    done
    ;;
  material)
    for v in $("$M" variants); do
      run "material-$v" --variant "$v" --games "$GAMES_MAT" --tc "$TC_MAT" \
        --first menagerie --second menagerie:depth=1,material,name=Material --concurrency "$CONC"
    done
    ;;
  time)
    for v in $("$M" variants); do
      run "time-$v" --variant "$v" --games "$GAMES_TIME" --tc 1+0.01 \
        --first menagerie:time=2,name=Double --second menagerie:name=Single --concurrency "$CONC"
    done
    ;;
  sprt)
    [ -n "${OLD:-}" ] && [ -x "$OLD" ] || { echo "sprt: set OLD to the other build's binary"; exit 1; }
    cp "$M" "$OUT/new-menagerie"
    for v in ${SPRT_VARIANTS:-chess shogi missing-ox gnuqi-mitregi elefantnichtschach}; do
      pairs=${SPRT_PAIRS:-2000}
      if [ -n "${SPRT_TC:-}" ]; then
        limit="" tc=$SPRT_TC
      else
        limit=",nodes=${SPRT_NODES:-5000}" tc=none
        # At fixed nodes both engines are deterministic: pairs beyond the
        # book's positions replay earlier pairs move for move.
        book=$(grep -cv '^#' "tests/data/books/$v.fen")
        [ "$pairs" -le "$book" ] || pairs=$book
      fi
      run "sprt-$v" --variant "$v" --book "tests/data/books/$v.fen" --tc "$tc" --concurrency 1 \
        --first "uci:$OUT/new-menagerie;name=new$limit" --second "uci:$OLD;name=old$limit" \
        --sprt "${SPRT_BOUNDS:-elo0=0,elo1=5,alpha=0.05,beta=0.05}" --max-pairs "$pairs"
      grep -E '^(pairs|SPRT)' "$OUT/sprt-$v.log" | tail -2 | sed 's/^/   /'
    done
    ;;
  fsf)
    FSF=${FSF:-/tmp/fsf-src/src/stockfish}
    [ -x "$FSF" ] || { echo "fsf: no Fairy-Stockfish at $FSF (build it as the header says, or set FSF)"; exit 1; }
    fsf_opts="name=Fairy-Stockfish,option.Use NNUE=false,option.Threads=1,option.Hash=16"
    for v in ${FSF_VARIANTS:-chess capablanca shogi}; do
      run "fsf-$v" --variant "$v" --book "tests/data/books/$v.fen" --games "${GAMES_FSF:-200}" \
        --tc "${TC_FSF:-10+0.1}" --concurrency 1 \
        --first menagerie:threads=1,hash=16 --second "uci:$FSF;$fsf_opts"
    done
    if [ -n "${OLD:-}" ]; then
      [ -x "$OLD" ] || { echo "fsf: OLD=$OLD is no executable"; exit 1; }
      cp "$M" "$OUT/new-menagerie"
      for v in ${SEED_VARIANTS:-gnuqi-mitregi elefantnichtschach joshua}; do
        run "old-$v" --variant "$v" --book "tests/data/books/$v.fen" --games "${GAMES_FSF:-200}" \
          --tc "${TC_FSF:-10+0.1}" --concurrency 1 \
          --first "uci:$OUT/new-menagerie;name=new" --second "uci:$OLD;name=old"
      done
    fi
    ;;
  *)
    echo "unknown section $s (fairymax, material, time, sprt, fsf)"
    exit 2
    ;;
  esac
done
