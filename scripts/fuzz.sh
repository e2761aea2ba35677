#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (its own build dir) and runs each for a bounded
# time. Environment: FUZZ_SECONDS (per target, default 60), FUZZ_RUNS (stop each target after
# this many executions instead; FUZZ_SECONDS then defaults to 7200 as a cap), FUZZ_BUILD_DIR
# (default build-fuzz), FUZZ_TARGETS (default: all), FUZZ_JOBS (build parallelism, default 2).
# Crash inputs land in fuzz-out/; copy each into tests/fuzz/regressions/<target>/ once
# fixed, so `make test` (fuzz_regressions) keeps checking it.
# Then the share-link fuzzer (tests/web/share_fuzz.test.mjs, fast-check over web/js/share.js)
# runs SHARE_FUZZ_RUNS runs per property (default 20000, about 2 min; 0 skips it) with a fresh
# seed (SHARE_FUZZ_SEED to repeat one); a failing input lands in fuzz-out/share-failures.json:
# add it to a JSON list in tests/fuzz/regressions/share/. Exit 1 if anything failed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
runs=${FUZZ_RUNS:-}
if [ -n "$runs" ]; then seconds=${FUZZ_SECONDS:-7200}; else seconds=${FUZZ_SECONDS:-60}; fi
run_limit=()
[ -n "$runs" ] && run_limit=(-runs="$runs")
# Default: every target, one per seed-corpus folder (each map format of core's table, scenario,
# detect, roundtrip).
targets=${FUZZ_TARGETS:-$(cd "$root/tests/fuzz/corpus" && ls -d -- */ | tr -d / | tr '\n' ' ')}
out=$root/fuzz-out
mkdir -p "$out"

CXX=${CXX:-clang++-14} cmake -S "$root" -B "$build" -G Ninja -DASTAR_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"${FUZZ_JOBS:-2}" --target $(printf 'fuzz_%s ' $targets)

status=0
for t in $targets; do
  work=$out/corpus-$t  # new inputs the fuzzer finds; the checked-in seeds stay untouched
  mkdir -p "$work"
  log=$out/$t.log
  echo "== fuzz_$t for ${runs:+$runs runs, at most }${seconds}s"
  if "$build/fuzz_$t" -max_total_time="$seconds" "${run_limit[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$out/$t-" "$work" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1; then
    grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb' "$log" | sed "s/^/   /"
    echo "   corpus files: $(find "$work" "$root/tests/fuzz/corpus/$t" -type f | wc -l) (found + seeds)"
  else
    status=1
    echo "   FAILED: see $log and $out/$t-*"
    grep -E 'ERROR|fuzz check failed|Test unit written' "$log" | head -5 | sed "s/^/   /"
  fi
done
share_runs=${SHARE_FUZZ_RUNS:-20000}
if [ "$share_runs" != 0 ]; then
  log=$out/share.log
  echo "== share-link fuzzer, $share_runs runs per property"
  if SHARE_FUZZ_RUNS=$share_runs SHARE_FUZZ_OUT=$out/share-failures.json \
      "$root/scripts/node" --test --test-reporter=spec "$root/tests/web/share_fuzz.test.mjs" >"$log" 2>&1; then
    grep -E '^share fuzz ' "$log" | sed "s/^/   /"
  else
    status=1
    echo "   FAILED: see $log and $out/share-failures.json"
  fi
fi
exit $status
