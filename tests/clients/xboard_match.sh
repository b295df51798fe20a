#!/usr/bin/env bash
# Short engine-vs-engine matches run by the real XBoard GUI (under Xvfb), with
# the saved PGN checked for normal endings: no illegal move, no crash, no
# time forfeit by Menagerie.
# Usage: xboard_match.sh PATH_TO_MENAGERIE
set -euo pipefail
BIN=$(realpath "$1")
OUT=$(mktemp -d)
XBOARD=/usr/games/xboard
# Fairy-Max 5.0b does not know XBoard's `computer` command: it reads the line as a
# move, and on boards other than 8x8 that read goes out of its arrays and it dies
# (segfault, reproducible with `printf 'xboard\nnew\nvariant capablanca\ncomputer\n'`).
# A filter in front of it drops that one line; everything else passes unchanged.
FAIRYMAX="$OUT/fairymax"
cat > "$FAIRYMAX" <<'WRAP'
#!/bin/sh
grep --line-buffered -v -x computer | /usr/games/fairymax "$@"
WRAP
chmod +x "$FAIRYMAX"

run_match() { # name variant first second games tc inc extra...
  local name=$1 variant=$2 first=$3 second=$4 games=$5 tc=$6 inc=$7
  shift 7
  local pgn="$OUT/$name.pgn"
  echo "== xboard match: $name ($variant, $games games, $tc+$inc)"
  timeout 900 xvfb-run -a "$XBOARD" -fcp "$first" -fd "$OUT" -scp "$second" -sd "$OUT" \
    -variant "$variant" -mg "$games" -tc "$tc" -inc "$inc" -sgf "$pgn" \
    -xponder -noGUI -popupExitMessage false -debugMode true -nameOfDebugFile "$OUT/$name.debug" "$@" \
    > "$OUT/$name.log" 2>&1 || { echo "xboard failed"; tail -20 "$OUT/$name.log"; return 1; }
  local results
  results=$(grep -c '^\[Result' "$pgn" || true)
  if [ "$results" -ne "$games" ]; then
    echo "expected $games games in $pgn, found $results"; cat "$pgn"; return 1
  fi
  # Result comments look like {White mates} 1-0; reject abnormal endings.
  if grep -Ei '\{[^}]*(illegal|crash|died|disconnect|forfeit|false)[^}]*\}' "$pgn"; then
    echo "abnormal game ending in $pgn"; return 1
  fi
  grep -E '^\[Result' "$pgn" | sort | uniq -c
}

run_match capablanca-vs-fairymax capablanca "$BIN xboard" "$FAIRYMAX" 2 0:20 0.2
if "$BIN" variants | grep -qx missing-ox; then
  run_match missing-ox-self missing-ox "$BIN xboard" "$BIN xboard" 2 0:30 0.3 -testLegality false
else
  echo "missing-ox is not built in yet: skipping its self-play match"
fi
echo "xboard matches passed (logs in $OUT)"
