# Agents benchmarks (included from bench/part.cmake or the top-level CMakeLists.txt).
# path_service_bench: PathService throughput with 1 and 2 threads. Not registered in ctest.
add_executable(path_service_bench ${CMAKE_CURRENT_LIST_DIR}/path_service_bench.cpp)
target_link_libraries(path_service_bench PRIVATE astar_agents)
target_compile_options(path_service_bench PRIVATE ${ASTAR_WARNINGS})
# flow_field_bench: full build versus incremental repair on a large map.
add_executable(flow_field_bench ${CMAKE_CURRENT_LIST_DIR}/flow_field_bench.cpp)
target_link_libraries(flow_field_bench PRIVATE astar_agents)
target_compile_options(flow_field_bench PRIVATE ${ASTAR_WARNINGS})
# no_path_bench: a walled-in start on 256 x 256 and 4096 x 4096 maps (issue 22's fallback).
add_executable(no_path_bench ${CMAKE_CURRENT_LIST_DIR}/no_path_bench.cpp)
target_link_libraries(no_path_bench PRIVATE astar_core)
target_compile_options(no_path_bench PRIVATE ${ASTAR_WARNINGS})
