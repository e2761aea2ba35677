// The turn-aware branch of `astar path` (cmd_path_turns.cpp).
#pragma once
#include <vector>

#include "astar/turn_space.h"
#include "search_options.h"

namespace astar::cli {

// Runs q over (cell, heading) states and prints the report; fills `cells` with the path's
// cells (for --show). Returns the exit status.
int runTurnPath(const Query& q, const TurnOptions& turns, std::vector<NodeId>& cells);

}  // namespace astar::cli
