// Test helpers: check that a returned path is made of real moves and costs what it says.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <span>

#include "astar/search.h"
#include "reference.h"

namespace astar::testing {

// Every consecutive pair is a legal move; the sum of step costs equals `cost`.
inline ::testing::AssertionResult isValidPath(const Grid& grid, std::span<const NodeId> path, NodeId start, NodeId goal,
                                              double cost) {
  if (path.empty()) return ::testing::AssertionFailure() << "empty path";
  if (path.front() != start) return ::testing::AssertionFailure() << "path does not begin at the start";
  if (path.back() != goal) return ::testing::AssertionFailure() << "path does not end at the goal";
  double sum = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    double best = -1.0;
    for (const Edge& e : referenceMoves(grid, path[i - 1]))
      if (e.to == path[i] && (best < 0 || e.cost < best)) best = e.cost;
    if (best < 0)
      return ::testing::AssertionFailure()
             << "step " << i << " from (" << grid.xOf(path[i - 1]) << "," << grid.yOf(path[i - 1]) << ") to ("
             << grid.xOf(path[i]) << "," << grid.yOf(path[i]) << ") is not a move";
    sum += best;
  }
  if (std::fabs(sum - cost) > 1e-6 * std::max(1.0, cost))
    return ::testing::AssertionFailure() << "steps sum to " << sum << " but the search says " << cost;
  return ::testing::AssertionSuccess();
}

// Distances from every node to `goal`.
inline std::vector<double> referenceDistancesTo(const Grid& grid, NodeId goal) {
  return referenceDistancesToGoals(grid, {goal});
}

inline bool isOptimalAlgorithm(Algorithm a) {
  return a == Algorithm::AStar || a == Algorithm::Dijkstra || a == Algorithm::JumpPoint;
}

}  // namespace astar::testing
