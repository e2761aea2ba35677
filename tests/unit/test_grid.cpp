// Grid: the neighbour generator against the rules written out independently, the
// predecessor generator as its exact inverse, edits and input checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "astar/grid.h"
#include "grid_pruning.h"  // internal: forEachNeighborFrom
#include "reference.h"

using namespace astar;
using astar::testing::Edge;

namespace {

std::vector<std::tuple<NodeId, NodeId, double>> sorted(std::vector<std::tuple<NodeId, NodeId, double>> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// forEachNeighbor's moves out of every passable cell against the rules written out in
// reference.h.
void expectMovesFollowTheRules(const Grid& grid, int map) {
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    if (!grid.passable(n)) continue;
    std::vector<std::tuple<NodeId, NodeId, double>> got, want;
    grid.forEachNeighbor(n, [&](NodeId m, double c) { got.emplace_back(n, m, c); });
    for (const Edge& e : astar::testing::referenceMoves(grid, n)) want.emplace_back(n, e.to, e.cost);
    ASSERT_EQ(sorted(got), sorted(want)) << "map " << map << " cell " << n;
  }
}

}  // namespace

TEST(Grid, NeighboursMatchTheRulesOnRandomMaps) {
  astar::testing::Rng rng(1);
  for (int map = 0; map < 400; ++map) {
    expectMovesFollowTheRules(astar::testing::randomGrid(rng), map);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(Grid, NeighboursMatchTheRulesOnNarrowWrappingMaps) {
  // 1 to 3 cells across, wrapping: a move can land on the cell itself (skipped) or reach the
  // same cell both ways round (two moves).
  astar::testing::Rng rng(11);
  astar::testing::RandomMapOptions options;
  options.minSide = 1;
  options.maxSide = 3;
  options.wrap = true;
  options.hexChance = 0.0;
  int wrapping = 0;
  for (int map = 0; map < 600; ++map) {
    const Grid grid = astar::testing::randomGrid(rng, options);
    wrapping += grid.wrapX() || grid.wrapY();
    expectMovesFollowTheRules(grid, map);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(wrapping, 300);
}

TEST(Grid, PredecessorsAreTheInverseOfNeighbours) {
  astar::testing::Rng rng(2);
  for (int map = 0; map < 400; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    std::vector<std::tuple<NodeId, NodeId, double>> forward, backward;
    for (NodeId n = 0; n < grid.cellCount(); ++n) {
      if (!grid.passable(n)) continue;
      grid.forEachNeighbor(n, [&](NodeId m, double c) { forward.emplace_back(n, m, c); });
      grid.forEachPredecessor(n, [&](NodeId m, double c) { backward.emplace_back(m, n, c); });
    }
    ASSERT_EQ(sorted(forward), sorted(backward)) << "map " << map;
  }
}

TEST(Grid, TunnelRowConnectsOppositeEdgesOnlyWhenBothPassable) {
  Grid grid = astar::testing::gridFromRows({
      "#####",
      "..#..",
      "#####",
  });
  grid.setDiagonal(DiagonalMovement::Never);
  grid.setWrap(true, false);
  std::vector<NodeId> seen;
  grid.forEachNeighbor(grid.index(0, 1), [&](NodeId m, double) { seen.push_back(m); });
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<NodeId>{grid.index(1, 1), grid.index(4, 1)}));
  ASSERT_TRUE(grid.setWall(4, 1).ok());
  seen.clear();
  grid.forEachNeighbor(grid.index(0, 1), [&](NodeId m, double) { seen.push_back(m); });
  EXPECT_EQ(seen, (std::vector<NodeId>{grid.index(1, 1)}));
}

TEST(Grid, DiagonalRules) {
  // Centre (1,1); (2,1) is a wall, so the NE and SE moves have one obstacle each.
  Grid grid = astar::testing::gridFromRows({
      "...",
      "..#",
      "...",
  });
  auto count = [&](DiagonalMovement rule) {
    grid.setDiagonal(rule);
    int n = 0;
    grid.forEachNeighbor(grid.index(1, 1), [&](NodeId, double) { ++n; });
    return n;
  };
  EXPECT_EQ(count(DiagonalMovement::Never), 3);
  EXPECT_EQ(count(DiagonalMovement::OnlyWhenNoObstacles), 5);  // NW, SW
  EXPECT_EQ(count(DiagonalMovement::IfAtMostOneObstacle), 7);  // all 4 diagonals
  EXPECT_EQ(count(DiagonalMovement::Always), 7);
  ASSERT_TRUE(grid.setWall(1, 0).ok());  // now NE has two obstacles
  EXPECT_EQ(count(DiagonalMovement::IfAtMostOneObstacle), 5);
  EXPECT_EQ(count(DiagonalMovement::Always), 6);
}

TEST(Grid, StepCostIsBaseTimesEnteredCellCost) {
  Grid grid(3, 3);
  ASSERT_TRUE(grid.setCost(2, 2, 10.0).ok());
  grid.setDiagonal(DiagonalMovement::Always);
  double toDiagonal = 0;
  grid.forEachNeighbor(grid.index(1, 1), [&](NodeId m, double c) {
    if (m == grid.index(2, 2)) toDiagonal = c;
  });
  EXPECT_DOUBLE_EQ(toDiagonal, 10.0 * std::sqrt(2.0));
  grid.setCostModel(CostModel::Integer);
  grid.forEachNeighbor(grid.index(1, 1), [&](NodeId m, double c) {
    if (m == grid.index(2, 2)) toDiagonal = c;
  });
  EXPECT_DOUBLE_EQ(toDiagonal, 140.0);
}

TEST(Grid, OneWayCellIsEnteredOnlyInItsDirection) {
  Grid grid(1, 3);  // an escalator in the middle, going up (north)
  ASSERT_TRUE(grid.setEntryMask(0, 1, directionBit(North)).ok());
  int fromBelow = 0, fromAbove = 0;
  grid.forEachNeighbor(grid.index(0, 2), [&](NodeId m, double) { fromBelow += m == grid.index(0, 1); });
  grid.forEachNeighbor(grid.index(0, 0), [&](NodeId m, double) { fromAbove += m == grid.index(0, 1); });
  EXPECT_EQ(fromBelow, 1);
  EXPECT_EQ(fromAbove, 0);
}

TEST(Grid, PortalsAreEdgesWithTheirOwnCost) {
  Grid grid(10, 1);
  ASSERT_TRUE(grid.addPortal(0, 0, 9, 0, 0.5, false).ok());
  double cost = -1;
  grid.forEachNeighbor(grid.index(0, 0), [&](NodeId m, double c) {
    if (m == grid.index(9, 0)) cost = c;
  });
  EXPECT_EQ(cost, 0.5);
  bool back = false;
  grid.forEachNeighbor(grid.index(9, 0), [&](NodeId m, double) { back = back || m == grid.index(0, 0); });
  EXPECT_FALSE(back) << "a one-way portal must not lead back";
}

TEST(Grid, RejectsBadInputWithAMessage) {
  Grid grid;
  EXPECT_EQ(grid.reset(0, 5).message, "grid size 0 x 5 is outside 1..4096 per side");
  EXPECT_EQ(grid.reset(4097, 5).message, "grid size 4097 x 5 is outside 1..4096 per side");
  EXPECT_EQ(grid.cellCount(), 0u);
  ASSERT_TRUE(grid.reset(4, 4).ok());
  EXPECT_EQ(grid.setWall(4, 0).message, "cell (4, 0) is outside the 4 x 4 grid");
  EXPECT_EQ(grid.setCost(-1, 0, 1).message, "cell (-1, 0) is outside the 4 x 4 grid");
  EXPECT_FALSE(grid.setCost(0, 0, std::nan("")).ok());
  EXPECT_FALSE(grid.setCost(0, 0, 0.0).ok());
  EXPECT_FALSE(grid.setCost(0, 0, -2.0).ok());
  EXPECT_FALSE(grid.setCost(0, 0, std::numeric_limits<double>::infinity()).ok());
  EXPECT_EQ(grid.addPortal(1, 1, 1, 1, 1, true).message, "a portal must join two different cells");
  EXPECT_EQ(grid.addPortal(1, 1, 9, 1, 1, true).message, "cell (9, 1) is outside the 4 x 4 grid");
  EXPECT_EQ(grid.addPortal(1, 1, 2, 1, -1, true).message, "a portal cost must be >= 0");
  EXPECT_EQ(grid.addPortal(1, 1, 2, 1, 1e308, true).message, "a portal cost must be at most 1e30");
  EXPECT_EQ(grid.addPortal(1, 1, 2, 1, std::nan(""), true).message, "a portal cost must be a number, got nan");
  EXPECT_EQ(grid.addPortal(1, 1, 2, 1, std::numeric_limits<double>::infinity(), true).message,
            "a portal cost must be finite, got infinity");
  EXPECT_EQ(grid.setCost(0, 0, 1e31).message, "a cell cost must be at most 1e30");
  EXPECT_EQ(grid.setCost(0, 0, 1e-31).message, "a cell cost must be at least 1e-30");
  EXPECT_TRUE(grid.portals().empty());
  for (int i = 0; i < kMaxPortals; ++i) ASSERT_TRUE(grid.addPortal(0, 0, 1 + i % 3, 1, 1, true).ok());
  EXPECT_EQ(grid.addPortal(0, 0, 1, 1, 1, true).message, "too many portals (at most 256)");
  EXPECT_EQ(grid.cost(grid.index(0, 0)), 1.0) << "a rejected edit changes nothing";
}

TEST(Grid, MinCostFollowsEdits) {
  Grid grid(3, 1);
  EXPECT_EQ(grid.minCost(), 1.0);
  ASSERT_TRUE(grid.setCost(0, 0, 0.5).ok());
  EXPECT_EQ(grid.minCost(), 0.5);
  ASSERT_TRUE(grid.setWall(0, 0).ok());
  EXPECT_EQ(grid.minCost(), 1.0);
  ASSERT_TRUE(grid.setCost(1, 0, 4).ok());
  ASSERT_TRUE(grid.setCost(2, 0, 3).ok());
  EXPECT_EQ(grid.minCost(), 3.0);
  astar::testing::Rng rng(3);
  for (int i = 0; i < 2000; ++i) {  // against a full rescan
    const int x = rng.below(3);
    if (rng.chance(0.3))
      (void)grid.setWall(x, 0);
    else
      (void)grid.setCost(x, 0, 1 + rng.below(4));
    double expect = std::numeric_limits<double>::infinity();
    for (NodeId n = 0; n < 3; ++n)
      if (grid.passable(n)) expect = std::min(expect, static_cast<double>(grid.cost(n)));
    ASSERT_EQ(grid.minCost(), std::isinf(expect) ? 1.0 : expect) << "edit " << i;
  }
}

namespace {

// Random grids on which forEachNeighborFrom applies: uniform cost, no wrap, portals or
// one-way cells; any corner rule and cost model; walls added, and some taken back out, so
// the per-cell rings are checked after both kinds of edit.
Grid randomPlainGrid(astar::testing::Rng& rng) {
  astar::testing::RandomMapOptions options;
  options.minSide = 3;
  options.terrainChance = 0;
  options.wrap = false;
  options.maxPortals = 0;
  options.oneWayChance = 0;
  options.wallDensity = 0.05 * rng.below(10);
  Grid grid = astar::testing::randomGrid(rng, options);
  for (int i = 0; i < grid.width(); ++i) (void)grid.setCost(rng.below(grid.width()), rng.below(grid.height()), 1.0);
  if (rng.chance(0.3)) {
    const double cost = rng.chance(0.5) ? 2.5 : 0.5;
    for (NodeId n = 0; n < grid.cellCount(); ++n)
      if (grid.passable(n)) (void)grid.setCost(grid.xOf(n), grid.yOf(n), cost);
  }
  return grid;
}

}  // namespace

TEST(Grid, NeighboursFromASteppedCellSkipOnlyMovesTheStepDominates) {
  astar::testing::Rng rng(11);
  int kept = 0, skipped = 0;
  for (int map = 0; map < 400; ++map) {
    const Grid grid = randomPlainGrid(rng);
    ASSERT_TRUE(grid.canSkipDominatedMoves()) << "map " << map;
    for (NodeId n = 0; n < grid.cellCount(); ++n) {
      if (!grid.passable(n)) continue;
      std::vector<std::pair<NodeId, double>> all;
      grid.forEachNeighbor(n, [&](NodeId m, double c) { all.emplace_back(m, c); });
      // Without a previous cell (the start): every move, in the same order.
      std::vector<std::pair<NodeId, double>> fromStart;
      grid.forEachNeighborFrom(n, kNoNode, [&](NodeId m, double c) { fromStart.emplace_back(m, c); });
      ASSERT_EQ(fromStart, all) << "map " << map << " cell " << n;
      // From every cell that can step into n: a subsequence of all moves, and each move left
      // out is one the previous cell makes directly for strictly less than through n.
      grid.forEachPredecessor(n, [&](NodeId from, double stepIn) {
        std::vector<std::pair<NodeId, double>> got;
        grid.forEachNeighborFrom(n, from, [&](NodeId m, double c) { got.emplace_back(m, c); });
        std::size_t next = 0;
        for (const auto& move : all) {
          if (next < got.size() && got[next] == move) {
            ++next;
            ++kept;
            continue;
          }
          ++skipped;
          if (move.first == from) continue;
          double direct = -1;
          grid.forEachNeighbor(from, [&](NodeId m, double c) {
            if (m == move.first) direct = c;
          });
          EXPECT_GE(direct, 0) << "map " << map << ": skipped " << move.first << " from " << n << ", which " << from
                               << " does not enter directly";
          EXPECT_LT(direct, stepIn + move.second) << "map " << map << " cell " << n;
        }
        EXPECT_EQ(next, got.size()) << "map " << map << ": moves out of order or not moves at all";
      });
    }
  }
  EXPECT_GT(kept, 10000);
  EXPECT_GT(skipped, 10000);
}

TEST(Grid, NeighboursFromASteppedCellOnOpenFloorAreThreeAfterAStraightStepAndFiveAfterADiagonal) {
  Grid grid(5, 5);
  const NodeId centre = grid.index(2, 2);
  int count = 0;
  auto counter = [&](NodeId, double) { ++count; };
  grid.forEachNeighborFrom(centre, grid.index(1, 2), counter);
  EXPECT_EQ(count, 3);
  count = 0;
  grid.forEachNeighborFrom(centre, grid.index(1, 1), counter);
  EXPECT_EQ(count, 5);
  // A wall beside the straight step's origin makes the cell next to n forced again.
  ASSERT_TRUE(grid.setWall(1, 1).ok());
  count = 0;
  grid.forEachNeighborFrom(centre, grid.index(1, 2), counter);
  EXPECT_EQ(count, 4);
}

TEST(Grid, SkippingDominatedMovesIsOffWhereTheTriangleArgumentFails) {
  Grid grid(6, 4);
  EXPECT_TRUE(grid.canSkipDominatedMoves());
  grid.setWrap(true, false);
  EXPECT_FALSE(grid.canSkipDominatedMoves()) << "wrap";
  grid.setWrap(false, false);
  ASSERT_TRUE(grid.addPortal(0, 0, 5, 3, 0.0, true).ok());
  EXPECT_FALSE(grid.canSkipDominatedMoves()) << "portal";
  grid.clearPortals();
  ASSERT_TRUE(grid.setEntryMask(2, 2, directionBit(North)).ok());
  EXPECT_FALSE(grid.canSkipDominatedMoves()) << "one-way cell";
  ASSERT_TRUE(grid.setEntryMask(2, 2, kAllDirections).ok());
  ASSERT_TRUE(grid.setCost(3, 1, 4.0).ok());
  EXPECT_FALSE(grid.canSkipDominatedMoves()) << "terrain";
  ASSERT_TRUE(grid.setCost(3, 1, 1.0).ok());
  EXPECT_TRUE(grid.canSkipDominatedMoves());
  EXPECT_FALSE(Grid(2, 5).canSkipDominatedMoves()) << "fewer than 3 columns";
}

// reset() in pieces (beginReset, then resetRows a band at a time, each band's walls set once
// the row after it is reset, as MapTextReader does) gives the grid reset() gives, on a grid that
// held another map: the same cells and the same moves out of every cell, pruned ones included.
TEST(Grid, ResetInBandsGivesTheGridOfOneReset) {
  const int width = 13, height = 11;
  auto wall = [](int x, int y) { return (x * 7 + y * 3) % 5 == 0; };
  Grid whole(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (wall(x, y)) (void)whole.setWall(x, y);
  Grid banded(20, 17);
  for (int x = 0; x < 20; ++x) (void)banded.setWall(x, 5);
  (void)banded.setCost(3, 3, 4.0);
  ASSERT_TRUE(banded.beginReset(width, height).ok());
  for (int from = 0; from < height; from += 3) {
    const int to = std::min(height, from + 3);
    banded.resetRows(to + 1);
    for (int y = from; y < to; ++y)
      for (int x = 0; x < width; ++x)
        if (wall(x, y)) (void)banded.setWall(x, y);
  }
  EXPECT_EQ(banded, whole);
  using Moves = std::vector<std::pair<NodeId, double>>;
  for (NodeId n = 0; n < whole.cellCount(); ++n) {
    Moves got, want, gotPruned, wantPruned;
    banded.forEachNeighbor(n, [&](NodeId m, double c) { got.emplace_back(m, c); });
    whole.forEachNeighbor(n, [&](NodeId m, double c) { want.emplace_back(m, c); });
    banded.forEachNeighborFrom(n, kNoNode, [&](NodeId m, double c) { gotPruned.emplace_back(m, c); });
    whole.forEachNeighborFrom(n, kNoNode, [&](NodeId m, double c) { wantPruned.emplace_back(m, c); });
    if (got != want || gotPruned != wantPruned) ADD_FAILURE() << "cell " << n << ": other moves";
  }
}
