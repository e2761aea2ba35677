#!/usr/bin/env bash
# One part of make test, for the GitHub workflow's parallel jobs (.github/workflows/ci.yml).
# Together the parts run what make test runs (scripts/test.sh); .ci/run and a developer run all
# of it with make test. Usage: scripts/ci_part.sh PART
#   lint            make lint
#   native          the release build; every ctest test but the node and browser ones
#   sanitizers      the ASan+UBSan build and its ctest (the native tests)
#   wasm-node       the release and wasm builds; the node tests of the wasm module
#   chromium        the release and wasm builds; the browser tests in Chromium
#   firefox-webkit  the release and wasm builds; the browser tests in Firefox and WebKit
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-}"
build() { local p; for p in "$@"; do cmake --preset "$p" > /dev/null && cmake --build --preset "$p"; done; }
case "$part" in
  lint) scripts/setup.sh lint && scripts/lint.sh ;;
  native) scripts/setup.sh check && build release && ctest --preset release -LE 'node|browser' -j2 --timeout 900 ;;
  sanitizers) scripts/setup.sh check && scripts/setup.sh asan && build asan && ctest --preset asan -j2 --timeout 900 ;;
  wasm-node) scripts/setup.sh check && build release wasm-release && ctest --preset release -L node -j2 --timeout 900 ;;
  chromium) scripts/setup.sh test && build release wasm-release \
    && ctest --preset release -L browser -E 'firefox|webkit' -j2 --timeout 900 ;;
  firefox-webkit) scripts/setup.sh test && build release wasm-release \
    && ctest --preset release -L browser -R 'firefox|webkit' -j2 --timeout 900 ;;
  *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
