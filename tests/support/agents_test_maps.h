// Helpers for the flow field, smoothing and path service tests, on top of reference.h (moves
// written from the documented rules, a reference Dijkstra, random maps).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "astar/grid.h"
#include "reference.h"

namespace astar::testing {

inline double randomTerrainCost(Rng& rng) {
  static constexpr double kCosts[] = {0.5, 1.5, 2.0, 3.0, 7.25};
  return kCosts[rng.below(5)];
}

// Cheapest cost of any move a -> b (grid step or portal), +inf if there is none.
inline double edgeCost(const Grid& grid, NodeId a, NodeId b) {
  double best = std::numeric_limits<double>::infinity();
  for (const Edge& e : referenceMoves(grid, a))
    if (e.to == b && e.cost < best) best = e.cost;
  return best;
}

// The goals a flow field treats as active: those on passable cells (for the reference
// Dijkstra in reference.h, which starts from every source it is given).
inline std::vector<NodeId> passableGoals(const Grid& grid, const std::vector<NodeId>& goals) {
  std::vector<NodeId> out;
  for (const NodeId g : goals)
    if (g < grid.cellCount() && grid.passable(g)) out.push_back(g);
  return out;
}

// Equal up to rounding (sums of the same costs in another order).
inline bool nearlyEqual(double a, double b) {
  if (a == b) return true;
  const double scale = std::max(1.0, std::max(std::abs(a), std::abs(b)));
  return std::abs(a - b) <= 1e-9 * scale;
}

}  // namespace astar::testing
