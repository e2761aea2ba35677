// Random maps and a multi-goal reference Dijkstra for the flow field, smoothing and path
// service tests. The reference runs over referenceMoves (reference.h: moves written from the
// documented rules), so it shares no code with the neighbour generator or the flow field.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
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

// Distance from every cell to the nearest passable goal: a plain Dijkstra over the reversed
// reference moves.
inline std::vector<double> referenceDistancesToGoals(const Grid& grid, const std::vector<NodeId>& goals) {
  const NodeId cells = grid.cellCount();
  std::vector<std::vector<std::pair<NodeId, double>>> reverse(cells);
  for (NodeId n = 0; n < cells; ++n) {
    for (const Edge& e : referenceMoves(grid, n)) reverse[e.to].push_back({n, e.cost});
  }
  std::vector<double> dist(cells, std::numeric_limits<double>::infinity());
  using Item = std::pair<double, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  for (const NodeId g : goals) {
    if (g < cells && grid.passable(g) && dist[g] != 0.0) {
      dist[g] = 0.0;
      open.push({0.0, g});
    }
  }
  while (!open.empty()) {
    const auto [d, n] = open.top();
    open.pop();
    if (d > dist[n]) continue;
    for (const auto& [m, c] : reverse[n]) {
      if (d + c < dist[m]) {
        dist[m] = d + c;
        open.push({dist[m], m});
      }
    }
  }
  return dist;
}

// Equal up to rounding (sums of the same costs in another order).
inline bool nearlyEqual(double a, double b) {
  if (a == b) return true;
  const double scale = std::max(1.0, std::max(std::abs(a), std::abs(b)));
  return std::abs(a - b) <= 1e-9 * scale;
}

}  // namespace astar::testing
