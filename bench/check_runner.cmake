# ctest driver for `astar bench` (and bench_boost when built) on bench/testdata/tiny.map
# (behaviour, not timing).
# Inputs: -DASTAR=<astar executable> -DDATA=<bench/testdata> -DWORK=<scratch folder>
#         [-DBOOST=<bench_boost executable>].
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(COPY "${DATA}/tiny.map" "${DATA}/tiny.map.scen" DESTINATION "${WORK}")

function(expect_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected to match '${regex}', got:\n${text}")
  endif()
endfunction()

# 1. Every length right: exit 0, one JSON line per algorithm with all 9 rows, none wrong, and
#    the sample option picks the asked number of rows.
execute_process(COMMAND "${ASTAR}" bench --json --repeat 2 --algorithms astar,jps "${WORK}/tiny.map.scen"
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "bench on the tiny map failed (${code}):\n${out}\n${err}")
endif()
expect_match("${out}" "\"map\":\"tiny.map\",\"width\":12,\"height\":8,\"algorithm\":\"astar\",\"queries\":9,[^\n]*\"mismatches\":0" "A* line")
expect_match("${out}" "\"map\":\"tiny.map\",\"width\":12,\"height\":8,\"algorithm\":\"jps\",\"queries\":9,[^\n]*\"mismatches\":0,[^\n]*\"fell_back\":false" "JPS line")
expect_match("${out}" "\"summary\":true,\"algorithm\":\"jps\",\"maps\":1" "summary line")
execute_process(COMMAND "${ASTAR}" bench --json --sample 4 --algorithms astar "${WORK}"
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect_match("${code}:${out}" "^0:.*\"queries\":4," "--sample 4 on a folder")

# 2. One wrong optimum (row 3, file line 4: 16.82842712 -> 15.5): the run fails and names the line.
file(READ "${WORK}/tiny.map.scen" scen)
string(REPLACE "16.82842712" "15.50000000" scen "${scen}")
file(WRITE "${WORK}/wrong.map.scen" "${scen}")
file(COPY_FILE "${WORK}/tiny.map" "${WORK}/wrong.map")
execute_process(COMMAND "${ASTAR}" bench --algorithms astar "${WORK}/wrong.map.scen"
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect_match("${code}" "^1$" "exit code with a wrong optimum")
expect_match("${err}" "astar: bench: mismatch: [^\n]*wrong.map.scen:4: astar returned 16.82842712, the optimum is 15.50000000" "mismatch message")

# Weighted A* is held to its bound, weight x the optimum: 16.83 passes against 15.5 at weight 1.5
# (up to 23.25), and fails against 10 (up to 15).
execute_process(COMMAND "${ASTAR}" bench --algorithms weighted-astar "${WORK}/wrong.map.scen"
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect_match("${code}:${err}" "^0:" "weighted A* within 1.5 x the optimum")
file(READ "${WORK}/tiny.map.scen" scen)
string(REPLACE "16.82842712" "10.00000000" scen "${scen}")
file(WRITE "${WORK}/far.map.scen" "${scen}")
file(COPY_FILE "${WORK}/tiny.map" "${WORK}/far.map")
execute_process(COMMAND "${ASTAR}" bench --algorithms weighted-astar --weight 1.5 "${WORK}/far.map.scen"
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect_match("${code}:${err}" "^1:[^\n]*far.map.scen:4: weighted-astar returned 16.82842712, the optimum is 10.00000000 \\(its bound 1.5 allows up to 15" "weighted A* above its bound")

# 3. Bad input: a clear message and exit code 2, never a crash.
execute_process(COMMAND "${ASTAR}" bench "${WORK}/missing.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: [^\n]*missing.map.scen: cannot open" "missing file")
execute_process(COMMAND "${ASTAR}" bench --algorithms astar,warp "${WORK}/tiny.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: bench: unknown algorithm 'warp'" "unknown algorithm")
file(WRITE "${WORK}/odd.map.scen" "version 1\n0\ttiny.map\t12\t8\t0\t0\t40\t7\t3.0\n")
file(COPY_FILE "${WORK}/tiny.map" "${WORK}/odd.map")
execute_process(COMMAND "${ASTAR}" bench "${WORK}/odd.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: [^\n]*odd.map.scen:2:" "goal outside the map")
execute_process(COMMAND "${ASTAR}" bench --algorithms astar,boost "${WORK}/tiny.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: bench: unknown algorithm 'boost' \\(the Boost.Graph peer is bench_boost" "boost in astar bench")

# 4. bench_boost: the same rows right, the same JSON lines (runner "native", algorithm "boost"),
#    our algorithms interleaved on request, and a wrong optimum fails it too.
if(BOOST)
  execute_process(COMMAND "${BOOST}" --json --repeat 2 "${WORK}/tiny.map.scen"
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_match("${code}:${out}" "^0:\\{\"runner\":\"native\",\"map\":\"tiny.map\",\"width\":12,\"height\":8,\"algorithm\":\"boost\",\"queries\":9,[^\n]*\"mismatches\":0" "bench_boost line")
  expect_match("${out}" "\"summary\":true,\"algorithm\":\"boost\",\"maps\":1" "bench_boost summary")
  execute_process(COMMAND "${BOOST}" --json --algorithms astar,jps,boost "${WORK}/tiny.map.scen"
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_match("${code}:${out}" "^0:[^\n]*\"algorithm\":\"astar\"[^\n]*\n[^\n]*\"algorithm\":\"jps\"[^\n]*\n[^\n]*\"algorithm\":\"boost\",\"queries\":9,[^\n]*\"mismatches\":0" "bench_boost with ours")
  execute_process(COMMAND "${BOOST}" "${WORK}/wrong.map.scen" RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect_match("${code}:${err}" "^1:bench_boost: bench: mismatch: [^\n]*wrong.map.scen:4: boost returned 16.82842712" "bench_boost mismatch")
  execute_process(COMMAND "${BOOST}" --algorithms warp "${WORK}/tiny.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
  expect_match("${code}:${err}" "^2:bench_boost: bench: unknown algorithm 'warp'" "bench_boost unknown algorithm")
  message(STATUS "bench_boost behaves on the tiny map")
endif()
message(STATUS "astar bench behaves on the tiny map")
