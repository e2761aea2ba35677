// astar path MAP [SX SY GX GY] [--algorithm A] [--heuristic H] [--weight W] [--show]:
// one search (from the map's own start to its nearest goal when no coordinates are given),
// its cost, length and effort; --show draws the path on the map.
#include <cstdio>
#include <iostream>

#include "astar/landmarks.h"
#include "astar/search.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

int cmdPath(const Args& args) {
  const char* usage = "path MAP [SX SY GX GY] [--algorithm A] [--heuristic H] [--weight W] [--show]";
  if (args.positional.size() != 1 && args.positional.size() != 5) {
    fail("path: expected MAP, or MAP SX SY GX GY\nusage: astar " + std::string(usage));
    return kExitBadInput;
  }
  MapDocument doc;
  if (!loadMap(args.positional[0], doc)) return kExitBadInput;
  const Grid& g = doc.grid;
  NodeId start = doc.start;
  std::vector<NodeId> goals = doc.goals;
  if (args.positional.size() == 5) {
    long long c[4];
    const char* names[4] = {"SX", "SY", "GX", "GY"};
    for (int i = 0; i < 4; ++i)
      if (!parseIntArg(args.positional[static_cast<std::size_t>(i) + 1], names[i], 0,
                       (i % 2 == 0 ? g.width() : g.height()) - 1, c[i]))
        return kExitBadInput;
    start = g.index(static_cast<int>(c[0]), static_cast<int>(c[1]));
    goals = {g.index(static_cast<int>(c[2]), static_cast<int>(c[3]))};
  } else if (start == kNoNode || goals.empty()) {
    fail("path: " + args.positional[0] + " has no start and goal: give SX SY GX GY");
    return kExitBadInput;
  }
  goals.insert(goals.begin(), start);  // check the start with the goals, then take it off
  for (NodeId n : goals) {
    if (!g.passable(n)) {
      char where[64];
      std::snprintf(where, sizeof where, "path: (%d, %d) is a wall", g.xOf(n), g.yOf(n));
      fail(where);
      return kExitBadInput;
    }
  }
  goals.erase(goals.begin());
  SearchOptions options;
  if (!searchOptionsFromArgs(args, options)) return kExitBadInput;
  LandmarkTable<Grid> landmarks;
  if (options.heuristic == Heuristic::Landmarks) landmarks.build(g, 8, start);
  GridSearch search(g);
  search.begin(start, std::span<const NodeId>(goals), options,
               options.heuristic == Heuristic::Landmarks ? &landmarks : nullptr);
  const SearchStatus status = search.run();
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
  if (args.has("--show")) {
    std::string cells;
    std::vector<Terrain> terrain;
    (void)resolveLetters(doc, cells, terrain);
    for (NodeId n : search.path()) cells[n] = '*';
    cells[start] = 'S';
    for (NodeId goal : goals) cells[goal] = 'G';
    // Hex maps: cells two characters apart and odd rows indented by one, so the six
    // neighbours of a cell are the ones that touch it on screen.
    for (int y = 0; y < g.height(); ++y) {
      const std::string row = cells.substr(static_cast<std::size_t>(y) * static_cast<std::size_t>(g.width()), static_cast<std::size_t>(g.width()));
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
