#!/usr/bin/env bash
# CLI tests, one case per ctest test: cli_test.sh ASTAR REPO_ROOT MAPS_BENCH_DIR CASE
# Checks exit statuses (0 ok, 1 mismatch/no path, 2 bad input) and key output lines.
# Exit 77 (skipped) when a case needs ../shared/maps-bench and it is absent.
set -u
astar=$1 root=$2 bench=$3 case=$4
maps=$root/maps
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect STATUS PATTERN -- ARGS...: runs astar ARGS, checks the exit status and that the
# combined output matches the extended regular expression PATTERN.
expect() {
  local status=$1 pattern=$2
  shift 3
  local out rc
  out=$("$astar" "$@" 2>&1)
  rc=$?
  if [[ $rc -ne $status ]]; then
    echo "FAIL: astar $* exited $rc, expected $status"; echo "$out" | head -20; failures=$((failures + 1)); return
  fi
  if ! grep -Eq -- "$pattern" <<<"$out"; then
    echo "FAIL: astar $* output lacks /$pattern/"; echo "$out" | head -20; failures=$((failures + 1)); return
  fi
  echo "ok: astar $* -> $rc"
}

case $case in
  help)
    expect 0 "astar scen FILE.map.scen" -- --help
    expect 2 "usage: astar COMMAND" --
    expect 2 "unknown command 'fly'" -- fly
    # --version prints the one version number, CMakeLists.txt's project(astar VERSION ...).
    version=$(sed -n 's/^project(astar VERSION \([0-9][0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
    [[ -n $version ]] || { echo "FAIL: no project(astar VERSION ...) in CMakeLists.txt"; failures=$((failures + 1)); }
    expect 0 "^astar $version\$" -- --version
    # The formats help lists (core's format table) are each fuzzed: a seed corpus folder per
    # format (tests/fuzz/part.cmake makes one fuzz target per folder).
    mapfile -t formats < <("$astar" help | sed -n '/^formats/,/^exit status/p' | grep -oE '^  [a-z0-9]+ \(' | tr -d ' (')
    [[ ${#formats[@]} -ge 4 ]] || { echo "FAIL: help lists ${#formats[@]} formats"; failures=$((failures + 1)); }
    for f in "${formats[@]}"; do
      if compgen -G "$root/tests/fuzz/corpus/$f/*" > /dev/null; then echo "ok: format $f has a fuzz corpus"
      else echo "FAIL: format $f (astar help) has no tests/fuzz/corpus/$f"; failures=$((failures + 1)); fi
    done
    ;;
  convert)
    expect 0 "" -- convert "$maps/tutorial2_example.tut2.txt" "$tmp/t2.map.txt"
    expect 0 "" -- convert "$tmp/t2.map.txt" "$tmp/t2.map"
    expect 0 "" -- convert "$tmp/t2.map" "$tmp/back.grid.txt"
    expect 0 "" -- convert "$tmp/back.grid.txt" "$tmp/back.tut2.txt"
    # Same cells after four conversions; the Moving AI step drops start A and goal B.
    original=$(grep -v '^//' "$maps/tutorial2_example.tut2.txt" | tail -n +3 | tr -d ' \n' | tr 'AB' '00')
    converted=$(tail -n +3 "$tmp/back.tut2.txt" | tr -d ' \n')
    [[ $original == "$converted" ]] || { echo "FAIL: cells changed in the conversion chain"; failures=$((failures + 1)); }
    expect 0 "cannot hold portals" -- convert "$maps/teleporters.map.txt" "$tmp/tele.map"
    expect 0 "" -- convert "$maps/arcade.map.txt" - --to playground
    expect 2 "cannot tell the format" -- convert "$maps/arcade.map.txt" "$tmp/out.png"
    expect 2 "unknown format 'svg'" -- convert "$maps/arcade.map.txt" "$tmp/out.map" --to svg
    ;;
  info)
    expect 0 "size: 28 x 31" -- info "$maps/arcade.map.txt"
    expect 0 "wrap: x" -- info "$maps/arcade.map.txt"
    expect 0 "connected components: 1 " -- info "$maps/arcade.map.txt"
    expect 0 "portals: 3 \(2 two-way, 1 one-way\)" -- info "$maps/teleporters.map.txt"
    expect 0 "one-way cells: 6" -- info "$maps/escalators.map.txt"
    expect 0 "terrain '~' water: cost 10" -- info "$maps/water_vs_ground.map.txt"
    expect 0 "cells: square" -- info "$maps/arcade.map.txt"
    printf 'astar-map 1\ncells: hex\nsize: 4 x 3\nwrap: x\nterrain: . 1\ngrid:\n....\n....\n....\n' >"$tmp/hex.map.txt"
    expect 0 "cells: hex" -- info "$tmp/hex.map.txt"
    printf 'astar-map 1\ncells: hex\nsize: 4 x 3\nwrap: y\nterrain: . 1\ngrid:\n....\n....\n....\n' >"$tmp/oddhex.map.txt"
    expect 2 "oddhex.map.txt:4:1: a hex grid wraps vertically only with an even height" -- info "$tmp/oddhex.map.txt"
    expect 0 "format: tutorial2" -- info "$maps/tutorial2_example.tut2.txt"
    expect 2 "expected 1 argument" -- info
    expect 2 "cannot open" -- info "$tmp/missing.map"
    printf 'astar-map 1\nsize: 3 x 1\nterrain: . 1\ngrid:\n..\n' >"$tmp/bad.map.txt"
    expect 2 "bad.map.txt:5:3: row has 2 cells, header says 3" -- info "$tmp/bad.map.txt"
    ;;
  path)
    expect 0 "cost: 23.97056275" -- path "$maps/water_vs_ground.map.txt" 2 6 21 6
    expect 0 "cost: 20" -- path "$maps/escalators.map.txt" 1 9 13 1 --algorithm dijkstra
    expect 0 "cost: 20" -- path "$maps/escalators.map.txt"
    expect 2 "has no start and goal" -- path "$maps/testgrid1.grid.txt"
    expect 2 "expected MAP, or MAP SX SY GX GY" -- path "$maps/arcade.map.txt" 1 1
    expect 0 "expansions: " -- path "$maps/maze_257.map.txt" 1 1 255 255 --heuristic manhattan
    expect 0 "cells: " -- path "$maps/arcade.map.txt" 13 17 1 1 --algorithm bfs --show
    printf '1\n3\nA1B\n' >"$tmp/split.tut2.txt"
    expect 1 "status: no-path" -- path "$tmp/split.tut2.txt" 0 0 2 0
    expect 2 "is a wall" -- path "$maps/arcade.map.txt" 0 0 1 1
    expect 2 "GX must be a whole number in 0..27" -- path "$maps/arcade.map.txt" 1 1 99 1
    expect 2 "unknown algorithm 'magic'" -- path "$maps/arcade.map.txt" 1 1 1 1 --algorithm magic
    expect 2 "unknown heuristic 'psychic'" -- path "$maps/arcade.map.txt" 1 1 1 1 --heuristic psychic
    expect 2 "unknown option --fast" -- path "$maps/arcade.map.txt" 1 1 1 1 --fast
    # Turn-aware: from (1, 1) facing west (a wall) with no reverse, (2, 1) behind it is 11 steps
    # round the block; facing east, one step.
    expect 0 "cost: 11$" -- path "$maps/arcade.map.txt" 1 1 2 1 --no-reverse --heading W
    expect 0 "reversals: 0" -- path "$maps/arcade.map.txt" 1 1 2 1 --no-reverse --heading W
    expect 0 "cost: 1$" -- path "$maps/arcade.map.txt" 1 1 2 1 --no-reverse --heading E
    expect 0 "cost: 51$" -- path "$maps/arcade.map.txt" --turn-cost 1 --no-reverse --heading W
    expect 2 "unknown heading 'Q' .N, E, S, W, NE, SE, SW, NW." -- path "$maps/arcade.map.txt" --heading Q
    expect 2 "not one of this grid's 4 .4-connected. directions" -- path "$maps/arcade.map.txt" --heading NE
    expect 2 "turn cost must be a number from 0" -- path "$maps/arcade.map.txt" --turn-cost -2
    # Hex: 7 x 4, odd rows shifted right; walls at x = 3 in rows 0-2, so every path passes (3,3).
    # Hex distances (axial q = x - floor(y/2)): (0,0)-(3,3) is 5, (3,3)-(6,0) is 4: cost 9, e.g.
    # SE (0,1), SE (1,2), SE (1,3), E (2,3), E (3,3), NE (4,2), NE (4,1), NE (5,0), E (6,0).
    printf 'astar-map 1\ncells: hex\nsize: 7 x 4\nterrain: . 1\nterrain: # wall\ngrid:\n...#...\n...#...\n...#...\n.......\n' >"$tmp/hex.map.txt"
    expect 0 "cost: 9$" -- path "$tmp/hex.map.txt" 0 0 6 0
    expect 0 "^ [.*] [.*] [.*] # [.*] [.*] [.*]$" -- path "$tmp/hex.map.txt" 0 0 6 0 --show
    # HPA*: the same output lines plus its own; a hex map (every path passes (3,3)), no path, bad sizes.
    expect 0 "algorithm: hpa" -- path "$tmp/hex.map.txt" 0 0 6 0 --algorithm hpa --cluster-size 4
    expect 0 "abstract-expanded: [1-9]" -- path "$maps/maze_257.map.txt" 1 1 255 255 --algorithm hpa
    expect 1 "status: no-path" -- path "$tmp/split.tut2.txt" 0 0 2 0 --algorithm hpa --cluster-size 4
    expect 2 "cluster-size must be a whole number in 4..128" -- path "$tmp/hex.map.txt" 0 0 6 0 --algorithm hpa --cluster-size 2
    expect 2 "astar does not take --cluster-size \(hpa does\)" -- path "$tmp/hex.map.txt" 0 0 6 0 --cluster-size 8
    ;;
  trace)
    # 4 x 2, 4-way, a wall at (2, 0): from (0, 0) to (3, 0), A* with Manhattan. The first
    # expansion opens (1, 0) (f 1 + 2) and (0, 1) (f 1 + 4); the path goes round the wall below
    # it; at (1, 1) the move back to (0, 1) costs 3, not below its g = 1: not better.
    printf 'astar-map 1\nsize: 4 x 2\nmovement: never\nterrain: . 1\nterrain: # wall\ngrid:\n..#.\n....\n' >"$tmp/tiny.map.txt"
    expect 0 '^\{"expansion":1,"cell":\[0,0\],"g":0,"h":3,"f":3,"goal":false,"relaxations":\[\{"cell":\[1,0\],"outcome":"opened","step_cost":1,"tentative_g":1\},\{"cell":\[0,1\],"outcome":"opened","step_cost":1,"tentative_g":1\}\],"open":\[\{"cell":\[1,0\],"g":1,"h":2,"f":3\},\{"cell":\[0,1\],"g":1,"h":4,"f":5\}\],"status":"in-progress"\}$' -- trace "$tmp/tiny.map.txt" 0 0 3 0 --heuristic manhattan --expansions 1
    expect 0 '^\{"expansion":3,"cell":\[1,1\].*\{"cell":\[0,1\],"outcome":"not-better","step_cost":1,"tentative_g":3\}' -- trace "$tmp/tiny.map.txt" 0 0 3 0 --heuristic manhattan --expansions 50
    expect 0 '^\{"expansion":6,"cell":\[3,0\],"g":5,"h":0,"f":5,"goal":true,"relaxations":\[\],"open":\[\],"status":"found"\}$' -- trace "$tmp/tiny.map.txt" 0 0 3 0 --heuristic manhattan --expansions 50
    # --each-relaxation: the open list once each neighbour was relaxed ((1, 0) alone, then both).
    expect 0 '"relaxations":\[\{"cell":\[1,0\],"outcome":"opened","step_cost":1,"tentative_g":1,"open":\[\{"cell":\[1,0\],"g":1,"h":2,"f":3\}\]\},\{"cell":\[0,1\],"outcome":"opened","step_cost":1,"tentative_g":1,"open":\[\{"cell":\[1,0\],"g":1,"h":2,"f":3\},\{"cell":\[0,1\],"g":1,"h":4,"f":5\}\]\}\]' -- trace "$tmp/tiny.map.txt" 0 0 3 0 --heuristic manhattan --expansions 1 --each-relaxation
    expect 2 "--expansions must be" -- trace "$tmp/tiny.map.txt" 0 0 3 0 --expansions 0
    expect 2 "is a wall" -- trace "$tmp/tiny.map.txt" 2 0 3 0
    ;;
  compare)
    # Optimal algorithms match Dijkstra's cost; greedy pays for the water it walks through.
    expect 0 "^astar +found +23.9706 +1.0000 " -- compare "$maps/water_vs_ground.map.txt" 2 6 21 6
    expect 0 "^jps \(as A\*\) +found +23.9706 +1.0000 " -- compare "$maps/water_vs_ground.map.txt" 2 6 21 6
    expect 0 "^greedy +found +[0-9.]+ +([2-9]|1\.[0-9]*[1-9])" -- compare "$maps/water_vs_ground.map.txt" 2 6 21 6
    expect 0 '"algorithm": "dfs", "status": "found"' -- compare "$maps/escalators.map.txt" --json --repeat 1
    n=$("$astar" compare "$maps/escalators.map.txt" --json --repeat 1 | grep -c '"algorithm"')
    rows=$("$astar" help | sed -n '/^planners/,/^$/p' | grep -cE '^  [a-z-]+: ')
    [[ $n == "$rows" && $rows -ge 11 ]] || { echo "FAIL: compare printed $n planners, help lists $rows (every row of the registry)"; failures=$((failures + 1)); }
    expect 0 '^hpa +found +23\.9706 +1\.0000 +1\.54 ' -- compare "$maps/water_vs_ground.map.txt" 2 6 21 6
    expect 0 "^jps-plus \(as A\*\) +found +23.9706 +1.0000 " -- compare "$maps/water_vs_ground.map.txt" 2 6 21 6
    # 4-way: JPS runs as itself; JPS+ (8-way tables only) runs as JPS and says so.
    expect 0 "^jps +found +8552 +1.0000 " -- compare "$maps/maze_257.map.txt" --repeat 1
    expect 0 "^jps-plus \(as Jump point search\) +found +8552 +1.0000 " -- compare "$maps/maze_257.map.txt" --repeat 1
    printf '1\n3\nA1B\n' >"$tmp/split.tut2.txt"
    expect 1 "^astar +no-path " -- compare "$tmp/split.tut2.txt" 0 0 2 0
    expect 2 "unknown option --algorithm" -- compare "$maps/arcade.map.txt" --algorithm bfs
    expect 2 "--repeat must be a whole number" -- compare "$maps/arcade.map.txt" --repeat 0
    ;;
  scen)
    expect 0 "rows 24, mismatches 0" -- scen "$maps/random128-25-7.map.scen"
    expect 0 '^\{"rows": 5, "mismatches": 0' -- scen "$maps/random128-25-7.map.scen" --rows 5 --json
    expect 0 '"row": 0, "line": 2, "expected": ' -- scen "$maps/random128-25-7.map.scen" --rows 5 --json
    expect 0 "rows 24, mismatches 0 \(jps" -- scen "$maps/random128-25-7.map.scen" --algorithm jps --map "$maps/random128-25-7.map"
    n=$("$astar" scen "$maps/random128-25-7.map.scen" --rows 6 --json | grep -c '"row"')
    [[ $n == 6 ]] || { echo "FAIL: --rows 6 printed $n rows"; failures=$((failures + 1)); }
    expect 2 "--rows must be a whole number" -- scen "$maps/random128-25-7.map.scen" --rows 0
    printf 'version 1\n1\tx.map\t4\t4\t1\t1\t9\t2\t3\n' >"$tmp/bad.map.scen"
    expect 2 "bad.map.scen:2:17: expected an x coordinate in 0..3, got '9'" -- scen "$tmp/bad.map.scen"
    printf 'version 1\n1\trandom128-25-7.map\t64\t64\t1\t1\t2\t2\t3\n' >"$tmp/size.map.scen"
    expect 2 "row is for a 64 x 64 map" -- scen "$tmp/size.map.scen" --map "$maps/random128-25-7.map"
    ;;
  scen_legacy)
    [[ -d $bench ]] || { echo "no $bench: skipped"; exit 77; }
    expect 0 "rows 40, mismatches 0" -- scen "$bench/AR0011SR.map.scen" --rows 40
    expect 0 "rows 40, mismatches 0" -- scen "$bench/Berlin_0_256.map.scen" --rows 40
    expect 0 "rows 40, mismatches 0" -- scen "$bench/random512-40-0.map.scen" --rows 40
    # JPS+ builds its tables before the rows and reports them in the final summary line.
    expect 0 '"mismatches": 0, "algorithm": "jps-plus".*"preprocess_ms": [0-9.]+, "preprocess_bytes": [1-9][0-9]*, "goal_bounding": true}' -- scen "$bench/arena.map.scen" --algorithm jps-plus --json
    expect 0 "rows 40, mismatches 0 \(jps-plus, .*preprocessing .* no goal bounding" -- scen "$bench/Berlin_0_256.map.scen" --algorithm jps-plus --rows 40
    ;;
  scen_mismatch)
    expect 1 "MISMATCH" -- scen "$maps/random128-25-7.map.scen" --algorithm greedy
    expect 1 '"mismatches": [1-9]' -- scen "$maps/random128-25-7.map.scen" --algorithm dfs --json
    ;;
  errors)
    printf 'type octile\nheight 100000\nwidth 100000\nmap\n' >"$tmp/huge.map"
    expect 2 "map size 100000 x 100000 is outside 1..4096" -- info "$tmp/huge.map"
    : >"$tmp/empty.map.txt"
    expect 2 "empty" -- info "$tmp/empty.map.txt"
    head -c 3000 /dev/urandom >"$tmp/noise.map.txt"
    expect 2 "" -- info "$tmp/noise.map.txt"
    ;;
  limits)
    # Costs outside 1e-30..1e30 (cells) or 0..1e30 (portals), and two portals of 1e308 whose
    # sum would overflow, are refused at load with a message: exit 2, never "cost: inf".
    map() { printf 'astar-map 1\nsize: 4 x 1\nterrain: . 1\n%sgrid:\n....\n' "$1" > "$tmp/$2.map.txt"; }
    map $'terrain: ~ 1e308\n' cell_huge
    map $'terrain: ~ -1\n' cell_negative
    map $'terrain: ~ nan\n' cell_nan
    map $'terrain: ~ inf\n' cell_inf
    map $'portal: 0 0 -> 3 0 1e308\nportal: 3 0 -> 0 0 1e308\n' portal_overflow
    map $'portal: 0 0 -> 3 0 -1\n' portal_negative
    map $'portal: 0 0 -> 3 0 nan\n' portal_nan
    map $'portal: 0 0 -> 3 0 inf\n' portal_inf
    expect 2 "a cell cost must be at most 1e30, got '1e308'" -- path "$tmp/cell_huge.map.txt" 0 0 3 0
    expect 2 "a cell cost must be > 0" -- path "$tmp/cell_negative.map.txt" 0 0 3 0
    expect 2 "expected a cost \(a number from 1e-30 to 1e30\) or 'wall', got 'nan'" -- path "$tmp/cell_nan.map.txt" 0 0 3 0
    expect 2 "got 'inf'" -- path "$tmp/cell_inf.map.txt" 0 0 3 0
    expect 2 "a portal cost must be at most 1e30, got '1e308'" -- compare "$tmp/portal_overflow.map.txt" 0 0 3 0
    expect 2 "a portal cost must be >= 0, got '-1'" -- path "$tmp/portal_negative.map.txt" 0 0 3 0
    expect 2 "expected a portal cost \(a number from 0 to 1e30\), got 'nan'" -- path "$tmp/portal_nan.map.txt" 0 0 3 0
    expect 2 "got 'inf'" -- path "$tmp/portal_inf.map.txt" 0 0 3 0
    # A path through a 6.76 cell costs what the file says.
    map $'terrain: m 6.76 mud\n' mud
    sed -i 's/^\.\.\.\.$/.m../' "$tmp/mud.map.txt"
    expect 0 "^cost: 8\.76$" -- path "$tmp/mud.map.txt" 0 0 3 0
    # The largest size searches; one more is refused by the generator with the one limit's message.
    expect 0 "" -- generate random "$tmp/big.map" --width 4096 --height 4096 --density 0 --seed 1
    expect 0 "^cost: 1\.414" -- path "$tmp/big.map" 0 0 1 1
    expect 0 "^cost: 5791\.2045" -- path "$tmp/big.map" 0 0 4095 4095
    expect 2 "--width must be a whole number in 1..4096, got '4097'" -- generate random "$tmp/bigger.map" --width 4097 --height 8
    printf 'type octile\nheight 1\nwidth 4097\nmap\n%s\n' "$(head -c 4097 /dev/zero | tr '\0' '.')" > "$tmp/wide.map"
    expect 2 "map size 4097 x 1 is outside 1..4096 per side" -- path "$tmp/wide.map" 0 0 1 0
    ;;
  generate)
    expect 0 "" -- generate arcade "$tmp/a.map.txt" --seed 9 --tunnels 2
    expect 0 "" -- generate arcade "$tmp/b.map.txt" --seed 9 --tunnels 2
    cmp -s "$tmp/a.map.txt" "$tmp/b.map.txt" || { echo "FAIL: same seed, different maps"; failures=$((failures + 1)); }
    expect 0 "connected components: 1 " -- info "$tmp/a.map.txt"
    expect 0 "" -- generate division "$tmp/d.map" --width 65 --height 33 --seed 3
    expect 0 "size: 65 x 33" -- info "$tmp/d.map"
    expect 0 "" -- generate random "$tmp/r.grid.txt" --density 0.2
    expect 0 "" -- generate hex "$tmp/h.map.txt" --width 25 --height 15 --seed 4
    expect 0 "cells: hex" -- info "$tmp/h.map.txt"
    expect 0 "connected components: 1 " -- info "$tmp/h.map.txt"
    expect 2 "unknown generator 'spiral'" -- generate spiral "$tmp/x.map.txt"
    expect 2 "obstacle density must be between 0 and 1" -- generate random "$tmp/x.map.txt" --density 2
    ;;
  switches)
    # Each search switch must change what the search does; a switch that is parsed but ignored
    # fails here. field OUT KEY ALGORITHM: KEY of ALGORITHM's line in compare --json output.
    field() { grep "\"algorithm\": \"$3\"" <<<"$1" | grep -Eo "\"$2\": [0-9.e+-]+" | head -1 | sed 's/.*: //'; }
    differs() {  # WHAT A B: fails the case when A equals B (or either is empty)
      if [[ -z $2 || -z $3 || $2 == "$3" ]]; then echo "FAIL: $1: '$2' vs '$3' (the switch changed nothing)"; failures=$((failures + 1));
      else echo "ok: $1: $2 -> $3"; fi
    }
    same() {
      if [[ -z $2 || $2 != "$3" ]]; then echo "FAIL: $1: '$2' vs '$3' differ"; failures=$((failures + 1)); else echo "ok: $1: $2"; fi
    }
    expect 0 "--no-wrap-aware" -- help
    expect 0 "--no-portal-aware" -- help
    expect 0 "--reopen " -- help
    # A portal into a walled-off pocket beside the goal: the portal-aware heuristic is lower
    # (admissible, less informed), so A* expands more; the optimal cost is the same.
    printf 'astar-map 1\nsize: 24 x 7\nterrain: . 1\nterrain: # wall\nstart: 1 3\ngoal: 22 4\nportal: 2 3 -> 21 0 1\ngrid:\n...................#....\n...................#####\n...........#............\n...........#............\n...........#............\n........................\n........................\n' >"$tmp/portal.map.txt"
    on=$("$astar" compare "$tmp/portal.map.txt" --json --repeat 1) off=$("$astar" compare "$tmp/portal.map.txt" --json --repeat 1 --no-portal-aware)
    differs "compare --no-portal-aware, A* expanded" "$(field "$on" expanded astar)" "$(field "$off" expanded astar)"
    same "compare --no-portal-aware, A* cost (6 digits)" "$(printf %.6f "$(field "$on" cost astar)")" "$(printf %.6f "$(field "$off" cost astar)")"
    on=$("$astar" path "$tmp/portal.map.txt" --portal-aware | grep expansions) off=$("$astar" path "$tmp/portal.map.txt" --no-portal-aware | grep expansions)
    differs "path --no-portal-aware" "$on" "$off"
    # Wrap on x, but the seam column is all wall: the torus distance is lower than any real path
    # there, so the wrap-aware heuristic is less informed; same cost, more expansions.
    printf 'astar-map 1\nsize: 24 x 7\nwrap: x\nterrain: . 1\nterrain: # wall\nstart: 2 3\ngoal: 21 1\ngrid:\n#.......................\n#.......................\n#..........#............\n#..........#............\n#..........#............\n#.......................\n#.......................\n' >"$tmp/wrap.map.txt"
    on=$("$astar" compare "$tmp/wrap.map.txt" --json --repeat 1) off=$("$astar" compare "$tmp/wrap.map.txt" --json --repeat 1 --no-wrap-aware)
    differs "compare --no-wrap-aware, A* expanded" "$(field "$on" expanded astar)" "$(field "$off" expanded astar)"
    same "compare --no-wrap-aware, A* cost" "$(field "$on" cost astar)" "$(field "$off" cost astar)"
    on=$("$astar" path "$tmp/wrap.map.txt" | grep expansions) off=$("$astar" path "$tmp/wrap.map.txt" --no-wrap-aware | grep expansions)
    differs "path --no-wrap-aware" "$on" "$off"
    # scen reads any map format with --map: the same two maps, one row each.
    printf 'version 1\n0\tportal.map.txt\t24\t7\t1\t3\t22\t4\t22.24264069\n' >"$tmp/portal.map.scen"
    on=$("$astar" scen "$tmp/portal.map.scen" --map "$tmp/portal.map.txt" --json | tail -1)
    off=$("$astar" scen "$tmp/portal.map.scen" --map "$tmp/portal.map.txt" --json --no-portal-aware | tail -1)
    differs "scen --no-portal-aware" "$(grep -o '"expansions": [0-9]*' <<<"$on")" "$(grep -o '"expansions": [0-9]*' <<<"$off")"
    printf 'version 1\n0\twrap.map.txt\t24\t7\t2\t3\t21\t1\t19.82842712\n' >"$tmp/wrap.map.scen"
    on=$("$astar" scen "$tmp/wrap.map.scen" --map "$tmp/wrap.map.txt" --json | tail -1)
    off=$("$astar" scen "$tmp/wrap.map.scen" --map "$tmp/wrap.map.txt" --json --no-wrap-aware | tail -1)
    differs "scen --no-wrap-aware" "$(grep -o '"expansions": [0-9]*' <<<"$on")" "$(grep -o '"expansions": [0-9]*' <<<"$off")"
    expect 0 '"mismatches": 0' -- scen "$tmp/wrap.map.scen" --map "$tmp/wrap.map.txt" --json --no-wrap-aware
    # --weight: scen and bench used to run weighted A* at 1.5 whatever was asked.
    scen=$maps/random128-25-7.map.scen
    # Within its bound (1.5 x the optimum) every row passes, though some cost more than the optimum.
    expect 0 '"mismatches": 0, "algorithm": "weighted-astar", "weight": 1.5, "bound": 1.5, "worst_ratio": 1\.[0-9]*[1-9]' -- scen "$scen" --algorithm weighted-astar --json
    a=$("$astar" scen "$scen" --algorithm weighted-astar --weight 1.5 --json | tail -1 | grep -o '"expansions": [0-9]*')
    b=$("$astar" scen "$scen" --algorithm weighted-astar --weight 3 --json | tail -1 | grep -o '"expansions": [0-9]*')
    differs "scen --weight 1.5 -> 3" "$a" "$b"
    bexp() { "$astar" bench "$scen" --json --warmup-ms 0 --algorithms weighted-astar "$@" | grep -o '"mean_expanded":[0-9.]*'; }
    differs "bench --weight 1.5 -> 3" "$(bexp --weight 1.5)" "$(bexp --weight 3)"
    same "bench weighted-astar default weight is 1.5" "$(bexp)" "$(bexp --weight 1.5)"
    expect 0 '"mismatches":0' -- bench "$scen" --json --warmup-ms 0 --algorithms weighted-astar --weight 3
    expect 0 '"algorithm":"astar"' -- bench "$scen" --json --warmup-ms 0 --algorithms astar,weighted-astar --no-wrap-aware --no-portal-aware --reopen
    on=$("$astar" compare "$maps/water_vs_ground.map.txt" --json --repeat 1) off=$("$astar" compare "$maps/water_vs_ground.map.txt" --json --repeat 1 --weight 3)
    differs "compare --weight 1.5 -> 3, weighted A* expanded" "$(field "$on" expanded weighted-astar)" "$(field "$off" expanded weighted-astar)"
    # Contradictions and bad values are refused.
    expect 2 "options --wrap-aware and --no-wrap-aware contradict each other" -- path "$maps/arcade.map.txt" --wrap-aware --no-wrap-aware
    expect 2 "options --no-portal-aware and --portal-aware contradict" -- scen "$scen" --no-portal-aware --portal-aware
    expect 2 "--weight: weight must be a number from 1 to 1000000" -- scen "$scen" --algorithm weighted-astar --weight 0.5
    expect 2 "--weight must be a number" -- bench "$scen" --algorithms weighted-astar --weight heavy
    ;;
  reopen)
    # --reopen (SearchOptions::reopenClosed): weighted A* reopens closed nodes only when asked.
    # On the teleporters map at weight 3 it finds cheaper paths to closed nodes.
    field() { grep "\"algorithm\": \"$3\"" <<<"$1" | grep -Eo "\"$2\": [0-9.e+-]+" | head -1 | sed 's/.*: //'; }
    off=$("$astar" compare "$maps/teleporters.map.txt" --json --repeat 1 --weight 3)
    on=$("$astar" compare "$maps/teleporters.map.txt" --json --repeat 1 --weight 3 --reopen)
    r_off=$(field "$off" reopened weighted-astar) r_on=$(field "$on" reopened weighted-astar)
    if [[ $r_off != 0 ]]; then echo "FAIL: weighted A* reopened $r_off nodes without --reopen"; failures=$((failures + 1)); else echo "ok: no reopening by default"; fi
    if [[ -z $r_on || $r_on == 0 ]]; then echo "FAIL: --reopen reopened '$r_on' nodes"; failures=$((failures + 1)); else echo "ok: --reopen reopened $r_on"; fi
    expect 0 "reopened: [1-9]" -- path "$maps/teleporters.map.txt" --algorithm weighted-astar --weight 3 --reopen
    expect 0 "reopened: 0" -- path "$maps/teleporters.map.txt" --algorithm weighted-astar --weight 3
    ;;
  agent_size)
    # --agent-size N (SearchOptions::agentSize, clearance.h): the search loop's rows and HPA* take
    # it, JPS runs as A* and says why, other planners and sizes out of range are refused with the reason.
    m=$maps/random128-25-7.map outdoor=$maps/outdoor_terrain.map.txt
    expect 0 "agent-size: 2" -- path "$outdoor" 2 7 20 20 --agent-size 2
    expect 0 "ran: astar \(jps moves one-cell agents only\)" -- path "$outdoor" 2 7 20 20 --algorithm jps --agent-size 2
    # The river's ford is one cell high: a one-cell agent crosses it, a 2 x 2 one cannot.
    expect 0 "status: found" -- path "$outdoor" 2 7 40 20
    expect 1 "status: no-path" -- path "$outdoor" 2 7 40 20 --agent-size 2
    expect 0 "agent-size: 2" -- path "$outdoor" 2 7 20 20 --algorithm hpa --agent-size 2
    expect 1 "status: no-path" -- path "$outdoor" 2 7 40 20 --algorithm hpa --agent-size 2
    expect 2 "path: start \(127, 0\) has room for a 1 x 1 agent at most" -- path "$m" 127 0 120 120 --algorithm hpa --agent-size 2
    expect 0 "agent size 2 \([0-9]+ rows skipped" -- scen "$m.scen" --rows 40 --algorithm hpa --agent-size 2
    expect 2 "d-star-lite does not take --agent-size" -- path "$m" 0 0 120 120 --algorithm d-star-lite --agent-size 2
    expect 2 "--agent-size must be a whole number in 1..8" -- path "$m" 0 0 120 120 --agent-size 9
    expect 2 "needs a map that does not wrap" -- path "$maps/arcade.map.txt" 1 1 26 29 --agent-size 2
    expect 2 "has room for a 1 x 1 agent at most, not 2 x 2" -- path "$m" 127 0 120 120 --agent-size 2
    # compare runs the rows that take the size for that agent (the optimum is the size's: the ford
    # is closed to it) and says why the others do not run.
    expect 0 '"algorithm": "hpa", "status": "found"' -- compare "$outdoor" 2 7 20 20 --agent-size 2 --json --repeat 1
    expect 0 '"algorithm": "d-star-lite", "status": "not-run", "message": "D\* Lite does not take agent-size' -- compare "$outdoor" 2 7 20 20 --agent-size 2 --json --repeat 1
    expect 1 '"algorithm": "astar", "status": "no-path"' -- compare "$outdoor" 2 7 40 20 --agent-size 2 --json --repeat 1
    expect 0 "^a 2 x 2 agent; heuristic" -- compare "$outdoor" 2 7 20 20 --agent-size 2 --repeat 1
    expect 2 "bench: --agent-size above 1 is not benchmarked" -- bench "$m.scen" --agent-size 2 --no-progress
    expect 0 "agent size 2 \([0-9]+ rows skipped" -- scen "$m.scen" --rows 40 --agent-size 2
    ;;
  lab)
    # The evolution lab: A*'s optimal cost beside the per-generation table (generation 0..N).
    expect 0 "^optimal \(A\*\): 43$" -- lab "$maps/arcade.map.txt" --method ga --generations 3
    rows=$("$astar" lab "$maps/arcade.map.txt" --method aco --generations 3 | grep -cE '^ +[0-9]+ ')
    [[ $rows == 4 ]] || { echo "FAIL: lab printed $rows generation rows, expected 4"; failures=$((failures + 1)); }
    expect 0 '"method": "aco", "seed": 7, "optimal": 43' -- lab "$maps/arcade.map.txt" --method aco --seed 7 --generations 2 --json
    printf '1\n3\nA1B\n' >"$tmp/split.tut2.txt"
    expect 1 "optimal \(A\*\): null" -- lab "$tmp/split.tut2.txt" 0 0 2 0 --generations 2
    expect 2 "--method must be ga or aco" -- lab "$maps/arcade.map.txt" --method sa
    # A parameter of the other method is refused, never ignored (lab_methods.h).
    expect 2 "lab: aco does not take --crossover \(ga does\)" -- lab "$maps/arcade.map.txt" --method aco --crossover 3
    expect 2 "lab: ga does not take --ants \(aco does\)" -- lab "$maps/arcade.map.txt" --method ga --ants 5
    expect 2 "lab: ga does not take --evaporation" -- lab "$maps/arcade.map.txt" --evaporation 0.5
    expect 2 "elitism must be below the population \(30\)" -- lab "$maps/arcade.map.txt" --elitism 30
    expect 2 "--alpha must be a whole number in 0..8" -- lab "$maps/arcade.map.txt" --method aco --alpha 9
    expect 2 "evaporation must be a number between 0 and 1" -- lab "$maps/arcade.map.txt" --method aco --evaporation 1
    ;;
  planners)
    # The planner registry (planners.h) as `astar help` prints it: every row x every planner
    # option, in every command that takes --algorithm (bench: --algorithms). An option the row
    # takes is accepted; any other is refused with exit 2, naming the row.
    help=$("$astar" help)
    mapfile -t rows < <(sed -n '/^planners/,/^$/p' <<<"$help" | grep -oE '^  [a-z-]+:' | tr -d ' :')
    [[ ${#rows[@]} -ge 11 ]] || { echo "FAIL: help lists ${#rows[@]} planners"; failures=$((failures + 1)); }
    mapfile -t options < <(sed -n '/^planner options/,/^limits/p' <<<"$help" | grep -oE '^  --[a-z-]+' | tr -d ' ')
    [[ ${#options[@]} -ge 10 ]] || { echo "FAIL: help lists ${#options[@]} planner options"; failures=$((failures + 1)); }
    value() { case $1 in --heuristic) echo octile;; --weight) echo 2;; --goal-bounding-cells) echo 100;;
      --cluster-size) echo 8;; --turn-cost) echo 1;; --heading) echo E;; --agent-size) echo 2;; esac; }
    scen=$maps/random128-25-7.map.scen
    checked=0
    for row in "${rows[@]}"; do
      takes=$(sed -n "/^  $row: /{n;p}" <<<"$help")
      for option in "${options[@]}"; do
        base=${option#--no-}; base=--${base#--}
        v=$(value "$option")
        args=("$option"); [[ -n $v ]] && args+=("$v")
        for cmd in path scen bench trace; do
          case $cmd in
            path) run=(path "$maps/arcade.map.txt" 1 1 26 29 --algorithm "$row") ;;
            scen) run=(scen "$scen" --rows 3 --algorithm "$row") ;;
            bench) run=(bench "$scen" --sample 2 --warmup-ms 0 --no-progress --algorithms "$row") ;;
            trace) run=(trace "$maps/arcade.map.txt" 1 1 26 29 --expansions 2 --algorithm "$row") ;;
          esac
          out=$("$astar" "${run[@]}" "${args[@]}" 2>&1); rc=$?
          checked=$((checked + 1))
          if grep -qE -- "(takes |, )($option|$base)(,|\$)" <<<"$takes"; then
            if grep -q "does not take" <<<"$out"; then echo "FAIL: $cmd: $row takes $option (help says so) but was refused: $out"; failures=$((failures + 1)); fi
          elif [[ $rc != 2 ]] || ! grep -q -- "$row does not take $option" <<<"$out"; then
            echo "FAIL: $cmd --algorithm $row $option: exit $rc, expected 2 naming the row: $out" | head -3; failures=$((failures + 1))
          fi
        done
      done
      # Every row runs in path, scen and bench; trace runs the search loop's rows and refuses
      # the others with the reason.
      expect 0 "^ran: " -- path "$maps/arcade.map.txt" 1 1 26 29 --algorithm "$row"
      if grep -q "not a run of the search loop" <<<"$takes"; then
        expect 2 "trace: $row is not a run of the search loop" -- trace "$maps/arcade.map.txt" --algorithm "$row"
      else
        expect 0 '"expansion":1,' -- trace "$maps/arcade.map.txt" --expansions 1 --algorithm "$row"
      fi
    done
    echo "ok: $checked planner x option x command combinations"
    # What ran is printed when it differs from what was asked.
    expect 0 "^ran: jps \(jps-plus does not apply" -- path "$maps/maze_257.map.txt" 1 1 255 255 --algorithm jps-plus
    expect 0 "^ran: astar \(jps does not apply" -- path "$maps/water_vs_ground.map.txt" 2 6 21 6 --algorithm jps
    expect 0 "^algorithm: turn-aware" -- path "$maps/arcade.map.txt" 1 1 2 1 --no-reverse
    expect 2 "unknown algorithm 'magic' \(astar, .*hpa, d-star-lite, turn-aware, subgoal, navmesh\)" -- scen "$scen" --algorithm magic
    # The subgoal graph: exact over a scenario file, its build's time and bytes reported; on a map
    # it does not apply to (terrain, 4-way), what ran instead and why.
    expect 0 '"mismatches": 0, "algorithm": "subgoal", "expansions": [0-9]+, "microseconds": [0-9.]+, "preprocess_ms": [0-9.]+, "preprocess_bytes": [1-9]' -- scen "$scen" --algorithm subgoal --json
    expect 0 "^ran: astar \(subgoal does not apply" -- path "$maps/water_vs_ground.map.txt" 2 6 21 6 --algorithm subgoal
    expect 0 "^subgoal-graph: does not apply to terrain costs" -- path "$maps/water_vs_ground.map.txt" 2 6 21 6 --algorithm subgoal
    expect 0 "^subgoal-graph: does not apply to 4-connected movement" -- path "$maps/arcade.map.txt" 1 1 26 29 --algorithm subgoal
    expect 0 "^subgoal-edges: [1-9]" -- path "$maps/random128-25-7.map" 1 1 120 120 --algorithm subgoal
    expect 0 "^link-list-bytes: [1-9]" -- path "$maps/random128-25-7.map" 1 1 120 120 --algorithm subgoal
    # HPA* over a scenario file, within the bound its row states for the cluster size.
    expect 0 '"mismatches": 0, "algorithm": "hpa", "bound": 1.54,' -- scen "$scen" --algorithm hpa --json
    expect 0 '"mismatches": 0, "algorithm": "hpa", "bound": 1.41,' -- scen "$scen" --algorithm hpa --cluster-size 32 --json
    # A cluster size whose bound was not measured runs, with no bound stated.
    expect 0 "^bound: none$" -- path "$maps/maze_257.map.txt" 1 1 255 255 --algorithm hpa --cluster-size 13
    expect 0 "^bound: 1.54" -- path "$maps/maze_257.map.txt" 1 1 255 255 --algorithm hpa
    expect 0 '"mismatches": 0, "algorithm": "d-star-lite"' -- scen "$scen" --algorithm d-star-lite --json
    expect 0 '"mismatches":0' -- bench "$scen" --json --warmup-ms 0 --sample 5 --algorithms hpa,d-star-lite,turn-aware
    if [[ -f $bench/arena.map.scen ]]; then
      expect 0 '"mismatches": 0, "algorithm": "hpa"' -- scen "$bench/arena.map.scen" --algorithm hpa --json
    fi
    ;;
  *)
    echo "unknown case $case"; exit 2 ;;
esac
if [[ $failures -ne 0 ]]; then echo "$failures check(s) failed"; exit 1; fi
echo "all checks passed"
