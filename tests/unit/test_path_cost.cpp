// pathCost / stepCost: a path walked one move at a time through the grid's own neighbour
// generator. Straight and diagonal steps, terrain, wrap, portals, one-way cells and hex
// cells are priced as the grid moves them; anything the grid does not allow is refused.
#include "astar/path_cost.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "astar/search.h"

namespace astar {
namespace {

constexpr double kSqrt2 = 1.4142135623730951;

double cost(const Grid& g, const std::vector<NodeId>& path) { return pathCost(g, path); }

TEST(PathCost, EmptyAndOneCellPathsCostNothing) {
  const Grid g(4, 3);
  EXPECT_EQ(cost(g, {}), 0.0);
  EXPECT_EQ(cost(g, {g.index(2, 1)}), 0.0);
}

TEST(PathCost, OneCellOnAWallOrOutsideIsRefused) {
  Grid g(4, 3);
  ASSERT_FALSE(g.setWall(2, 1));
  EXPECT_EQ(cost(g, {g.index(2, 1)}), kIllegalPath);
  EXPECT_EQ(cost(g, {g.cellCount()}), kIllegalPath);
  EXPECT_EQ(cost(g, {kNoNode}), kIllegalPath);
}

TEST(PathCost, StraightSteps) {
  const Grid g(5, 3);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 1), g.index(1, 1), g.index(2, 1), g.index(3, 1)}), 3.0);
  EXPECT_DOUBLE_EQ(stepCost(g, g.index(1, 1), g.index(1, 2)), 1.0);
}

TEST(PathCost, DiagonalStepsAndTheCornerRule) {
  Grid g(4, 4);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 0), g.index(1, 1), g.index(2, 2)}), 2 * kSqrt2);
  // A wall beside the diagonal: no corner cutting (the default rule) refuses the move,
  // "at most one obstacle" allows it.
  ASSERT_FALSE(g.setWall(1, 0));
  EXPECT_EQ(cost(g, {g.index(0, 0), g.index(1, 1)}), kIllegalPath);
  g.setDiagonal(DiagonalMovement::IfAtMostOneObstacle);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 0), g.index(1, 1)}), kSqrt2);
  g.setDiagonal(DiagonalMovement::Never);
  EXPECT_EQ(cost(g, {g.index(2, 2), g.index(3, 3)}), kIllegalPath);
}

TEST(PathCost, IntegerCostModel) {
  Grid g(3, 3);
  g.setCostModel(CostModel::Integer);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 0), g.index(1, 0), g.index(2, 1)}), 10.0 + 14.0);
}

TEST(PathCost, TerrainIsTheCostOfTheCellEntered) {
  Grid g(4, 1);
  ASSERT_FALSE(g.setCost(1, 0, 10.0));
  ASSERT_FALSE(g.setCost(2, 0, 2.5));
  // Entering (1,0) costs 10, (2,0) 2.5, (3,0) 1; leaving a dear cell costs nothing extra.
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 0), g.index(1, 0), g.index(2, 0), g.index(3, 0)}), 13.5);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(3, 0), g.index(2, 0), g.index(1, 0), g.index(0, 0)}), 13.5);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(1, 0), g.index(0, 0)}), 1.0);
}

TEST(PathCost, WrapJoinsTheEdgesOnlyWhenTheAxisWraps) {
  Grid g(6, 3);
  const std::vector<NodeId> across = {g.index(5, 1), g.index(0, 1)};
  EXPECT_EQ(cost(g, across), kIllegalPath);
  ASSERT_FALSE(g.setWrap(true, false));
  EXPECT_DOUBLE_EQ(cost(g, across), 1.0);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 1), g.index(5, 0)}), kSqrt2);  // diagonally across the seam
  EXPECT_EQ(cost(g, {g.index(0, 0), g.index(0, 2)}), kIllegalPath);   // y does not wrap
}

