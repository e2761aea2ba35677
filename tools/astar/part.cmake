# The `astar` command-line tool (native only). Output: <build>/tools/astar/astar.
# Every .cpp in tools/astar is part of it; commands are listed in commands.inc.
file(GLOB ASTAR_CLI_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tools/astar/*.cpp)
add_executable(astar ${ASTAR_CLI_SOURCES})
target_link_libraries(astar PRIVATE astar_formats astar_lab)
target_compile_options(astar PRIVATE ${ASTAR_WARNINGS})
set_target_properties(astar PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tools/astar)

# CLI tests: each case of tools/astar/cli_test.sh is one ctest test.
foreach(cli_case help convert info path trace compare scen scen_legacy scen_mismatch errors limits generate switches reopen agent_size lab planners)
  add_test(NAME cli_${cli_case}
           COMMAND bash ${PROJECT_SOURCE_DIR}/tools/astar/cli_test.sh $<TARGET_FILE:astar> ${PROJECT_SOURCE_DIR}
                   ${ASTAR_MAPS_BENCH_DIR} ${cli_case})
  # TIMEOUT guards against hangs: cli_planners builds every planner some 40 times and took
  # 108-120 s under ASan beside other tests.
  set_tests_properties(cli_${cli_case} PROPERTIES LABELS cli SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()

# The tool stands alone: a second build tree with only this part and Boost hidden builds the
# `astar` target and runs `astar --help` (unoptimised; after the first run a no-op build).
# Not in the sanitizer build: it builds its own tree.
if(NOT ASTAR_SANITIZE)
  add_test(NAME cli_builds_without_bench_or_boost
           COMMAND ${CMAKE_COMMAND} -DSOURCE=${PROJECT_SOURCE_DIR} -DWORK=${PROJECT_BINARY_DIR}/standalone-astar
                   "-DGENERATOR=${CMAKE_GENERATOR}" -P ${PROJECT_SOURCE_DIR}/tools/astar/standalone_check.cmake)
  set_tests_properties(cli_builds_without_bench_or_boost PROPERTIES LABELS "cli;tools" TIMEOUT 900 COST 100)
endif()
