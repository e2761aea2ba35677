# cmake -DSOURCE=<repo> -DMODULE=<astar_core.mjs> -DDIST=<dir> -DVERSION=<x.y.z> -P assemble_dist.cmake
# Lays out the served playground: the page (web/ minus the C++ and CMake files), the
# wasm module next to index.html, maps/ when the repository has it, and the service worker
# (sw.js) that keeps all of it for offline use.
file(REMOVE_RECURSE ${DIST})
file(MAKE_DIRECTORY ${DIST})
file(GLOB page_files ${SOURCE}/web/*.html ${SOURCE}/web/*.css ${SOURCE}/web/*.svg ${SOURCE}/web/*.png
  ${SOURCE}/web/*.webmanifest)
file(COPY ${page_files} DESTINATION ${DIST})
# The embed's own address (js/embed.js): the same page, at a path a host's header rules can
# let other origins frame while the full playground stays unframeable (scripts/site_headers.mjs).
file(COPY_FILE ${SOURCE}/web/index.html ${DIST}/embed.html)
if(EXISTS ${SOURCE}/web/js)
  file(COPY ${SOURCE}/web/js DESTINATION ${DIST})
endif()
get_filename_component(module_dir ${MODULE} DIRECTORY)
get_filename_component(module_stem ${MODULE} NAME_WE)
file(COPY ${MODULE} ${module_dir}/${module_stem}.wasm DESTINATION ${DIST})
# The engine package's module (packages/engine/index.js) next to the wasm module it imports:
# the page loads the module through it (web/js/engine.js).
file(COPY_FILE ${SOURCE}/packages/engine/index.js ${DIST}/astar_engine.js)
if(EXISTS ${SOURCE}/maps)
  file(COPY ${SOURCE}/maps DESTINATION ${DIST})
endif()

# The service worker, with this build's files, version and content hash written into it.
include(${CMAKE_CURRENT_LIST_DIR}/service_worker.cmake)
