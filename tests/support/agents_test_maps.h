// Random maps and an independent reference Dijkstra for the flow field, smoothing and
// path service tests. The reference builds its own reversed edge list from
// Grid::forEachNeighbor, so it does not share code with what it checks.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "astar/grid.h"

namespace astar::testing {

struct RandomMapOptions {
  int minSide = 2;
  int maxSide = 24;
  double wallChance = 0.25;
  double terrainChance = 0.2;  // chance that a floor cell gets a cost other than 1
  double oneWayChance = 0.04;
  int maxPortals = 4;
  bool allowWrap = true;
  bool allowIntegerCosts = true;
};

inline DiagonalMovement randomDiagonal(std::mt19937& rng) {
  return static_cast<DiagonalMovement>(std::uniform_int_distribution<int>(0, 3)(rng));
}

inline double randomTerrainCost(std::mt19937& rng) {
  static constexpr double kCosts[] = {0.5, 1.5, 2.0, 3.0, 7.25};
  return kCosts[std::uniform_int_distribution<int>(0, 4)(rng)];
}

// A random grid: walls, terrain costs, any movement rule, cost model, wrap, portals (one-way
// and two-way, some free) and one-way cells, as far as the options allow.
inline Grid randomGrid(std::mt19937& rng, const RandomMapOptions& o = {}) {
  std::uniform_int_distribution<int> side(o.minSide, o.maxSide);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Grid grid(side(rng), side(rng));
  grid.setDiagonal(randomDiagonal(rng));
  if (o.allowIntegerCosts && unit(rng) < 0.2) grid.setCostModel(CostModel::Integer);
  if (o.allowWrap) grid.setWrap(unit(rng) < 0.3, unit(rng) < 0.3);
  for (int y = 0; y < grid.height(); ++y) {
    for (int x = 0; x < grid.width(); ++x) {
      const double r = unit(rng);
      if (r < o.wallChance) {
        (void)grid.setWall(x, y);
      } else if (r < o.wallChance + o.terrainChance) {
        (void)grid.setCost(x, y, randomTerrainCost(rng));
      }
      if (unit(rng) < o.oneWayChance)
        (void)grid.setEntryMask(x, y, static_cast<std::uint8_t>(std::uniform_int_distribution<int>(1, 254)(rng)));
    }
  }
  const int portals = o.maxPortals > 0 ? std::uniform_int_distribution<int>(0, o.maxPortals)(rng) : 0;
  std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
  for (int i = 0; i < portals; ++i) {
    const double cost = unit(rng) < 0.2 ? 0.0 : 0.5 + 4.0 * unit(rng);
    (void)grid.addPortal(px(rng), py(rng), px(rng), py(rng), cost, unit(rng) < 0.5);  // same cell: rejected
  }
  return grid;
}

inline NodeId randomPassableCell(const Grid& grid, std::mt19937& rng) {
  std::vector<NodeId> open;
  for (NodeId n = 0; n < grid.cellCount(); ++n)
    if (grid.passable(n)) open.push_back(n);
  if (open.empty()) return kNoNode;
  return open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)];
}

// Cheapest cost of any move a -> b (grid step or portal), +inf if there is none.
inline double edgeCost(const Grid& grid, NodeId a, NodeId b) {
  double best = std::numeric_limits<double>::infinity();
  if (!grid.passable(a)) return best;
  grid.forEachNeighbor(a, [&](NodeId m, double c) {
    if (m == b && c < best) best = c;
  });
  return best;
}

// Distance from every cell to the nearest passable goal, by a plain Dijkstra over the
// reversed forward edges.
inline std::vector<double> referenceDistances(const Grid& grid, const std::vector<NodeId>& goals) {
  const NodeId cells = grid.cellCount();
  std::vector<std::vector<std::pair<NodeId, double>>> reverse(cells);
  for (NodeId n = 0; n < cells; ++n) {
    if (!grid.passable(n)) continue;
    grid.forEachNeighbor(n, [&](NodeId m, double c) { reverse[m].push_back({n, c}); });
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
