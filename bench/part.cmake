# Benchmark parts (optional). The Boost.Graph peer is linked into `astar bench` only when
# CMake finds Boost (Debian: libboost-graph-dev); the normal build never needs it.
include(${CMAKE_CURRENT_LIST_DIR}/agents.cmake OPTIONAL)  # path_service_bench (the agents' benchmark)
if(TARGET astar)
  target_include_directories(astar PRIVATE ${CMAKE_SOURCE_DIR}/bench)  # path_check.h, boost_peer.h
  find_package(Boost 1.74 QUIET)
  if(Boost_FOUND)
    add_library(astar_bench_boost STATIC ${CMAKE_SOURCE_DIR}/bench/boost_peer.cpp)
    target_link_libraries(astar_bench_boost PUBLIC astar_core Boost::headers)
    # g++ 12 reports maybe-uninitialized inside Boost's own edge iterator (boost::optional) when
    # it inlines astar_search into this file; the warning is about Boost's code, not ours.
    target_compile_options(astar_bench_boost PRIVATE ${ASTAR_WARNINGS} -Wno-maybe-uninitialized)
    target_link_libraries(astar PRIVATE astar_bench_boost)
    target_compile_definitions(astar PRIVATE ASTAR_BENCH_BOOST=1)
    message(STATUS "astar bench: Boost.Graph peer enabled (Boost ${Boost_VERSION})")
  else()
    message(STATUS "astar bench: Boost not found, the Boost.Graph peer is left out")
  endif()

  # The runner's behaviour on a tiny map (not its timing): right lengths pass, a wrong optimum
  # fails the run and names the line, bad input gives a clear error.
  add_test(NAME bench.runner_tiny_map
           COMMAND ${CMAKE_COMMAND} -DASTAR=$<TARGET_FILE:astar> -DDATA=${CMAKE_SOURCE_DIR}/bench/testdata
                   -DWORK=${CMAKE_BINARY_DIR}/bench-runner-test -P ${CMAKE_SOURCE_DIR}/bench/check_runner.cmake)
  set_tests_properties(bench.runner_tiny_map PROPERTIES LABELS bench)
endif()

# make bench's summaries (table.mjs --geomeans, median.mjs over RUNS=N): their arithmetic, in node.
find_program(ASTAR_BENCH_NODE node)
if(ASTAR_BENCH_NODE)
  add_test(NAME bench.summaries COMMAND ${ASTAR_BENCH_NODE} --test --test-reporter=spec
                                        ${CMAKE_SOURCE_DIR}/bench/node/summary.test.mjs)
  set_tests_properties(bench.summaries PROPERTIES LABELS bench)
endif()
