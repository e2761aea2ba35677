# ctest driver for `astar bench` on bench/testdata/tiny.map (behaviour, not timing).
# Inputs: -DASTAR=<astar executable> -DDATA=<bench/testdata> -DWORK=<scratch folder>.
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
expect_match("${out}" "\"map\":\"tiny.map\",\"algorithm\":\"astar\",\"queries\":9,[^\n]*\"mismatches\":0" "A* line")
expect_match("${out}" "\"map\":\"tiny.map\",\"algorithm\":\"jps\",\"queries\":9,[^\n]*\"mismatches\":0,[^\n]*\"fell_back\":false" "JPS line")
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

# 3. Bad input: a clear message and exit code 2, never a crash.
execute_process(COMMAND "${ASTAR}" bench "${WORK}/missing.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: [^\n]*missing.map.scen: cannot open" "missing file")
execute_process(COMMAND "${ASTAR}" bench --algorithms astar,warp "${WORK}/tiny.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: bench: unknown algorithm 'warp'" "unknown algorithm")
file(WRITE "${WORK}/odd.map.scen" "version 1\n0\ttiny.map\t12\t8\t0\t0\t40\t7\t3.0\n")
file(COPY_FILE "${WORK}/tiny.map" "${WORK}/odd.map")
execute_process(COMMAND "${ASTAR}" bench "${WORK}/odd.map.scen" RESULT_VARIABLE code ERROR_VARIABLE err)
expect_match("${code}:${err}" "^2:astar: [^\n]*odd.map.scen:2:" "goal outside the map")
message(STATUS "astar bench behaves on the tiny map")
