# replan_bench: D* Lite repair versus a fresh A* after edits on shared Moving AI maps (included
# from bench/part.cmake). Not registered in ctest.
add_executable(replan_bench ${CMAKE_CURRENT_LIST_DIR}/replan_bench.cpp)
target_link_libraries(replan_bench PRIVATE astar_formats)
target_compile_options(replan_bench PRIVATE ${ASTAR_WARNINGS})
target_compile_definitions(replan_bench PRIVATE ASTAR_MAPS_BENCH_DIR="${ASTAR_MAPS_BENCH_DIR}")
target_include_directories(replan_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/support)  # bench_maps.h
