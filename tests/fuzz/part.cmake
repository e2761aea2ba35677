# Fuzzing. The regression runner (every corpus file and saved crash through the same checks
# as the fuzz targets) builds and runs in every native build. The libFuzzer targets build
# only with Clang and -DASTAR_FUZZ=ON (scripts/fuzz.sh configures such a build).
add_executable(fuzz_regressions ${PROJECT_SOURCE_DIR}/tests/fuzz/regression_main.cpp)
target_link_libraries(fuzz_regressions PRIVATE astar_formats)
target_compile_options(fuzz_regressions PRIVATE ${ASTAR_WARNINGS})
add_test(NAME fuzz_regressions
         COMMAND fuzz_regressions ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus ${PROJECT_SOURCE_DIR}/tests/fuzz/regressions)
set_tests_properties(fuzz_regressions PROPERTIES LABELS fuzz TIMEOUT 120)

option(ASTAR_FUZZ "Build the libFuzzer targets (Clang only)" OFF)
if(ASTAR_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ASTAR_FUZZ needs Clang (configure with CXX=clang++-14)")
  endif()
  # The library must carry coverage instrumentation too, or the fuzzer is blind inside it.
  set(ASTAR_FUZZ_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  foreach(library ${ASTAR_LIBRARIES})
    target_compile_options(${library} PRIVATE -fsanitize=fuzzer-no-link ${ASTAR_FUZZ_FLAGS})
    target_link_options(${library} INTERFACE -fsanitize=address,undefined)
  endforeach()
  # One target per seed-corpus folder (fuzz_checks.h: every map format of core's table, the
  # scenario reader, detect, roundtrip; fuzz_regressions fails on a folder without a target).
  file(GLOB fuzz_folders LIST_DIRECTORIES true RELATIVE ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus
       ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/*)
  foreach(fuzz_name ${fuzz_folders})
    add_executable(fuzz_${fuzz_name} ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_target.cpp)
    target_link_libraries(fuzz_${fuzz_name} PRIVATE astar_formats)
    target_compile_definitions(fuzz_${fuzz_name} PRIVATE ASTAR_FUZZ_TARGET="${fuzz_name}")
    target_compile_options(fuzz_${fuzz_name} PRIVATE -g -O1 -fsanitize=fuzzer ${ASTAR_FUZZ_FLAGS} ${ASTAR_WARNINGS})
    target_link_options(fuzz_${fuzz_name} PRIVATE -fsanitize=fuzzer ${ASTAR_FUZZ_FLAGS})
  endforeach()
endif()
