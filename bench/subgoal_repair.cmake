# subgoal_repair_bench: the subgoal graph's local repair after edits against a full build on the
# shared Moving AI maps (bench/README.md, "Subgoal graph"). Not registered in ctest.
add_executable(subgoal_repair_bench ${CMAKE_CURRENT_LIST_DIR}/subgoal_repair_bench.cpp)
target_link_libraries(subgoal_repair_bench PRIVATE astar_formats)
target_include_directories(subgoal_repair_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/support)
target_compile_definitions(subgoal_repair_bench PRIVATE ASTAR_MAPS_BENCH_DIR="${ASTAR_MAPS_BENCH_DIR}")
target_compile_options(subgoal_repair_bench PRIVATE ${ASTAR_WARNINGS})
set_target_properties(subgoal_repair_bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
