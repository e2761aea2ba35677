// astar path ... --turn-cost C / --no-reverse / --heading DIR: the query over (cell, heading)
// states (astar/turn_space.h) with the same search options; prints what `path` prints plus the
// turn options, the turns taken and the arrival heading, and --show draws the path.
#include <cstdio>
#include <iostream>

#include "astar/search.h"
#include "astar/turn_space.h"
#include "cli.h"
#include "cmd_path_turns.h"

namespace astar::cli {

int runTurnPath(const Query& q, const TurnOptions& turns, std::vector<NodeId>& cells) {
  const Grid& g = q.doc.grid;
  const TurnSpace space(g, turns);
  if (Error e = space.validate()) {
    fail("path: " + e.message);
    return kExitBadInput;
  }
  std::vector<NodeId> goals;
  for (NodeId cell : q.goals) space.goalNodes(cell, goals);
  if (goals.size() > static_cast<std::size_t>(kMaxGoals)) {
    fail("path: too many goals for a turn-aware search (at most " + std::to_string(kMaxGoals / space.slots()) + ")");
    return kExitBadInput;
  }
  Search<TurnSpace> search(space);
  search.begin(space.startNode(q.start), std::span<const NodeId>(goals), q.options);
  const SearchStatus status = search.run();
  if (status == SearchStatus::InvalidInput) {
    fail(std::string("path: ") + search.message());
    return kExitBadInput;
  }
  const SearchStats& s = search.stats();
  int turnSteps = 0, reversals = 0, previous = kNoHeading;
  for (NodeId n : search.path()) {
    cells.push_back(space.cellOf(n));
    const int h = space.headingAt(n);
    if (previous != kNoHeading && h != kNoHeading) {
      turnSteps += space.turnSteps(previous, h);
      reversals += 2 * space.turnSteps(previous, h) == space.headingCount();
    }
    if (h != kNoHeading) previous = h;
  }
  char cost[64], turnCost[64];
  std::snprintf(cost, sizeof cost, "%.10g", s.pathCost);
  std::snprintf(turnCost, sizeof turnCost, "%.10g", turns.turnCost);
  std::cout << "status: " << statusName(status) << "\n"
            << "algorithm: " << algorithmName(q.options.algorithm) << "\n"
            << "heuristic: " << heuristicName(q.options.heuristic) << "\n"
            << "headings: " << space.headingCount() << "\n"
            << "turn-cost: " << turnCost << "\n"
            << "no-reverse: " << (turns.noReverse ? "yes" : "no") << "\n"
            << "initial-heading: "
            << (turns.initialHeading == kNoHeading ? "any"
                                                   : directionName(static_cast<Direction>(turns.initialHeading)))
            << "\n";
  if (status == SearchStatus::Found) {
    std::cout << "cost: " << cost << "\ncells: " << s.pathCells << "\nturn-steps: " << turnSteps
              << "\nreversals: " << reversals << "\n";
    if (previous != kNoHeading) std::cout << "arrival-heading: " << directionName(space.direction(previous)) << "\n";
  }
  std::cout << "expansions: " << s.expanded << "\n";
  return status == SearchStatus::Found ? kExitOk : kExitMismatch;
}

}  // namespace astar::cli
