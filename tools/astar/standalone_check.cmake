# ctest driver: the `astar` tool builds and runs with no bench/ part and no Boost. Configures a
# second build tree of this source with only the tools/astar part and find_package(Boost)
# disabled, builds only the `astar` target, and runs `astar --help`.
# Inputs: -DSOURCE=<repository root> -DWORK=<build folder> -DGENERATOR=<CMake generator>.
# The folder is kept between runs, so after the first run the build is a no-op.
# Unoptimised (-O0, no debug info): the check is that it builds and runs; at -O3 the build took
# ~2 min of make test. With clang where it is installed (make test's setup installs clang 14 for
# the ASan build): 48 CPU-s against g++'s 62 for this tree at -O0.
find_program(fast_cxx NAMES clang++-14 clang++)
set(compiler "")
if(fast_cxx)
  set(compiler "-DCMAKE_CXX_COMPILER=${fast_cxx}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE}" -B "${WORK}" -G "${GENERATOR}" ${compiler} -DCMAKE_BUILD_TYPE=Debug
                        -DCMAKE_CXX_FLAGS_DEBUG=-O0
                        -DCMAKE_DISABLE_FIND_PACKAGE_Boost=ON "-DASTAR_PARTS=tools/astar"
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "configure without bench/ and Boost failed (${code}):\n${out}\n${err}")
endif()
if(out MATCHES "Boost.Graph peer enabled")
  message(FATAL_ERROR "the bench part was configured although ASTAR_PARTS=tools/astar:\n${out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build "${WORK}" --target astar -j2
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "building astar without bench/ and Boost failed (${code}):\n${out}\n${err}")
endif()
execute_process(COMMAND "${WORK}/tools/astar/astar" --help RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT out MATCHES "astar bench FILE.map.scen")
  message(FATAL_ERROR "astar --help in the build without bench/ and Boost: exit ${code}\n${out}\n${err}")
endif()
message(STATUS "astar builds and runs without bench/ and Boost")
