# Node tests of the wasm module and headless-Chromium tests of the page, registered in the
# NATIVE build's ctest. They use the wasm build's output (ASTAR_WASM_DIR/dist), which the
# wasm-release preset produces; `make test` builds it first.
#   tests/web/wasm_*.test.mjs -> label web;node      tests/web/page_*.test.mjs -> label web;browser
# A test file that prints a line starting with "ASTAR_SKIP:" is reported as skipped.
set(ASTAR_WASM_DIR "${PROJECT_SOURCE_DIR}/build-wasm" CACHE PATH "Build folder of the wasm-release preset (its dist/ is tested)")
set(ASTAR_ARTIFACT_DIR "${PROJECT_SOURCE_DIR}/build/screenshots" CACHE PATH "Where browser tests save screenshots")

include(${PROJECT_SOURCE_DIR}/cmake/node.cmake)
if(NOT ASTAR_NODE_FOUND)
  message(WARNING "no suitable node: the web tests are not registered (scripts/setup.sh installs it)")
  return()
endif()

# The native engine's answer to a query, for tests that compare the page with it.
add_executable(web_reference_cost ${CMAKE_CURRENT_LIST_DIR}/reference_cost.cpp)
target_link_libraries(web_reference_cost PRIVATE astar_formats)
target_compile_options(web_reference_cost PRIVATE ${ASTAR_WARNINGS})

file(GLOB ASTAR_WEB_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.test.mjs)
foreach(web_test ${ASTAR_WEB_TESTS})
  get_filename_component(web_name ${web_test} NAME)
  string(REPLACE ".test.mjs" "" web_name ${web_name})
  if(web_name MATCHES "^page_")
    set(web_kind browser)
  else()
    set(web_kind node)
  endif()
  add_test(NAME web.${web_name} COMMAND ${ASTAR_NODE} --test --test-reporter=spec ${web_test}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(web.${web_name} PROPERTIES
    LABELS "web;${web_kind}"
    TIMEOUT 600  # a guard against hangs, not a time bound: under load a browser test takes minutes
    SKIP_REGULAR_EXPRESSION "ASTAR_SKIP:"
    COST 30  # see CMakeLists.txt's ctest ordering note
    ENVIRONMENT "ASTAR_DIST_DIR=${ASTAR_WASM_DIR}/dist;ASTAR_ARTIFACT_DIR=${ASTAR_ARTIFACT_DIR};ASTAR_MAPS_BENCH_DIR=${ASTAR_MAPS_BENCH_DIR};ASTAR_MAPS_DIR=${ASTAR_MAPS_DIR};ASTAR_REFERENCE_COST=$<TARGET_FILE:web_reference_cost>;ASTAR_CLI=$<TARGET_FILE:astar>")
  # Browser tests run beside other tests: none passes or fails on a wall-clock figure (they
  # assert work units; tests/web/page_figures.mjs records the figures for make bench-page).
endforeach()

# The shared flows (flows.mjs) in Chromium, Firefox and WebKit: web.flows.<engine>, one engine
# start for every flow (run_flow.mjs gives each flow a fresh page and reports each by name); an
# engine that cannot start here prints ASTAR_SKIP with the reason (the test is skipped).
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/flows.mjs)
foreach(flow_engine chromium firefox webkit)
  add_test(NAME web.flows.${flow_engine}
           COMMAND ${ASTAR_NODE} ${CMAKE_CURRENT_LIST_DIR}/run_flow.mjs ${flow_engine}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(web.flows.${flow_engine} PROPERTIES
    LABELS "web;browser;flow"
    TIMEOUT 900
    COST 60
    SKIP_REGULAR_EXPRESSION "ASTAR_SKIP:"
    ENVIRONMENT "ASTAR_DIST_DIR=${ASTAR_WASM_DIR}/dist")
endforeach()
