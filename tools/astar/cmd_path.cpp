// astar path MAP [SX SY GX GY] [--algorithm A] [--heuristic H] [search switches] [--show]:
// one search (from the map's own start to its nearest goal when no coordinates are given),
// its cost, length and effort; --show draws the path on the map. --algorithm hpa runs HPA*
// (cmd_path_hpa.cpp) with --cluster-size N.
#include <cstdio>
#include <iostream>

#include "astar/hierarchical.h"
#include "astar/search.h"
#include "cli.h"
#include "cmd_path_turns.h"
#include "search_options.h"

namespace astar::cli {

int cmdPath(const Args& args) {
  const char* usage = "path MAP [SX SY GX GY] [--algorithm A] [--heuristic H] " ASTAR_SEARCH_SWITCHES
                      " " ASTAR_TURN_SWITCHES " [--cluster-size N] [--show]";
  const bool hierarchical = args.get("--algorithm") == kHierarchicalName;
  if (args.has("--cluster-size") && !hierarchical) {
    fail(std::string("path: --cluster-size is an option of --algorithm ") + kHierarchicalName);
    return kExitBadInput;
  }
  Args rest = args;  // HPA* is not one of core's Algorithm values: the query without it
  if (hierarchical) rest.options.erase("--algorithm");
  Query q;
  if (!queryFromArgs(rest, "path", usage, q)) return kExitBadInput;
  const MapDocument& doc = q.doc;
  const Grid& g = doc.grid;
  const SearchOptions& options = q.options;
  GridSearch search(g);
  TurnOptions turns;
  bool turnAware = false;
  if (!turnOptionsFromArgs(args, turns, turnAware)) return kExitBadInput;
  std::vector<NodeId> path;
  SearchStatus status;
  if (hierarchical) {  // HPA* (cmd_path_hpa.cpp)
    const int exit = runHierarchicalPath(args, q, path);
    if (exit == kExitBadInput) return exit;
    status = exit == kExitOk ? SearchStatus::Found : SearchStatus::NoPath;
  } else if (turnAware) {  // over (cell, heading) states (cmd_path_turns.cpp)
    const int exit = runTurnPath(q, turns, path);
    if (exit == kExitBadInput) return exit;
    status = exit == kExitOk ? SearchStatus::Found : SearchStatus::NoPath;
  } else {
    status = q.run(search, options);
    if (status == SearchStatus::InvalidInput) {
      fail(std::string("path: ") + search.message());
      return kExitBadInput;
    }
    const SearchStats& s = search.stats();
    char cost[64];
    std::snprintf(cost, sizeof cost, "%.10g", s.pathCost);
    std::cout << "status: " << statusName(status) << "\n"
              << "algorithm: " << algorithmName(options.algorithm) << "\n"
              << "heuristic: " << heuristicName(options.heuristic) << "\n";
    if (status == SearchStatus::Found) std::cout << "cost: " << cost << "\ncells: " << s.pathCells << "\n";
    std::cout << "expansions: " << s.expanded << "\n";
    if (options.algorithm == Algorithm::WeightedAStar)
      std::cout << "weight: " << options.weight << "\nreopened: " << s.reopened << "\n";
    path.assign(search.path().begin(), search.path().end());
  }
  if (args.has("--show")) {
    std::string cells;
    std::vector<Terrain> terrain;
    (void)resolveLetters(doc, cells, terrain);
    for (NodeId n : path) cells[n] = '*';
    cells[q.start] = 'S';
    for (NodeId goal : q.goals) cells[goal] = 'G';
    // Hex maps: cells two characters apart and odd rows indented by one, so the six
    // neighbours of a cell are the ones that touch it on screen.
    for (int y = 0; y < g.height(); ++y) {
      const std::string row = cells.substr(static_cast<std::size_t>(y) * static_cast<std::size_t>(g.width()),
                                           static_cast<std::size_t>(g.width()));
      if (!g.hex()) {
        std::cout << row << "\n";
        continue;
      }
      std::string spaced;
      if (y & 1) spaced += ' ';
      for (std::size_t i = 0; i < row.size(); ++i) {
        if (i) spaced += ' ';
        spaced += row[i];
      }
      std::cout << spaced << "\n";
    }
  }
  return status == SearchStatus::Found ? kExitOk : kExitMismatch;
}

}  // namespace astar::cli
