// Flow field: distances equal an independent reverse Dijkstra on random maps (walls,
// terrain, wrap, portals, one-way cells), next steps are consistent, and repairs after goal
// and cell edits give the same field as a fresh build.
#include "astar/flow_field.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "agents_test_maps.h"

#if defined(__GNUC__) && !defined(__clang__)
// g++ 12 inlines the replaced operators below and then flags malloc/free as mismatched.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

// Counts heap allocations so that the "no allocation after the first build" promise is tested.
static std::atomic<std::size_t> gAllocations{0};
void* operator new(std::size_t size) {
  ++gAllocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  ++gAllocations;
  return std::malloc(size ? size : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace astar {
namespace {

using testing::edgeCost;
using testing::nearlyEqual;
using testing::randomGrid;
using testing::referenceDistancesToGoals;

std::vector<NodeId> randomGoals(const Grid& grid, testing::Rng& rng, int count) {
  std::vector<NodeId> goals;
  for (int i = 0; i < count; ++i)
    goals.push_back(static_cast<NodeId>(rng.below(static_cast<int>(grid.cellCount()))));  // walls, repeats too
  return goals;
}

// Every reachable non-goal cell has a next step along a real edge with d(n) = d(next) + c,
// and following next steps reaches a goal with exactly the cell's distance.
void expectConsistent(const Grid& grid, const FlowField& field, const char* where) {
  const NodeId cells = grid.cellCount();
  for (NodeId n = 0; n < cells; ++n) {
    if (!field.reachable(n)) {
      ASSERT_EQ(field.next(n), kNoNode) << where << " cell " << n;
      continue;
    }
    ASSERT_TRUE(grid.passable(n)) << where << " wall " << n << " has a distance";
    if (field.next(n) == kNoNode) {
      ASSERT_TRUE(field.isGoal(n)) << where << " cell " << n << " has no next step";
      ASSERT_EQ(field.distance(n), 0.0);
      continue;
    }
    const NodeId v = field.next(n);
    bool exact = false;
    grid.forEachNeighbor(n, [&](NodeId m, double c) {
      if (m == v && field.distance(v) + c == field.distance(n)) exact = true;
    });
    ASSERT_TRUE(exact) << where << " cell " << n << " -> " << v << " is not a tight edge";
    double walked = 0.0;
    NodeId at = n;
    for (NodeId steps = 0; field.next(at) != kNoNode; ++steps) {
      ASSERT_LT(steps, cells) << where << " next steps from " << n << " loop";
      walked += edgeCost(grid, at, field.next(at));
      at = field.next(at);
    }
    ASSERT_TRUE(field.isGoal(at) && grid.passable(at)) << where;
    ASSERT_TRUE(nearlyEqual(walked, field.distance(n)))
        << where << " cell " << n << ": walked " << walked << ", distance " << field.distance(n);
  }
}

void expectDistances(const std::vector<double>& expected, const FlowField& field, const char* where) {
  ASSERT_EQ(expected.size(), field.distances().size());
  for (std::size_t n = 0; n < expected.size(); ++n) {
    ASSERT_TRUE(nearlyEqual(expected[n], field.distance(static_cast<NodeId>(n))))
        << where << " cell " << n << ": expected " << expected[n] << ", got " << field.distance(static_cast<NodeId>(n));
  }
}

void expectMatchesFresh(const Grid& grid, const FlowField& field, const char* where) {
  const std::vector<NodeId> goals(field.goals().begin(), field.goals().end());
  FlowField fresh;
  ASSERT_TRUE(fresh.build(grid, goals).ok());
  expectDistances(std::vector<double>(fresh.distances().begin(), fresh.distances().end()), field, where);
  expectDistances(referenceDistancesToGoals(grid, testing::passableGoals(grid, goals)), field, where);
  expectConsistent(grid, field, where);
}

TEST(FlowField, MatchesReferenceDijkstraOnRandomMaps) {
  testing::Rng rng(7);
  int withPortals = 0, withWrap = 0, withOneWay = 0;
  for (int trial = 0; trial < 800; ++trial) {
    const Grid grid = randomGrid(rng);
    const std::vector<NodeId> goals = randomGoals(grid, rng, 1 + trial % 3);
    FlowField field;
    ASSERT_TRUE(field.build(grid, goals).ok());
    expectDistances(referenceDistancesToGoals(grid, testing::passableGoals(grid, goals)), field, "build");
    expectConsistent(grid, field, "build");
    withPortals += !grid.portals().empty();
    withWrap += grid.wrapX() || grid.wrapY();
    withOneWay += grid.hasOneWayCells();
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The generator really produced the topologies the test is about.
  EXPECT_GT(withPortals, 400);
  EXPECT_GT(withWrap, 150);
  EXPECT_GT(withOneWay, 400);
}

// One random edit of the map or of the goals; the field then reads the grid's journal.
void randomEdit(Grid& grid, FlowField& field, testing::Rng& rng) {
  const int x = rng.below(grid.width()), y = rng.below(grid.height());
  const NodeId cell = grid.index(x, y);
  switch (rng.below(8)) {
    case 0:
    case 1: (void)grid.setWall(x, y); break;
    case 2: (void)grid.setCost(x, y, testing::randomTerrainCost(rng)); break;
    case 3: (void)grid.setCost(x, y, 1.0); break;
    case 4:
      (void)grid.setEntryMask(x, y, rng.chance(0.3) ? kAllDirections : static_cast<std::uint8_t>(rng.below(255)));
      break;
    case 5:
      if (!grid.portals().empty() && rng.chance(0.5)) {
        grid.removePortal(static_cast<std::size_t>(rng.below(static_cast<int>(grid.portals().size()))));
      } else {
        (void)grid.addPortal(x, y, rng.below(grid.width()), rng.below(grid.height()), rng.chance(0.25) ? 0.0 : 1.5,
                             rng.chance(0.5));
      }
      break;
    case 6: ASSERT_TRUE(field.addGoal(grid, cell).ok()); return;
    case 7:
      if (field.goals().size() > 1) {
        const NodeId goal = field.goals()[static_cast<std::size_t>(rng.below(static_cast<int>(field.goals().size())))];
        ASSERT_TRUE(field.removeGoal(grid, goal).ok());
      }
      return;
  }
  field.update(grid);
}

TEST(FlowField, RepairAfterEditsEqualsFreshBuild) {
  testing::Rng rng(11);
  std::uint64_t repairs = 0, invalidated = 0;
  for (int trial = 0; trial < 300; ++trial) {
    testing::RandomMapOptions options;
    options.maxSide = 20;
    Grid grid = randomGrid(rng, options);
    FlowField field;
    ASSERT_TRUE(field.build(grid, randomGoals(grid, rng, 1 + trial % 4)).ok());
    for (int edit = 0; edit < 25; ++edit) {
      randomEdit(grid, field, rng);
      if (!field.stats().lastWasRebuild) {
        ++repairs;
        invalidated += field.stats().lastInvalidated;
      }
      expectMatchesFresh(grid, field, "repair");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // Most edits were repaired, not rebuilt, and repairs did raise broken routes.
  EXPECT_GT(repairs, 6000u);
  EXPECT_GT(invalidated, 1000u);
}

TEST(FlowField, SeveralEditsBeforeOneUpdate) {
  testing::Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    Grid grid = randomGrid(rng);
    FlowField field;
    ASSERT_TRUE(field.build(grid, randomGoals(grid, rng, 2)).ok());
    for (int round = 0; round < 5; ++round) {
      const int edits = 1 + rng.below(6);
      for (int i = 0; i < edits; ++i) {
        const int x = rng.below(grid.width()), y = rng.below(grid.height());
        if (rng.chance(0.5)) {
          (void)grid.setWall(x, y);
        } else {
          (void)grid.setCost(x, y, testing::randomTerrainCost(rng));
        }
      }
      field.update(grid);
      expectMatchesFresh(grid, field, "batched update");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(FlowField, RemovingABunkerReroutesToTheNextNearest) {
  // A corridor: bunker A at x = 0, bunker B at x = 9, agent at x = 3.
  Grid grid(10, 1);
  FlowField field;
  const NodeId bunkers[] = {grid.index(0, 0), grid.index(9, 0)};
  ASSERT_TRUE(field.build(grid, bunkers).ok());
  const NodeId agent = grid.index(3, 0);
  EXPECT_EQ(field.distance(agent), 3.0);
  EXPECT_EQ(field.next(agent), grid.index(2, 0));
  ASSERT_TRUE(field.removeGoal(grid, bunkers[0]).ok());
  EXPECT_FALSE(field.stats().lastWasRebuild);
  EXPECT_EQ(field.distance(agent), 6.0);
  EXPECT_EQ(field.next(agent), grid.index(4, 0));
  EXPECT_EQ(field.distance(bunkers[0]), 9.0);
  ASSERT_TRUE(field.removeGoal(grid, bunkers[1]).ok());
  EXPECT_FALSE(field.reachable(agent));
  EXPECT_EQ(field.next(agent), kNoNode);
  EXPECT_FALSE(field.removeGoal(grid, bunkers[1]).ok());  // no longer a goal
  ASSERT_TRUE(field.addGoal(grid, bunkers[0]).ok());
  EXPECT_EQ(field.distance(agent), 3.0);
}

TEST(FlowField, WallBlownUpAndLakeFrozen) {
  // A wall splits the map; blowing a hole shortens the route; a lake (cost 5) on the
  // shortcut, once frozen into ground (cost 1), shortens it again.
  Grid grid(7, 5);
  grid.setDiagonal(DiagonalMovement::Never);
  for (int y = 0; y < 4; ++y) ASSERT_TRUE(grid.setWall(3, y).ok());
  const NodeId goal = grid.index(6, 0), agent = grid.index(0, 0);
  FlowField field;
  const NodeId goals[] = {goal};
  ASSERT_TRUE(field.build(grid, goals).ok());
  EXPECT_EQ(field.distance(agent), 14.0);     // down to row 4 and back up
  ASSERT_TRUE(grid.setCost(3, 0, 5.0).ok());  // the hole is a lake
  field.update(grid);
  EXPECT_FALSE(field.stats().lastWasRebuild);
  EXPECT_EQ(field.distance(agent), 10.0);
  ASSERT_TRUE(grid.setCost(3, 0, 1.0).ok());  // frozen
  field.update(grid);
  EXPECT_EQ(field.distance(agent), 6.0);
  EXPECT_EQ(field.next(grid.index(2, 0)), grid.index(3, 0));
  ASSERT_TRUE(grid.setWall(3, 0).ok());  // and walled up again
  field.update(grid);
  EXPECT_EQ(field.distance(agent), 14.0);
  expectMatchesFresh(grid, field, "walled again");
}

TEST(FlowField, TunnelAndOneWayPortal) {
  // The Pac-Man tunnel: a wrapping row. The exit at the left is one step from the right end.
  Grid grid(8, 1);
  grid.setWrap(true, false);
  FlowField field;
  const NodeId goals[] = {grid.index(0, 0)};
  ASSERT_TRUE(field.build(grid, goals).ok());
  EXPECT_EQ(field.distance(grid.index(7, 0)), 1.0);
  EXPECT_EQ(field.next(grid.index(7, 0)), grid.index(0, 0));
  // A one-way portal 5 -> 0 of cost 0.5: cell 5 uses it, the goal side cannot go back.
  ASSERT_TRUE(grid.addPortal(5, 0, 0, 0, 0.5, false).ok());
  field.update(grid);
  EXPECT_EQ(field.distance(grid.index(5, 0)), 0.5);
  EXPECT_EQ(field.next(grid.index(5, 0)), grid.index(0, 0));
  EXPECT_EQ(field.distance(grid.index(4, 0)), 1.5);
  grid.clearPortals();
  field.update(grid);
  EXPECT_EQ(field.distance(grid.index(5, 0)), 3.0);
}

TEST(FlowField, GoalOnAWallWaitsUntilTheCellOpens) {
  Grid grid(5, 5);
  ASSERT_TRUE(grid.setWall(2, 2).ok());
  FlowField field;
  const NodeId goals[] = {grid.index(2, 2)};
  ASSERT_TRUE(field.build(grid, goals).ok());
  EXPECT_FALSE(field.reachable(grid.index(0, 0)));
  ASSERT_TRUE(grid.setCost(2, 2, 1.0).ok());
  field.update(grid);
  EXPECT_EQ(field.distance(grid.index(2, 2)), 0.0);
  EXPECT_TRUE(nearlyEqual(field.distance(grid.index(0, 0)), 2.0 * 1.4142135623730951));
}

TEST(FlowField, BadInputGivesErrors) {
  Grid grid(4, 4);
  FlowField field;
  const NodeId outside[] = {16};
  const Error e = field.build(grid, outside);
  EXPECT_FALSE(e.ok());
  EXPECT_NE(e.message.find("outside"), std::string::npos) << e.message;
  EXPECT_FALSE(field.addGoal(grid, 99).ok());
  const NodeId goals[] = {0};
  ASSERT_TRUE(field.build(grid, goals).ok());
  EXPECT_FALSE(field.removeGoal(grid, 5).ok());
  EXPECT_FALSE(field.setGoals(grid, outside).ok());
  EXPECT_EQ(field.distance(0), 0.0);  // unchanged by the failed calls
  // A resize rebuilds and keeps the goal ids that still fit.
  ASSERT_TRUE(grid.reset(2, 2).ok());
  field.update(grid);
  EXPECT_EQ(field.width(), 2);
  EXPECT_EQ(field.distance(3), 1.4142135623730951);
}

TEST(FlowField, RepairsDoNotAllocate) {
  testing::Rng rng(3);
  testing::RandomMapOptions options;
  options.minSide = options.maxSide = 64;
  options.maxPortals = 0;
  Grid grid = randomGrid(rng, options);
  FlowField field;
  ASSERT_TRUE(field.build(grid, randomGoals(grid, rng, 3)).ok());
  ASSERT_TRUE(field.removeGoal(grid, field.goals().back()).ok());
  const NodeId spare = grid.index(10, 10);
  const std::size_t before = gAllocations.load();
  for (int i = 0; i < 200; ++i) {
    const int x = rng.below(64), y = rng.below(64);
    if (i % 2) {
      (void)grid.setWall(x, y);
    } else {
      (void)grid.setCost(x, y, 1.0 + (i % 3));
    }
    if (i % 3 != 2) field.update(grid);  // some updates see two edits
  }
  ASSERT_TRUE(field.addGoal(grid, spare).ok());  // within the goal list's capacity
  ASSERT_TRUE(field.removeGoal(grid, spare).ok());
  ASSERT_TRUE(field.build(grid, std::vector<NodeId>{1, 2}).ok());
  const std::size_t during = gAllocations.load() - before - 1;  // the vector argument above
  EXPECT_EQ(during, 0u);
  expectMatchesFresh(grid, field, "after allocation test");
}

}  // namespace
}  // namespace astar
