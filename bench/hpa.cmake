# hpa_bench: HPA* preprocessing and query time against A* on the shared Moving AI maps of
# 512 x 512 and 1024 x 1024 cells (bench/README.md, "HPA*"). Not registered in ctest.
add_executable(hpa_bench ${CMAKE_CURRENT_LIST_DIR}/hpa_bench.cpp)
target_link_libraries(hpa_bench PRIVATE astar_formats)
target_include_directories(hpa_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/support)
target_compile_definitions(hpa_bench PRIVATE ASTAR_MAPS_BENCH_DIR="${ASTAR_MAPS_BENCH_DIR}")
target_compile_options(hpa_bench PRIVATE ${ASTAR_WARNINGS})
set_target_properties(hpa_bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
