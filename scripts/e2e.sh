#!/usr/bin/env bash
# Browser tests of the web app against the real server. On a fresh machine it installs
# what they need: Debian's chromium (apt) when missing, Node + npm when missing, and
# playwright-core and typescript (npm ci in tests/e2e; no browser is downloaded). It
# type-checks web/js, builds the release binary and runs tests/e2e with node's test runner.
#   scripts/e2e.sh            # run the browser tests
#   scripts/e2e.sh --shots    # also refresh docs/screenshots/*.png
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== installing ${need_apt[*]} (apt)"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

echo "== npm ci (tests/e2e: playwright-core, axe-core, typescript)"
(cd tests/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)

echo "== type check of web/js (TypeScript's checker over the // @ts-check files, web/tsconfig.json)"
(cd tests/e2e && npx --no-install tsc -p ../../web)

echo "== building the release binary"
cargo build --release -p menagerie

echo "== browser tests"
(cd tests/e2e && node --test --test-concurrency=1 *.test.mjs)

if [ "${1:-}" = "--shots" ]; then
  echo "== screenshots"
  (cd tests/e2e && node screenshots.mjs ../../docs/screenshots)
fi