TEST(PathCost, PortalsCostTheirOwnCostAndTheCheaperEdgeWins) {
  Grid g(8, 3);
  ASSERT_FALSE(g.addPortal(0, 0, 7, 2, 2.5, /*twoWay=*/true));
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 0), g.index(7, 2)}), 2.5);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(7, 2), g.index(0, 0)}), 2.5);
  // A portal beside a grid move between the same cells: the cheaper of the two.
  ASSERT_FALSE(g.addPortal(3, 1, 4, 1, 0.25, /*twoWay=*/false));
  EXPECT_DOUBLE_EQ(stepCost(g, g.index(3, 1), g.index(4, 1)), 0.25);
  EXPECT_DOUBLE_EQ(stepCost(g, g.index(4, 1), g.index(3, 1)), 1.0);
  // A one-way portal is refused backwards.
  ASSERT_FALSE(g.addPortal(1, 2, 6, 0, 1.0, /*twoWay=*/false));
  EXPECT_DOUBLE_EQ(cost(g, {g.index(1, 2), g.index(6, 0)}), 1.0);
  EXPECT_EQ(cost(g, {g.index(6, 0), g.index(1, 2)}), kIllegalPath);
}

TEST(PathCost, OneWayCellsRefuseTheWrongDirection) {
  Grid g(3, 3);
  ASSERT_FALSE(g.setEntryMask(1, 1, directionBit(North)));  // an escalator going up
  EXPECT_DOUBLE_EQ(cost(g, {g.index(1, 2), g.index(1, 1), g.index(1, 0)}), 2.0);
  EXPECT_EQ(cost(g, {g.index(1, 0), g.index(1, 1), g.index(1, 2)}), kIllegalPath);
  EXPECT_EQ(cost(g, {g.index(0, 1), g.index(1, 1)}), kIllegalPath);
}

TEST(PathCost, IllegalJumpsAndWallsAreRefused) {
  Grid g(5, 5);
  ASSERT_FALSE(g.setWall(2, 2));
  EXPECT_EQ(cost(g, {g.index(0, 0), g.index(2, 0)}), kIllegalPath);  // two cells at once
  EXPECT_EQ(cost(g, {g.index(0, 0), g.index(0, 0)}), kIllegalPath);  // standing still is not a move
  EXPECT_EQ(cost(g, {g.index(2, 1), g.index(2, 2)}), kIllegalPath);  // into a wall
  EXPECT_EQ(cost(g, {g.index(2, 2), g.index(2, 3)}), kIllegalPath);  // out of a wall
  EXPECT_EQ(cost(g, {g.index(4, 4), g.cellCount()}), kIllegalPath);  // outside the grid
  // One bad step anywhere refuses the whole path.
  EXPECT_EQ(cost(g, {g.index(0, 0), g.index(1, 0), g.index(3, 0), g.index(4, 0)}), kIllegalPath);
}

TEST(PathCost, HexCellsHaveSixNeighboursOfOneStep) {
  Grid g(5, 4);
  ASSERT_FALSE(g.setTopology(Topology::Hex));
  // Odd rows are shifted right: (1,1) touches (1,0) and (2,0) above it, not (0,0).
  EXPECT_DOUBLE_EQ(cost(g, {g.index(1, 1), g.index(1, 0)}), 1.0);
  EXPECT_DOUBLE_EQ(cost(g, {g.index(1, 1), g.index(2, 0)}), 1.0);
  EXPECT_EQ(cost(g, {g.index(1, 1), g.index(0, 0)}), kIllegalPath);
  EXPECT_EQ(cost(g, {g.index(1, 0), g.index(1, 2)}), kIllegalPath);  // no North or South move
  EXPECT_DOUBLE_EQ(cost(g, {g.index(0, 0), g.index(1, 0), g.index(1, 1), g.index(2, 2)}), 3.0);
}

TEST(PathCost, EqualsTheSearchCostOnEveryFeatureAtOnce) {
  Grid g(12, 9);
  ASSERT_FALSE(g.setWrap(true, true));
  for (int y = 1; y < 8; ++y) ASSERT_FALSE(g.setWall(6, y));
  ASSERT_FALSE(g.setCost(3, 4, 7.0));
  ASSERT_FALSE(g.setCost(9, 2, 3.0));
  ASSERT_FALSE(g.addPortal(1, 1, 10, 7, 4.0, true));
  ASSERT_FALSE(g.setEntryMask(8, 4, directionBit(West) | directionBit(South)));
  GridSearch search(g);
  SearchOptions options;
  for (NodeId goal : {g.index(10, 4), g.index(8, 4), g.index(0, 8), g.index(11, 0)}) {
    ASSERT_EQ(search.begin(g.index(2, 4), goal, options), SearchStatus::InProgress);
    ASSERT_EQ(search.run(), SearchStatus::Found);
    EXPECT_NEAR(pathCost(g, search.path()), search.stats().pathCost, 1e-9) << "goal " << goal;
  }
}

}  // namespace
}  // namespace astar
