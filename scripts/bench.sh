#!/usr/bin/env bash
# `make bench`: our native A* and JPS beside Boost.Graph astar_search (bench/bench_boost, the
# runner of `astar bench` plus the Boost peer, all interleaved in one process; JPS+ and the subgoal
# graph too, their preprocessing reported per map), and our wasm module
# beside PathFinding.js 0.4.18 in node, on the same Moving AI queries; prints one markdown
# table of time ratios (ours / peer) per map and their geometric means, over all maps and per
# size class (up to 256², 512², 1024²).
#   MAPS=folder   scenario folder (default ../shared/maps-bench)
#   SAMPLE=N      rows per scenario file, spread over all buckets (default 30)
#   REPEAT=R      runs of every query; each query's time is the median (default 3)
#   OUT=folder    where the JSON lines and the table go (default build-bench)
#   RUNS=N        whole runs (default 1); with N > 1 each goes to OUT/run-K and a last table
#                 gives every run's geometric means and their median
#   FOUR=0        leave out the 4-connected set (default 1: the maps searched 4-connected and
#                 arcade mazes with wrap-around, written to OUT/four-connected by
#                 bench/four_connected_set; FOUR_ROWS=N rows per map, default 100)
# Any wrong length from our code fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
# node, npm: the project's Node.js (scripts/node_env.sh; setup.sh bench installed it).
. scripts/node_env.sh
astar_use_node

MAPS="${MAPS:-../shared/maps-bench}"
SAMPLE="${SAMPLE:-30}"
REPEAT="${REPEAT:-3}"
OUT="${OUT:-build-bench}"
RUNS="${RUNS:-1}"
if ! [[ "$RUNS" =~ ^[1-9][0-9]?$ ]]; then
  echo "bench.sh: RUNS must be a whole number from 1 to 99 (got '$RUNS')" >&2
  exit 2
fi
if [ ! -d "$MAPS" ]; then
  echo "bench.sh: no scenario folder at $MAPS (set MAPS=folder with .map and .map.scen files)" >&2
  exit 2
fi
mkdir -p "$OUT"

echo "bench.sh: building the native runners (build-release) and the bench wasm module (build-bench-wasm)" >&2
cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/configure-native.log"
# bench_boost exists only when CMake found Boost (scripts/setup.sh bench installs it); without
# it the native runner is `astar bench` alone and the table has no Boost columns.
native_targets=(astar no_path_bench four_connected_set)
native=(build-release/tools/astar/astar bench)
native4=(build-release/tools/astar/astar bench --four-connected --algorithms astar,jps,jps-plus)
if grep -q "bench_boost: Boost.Graph peer enabled" "$OUT/configure-native.log"; then
  native_targets+=(bench_boost)
  # Boost.Graph on compressed_sparse_row_graph (its best configuration) and, as a labelled
  # second column, adjacency_list; libtcod's A* when CMake found libtcod.
  peers=boost,boost-adjlist
  grep -q "bench_boost: libtcod peer enabled" "$OUT/configure-native.log" && peers+=,libtcod
  # JPS+ with goal bounding up to 16,384 open cells (arena, den312d, ost003d, lak303d; ~90 s of
  # preprocessing, reported apart); the library default is 4,096 (a page stays responsive).
  native=(build-release/bench/bench_boost --goal-bounding-cells 16384 --algorithms "${NATIVE_ALGORITHMS:-astar,jps,jps-plus,subgoal},$peers")
  native4=(build-release/bench/bench_boost --four-connected --algorithms "astar,jps,jps-plus,$peers")
else
  echo "bench.sh: Boost not found: no Boost.Graph peer in this run" >&2
fi
cmake --build build-release -j2 --target "${native_targets[@]}" > "$OUT/build-native.log" ||
  { cat "$OUT/build-native.log" >&2; exit 1; }
emcmake cmake -S bench/node -B build-bench-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/configure-wasm.log" 2>&1 ||
  { cat "$OUT/configure-wasm.log" >&2; exit 1; }
