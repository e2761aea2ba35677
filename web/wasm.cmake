# The WebAssembly build (emcmake cmake / the wasm-release preset): the Embind module
# astar_core.mjs + astar_core.wasm, and dist/ = the page, the module and maps/, ready to serve.
# One build serves the browser and the node tests (they pass the bytes as wasmBinary).

# C++ exceptions stay inside the module: the bindings catch them and throw JS Errors, so
# catching must work (-fexceptions); it must be on every library target as well as on the link.
foreach(library ${ASTAR_LIBRARIES})
  target_compile_options(${library} PUBLIC -fexceptions)
  target_link_options(${library} PUBLIC -fexceptions)
endforeach()

# web/bindings.cpp (the page's engine) and any other web/*_bindings.cpp (e.g. the agents'),
# each with its own EMSCRIPTEN_BINDINGS block, link into the one module.
file(GLOB ASTAR_WEB_BINDINGS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*bindings.cpp)
add_executable(astar_wasm ${ASTAR_WEB_BINDINGS})
target_link_libraries(astar_wasm PRIVATE ${ASTAR_LIBRARIES})  # the page uses every part of core
target_compile_options(astar_wasm PRIVATE ${ASTAR_WARNINGS})
include(${CMAKE_SOURCE_DIR}/web/wasm_opt.cmake)  # ASTAR_WASM_OPT_FLAGS
target_link_options(astar_wasm PRIVATE
  -O3 --bind ${ASTAR_WASM_OPT_FLAGS}
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createAstarCore
  -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1
  -sINITIAL_MEMORY=33554432
  # No eval or new Function in the glue (Embind builds its invokers with closures instead): the
  # page's Content-Security-Policy allows compiling wasm but not evaluating strings
  # (scripts/site_headers.mjs).
  -sDYNAMIC_EXECUTION=0)
set_target_properties(astar_wasm PROPERTIES
  OUTPUT_NAME astar_core
  SUFFIX ".mjs"
  # emcc's JS optimizer (any link at -O1 or higher) needs Debian's acorn.
  CXX_LINKER_LAUNCHER "env;NODE_PATH=/usr/share/nodejs")

# dist/: what `make serve` serves and the browser tests load.
set(ASTAR_DIST_DIR ${CMAKE_BINARY_DIR}/dist)
add_custom_target(astar_dist ALL
  COMMAND ${CMAKE_COMMAND} -DSOURCE=${CMAKE_SOURCE_DIR} -DMODULE=$<TARGET_FILE:astar_wasm> -DDIST=${ASTAR_DIST_DIR}
          -DVERSION=${PROJECT_VERSION}
          -P ${CMAKE_SOURCE_DIR}/scripts/assemble_dist.cmake
  DEPENDS astar_wasm
  COMMENT "Assembling the playground in ${ASTAR_DIST_DIR}"
  VERBATIM)

# npm/: the engine package (packages/engine: index.js, index.d.ts, README, package.json) with
# the module and LICENSE, ready for `npm pack` (tests/web/npm_package.test.mjs packs it).
set(ASTAR_NPM_DIR ${CMAKE_BINARY_DIR}/npm)
add_custom_target(astar_npm ALL
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${ASTAR_NPM_DIR}
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_SOURCE_DIR}/packages/engine ${ASTAR_NPM_DIR}
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:astar_wasm> $<TARGET_FILE_DIR:astar_wasm>/astar_core.wasm
          ${CMAKE_SOURCE_DIR}/LICENSE ${ASTAR_NPM_DIR}
  DEPENDS astar_wasm
  COMMENT "Assembling the npm package in ${ASTAR_NPM_DIR}"
  VERBATIM)
