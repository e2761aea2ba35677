# Benchmark parts (optional). The Boost.Graph peer is its own program, bench_boost, built only
# when CMake finds Boost (Debian: libboost-graph-dev); nothing else needs Boost, and this file
# changes no target of another part (the `astar` tool is built and tested without bench/).
include(${CMAKE_CURRENT_LIST_DIR}/agents.cmake OPTIONAL)  # path_service_bench (the agents' benchmark)
include(${CMAKE_CURRENT_LIST_DIR}/hpa.cmake OPTIONAL)  # hpa_bench (HPA* against A*)
include(${CMAKE_CURRENT_LIST_DIR}/replan.cmake OPTIONAL)  # replan_bench (D* Lite repair vs fresh A*)
include(${CMAKE_CURRENT_LIST_DIR}/subgoal_repair.cmake OPTIONAL)  # subgoal_repair_bench (local repair vs full build)

# bench_boost uses the benchmark runner of the `astar` tool (tools/astar/bench_runner.*), so the
# two time and report the same way; it needs the tool's sources, not its target.
set(ASTAR_BENCH_RUNNER_SOURCES ${PROJECT_SOURCE_DIR}/tools/astar/bench_runner.cpp
                                ${PROJECT_SOURCE_DIR}/tools/astar/bench_support.cpp ${PROJECT_SOURCE_DIR}/tools/astar/cli.cpp)
find_package(Boost 1.74 QUIET)
if(Boost_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/tools/astar/bench_runner.cpp)
  add_executable(bench_boost ${PROJECT_SOURCE_DIR}/bench/bench_boost.cpp ${PROJECT_SOURCE_DIR}/bench/boost_peer.cpp
                             ${ASTAR_BENCH_RUNNER_SOURCES})
  target_include_directories(bench_boost PRIVATE ${PROJECT_SOURCE_DIR}/bench ${PROJECT_SOURCE_DIR}/tools/astar)
  target_link_libraries(bench_boost PRIVATE astar_formats Boost::headers)
  # g++ 12 reports maybe-uninitialized inside Boost's own edge iterator (boost::optional) when
  # it inlines astar_search into boost_peer.cpp; the warning is about Boost's code, not ours.
  # Only on that file: the runner's sources keep the same flags as in `astar` (clang-tidy reads
  # one compile command per file and knows no such warning).
  target_compile_options(bench_boost PRIVATE ${ASTAR_WARNINGS})
  set_source_files_properties(${PROJECT_SOURCE_DIR}/bench/boost_peer.cpp PROPERTIES COMPILE_OPTIONS -Wno-maybe-uninitialized)
  set_target_properties(bench_boost PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
  message(STATUS "bench_boost: Boost.Graph peer enabled (Boost ${Boost_VERSION})")
  # libtcod (Debian libtcod-dev), the second native peer, when pkg-config finds it.
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(ASTAR_LIBTCOD QUIET IMPORTED_TARGET libtcod)
  endif()
  if(ASTAR_LIBTCOD_FOUND)
    target_sources(bench_boost PRIVATE ${PROJECT_SOURCE_DIR}/bench/libtcod_peer.cpp)
    target_link_libraries(bench_boost PRIVATE PkgConfig::ASTAR_LIBTCOD)
    target_compile_definitions(bench_boost PRIVATE ASTAR_BENCH_LIBTCOD)
    message(STATUS "bench_boost: libtcod peer enabled (libtcod ${ASTAR_LIBTCOD_VERSION})")
  else()
    message(STATUS "bench_boost: libtcod not found, the libtcod peer is left out")
  endif()
else()
  message(STATUS "bench_boost: Boost not found, the Boost.Graph peer is left out")
endif()

# The runners' behaviour on a tiny map (not their timing): right lengths pass, a wrong optimum
# fails the run and names the line, bad input gives a clear error; bench_boost (when built)
# answers the same rows right.
if(TARGET astar)
  set(ASTAR_BENCH_BOOST_ARG "")
  if(TARGET bench_boost)
    set(ASTAR_BENCH_BOOST_ARG -DBOOST=$<TARGET_FILE:bench_boost>)
  endif()
  add_test(NAME bench.runner_tiny_map
           COMMAND ${CMAKE_COMMAND} -DASTAR=$<TARGET_FILE:astar> ${ASTAR_BENCH_BOOST_ARG}
                   -DDATA=${PROJECT_SOURCE_DIR}/bench/testdata -DWORK=${PROJECT_BINARY_DIR}/bench-runner-test
                   -P ${PROJECT_SOURCE_DIR}/bench/check_runner.cmake)
  set_tests_properties(bench.runner_tiny_map PROPERTIES LABELS bench)
endif()

# make bench's summaries (table.mjs --geomeans, median.mjs over RUNS=N): their arithmetic, in node.
include(${PROJECT_SOURCE_DIR}/cmake/node.cmake)
if(ASTAR_NODE_FOUND)
  add_test(NAME bench.summaries COMMAND ${ASTAR_NODE} --test --test-reporter=spec
                                        ${PROJECT_SOURCE_DIR}/bench/node/summary.test.mjs)
  set_tests_properties(bench.summaries PROPERTIES LABELS bench)
endif()

# The 4-connected set (bench/four_connected_set.cpp): written by make bench into its build
# folder from ../shared/maps-bench and the arcade generator; nothing of it is committed.
add_executable(four_connected_set ${PROJECT_SOURCE_DIR}/bench/four_connected_set.cpp)
target_link_libraries(four_connected_set PRIVATE astar_formats)
target_compile_options(four_connected_set PRIVATE ${ASTAR_WARNINGS})
set_target_properties(four_connected_set PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
