// The search options of the commands that search (path, compare, scen, bench): --algorithm,
// --heuristic, --weight, --wrap-aware / --no-wrap-aware, --portal-aware / --no-portal-aware
// and --reopen (SearchOptions::algorithm, heuristic, weight, wrapAware, portalAware,
// reopenClosed). A command accepts the ones in its usage line (commands.inc).
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "astar/landmarks.h"
#include "astar/search.h"
#include "astar/turn_space.h"
#include "cli.h"

namespace astar::cli {

// "astar, weighted-astar, ...": the names of core's algorithm and heuristic tables.
inline std::string algorithmNameList() {
  std::string out;
  for (const AlgorithmInfo& a : algorithms()) out += (out.empty() ? "" : ", ") + std::string(a.name);
  return out;
}
inline std::string heuristicNameList() {
  std::string out;
  for (int i = 0; i < kHeuristicCount; ++i)
    out += (i == 0 ? "" : ", ") + std::string(heuristicName(static_cast<Heuristic>(i)));
  return out;
}

inline bool searchOptionsFromArgs(const Args& args, SearchOptions& options) {
  if (args.has("--algorithm") && !parseAlgorithm(args.get("--algorithm").c_str(), options.algorithm)) {
    fail("unknown algorithm '" + args.get("--algorithm") + "' (" + algorithmNameList() + ")");
    return false;
  }
  if (args.has("--heuristic") && !parseHeuristic(args.get("--heuristic").c_str(), options.heuristic)) {
    fail("unknown heuristic '" + args.get("--heuristic") + "' (" + heuristicNameList() + ")");
    return false;
  }
  if (args.has("--weight")) {
    if (!parseNumberArg(args.get("--weight"), "--weight", options.weight)) return false;
    if (options.weight < 1.0) {
      fail("--weight must be >= 1");
      return false;
    }
  } else if (options.algorithm == Algorithm::WeightedAStar) {
    options.weight = kDefaultWeight;  // the documented default of weighted A* in every command
  }
  if (args.has("--wrap-aware") || args.has("--no-wrap-aware")) options.wrapAware = args.has("--wrap-aware");
  if (args.has("--portal-aware") || args.has("--no-portal-aware")) options.portalAware = args.has("--portal-aware");
  if (args.has("--reopen")) options.reopenClosed = true;
  return true;
}

// ---- turn-aware search: --turn-cost C, --no-reverse, --heading DIR (astar/turn_space.h) ----
// Sets `used` when any of them is given; DIR is one of core's direction names (N, E, ...).
inline bool turnOptionsFromArgs(const Args& args, TurnOptions& out, bool& used) {
  used = args.has("--turn-cost") || args.has("--no-reverse") || args.has("--heading");
  if (args.has("--turn-cost") && !parseNumberArg(args.get("--turn-cost"), "--turn-cost", out.turnCost)) return false;
  out.noReverse = args.has("--no-reverse");
  if (args.has("--heading")) {
    Direction d;
    if (!parseDirection(args.get("--heading"), d)) {
      std::string names;
      for (int i = 0; i < 8; ++i) names += (i ? ", " : "") + std::string(directionName(static_cast<Direction>(i)));
      fail("unknown heading '" + args.get("--heading") + "' (" + names + ")");
      return false;
    }
    out.initialHeading = d;
  }
  return true;
}
// ---- end turn-aware search ----

// The query of a searching command: MAP SX SY GX GY, or MAP alone for the map's own start and
// goals (every end inside and passable), the search options, and the landmark table when the
// landmarks heuristic is chosen.
struct Query {
  MapDocument doc;
  NodeId start = kNoNode;
  std::vector<NodeId> goals;
  SearchOptions options;
  LandmarkTable<Grid> landmarks;
  // Runs one search of this query with `with` (the query's options, or a variant of them).
  SearchStatus run(GridSearch& search, const SearchOptions& with) const {
    search.begin(start, std::span<const NodeId>(goals), with,
                 with.heuristic == Heuristic::Landmarks ? &landmarks : nullptr);
    return search.run();
  }
};

inline bool queryFromArgs(const Args& args, const char* command, const char* usage, Query& q) {
  const std::string name = command;
  if (args.positional.size() != 1 && args.positional.size() != 5) {
    fail(name + ": expected MAP, or MAP SX SY GX GY\nusage: astar " + usage);
    return false;
  }
  if (!loadMap(args.positional[0], q.doc)) return false;
  const Grid& g = q.doc.grid;
  q.start = q.doc.start;
  q.goals = q.doc.goals;
  if (args.positional.size() == 5) {
    long long c[4];
    const char* names[4] = {"SX", "SY", "GX", "GY"};
    for (int i = 0; i < 4; ++i)
      if (!parseIntArg(args.positional[static_cast<std::size_t>(i) + 1], names[i], 0,
                       (i % 2 == 0 ? g.width() : g.height()) - 1, c[i]))
        return false;
    q.start = g.index(static_cast<int>(c[0]), static_cast<int>(c[1]));
    q.goals = {g.index(static_cast<int>(c[2]), static_cast<int>(c[3]))};
  } else if (q.start == kNoNode || q.goals.empty()) {
    fail(name + ": " + args.positional[0] + " has no start and goal: give SX SY GX GY");
    return false;
  }
  for (std::size_t i = 0; i <= q.goals.size(); ++i) {
    const NodeId n = i == 0 ? q.start : q.goals[i - 1];
    if (!g.passable(n)) {
      char where[64];
      std::snprintf(where, sizeof where, ": (%d, %d) is a wall", g.xOf(n), g.yOf(n));
      fail(name + where);
      return false;
    }
  }
  if (!searchOptionsFromArgs(args, q.options)) return false;
  if (q.options.heuristic == Heuristic::Landmarks) q.landmarks.build(g, 8, q.start);
  return true;
}

// astar path --algorithm hpa (cmd_path_hpa.cpp): prints the query's lines, fills path; returns
// kExitOk (found), kExitMismatch (no path) or kExitBadInput.
int runHierarchicalPath(const Args& args, const Query& q, std::vector<NodeId>& path);

}  // namespace astar::cli
