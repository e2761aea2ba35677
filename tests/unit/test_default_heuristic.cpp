// The heuristic the page uses until the user picks one: the strongest admissible one for
// each movement rule and cell shape.
#include <gtest/gtest.h>

#include "astar/grid.h"
#include "astar/heuristic.h"

namespace {

using astar::DiagonalMovement;
using astar::Heuristic;
using astar::Topology;

TEST(DefaultHeuristic, FollowsTheMovementRule) {
  EXPECT_EQ(astar::defaultHeuristic(Topology::Square, DiagonalMovement::Never), Heuristic::Manhattan);
  EXPECT_EQ(astar::defaultHeuristic(Topology::Square, DiagonalMovement::OnlyWhenNoObstacles), Heuristic::Octile);
  EXPECT_EQ(astar::defaultHeuristic(Topology::Square, DiagonalMovement::IfAtMostOneObstacle), Heuristic::Octile);
  EXPECT_EQ(astar::defaultHeuristic(Topology::Square, DiagonalMovement::Always), Heuristic::Octile);
  for (int m = 0; m < astar::kMovementCount; ++m)  // on hex cells manhattan is the hex distance
    EXPECT_EQ(astar::defaultHeuristic(Topology::Hex, static_cast<DiagonalMovement>(m)), Heuristic::Manhattan);
}

TEST(DefaultHeuristic, IsAdmissibleOnItsRule) {
  for (int t = 0; t < 2; ++t)
    for (int m = 0; m < astar::kMovementCount; ++m) {
      astar::Grid grid;
      ASSERT_TRUE(grid.reset(8, 8).ok());
      ASSERT_TRUE(grid.setTopology(static_cast<Topology>(t)).ok());
      grid.setDiagonal(static_cast<DiagonalMovement>(m));
      const Heuristic h = astar::defaultHeuristic(static_cast<Topology>(t), static_cast<DiagonalMovement>(m));
      EXPECT_TRUE(astar::heuristicProperties(h, grid, true, true).admissible) << "topology " << t << " movement " << m;
    }
}

}  // namespace
