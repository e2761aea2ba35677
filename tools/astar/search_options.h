// --algorithm / --heuristic / --weight, shared by the commands that search.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "astar/search.h"
#include "cli.h"

namespace astar::cli {

inline bool searchOptionsFromArgs(const Args& args, SearchOptions& options) {
  if (args.has("--algorithm") && !parseAlgorithm(args.get("--algorithm").c_str(), options.algorithm)) {
    fail("unknown algorithm '" + args.get("--algorithm") + "' (astar, weighted-astar, dijkstra, greedy, bfs, dfs, jps)");
    return false;
  }
  if (args.has("--heuristic") && !parseHeuristic(args.get("--heuristic").c_str(), options.heuristic)) {
    fail("unknown heuristic '" + args.get("--heuristic") +
         "' (zero, manhattan, euclidean, octile, chebyshev, exact, landmarks)");
    return false;
  }
  if (args.has("--weight")) {
    if (!parseNumberArg(args.get("--weight"), "--weight", options.weight)) return false;
    if (options.weight < 1.0) {
      fail("--weight must be >= 1");
      return false;
    }
  } else if (options.algorithm == Algorithm::WeightedAStar) {
    options.weight = 1.5;
  }
  return true;
}

// The query of a searching command: MAP SX SY GX GY, or MAP alone for the map's own start and
// goals. Checks that every end is inside and passable.
inline bool queryFromArgs(const Args& args, const char* command, const char* usage, MapDocument& doc, NodeId& start,
                          std::vector<NodeId>& goals) {
  const std::string name = command;
  if (args.positional.size() != 1 && args.positional.size() != 5) {
    fail(name + ": expected MAP, or MAP SX SY GX GY\nusage: astar " + usage);
    return false;
  }
  if (!loadMap(args.positional[0], doc)) return false;
  const Grid& g = doc.grid;
  start = doc.start;
  goals = doc.goals;
  if (args.positional.size() == 5) {
    long long c[4];
    const char* names[4] = {"SX", "SY", "GX", "GY"};
    for (int i = 0; i < 4; ++i)
      if (!parseIntArg(args.positional[static_cast<std::size_t>(i) + 1], names[i], 0,
                       (i % 2 == 0 ? g.width() : g.height()) - 1, c[i]))
        return false;
    start = g.index(static_cast<int>(c[0]), static_cast<int>(c[1]));
    goals = {g.index(static_cast<int>(c[2]), static_cast<int>(c[3]))};
  } else if (start == kNoNode || goals.empty()) {
    fail(name + ": " + args.positional[0] + " has no start and goal: give SX SY GX GY");
    return false;
  }
  for (std::size_t i = 0; i <= goals.size(); ++i) {
    const NodeId n = i == 0 ? start : goals[i - 1];
    if (!g.passable(n)) {
      char where[64];
      std::snprintf(where, sizeof where, ": (%d, %d) is a wall", g.xOf(n), g.yOf(n));
      fail(name + where);
      return false;
    }
  }
  return true;
}

}  // namespace astar::cli
