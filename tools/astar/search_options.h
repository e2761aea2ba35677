// --algorithm / --heuristic / --weight, shared by the commands that search.
#pragma once
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

}  // namespace astar::cli