cmake --build build-bench-wasm -j2 > "$OUT/build-wasm.log" 2>&1 || { cat "$OUT/build-wasm.log" >&2; exit 1; }
if [ ! -d bench/node/node_modules/pathfinding ] || [ ! -d bench/node/node_modules/l1-path-finder ]; then
  (cd bench/node && npm ci --no-audit --no-fund --loglevel=error)
fi

# Map by map, the native run and the node run back to back: the wasm / native ratio then
# compares runs seconds apart, not minutes (this VM's speed drifts by tens of percent).
mapfile -t scenarios < <(find "$MAPS" -name '*.map.scen' | LC_ALL=C sort)
if [ "${#scenarios[@]}" -eq 0 ]; then
  echo "bench.sh: no .map.scen files under $MAPS" >&2
  exit 2
fi
for run in $(seq 1 "$RUNS"); do
  dir="$OUT"
  [ "$RUNS" -gt 1 ] && dir="$OUT/run-$run" && mkdir -p "$dir"
  : > "$dir/native.jsonl"
  : > "$dir/node.jsonl"
  echo "bench.sh: run $run of $RUNS: ${#scenarios[@]} maps, $SAMPLE rows per map, $REPEAT repeats; per map: native (A*, JPS, Boost.Graph), then node (wasm A*, wasm JPS, PathFinding.js A* and JPS)" >&2
  for scen in "${scenarios[@]}"; do
    "${native[@]}" --json --sample "$SAMPLE" --repeat "$REPEAT" "$scen" >> "$dir/native.jsonl"
    node bench/node/run.mjs --json --module build-bench-wasm/astar_bench.mjs --sample "$SAMPLE" --repeat "$REPEAT" "$scen" >> "$dir/node.jsonl"
  done
  node bench/node/table.mjs --geomeans "$dir/geomeans.json" "$dir/native.jsonl" "$dir/node.jsonl" | tee "$dir/table.md"
  if [ "${FOUR:-1}" != 0 ]; then
    # The 4-connected set: optimal lengths from our Dijkstra (checked against a BFS in
    # tests/unit/test_four_connected.cpp), written under OUT, never committed.
    four="$OUT/four-connected"
    [ -d "$four" ] || build-release/bench/four_connected_set "$MAPS" "$four" --rows "${FOUR_ROWS:-100}" >&2
    : > "$dir/native-4c.jsonl"
    : > "$dir/node-4c.jsonl"
    echo "bench.sh: run $run of $RUNS: the 4-connected set (native: A*, JPS, JPS+ (runs as JPS), Boost, libtcod; node: wasm A* and JPS, PathFinding.js A* and JPS, l1-path-finder)" >&2
    for scen in $(find "$four" -name '*.scen' | LC_ALL=C sort); do
      "${native4[@]}" --json --sample "$SAMPLE" --repeat "$REPEAT" "$scen" >> "$dir/native-4c.jsonl"
      case "$scen" in
        *.map.scen) node bench/node/run.mjs --json --four-connected --runners wasm-astar,wasm-jps,pf-astar,pf-jps,l1 \
          --module build-bench-wasm/astar_bench.mjs --sample "$SAMPLE" --repeat "$REPEAT" "$scen" >> "$dir/node-4c.jsonl" ;;
      esac
    done
    echo
    node bench/node/table.mjs --geomeans "$dir/geomeans-4c.json" "$dir/native-4c.jsonl" "$dir/node-4c.jsonl" | tee "$dir/table-4c.md"
  fi
done
# A query with no path from a walled-in start costs the same on a small and a huge map (the
# partial path's end is chosen among the expanded nodes; the per-query reset is O(1)).
echo
build-release/no_path_bench | tee "$OUT/no_path.txt"
if [ "$RUNS" -gt 1 ]; then
  echo
  node bench/node/median.mjs $(for run in $(seq 1 "$RUNS"); do echo "$OUT/run-$run/geomeans.json"; done) | tee "$OUT/median.md"
  if [ "${FOUR:-1}" != 0 ]; then
    echo
    echo "The 4-connected set:"
    node bench/node/median.mjs $(for run in $(seq 1 "$RUNS"); do echo "$OUT/run-$run/geomeans-4c.json"; done) | tee "$OUT/median-4c.md"
  fi
fi
