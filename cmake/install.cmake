# Install rules (ASTAR_INSTALL): the public headers of every library target (all into one
# include/astar/, version.h included), the targets (core/libraries.cmake: astar::core,
# astar::formats, astar::agents, astar::lab) and the astar tool (astar::astar); astarConfig.cmake with its version file,
# so `find_package(astar 0.2 CONFIG REQUIRED)` works; and astar.pc for pkg-config.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

foreach(folder search formats agents lab)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/${folder}/include/astar DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h")
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/include/astar/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/astar)
set(astar_install_targets ${ASTAR_LIBRARIES})
if(TARGET astar)
  list(APPEND astar_install_targets astar)
endif()
install(TARGETS ${astar_install_targets} EXPORT astarTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(astar_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/astar)
install(EXPORT astarTargets NAMESPACE astar:: DESTINATION ${astar_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/astarConfig.cmake.in ${PROJECT_BINARY_DIR}/astarConfig.cmake
  INSTALL_DESTINATION ${astar_cmake_dir})
# 0.x: a minor version may break the API, so only the same minor version is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/astarConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/astarConfig.cmake ${PROJECT_BINARY_DIR}/astarConfigVersion.cmake DESTINATION ${astar_cmake_dir})

# The prefix as seen from lib/pkgconfig (or lib/<multiarch>/pkgconfig): "../.." or "../../..".
file(RELATIVE_PATH astar_pc_up /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/astar.pc.in ${PROJECT_BINARY_DIR}/astar.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/astar.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/astar)
