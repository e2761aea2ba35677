# cmake -DSOURCE=<repo> -DBUILD=<configured build> -DWORK=<dir> -DGENERATOR=<gen> -DVERSION=<x.y.z>
#       -P consumer_check.cmake
# 1. installs BUILD to WORK/prefix; 2. configures examples/cpp with find_package(astar) against it;
# 3. configures it again with add_subdirectory of SOURCE; both with GoogleTest hidden
# (CMAKE_DISABLE_FIND_PACKAGE_GTest); builds and runs each example: `game` links astar::core
# alone, `crowd` astar::agents; 4. compiles both with the flags of the installed astar.pc.
# Fails on any step, with its output.
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
# One public header of each library target, and no internal one (core/*/src stays inside).
foreach(f include/astar/search.h include/astar/formats.h include/astar/map_document.h include/astar/flow_field.h
          include/astar/genetic.h include/astar/version.h lib/cmake/astar/astarConfig.cmake
          lib/cmake/astar/astarConfigVersion.cmake lib/pkgconfig/astar.pc bin/astar)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "the install has no ${f}")
  endif()
endforeach()
foreach(f include/astar/jump_point.h include/astar/estimator.h include/astar/search_impl.h)
  if(EXISTS ${prefix}/${f})
    message(FATAL_ERROR "the install has the internal header ${f}")
  endif()
endforeach()
foreach(target core formats agents lab)
  file(GLOB archive ${prefix}/lib*/libastar_${target}.a ${prefix}/lib*/*/libastar_${target}.a)
  if(NOT archive)
    message(FATAL_ERROR "the install has no libastar_${target}.a")
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
# game links astar::core only: its link step names no other astar archive (Ninja: the
# `build game:` block of build.ninja; Makefiles: game's link.txt).
if(EXISTS ${WORK}/find/build.ninja)
  file(READ ${WORK}/find/build.ninja link_text)
  string(FIND "${link_text}" "\nbuild game:" at)
  string(SUBSTRING "${link_text}" ${at} -1 link_text)
  string(FIND "${link_text}" "\n\n" end)
  string(SUBSTRING "${link_text}" 0 ${end} game_link)
else()
  file(READ ${WORK}/find/CMakeFiles/game.dir/link.txt game_link)
endif()
if(NOT game_link MATCHES "astar_core")
  message(FATAL_ERROR "could not read game's link step:\n${game_link}")
endif()
if(game_link MATCHES "astar_(formats|agents|lab)")
  message(FATAL_ERROR "game (astar::core only) links ${CMAKE_MATCH_0}:\n${game_link}")
endif()
run("run game (find_package)" ${WORK}/find/game)
if(NOT last_output MATCHES "^astar ${VERSION}: cost [0-9.]+, [0-9]+ cells")
  message(FATAL_ERROR "game printed: ${last_output}")
endif()
message(STATUS "${last_output}")
run("run crowd (find_package)" ${WORK}/find/crowd)
if(NOT last_output MATCHES "^astar ${VERSION}: ghost home in [0-9]+ steps, 2 threads, costs( [0-9.]+)+\n$")
  message(FATAL_ERROR "crowd printed: ${last_output}")
endif()
message(STATUS "${last_output}")

# The library compiled from source at -O0: with clang where it is installed (make test's setup
# installs clang 14 for the ASan build), about a quarter less compiler time than g++.
find_program(fast_cxx NAMES clang++-14 clang++)
set(compiler "")
if(fast_cxx)
  set(compiler "-DCMAKE_CXX_COMPILER=${fast_cxx}")
endif()
run("configure examples/cpp with add_subdirectory" ${CMAKE_COMMAND} -S ${SOURCE}/examples/cpp -B ${WORK}/subdir -G ${GENERATOR}
    -DASTAR_SOURCE_DIR=${SOURCE} ${compiler} ${hide_gtest})
run("list the targets (add_subdirectory)" ${CMAKE_COMMAND} --build ${WORK}/subdir --target help)
if(last_output MATCHES "(^|\n)(test_[a-z_]+|astar|bench_[a-z_]+|fuzz_[a-z0-9_]+|web_reference_cost):")
  message(FATAL_ERROR "add_subdirectory made test, tool or benchmark targets (${CMAKE_MATCH_2}):\n${last_output}")
endif()
foreach(target astar_core astar_formats astar_agents astar_lab)
  if(NOT last_output MATCHES "(^|\n)${target}:")
    message(FATAL_ERROR "no ${target} target in:\n${last_output}")
  endif()
endforeach()
run("build (add_subdirectory)" ${CMAKE_COMMAND} --build ${WORK}/subdir --target game crowd)
run("run game (add_subdirectory)" ${WORK}/subdir/game)
run("run crowd (add_subdirectory)" ${WORK}/subdir/crowd)

find_program(pkg_config pkg-config)
find_program(cxx NAMES c++ g++ clang++)
if(pkg_config AND cxx)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
  run("pkg-config astar" ${pkg_config} --cflags --libs astar)
  string(STRIP "${last_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  foreach(example game crowd)
    run("compile ${example} with pkg-config's flags" ${cxx} ${SOURCE}/examples/cpp/${example}.cpp ${flags} -o ${WORK}/${example}-pc)
    run("run ${example} (pkg-config)" ${WORK}/${example}-pc)
  endforeach()
else()
  message(STATUS "pkg-config or a C++ compiler not found: the pkg-config check is skipped")
endif()
