# The node that runs the project's JavaScript tests: scripts/node, which runs the Node.js that
# scripts/node_env.sh chooses (package.json's engines.node, or the pinned one setup.sh installs).
# ASTAR_NODE_FOUND is false when it finds none (the tests that need node are then not registered).
include_guard(GLOBAL)
set(ASTAR_NODE ${PROJECT_SOURCE_DIR}/scripts/node)
execute_process(COMMAND ${ASTAR_NODE} --version RESULT_VARIABLE astar_node_status
                OUTPUT_VARIABLE ASTAR_NODE_VERSION ERROR_VARIABLE astar_node_error
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_STRIP_TRAILING_WHITESPACE)
if(astar_node_status EQUAL 0)
  set(ASTAR_NODE_FOUND TRUE)
else()
  set(ASTAR_NODE_FOUND FALSE)
  message(WARNING "${astar_node_error}")
endif()
