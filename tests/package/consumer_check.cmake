# cmake -DSOURCE=<repo> -DBUILD=<configured build> -DWORK=<dir> -DGENERATOR=<gen> -DVERSION=<x.y.z>
#       -P consumer_check.cmake
# 1. installs BUILD to WORK/prefix; 2. configures examples/cpp with find_package(astar) against it;
# 3. configures it again with add_subdirectory of SOURCE; both with GoogleTest hidden
# (CMAKE_DISABLE_FIND_PACKAGE_GTest); builds and runs each; 4. compiles the example with the
# flags of the installed astar.pc. Fails on any step, with its output.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
  message(STATUS "ok: ${what}")
endfunction()

set(prefix ${WORK}/prefix)
file(REMOVE_RECURSE ${prefix} ${WORK}/find ${WORK}/subdir)
run("install to ${prefix}" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})
foreach(f include/astar/search.h include/astar/version.h lib/cmake/astar/astarConfig.cmake
          lib/cmake/astar/astarConfigVersion.cmake lib/pkgconfig/astar.pc bin/astar)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "the install has no ${f}")
  endif()
endforeach()
run("installed astar --version" ${prefix}/bin/astar --version)
if(NOT last_output MATCHES "^astar ${VERSION}\n$")
  message(FATAL_ERROR "installed astar --version printed '${last_output}', expected 'astar ${VERSION}'")
endif()

# Unoptimised (-O0, no debug info): these builds check that the package builds and runs, and
# at -O3 compiling the core again took ~100 s of make test.
set(hide_gtest -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0)
run("configure examples/cpp with find_package" ${CMAKE_COMMAND} -S ${SOURCE}/examples/cpp -B ${WORK}/find -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} ${hide_gtest})
run("build (find_package)" ${CMAKE_COMMAND} --build ${WORK}/find)
run("run (find_package)" ${WORK}/find/game)
if(NOT last_output MATCHES "^astar ${VERSION}: cost [0-9.]+, [0-9]+ cells")
  message(FATAL_ERROR "the example printed: ${last_output}")
endif()
message(STATUS "${last_output}")

run("configure examples/cpp with add_subdirectory" ${CMAKE_COMMAND} -S ${SOURCE}/examples/cpp -B ${WORK}/subdir -G ${GENERATOR}
    -DASTAR_SOURCE_DIR=${SOURCE} ${hide_gtest})
run("list the targets (add_subdirectory)" ${CMAKE_COMMAND} --build ${WORK}/subdir --target help)
if(last_output MATCHES "(^|\n)(test_[a-z_]+|astar|bench_[a-z_]+|fuzz_[a-z0-9_]+|web_reference_cost):")
  message(FATAL_ERROR "add_subdirectory made test, tool or benchmark targets (${CMAKE_MATCH_2}):\n${last_output}")
endif()
if(NOT last_output MATCHES "(^|\n)astar_core:")
  message(FATAL_ERROR "no astar_core target in:\n${last_output}")
endif()
run("build (add_subdirectory)" ${CMAKE_COMMAND} --build ${WORK}/subdir --target game)
run("run (add_subdirectory)" ${WORK}/subdir/game)

find_program(pkg_config pkg-config)
find_program(cxx NAMES c++ g++ clang++)
if(pkg_config AND cxx)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
  run("pkg-config astar" ${pkg_config} --cflags --libs astar)
  string(STRIP "${last_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run("compile with pkg-config's flags" ${cxx} ${SOURCE}/examples/cpp/game.cpp ${flags} -o ${WORK}/game-pc)
  run("run (pkg-config)" ${WORK}/game-pc)
else()
  message(STATUS "pkg-config or a C++ compiler not found: the pkg-config check is skipped")
endif()
