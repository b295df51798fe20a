#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine (idempotent).
set -euo pipefail
need=()
[ -x /usr/games/xboard ] || need+=(xboard)
[ -x /usr/games/fairymax ] || need+=(fairymax)
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q || true
  $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
fi
python3 -c "import chess.engine" 2>/dev/null || python3 -m pip install -q --disable-pip-version-check chess
# Fairy-Stockfish as a Python module, the reference of tests/fsf/ (pinned:
# its answers are the expected values).
PYFFISH_VERSION=0.0.90
python3 -c "import pyffish, sys; sys.exit(pyffish.version() != tuple(map(int, '$PYFFISH_VERSION'.split('.'))))" 2>/dev/null \
  || python3 -m pip install -q --disable-pip-version-check "pyffish==$PYFFISH_VERSION"
rustup component list --installed 2>/dev/null | grep -q rustfmt || rustup component add rustfmt clippy || true
# Ray runs the lab's self-play shards (lab/, tests in lab/tests/); pinned as
# in lab/pyproject.toml.
RAY_VERSION=2.60.0
python3 -c "import ray, sys; sys.exit(ray.__version__ != '$RAY_VERSION')" 2>/dev/null \
  || python3 -m pip install -q --disable-pip-version-check "ray==$RAY_VERSION"
# AFL++ through cargo afl for the fuzz campaign (scripts/fuzz.sh; stable toolchain,
# crates.io only). `config --build` compiles AFL++'s runtime once per toolchain; it
# refuses, harmlessly, when that was done.
CARGO_AFL_VERSION=0.18.2
[[ "$(cargo afl --version 2>/dev/null || true)" == *"$CARGO_AFL_VERSION"* ]] \
  || cargo install --locked --quiet "cargo-afl@$CARGO_AFL_VERSION"
cargo afl config --build >/dev/null 2>&1 || true
