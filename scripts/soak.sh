#!/usr/bin/env bash
# Load test of the web server on loopback (issue 23): N engine-against-engine games think
# at once (default 200) while a person plays a human-vs-human game; prints the latency of
# that person's move POSTs (p50/p99 over M moves), the peak RSS, and the RSS a minute
# after the engine games were resigned. Bounded: about 2-3 minutes. Linux only (/proc).
#   scripts/soak.sh [N] [M]      MENAGERIE_BIN=path to use another binary
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-200}
M=${2:-100}
MOVETIME=${SOAK_MOVETIME_MS:-2000}
SETTLE=${SOAK_SETTLE_S:-60}
BIN=${MENAGERIE_BIN:-target/release/menagerie}
[ -x "$BIN" ] || cargo build --release -p menagerie
DIR=$(mktemp -d)
OUT="$DIR/out.txt"
nice -n "${SOAK_NICE:-10}" "$BIN" serve --port 0 --data-dir "$DIR" >"$OUT" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do grep -q "running at" "$OUT" && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$OUT" | head -1)
post() { curl -sf -H 'Content-Type: application/json' -X POST "$BASE$1" -d "$2"; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$PID/status"; }
hwm() { awk '/VmHWM/ {print $2}' "/proc/$PID/status"; }
id_of() { grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4; }

echo "idle RSS: $(rss) kB"
ENGINE_IDS=()
for _ in $(seq "$N"); do
  ENGINE_IDS+=("$(post /api/games "{\"variant\":\"chess\",\"white\":\"engine\",\"black\":\"engine\",\"engine\":{\"movetime_ms\":$MOVETIME}}" | id_of)")
done
echo "$N engine games thinking (movetime ${MOVETIME} ms); RSS $(rss) kB"
sleep 3

# The person's game: time every move POST.
HID=$(post /api/games '{"variant":"chess","white":"human","black":"human"}' | id_of)
TIMES="$DIR/times.txt"
: >"$TIMES"
for _ in $(seq "$M"); do
  # A random legal move (a fixed choice repeats positions and ends the game); a game
  # that is over is replaced by a new one.
  MV=$(curl -sf "$BASE/api/games/$HID" | python3 -c 'import json, random, sys
legal = json.load(sys.stdin).get("legal") or []
print(random.choice(legal)["uci"] if legal else "")')
  if [ -z "$MV" ]; then
    HID=$(post /api/games '{"variant":"chess","white":"human","black":"human"}' | id_of)
    continue
  fi
  curl -sf -o /dev/null -w '%{time_total}\n' -H 'Content-Type: application/json' \
    -X POST "$BASE/api/games/$HID/move" -d "{\"move\":\"$MV\"}" >>"$TIMES"
done
cp "$TIMES" "${SOAK_TIMES_OUT:-/dev/null}" 2>/dev/null || true
sort -n "$TIMES" | awk '{a[NR]=$1} END {
  p50=a[int(NR*0.50+0.5)]; p99=a[int(NR*0.99+0.5)]; if (p99=="") p99=a[NR];
  printf "human move POST over %d moves: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", NR, p50*1000, p99*1000, a[NR]*1000 }'
echo "peak RSS under load: $(hwm) kB"

for id in "${ENGINE_IDS[@]}"; do post "/api/games/$id/resign" '{}' >/dev/null || true; done
echo "engine games resigned; waiting ${SETTLE} s"
sleep "$SETTLE"
echo "RSS ${SETTLE} s after the load: $(rss) kB"
