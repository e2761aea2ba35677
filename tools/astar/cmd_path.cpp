// astar path MAP [SX SY GX GY] [--algorithm A] [planner options] [--show]: one query (from the
// map's own start to its nearest goal when no coordinates are given) with any planner row
// (planners.h; turn-aware when a turn option is given without --algorithm): its cost, length and
// effort, what ran (the row it fell back to, if any) and what only that planner reports;
// --show draws the path on the map.
#include <cstdio>
#include <iostream>

#include "astar/planner_runner.h"
#include "astar/planners.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

int cmdPath(const Args& args) {
  const char* usage = "path MAP [SX SY GX GY] [--algorithm A] " ASTAR_PLANNER_OPTIONS " [--show]";
  Query q;
  if (!queryFromArgs(args, "path", usage, q)) return kExitBadInput;
  const MapDocument& doc = q.doc;
  const Grid& g = doc.grid;
  const PlannerInfo& planner = *q.settings.planner;
  PlannerRunner runner(g, q.settings, &q.landmarks);
  if (!runner.prepare()) {
    fail(std::string("path: ") + planner.name + ": " + runner.message());
    return kExitBadInput;
  }
  const PlannerAnswer& a = runner.answer(q.start, q.goals);
  if (a.status == SearchStatus::InvalidInput) {
    fail("path: " + a.message);
    return kExitBadInput;
  }
  char cost[64];
  std::snprintf(cost, sizeof cost, "%.10g", a.cost);
  std::cout << "status: " << statusName(a.status) << "\n"
            << "algorithm: " << planner.name << "\n"
            << "ran: " << a.ranAs->name
            << (a.ranAs == &planner ? ""
                : planner.kind == PlannerKind::Search && q.settings.search.agentSize != 1 &&
                        !algorithmInfo(planner.algorithm).anyAgentSize
                    ? std::string(" (") + planner.name + " moves one-cell agents only)"
                    : std::string(" (") + planner.name + " does not apply to this map or query)")
            << "\n";
  if (planner.usesHeuristic) std::cout << "heuristic: " << heuristicName(q.settings.search.heuristic) << "\n";
  if (a.status == SearchStatus::Found) std::cout << "cost: " << cost << "\ncells: " << a.cells.size() << "\n";
  std::cout << "expansions: " << a.expanded << "\n";
  const double bound = q.settings.bound();
  // What the planner promises with these settings ("none": no bound is stated for them).
  if (!planner.optimal) {
    char factor[32] = "none";
    if (bound > 0.0) std::snprintf(factor, sizeof factor, "%.6g x optimal", bound);
    std::cout << "bound: " << factor << "\n";
  }
  for (const auto& [key, value] : runner.details()) std::cout << key << ": " << value << "\n";
  if (args.has("--show")) {
    std::string cells;
    std::vector<Terrain> terrain;
    (void)resolveLetters(doc, cells, terrain);
    for (NodeId n : a.cells) cells[n] = '*';
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
  return a.status == SearchStatus::Found ? kExitOk : kExitMismatch;
}

}  // namespace astar::cli
