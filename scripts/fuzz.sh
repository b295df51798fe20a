#!/usr/bin/env bash
# Coverage-guided fuzzing of every input Menagerie reads (issue 23): AFL++ through
# cargo afl (stable toolchain) on the targets of crates/fuzz (FEN, move text, Betza,
# TOML variants, ini, UCI and XBoard lines, HTTP bodies), each started from its seeds in
# crates/fuzz/corpus/TARGET. A crash fails the run: its input is copied to
# crates/fuzz/corpus/TARGET/crash-* (replay it with
# `cargo run -p menagerie-fuzz --bin menagerie-fuzz-replay -- TARGET FILE`, fix the
# bug, keep the file: cargo test replays it from then on). Hangs (a long but legitimate
# computation, such as a deep perft) are counted, not failed.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]   default: 600 s each, all targets
#   scripts/fuzz.sh --ci                               the short campaign CI runs
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=600
if [ "${1:-}" = "--ci" ]; then
  SECONDS_EACH=${FUZZ_CI_SECONDS:-12}
  shift
elif [ -n "${1:-}" ] && [ "$1" -eq "$1" ] 2>/dev/null; then
  SECONDS_EACH=$1
  shift
fi
ALL=(fen move_text betza toml_variant ini uci xboard http_body)
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL[@]}")

command -v cargo-afl >/dev/null || scripts/install-test-deps.sh
export CARGO_TARGET_DIR=target/fuzz
# The instrumented build is the campaign's largest cost: no debug info, no link-time
# optimisation, more codegen units (a fuzzer needs coverage, not the last few per cent of speed).
export CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
echo "== building the instrumented targets (cargo afl, $CARGO_TARGET_DIR)"
nice cargo afl build --release -p menagerie-fuzz --features afl --bin menagerie-fuzz-afl
BIN=$CARGO_TARGET_DIR/release/menagerie-fuzz-afl

OUT=target/fuzz-out
rm -rf "$OUT"
mkdir -p "$OUT"
# No UI, no CPU pinning or governor checks (a shared machine), crashes seen through the
# exit status even where the kernel pipes core dumps elsewhere.
export AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_QUIET=1
failed=0
for t in "${TARGETS[@]}"; do
  [ -d "crates/fuzz/corpus/$t" ] || { echo "unknown target $t (one of: ${ALL[*]})"; exit 2; }
  echo "== $t: ${SECONDS_EACH} s"
  MENAGERIE_FUZZ_TARGET=$t nice cargo afl fuzz -i "crates/fuzz/corpus/$t" -o "$OUT/$t" \
    -V "$SECONDS_EACH" -t 5000 -m none "$BIN" >"$OUT/$t.log" 2>&1 || {
    echo "afl-fuzz failed for $t:"; tail -20 "$OUT/$t.log"; failed=1; continue; }
  stats="$OUT/$t/default/fuzzer_stats"
  execs=$(awk -F': *' '/^execs_done/ {print $2}' "$stats")
  paths=$(awk -F': *' '/^corpus_count/ {print $2}' "$stats")
  hangs=$(find "$OUT/$t/default/hangs" -name 'id:*' | wc -l)
  crashes=$(find "$OUT/$t/default/crashes" -name 'id:*' | wc -l)
  echo "$t: $execs executions, $paths inputs in the corpus, $hangs hang(s), $crashes crash(es)"
  if [ "$crashes" -gt 0 ]; then
    failed=1
    i=0
    for c in "$OUT/$t/default/crashes"/id:*; do
      i=$((i + 1))
      cp "$c" "crates/fuzz/corpus/$t/crash-$(date +%s)-$i"
      echo "  crash input: $c"
    done
  fi
done
[ "$failed" -eq 0 ] && echo "== fuzzing: no crash" || { echo "== fuzzing found crashes (see above)"; exit 1; }
