# The library as a game uses it (examples/cpp): installed to a temporary prefix and found with
# find_package, and built from source with add_subdirectory, both configured with GoogleTest
# hidden; each builds and runs the example. Also the pkg-config file. Not in sanitizer builds.
if(NOT ASTAR_SANITIZE AND NOT ASTAR_TSAN AND ASTAR_INSTALL)
  add_test(NAME package_consumer
           COMMAND ${CMAKE_COMMAND} -DSOURCE=${PROJECT_SOURCE_DIR} -DBUILD=${PROJECT_BINARY_DIR}
                   -DWORK=${PROJECT_BINARY_DIR}/package-consumer "-DGENERATOR=${CMAKE_GENERATOR}"
                   -DVERSION=${PROJECT_VERSION} -P ${PROJECT_SOURCE_DIR}/tests/package/consumer_check.cmake)
  set_tests_properties(package_consumer PROPERTIES LABELS "package" TIMEOUT 900 COST 60)
endif()
