#!/usr/bin/env bash
# make test: install what is missing, then every build and every test, in two lanes so that the
# two cores never wait on one another:
#   main lane:     native release build, wasm release build, then ctest in the release build
#                  (GoogleTest, CLI, node tests of the wasm module, browser tests in Chromium,
#                  Firefox and WebKit; two tests at a time, the longest first);
#   sanitizer lane (starts once the release build is done, at lower priority, so the browser
#                  tests keep their pace): make lint (scripts/lint.sh, which needs the release
#                  build's compile_commands.json), the native ASan+UBSan build, its ctest.
# The sanitizer lane's output goes to build/test-logs/sanitizer-lane.log and is printed when it
# ends. Then one summary line with counts. Exits non-zero on any failure, a lint failure included
# (the tests still run after a lint failure, so one run reports both).
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

step() { echo; echo "==> $*"; }
die() { echo; echo "make test: FAILED: $*"; exit 1; }
elapsed() { echo "$(( $(date +%s) - started )) s"; }

step "setup (installs only what is missing)"
scripts/setup.sh test || die "setup"

mkdir -p build/test-logs
logs=build/test-logs
rm -f "$logs"/*.counts

configure_and_build() {
  local preset=$1
  scripts/configure.sh "$preset" > "$logs/configure-$preset.log" 2>&1 \
    || { cat "$logs/configure-$preset.log"; echo "make test: configuring $preset failed"; return 1; }
  cmake --build --preset "$preset" || { echo "make test: building $preset failed"; return 1; }
}

# Runs ctest and writes its counts to $logs/<preset>.counts ("passed failed skipped status").
# ctest's closing line: "N% tests passed, F tests failed out of T"; skipped tests are listed as
# "(Skipped)" and counted in T but not in F.
# jobs: two at a time. Four were tried: no faster (1,401 s against 1,380 s), since the machine
# is busy throughout (/proc/stat; the browsers' CPU time is not in make test's own rusage).
run_ctest() {
  local preset=$1 jobs=$2 log="$logs/ctest-$1.log" status=0
  echo "==> ctest --preset $preset -j$jobs ($(elapsed) into make test)"
  ctest --preset "$preset" -j"$jobs" --timeout 900 2>&1 | tee "$log"
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
  echo "$((total - fail - skip)) $fail $skip $status" > "$logs/$preset.counts"
}

step "configure and build: release"
configure_and_build release || die "the release build"

# The sanitizer lane: lint, the ASan build and its ctest, beside the main lane.
sanitizer_lane() {
  local lint_status=0
  echo "==> make lint (scripts/lint.sh)"
  scripts/lint.sh || lint_status=1
  echo "$lint_status" > "$logs/lint.status"
  echo "==> configure and build: asan ($(elapsed) into make test)"
  if configure_and_build asan; then
    run_ctest asan 2
  else
    echo "0 1 0 1" > "$logs/asan.counts"
  fi
  echo "==> the sanitizer lane ended ($(elapsed) into make test)"
}
step "the sanitizer lane starts beside the main lane: make lint, the ASan+UBSan build and its tests (log: $logs/sanitizer-lane.log)"
setsid nice -n 10 bash -c "$(declare -f step elapsed configure_and_build run_ctest sanitizer_lane); started=$started logs=$logs; sanitizer_lane" \
  > "$logs/sanitizer-lane.log" 2>&1 &
lane=$!
# The lane is a process group of its own (setsid): an interrupted make test ends it all.
trap 'kill -- -$lane 2>/dev/null' EXIT

step "configure and build: wasm-release ($(elapsed) into make test)"
if configure_and_build wasm-release; then
  run_ctest release 2
else
  echo "0 1 0 1" > "$logs/release.counts"
fi

step "waiting for the sanitizer lane ($(elapsed) into make test)"
wait "$lane"
echo; echo "==> the sanitizer lane's output:"; cat "$logs/sanitizer-lane.log"

passed=0 failed=0 skipped=0 status=0
for preset in release asan; do
  read -r p f s st < "$logs/$preset.counts" 2>/dev/null || { p=0 f=1 s=0 st=1; echo "make test: no counts from ctest --preset $preset"; }
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  [ "$st" -eq 0 ] || status=1
done
lint_status=$(cat "$logs/lint.status" 2>/dev/null || echo 1)

echo
echo "make test: took $(elapsed) (builds, lint, ctest of the release and the sanitizer builds)"
[ "$lint_status" -eq 0 ] || { echo "make lint: FAILED (see its output above; make format, npx eslint --fix)"; status=1; }
echo "summary: $passed passed, $failed failed, $skipped skipped"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
