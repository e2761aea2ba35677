// Checks for agents bigger than one cell (clearance.h), shared by the search loop's and HPA*'s
// agent-size tests: random maps without wrap, and a path checked move by move against the
// agent's reference grid (reference.h: referenceAgentGrid) with its footprint free of walls.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "astar/grid.h"
#include "reference.h"

namespace astar::testing {

// Every anchor's k x k square and, for a diagonal step, the whole box the two squares span (the
// corner cells a no-corner-cutting agent must not clip) hold no wall.
inline bool footprintFree(const Grid& grid, int x0, int y0, int x1, int y1, int k) {
  for (int y = std::min(y0, y1); y < std::max(y0, y1) + k; ++y)
    for (int x = std::min(x0, x1); x < std::max(x0, x1) + k; ++x)
      if (!grid.passable(x, y)) return false;
  return true;
}

// The path of a k x k agent (agentGrid: referenceAgentGrid(grid, k)): starts and ends where asked, each step is a move
// of the agent's grid, its cost is what the search reported (between the cheapest and dearest reading where a portal
// and a move join the same two cells: breadth- and depth-first keep the first edge they saw), and on maps without
// portals under the no-corner-cutting rule the footprint is free along every step, corners included.
inline void expectAgentPath(const Grid& grid, const Grid& agentGrid, std::span<const NodeId> path, double reported,
                            NodeId start, NodeId goal, int k, const std::string& where) {
  ASSERT_FALSE(path.empty()) << where;
  EXPECT_EQ(path.front(), start) << where;
  EXPECT_EQ(path.back(), goal) << where;
  const bool checkBoxes = grid.portals().empty() && grid.diagonal() == DiagonalMovement::OnlyWhenNoObstacles;
  double cheapest = 0.0, dearest = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const Edge& e : referenceMoves(agentGrid, path[i - 1]))
      if (e.to == path[i]) low = std::min(low, e.cost), high = std::max(high, e.cost);
    ASSERT_TRUE(std::isfinite(low)) << where << ": step " << i << " is not a move of a " << k << " x " << k << " agent";
    cheapest += low;
    dearest += high;
    if (checkBoxes) {
      ASSERT_TRUE(
          footprintFree(grid, grid.xOf(path[i - 1]), grid.yOf(path[i - 1]), grid.xOf(path[i]), grid.yOf(path[i]), k))
          << where << ": step " << i << " clips a wall";
    }
  }
  EXPECT_GE(reported, cheapest - 1e-9 * (1.0 + cheapest)) << where;
  EXPECT_LE(reported, dearest + 1e-9 * (1.0 + dearest)) << where;
}

// Random maps without wrap (sizes above 1 refuse it): walls, terrain, one-way cells and portals
// on half of them, the movement rule random on a third (else no corner cutting).
inline Grid agentMap(Rng& rng, int map) {
  RandomMapOptions o = plainMapOptions(6, 24, 0.08 + 0.04 * (map % 4));
  if (map % 2 == 1) {
    o.terrainChance = 0.3;
    o.maxPortals = 3;
    o.oneWayChance = 0.03;
  }
  o.randomMovement = map % 3 == 0;
  return randomGrid(rng, o);
}

}  // namespace astar::testing
