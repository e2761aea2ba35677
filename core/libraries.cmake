# The library, split by concern as Recast splits Detour / DetourCrowd / DetourTileCache: one
# target per folder of core/, each with its public headers in <folder>/include/astar/ (so
# consumers write #include "astar/xxx.h" whichever target it comes from) and its sources and
# internal headers in <folder>/src/ (every .cpp there, globbed). Dependencies point one way:
#
#   astar::core     core/search   the map, the searches, paths, planners and their registries
#   astar::formats  core/formats  map files (MapDocument, formats, scenarios) and generators -> core
#   astar::agents   core/agents   flow fields and the threaded path service -> core, Threads
#   astar::lab      core/lab      the genetic algorithm, ant colony and their table -> core
#
# astar::core is the search itself: a game that links only it builds and runs a search.
# ASTAR_LIBRARIES lists the targets (install, fuzz flags, the wasm module).
include(GNUInstallDirs)
set(ASTAR_LIBRARIES "")

# astar_library(<name> <folder> [deps...]): add_library(astar_<name>) from core/<folder>,
# exported as astar::<name>, linking deps PUBLIC.
function(astar_library name folder)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/core/${folder}/src/*.cpp)
  add_library(astar_${name} STATIC ${sources})
  add_library(astar::${name} ALIAS astar_${name})
  target_include_directories(astar_${name}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/core/${folder}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${PROJECT_SOURCE_DIR}/core/${folder}/src)
  target_compile_features(astar_${name} PUBLIC cxx_std_20)
  target_compile_options(astar_${name} PRIVATE ${ASTAR_WARNINGS})
  set_target_properties(astar_${name} PROPERTIES EXPORT_NAME ${name} VERSION ${PROJECT_VERSION})
  if(ARGN)
    target_link_libraries(astar_${name} PUBLIC ${ARGN})
  endif()
  set(ASTAR_LIBRARIES ${ASTAR_LIBRARIES} astar_${name} PARENT_SCOPE)
endfunction()

astar_library(core search)
configure_file(${PROJECT_SOURCE_DIR}/core/search/version.h.in ${PROJECT_BINARY_DIR}/include/astar/version.h @ONLY)
target_include_directories(astar_core PUBLIC $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>)
astar_library(formats formats astar_core)
astar_library(lab lab astar_core)
astar_library(agents agents astar_core)
if(NOT EMSCRIPTEN)
  find_package(Threads REQUIRED)  # the path service's worker threads: agents only
  target_link_libraries(astar_agents PUBLIC Threads::Threads)
endif()

# Tests and benchmarks may read a target's internals (jump_point.h, indexed_heap.h, ...):
# astar_internals carries the src/ folders as include paths; the library targets never do.
if(ASTAR_BUILD_TESTS OR ASTAR_BUILD_BENCHMARKS)
  add_library(astar_internals INTERFACE)
  foreach(folder search formats agents lab)
    target_include_directories(astar_internals INTERFACE ${PROJECT_SOURCE_DIR}/core/${folder}/src)
  endforeach()
endif()
