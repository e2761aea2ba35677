#!/usr/bin/env bash
# make test: install what is missing, build native release, run `make lint` (scripts/lint.sh,
# which needs the release build's compile_commands.json), build wasm release and native
# ASan+UBSan, run ctest in the release build (GoogleTest, node tests of the wasm module,
# headless-Chromium tests of the page) and in the sanitizer build (native tests), then
# print one summary line with counts. Exits non-zero on any failure, a lint failure included
# (the tests still run after a lint failure, so one run reports both).
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

step() { echo; echo "==> $*"; }
die() { echo; echo "make test: FAILED: $*"; exit 1; }

step "setup (installs only what is missing)"
scripts/setup.sh test || die "setup"

lint_status=0
for preset in release wasm-release asan; do
  step "configure and build: $preset"
  cmake --preset "$preset" > "/tmp/astar-configure-$preset.$$.log" 2>&1 \
    || { cat "/tmp/astar-configure-$preset.$$.log"; die "configuring $preset"; }
  rm -f "/tmp/astar-configure-$preset.$$.log"
  cmake --build --preset "$preset" || die "building $preset"
  if [ "$preset" = release ]; then
    step "make lint (scripts/lint.sh)"
    scripts/lint.sh || lint_status=1
  fi
done

passed=0 failed=0 skipped=0 status=$lint_status
# Runs ctest and adds its counts. ctest's closing line: "N% tests passed, F tests failed out of T";
# skipped tests are listed as "(Skipped)" and counted in T but not in F.
run_ctest() {
  local preset=$1 log
  log=$(mktemp)
  step "ctest --preset $preset"
  ctest --preset "$preset" -j2 --timeout 600 2>&1 | tee "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  local line total fail skip
  line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)
  if [ -z "$line" ]; then
    if grep -q 'No tests were found' "$log"; then total=0 fail=0; else total=0 fail=1 status=1; fi
  else
    fail=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
    total=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$line")
  fi
  skip=$(grep -cE '\((Skipped|Disabled)\)$' "$log")
  rm -f "$log"
  passed=$((passed + total - fail - skip))
  failed=$((failed + fail))
  skipped=$((skipped + skip))
}
run_ctest release
run_ctest asan

echo
echo "make test: took $(( $(date +%s) - started )) s (ctest of the release and the sanitizer builds)"
[ "$lint_status" -eq 0 ] || echo "make lint: FAILED (see its output above; make format, npx eslint --fix)"
echo "summary: $passed passed, $failed failed, $skipped skipped"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
