#!/usr/bin/env bash
# Memory of the server holding many idle games: starts the release binary on a free port
# with a temporary data directory, creates N games (default 100, spread over the built-in
# variants, two humans, 4 moves each, all loaded in memory) and prints VmRSS before and
# after. Linux only (/proc).   scripts/server-memory.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100}
BIN=${MENAGERIE_BIN:-target/release/menagerie}
[ -x "$BIN" ] || cargo build --release -p menagerie
DIR=$(mktemp -d)
OUT="$DIR/out.txt"
"$BIN" serve --port 0 --data-dir "$DIR" >"$OUT" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do grep -q "running at" "$OUT" && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$OUT" | head -1)
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$PID/status"; }
echo "idle server: $(rss)"
mapfile -t VARIANTS < <(curl -sf "$BASE/api/variants" | grep -o '"id":"[^"]*"' | cut -d'"' -f4)
for i in $(seq "$N"); do
  v=${VARIANTS[$(( i % ${#VARIANTS[@]} ))]}
  ID=$(curl -sf -H "Content-Type: application/json" -X POST "$BASE/api/games" -d "{\"variant\":\"$v\",\"white\":\"human\",\"black\":\"human\"}" | grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4)
  for _ in 1 2 3 4; do
    MV=$(curl -sf "$BASE/api/games/$ID" | grep -o '"legal":\[{"uci":"[^"]*"' | cut -d'"' -f6)
    [ -n "$MV" ] && curl -sf -H "Content-Type: application/json" -X POST "$BASE/api/games/$ID/move" -d "{\"move\":\"$MV\"}" >/dev/null
  done
done
echo "variants: ${VARIANTS[*]}"
echo "after $N games: $(rss)"
