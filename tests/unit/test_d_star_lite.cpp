// D* Lite (astar::Replanner): after every edit the repaired path costs what a fresh Dijkstra
// (tests/support/reference.h, written from grid.h's rules) says, on random maps with wrap,
// portals, terrain, one-way cells and hex cells; on a blown wall and a frozen lake the repair
// expands fewer cells than a fresh A*.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "astar/formats.h"
#include "astar/replanner.h"
#include "astar/search.h"
#include "bench_maps.h"
#include "reference.h"
#include "search_checks.h"

using namespace astar;
using astar::testing::Rng;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The reference cost from start to goal (+inf when there is none).
double referenceCost(const Grid& grid, NodeId start, NodeId goal) {
  return astar::testing::referenceDistances(grid, start)[goal];
}

::testing::AssertionResult matchesReference(const Grid& grid, const Replanner& r, NodeId start, NodeId goal) {
  const double want = referenceCost(grid, start, goal);
  if (want == kInf) {
    if (r.status() != ReplanStatus::NoPath)
      return ::testing::AssertionFailure() << "status " << replanStatusName(r.status()) << ", reference: no path";
    return ::testing::AssertionSuccess();
  }
  if (r.status() != ReplanStatus::Found)
    return ::testing::AssertionFailure() << "status " << replanStatusName(r.status()) << ", reference cost " << want;
  if (std::fabs(r.cost() - want) > 1e-9 * std::max(1.0, want))
    return ::testing::AssertionFailure() << "cost " << r.cost() << ", reference " << want;
  return astar::testing::isValidPath(grid, r.path(), start, goal, r.cost());
}

std::uint64_t freshAStarExpansions(const Grid& grid, NodeId start, NodeId goal) {
  GridSearch search(grid);
  search.begin(start, goal, SearchOptions{});
  search.run();
  return search.stats().expanded;
}

NodeId randomCellWhere(Rng& rng, const Grid& grid, bool passable, NodeId avoidA, NodeId avoidB) {
  for (int tries = 0; tries < 200; ++tries) {
    const NodeId n = static_cast<NodeId>(rng.below(static_cast<int>(grid.cellCount())));
    if (grid.passable(n) == passable && n != avoidA && n != avoidB) return n;
  }
  return kNoNode;
}

}  // namespace

TEST(DStarLite, RejectsBadInput) {
  Grid grid = astar::testing::gridFromRows({"..#", "...", "..."});
  Replanner r(grid);
  EXPECT_EQ(r.repair(), ReplanStatus::InvalidInput);
  EXPECT_EQ(r.moveStart(0), ReplanStatus::InvalidInput);
  EXPECT_EQ(r.plan(0, 2), ReplanStatus::InvalidInput);  // goal is a wall
  EXPECT_STRNE(r.message(), "");
  EXPECT_EQ(r.plan(0, 99), ReplanStatus::InvalidInput);
  ASSERT_EQ(r.plan(0, 8), ReplanStatus::Found);
  EXPECT_EQ(r.moveStart(2), ReplanStatus::InvalidInput);  // a wall
  EXPECT_EQ(r.plan(4, 4), ReplanStatus::Found);
  EXPECT_EQ(r.cost(), 0.0);
  EXPECT_EQ(r.path().size(), 1u);
}

// 500 random maps, each planned once and then edited 20 times (a wall added, a wall removed, a
// cost changed, an entry mask changed; sometimes the start moves along the path first).
TEST(DStarLite, RepairsEqualFreshDijkstraOnRandomMaps) {
  Rng rng(20261124);
  astar::testing::RandomMapOptions options;
  options.minSide = 4;
  options.maxSide = 20;
  options.hexChance = 0.15;
  options.maxPortals = 4;
  options.oneWayChance = 0.05;
  constexpr int kMaps = 500, kEdits = 20;
  int wrapped = 0, withPortals = 0, oneWay = 0, hex = 0, terrain = 0, moves = 0, noPath = 0, startedOver = 0;
  std::uint64_t repairExpanded = 0, freshExpanded = 0, checks = 0;
  for (int map = 0; map < kMaps; ++map) {
    Grid grid = astar::testing::randomGrid(rng, options);
    wrapped += grid.wrapX() || grid.wrapY();
    withPortals += !grid.portals().empty();
    oneWay += grid.hasOneWayCells();
    hex += grid.hex();
    terrain += !grid.uniformCost();
    NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    if (start == kNoNode) continue;
    Replanner r(grid);
    ASSERT_NE(r.plan(start, goal), ReplanStatus::InvalidInput) << r.message();
    ASSERT_TRUE(matchesReference(grid, r, start, goal)) << "map " << map << " after plan";
    for (int edit = 0; edit < kEdits; ++edit) {
      if (r.status() == ReplanStatus::Found && r.path().size() > 1 && rng.chance(0.3)) {
        const std::size_t k = 1 + static_cast<std::size_t>(rng.below(static_cast<int>(r.path().size() - 1)));
        start = r.path()[k];
        ASSERT_EQ(r.moveStart(start), ReplanStatus::Idle);
        ++moves;
      }
      const int kind = rng.below(4);
      NodeId cell = randomCellWhere(rng, grid, kind != 1, start, goal);
      if (cell == kNoNode) cell = randomCellWhere(rng, grid, kind == 1, start, goal);
      if (cell == kNoNode) continue;  // a map of two cells: nothing to edit
      const int x = grid.xOf(cell), y = grid.yOf(cell);
      static const double kCosts[] = {0.5, 1.0, 1.5, 3.0, 10.0};
      Error error;
      if (!grid.passable(cell) || kind == 1 || kind == 2) {
        error = grid.setCost(x, y, kCosts[rng.below(5)]);  // a wall removed, or a cost changed
      } else if (kind == 0) {
        error = grid.setWall(x, y);
      } else {
        error = grid.setEntryMask(x, y, static_cast<std::uint8_t>(rng.next() | 0x11));
      }
      ASSERT_TRUE(error.ok()) << error.message;
      r.repair();  // reads the edit from the grid's journal
      startedOver += r.stats().startedOver;
      ASSERT_TRUE(matchesReference(grid, r, start, goal))
          << "map " << map << " edit " << edit << " kind " << kind << " at (" << x << "," << y << ")";
      ++checks;
      if (r.status() == ReplanStatus::NoPath) {
        ++noPath;
        continue;
      }
      repairExpanded += r.stats().expanded;
      freshExpanded += freshAStarExpansions(grid, start, goal);
    }
  }
  std::printf(
      "[ dstar    ] %d maps x %d edits: %llu repairs checked against Dijkstra (%d no path, %d after a start "
      "move, %d started over); maps with wrap %d, portals %d, one-way cells %d, hex %d, terrain %d\n",
      kMaps, kEdits, static_cast<unsigned long long>(checks), noPath, moves, startedOver, wrapped, withPortals, oneWay,
      hex, terrain);
  std::printf(
      "[ dstar    ] cells re-expanded by the repairs with a path: %llu in all; fresh A* on the same maps: %llu\n",
      static_cast<unsigned long long>(repairExpanded), static_cast<unsigned long long>(freshExpanded));
  EXPECT_GT(checks, static_cast<std::uint64_t>(kMaps) * kEdits * 99 / 100);
  EXPECT_GT(wrapped, 100);
  EXPECT_GT(withPortals, 100);
  EXPECT_GT(oneWay, 100);
  EXPECT_GT(terrain, 100);
  EXPECT_GT(moves, 1000);
}

// Rules and portals changed behind the replanner's back: the repair starts over and is right.
TEST(DStarLite, StartsOverWhenTheRulesChange) {
  Rng rng(7);
  for (int map = 0; map < 50; ++map) {
    Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    if (start == kNoNode) continue;
    Replanner r(grid);
    r.plan(start, goal);
    grid.setDiagonal(static_cast<DiagonalMovement>((static_cast<int>(grid.diagonal()) + 1) % 4));
    (void)grid.addPortal(grid.xOf(start), grid.yOf(start), grid.xOf(goal) ^ 1, grid.yOf(goal), 0.25, rng.chance(0.5));
    r.repair();
    EXPECT_TRUE(r.stats().startedOver);
    ASSERT_TRUE(matchesReference(grid, r, start, goal)) << "map " << map;
    // A cell cheaper than any before lowers the heuristic's scale: start over too.
    const NodeId cheap = randomCellWhere(rng, grid, true, start, goal);
    if (cheap == kNoNode) continue;
    (void)grid.setCost(grid.xOf(cheap), grid.yOf(cheap), grid.minCost() / 4);
    r.repair();
    EXPECT_TRUE(r.stats().startedOver);
    ASSERT_TRUE(matchesReference(grid, r, start, goal)) << "map " << map;
  }
}

namespace {
// Plans on `grid`, walks `steps` cells along the path, applies `edit` (which returns the cells
// it changed), repairs, and checks the repair against Dijkstra and (when `cheaper`) that it
// expanded fewer cells than a fresh A*.
template <class Edit>
void expectCheapRepair(const char* name, Grid& grid, NodeId start, NodeId goal, int steps, bool cheaper, Edit&& edit) {
  Replanner r(grid);
  ASSERT_EQ(r.plan(start, goal), ReplanStatus::Found);
  const double before = r.cost();
  for (int i = 0; i < steps; ++i) {
    start = r.path()[1];
    ASSERT_EQ(r.moveStart(start), ReplanStatus::Idle);
    ASSERT_EQ(r.repair(), ReplanStatus::Found);
  }
  (void)edit(grid);
  ASSERT_EQ(r.repair(), ReplanStatus::Found);
  ASSERT_TRUE(matchesReference(grid, r, start, goal));
  const std::uint64_t fresh = freshAStarExpansions(grid, start, goal);
  std::printf("[ dstar    ] %s: cost %.4g -> %.4g; the repair re-expanded %llu cells, a fresh A* expands %llu\n", name,
              before, r.cost(), static_cast<unsigned long long>(r.stats().expanded),
              static_cast<unsigned long long>(fresh));
  EXPECT_FALSE(r.stats().startedOver) << name;
  if (cheaper) {
    EXPECT_LT(r.stats().expanded, fresh) << name;
  }
  EXPECT_GT(r.stats().expanded, 0u) << name;
}
}  // namespace

// The agent walks toward a wall it has to go around; the wall is blown open in front of it.
TEST(DStarLite, BlownWallRepairsCheaperThanFreshAStar) {
  std::vector<const char*> rows(21, "..........#.....................................................");
  rows[20] = "................................................................";
  Grid grid = astar::testing::gridFromRows(rows);
  expectCheapRepair("blown wall", grid, grid.index(2, 8), grid.index(60, 8), 2, true, [](Grid& g) {
    EXPECT_TRUE(g.setCost(10, 8, 1.0).ok());
    return std::vector<NodeId>{g.index(10, 8)};
  });
}

// A lake (cost 10) lies between the agent and the door of a corridor that leads to the goal:
// it freezes (cost 1: a shortcut across), then melts again (cost 10: the path goes back around);
// then ice in the corridor ahead of the agent melts.
TEST(DStarLite, FrozenLakeRepairsCheaperThanFreshAStar) {
  std::vector<const char*> rows(17, "................################################################");
  for (int y = 3; y <= 13; ++y)
    rows[static_cast<std::size_t>(y)] = "......~~~~~.....################################################";
  for (int y = 7; y <= 9; ++y)
    rows[static_cast<std::size_t>(y)] = "......~~~~~.....................................................";
  Grid grid = astar::testing::gridFromRows(rows);
  // Sets every cell of the box [x0, x1] x [y0, y1] to `cost`; returns the cells.
  auto setBox = [](Grid& g, int x0, int x1, int y0, int y1, double cost) {
    std::vector<NodeId> cells;
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        EXPECT_TRUE(g.setCost(x, y, cost).ok());
        cells.push_back(g.index(x, y));
      }
    return cells;
  };
  expectCheapRepair("frozen lake (freezes)", grid, grid.index(1, 8), grid.index(62, 8), 1, true,
                    [&](Grid& g) { return setBox(g, 6, 10, 3, 13, 1.0); });
  // It melts again: every cell whose way to the goal crossed it gets dearer, and the whole room
  // behind it is re-expanded: the weak case of a backward search (reported, not asserted).
  expectCheapRepair("frozen lake (melts in the room)", grid, grid.index(1, 8), grid.index(62, 8), 1, false,
                    [&](Grid& g) { return setBox(g, 6, 10, 3, 13, 10.0); });
  // The ice on a stretch of the corridor melts ahead of the agent (no way around it).
  expectCheapRepair("frozen lake (melts in the corridor)", grid, grid.index(18, 8), grid.index(62, 8), 2, true,
                    [&](Grid& g) { return setBox(g, 24, 27, 7, 9, 10.0); });
}

// Agents walking the whole way, one cell at a time, with an edit near the path at every step:
// km (the key offset for the moved start) matters here, as the start moves far from where the
// queue's keys were computed.
TEST(DStarLite, LongWalksWithEditsAtEveryStep) {
  Rng rng(42);
  astar::testing::RandomMapOptions options;
  options.minSide = 20;
  options.maxSide = 40;
  options.wallDensity = 0.2;
  int steps = 0;
  for (int map = 0; map < 60; ++map) {
    Grid grid = astar::testing::randomGrid(rng, options);
    NodeId start = astar::testing::randomPassable(rng, grid);
    const NodeId goal = astar::testing::randomPassable(rng, grid);
    Replanner r(grid);
    r.plan(start, goal);
    while (r.status() == ReplanStatus::Found && r.path().size() > 1) {
      const std::span<const NodeId> path = r.path();
      // An edit on the path ahead (or beside it), never on the agent or the goal.
      const NodeId near = path[static_cast<std::size_t>(rng.below(static_cast<int>(path.size())))];
      const int x = (grid.xOf(near) + rng.below(3) - 1 + grid.width()) % grid.width();
      const int y = (grid.yOf(near) + rng.below(3) - 1 + grid.height()) % grid.height();
      start = path[1];
      ASSERT_EQ(r.moveStart(start), ReplanStatus::Idle);
      const NodeId cell = grid.index(x, y);
      if (cell != start && cell != goal) {
        const Error error = rng.chance(0.5) ? grid.setWall(x, y) : grid.setCost(x, y, 1.0 + rng.below(4));
        ASSERT_TRUE(error.ok());
      }
      r.repair();
      ++steps;
      ASSERT_TRUE(matchesReference(grid, r, start, goal)) << "map " << map << " step " << steps;
    }
  }
  std::printf("[ dstar    ] %d steps walked, each after an edit, all equal to Dijkstra\n", steps);
  EXPECT_GT(steps, 500);
}

// Long octile paths on real maps: g(start) and the h + g of a cell on the path are sums of the
// same steps in a different order, and may differ in the last bit; a repair that compared keys
// exactly stopped before a changed cell on the path (a NoPath or a too-low cost here).
TEST(DStarLite, WalksOnMovingAiMapsMatchDijkstra) {
  MapDocument doc;
  Scenario scenario;
  const std::string error = astar::testing::loadBenchMap("den312d", doc, scenario);
  if (!error.empty()) GTEST_SKIP() << error << " (the shared Moving AI maps are absent)";
  Grid& grid = doc.grid;
  Rng rng(5);
  Replanner r(grid);
  int edits = 0;
  for (std::size_t row = scenario.rows.size() - 1; row > scenario.rows.size() - 40; row -= 3) {
    const ScenarioRow& s = scenario.rows[row];
    NodeId start = grid.index(s.startX, s.startY);
    const NodeId goal = grid.index(s.goalX, s.goalY);
    if (r.plan(start, goal) != ReplanStatus::Found) continue;
    while (r.status() == ReplanStatus::Found && r.path().size() > 8) {
      const std::span<const NodeId> path = r.path();
      start = path[4];
      const NodeId ahead = path[4 + static_cast<std::size_t>(rng.below(static_cast<int>(path.size()) - 4))];
      const int x = grid.xOf(ahead) + rng.below(5) - 2, y = grid.yOf(ahead) + rng.below(5) - 2;
      if (!grid.contains(x, y) || grid.index(x, y) == start || grid.index(x, y) == goal) continue;
      const int kind = rng.below(3);
      const Error e = kind == 0 ? grid.setWall(x, y) : grid.setCost(x, y, kind == 1 ? 1.0 : 5.0);
      ASSERT_TRUE(e.ok());
      ASSERT_EQ(r.moveStart(start), ReplanStatus::Idle);
      r.repair();
      ++edits;
      ASSERT_TRUE(matchesReference(grid, r, start, goal)) << "edit " << edits;
    }
  }
  std::printf("[ dstar    ] den312d: %d edits during walks, every repair equal to Dijkstra\n", edits);
  EXPECT_GT(edits, 50);
}

// Open maps: the agent walks far (km grows) before a wall segment drops across the path ahead,
// so the repair must reach cells queued while the agent stood far away. (Dropping km is caught
// by the den312d walks above, not here: these detours are found either way.)
TEST(DStarLite, FarWalksThenAWallAcrossThePath) {
  Rng rng(99);
  astar::testing::RandomMapOptions options;
  options.minSide = 30;
  options.maxSide = 50;
  options.wallDensity = 0.03;
  options.terrainChance = 0.1;
  options.oneWayChance = 0.0;
  options.maxPortals = 0;
  int checked = 0;
  for (int map = 0; map < 150; ++map) {
    Grid grid = astar::testing::randomGrid(rng, options);
    NodeId start = astar::testing::randomPassable(rng, grid);
    const NodeId goal = astar::testing::randomPassable(rng, grid);
    Replanner r(grid);
    if (r.plan(start, goal) != ReplanStatus::Found || r.path().size() < 20) continue;
    const std::size_t walk = r.path().size() / 2 - rng.below(static_cast<int>(r.path().size() / 4));
    start = r.path()[walk];
    const NodeId ahead = r.path()[walk + 3];  // (path() is empty until the next repair)
    ASSERT_EQ(r.moveStart(start), ReplanStatus::Idle);
    const bool vertical = rng.chance(0.5);
    const int from = -3 - rng.below(4), to = 3 + rng.below(4);
    for (int k = from; k <= to; ++k) {
      const int x = grid.xOf(ahead) + (vertical ? 0 : k), y = grid.yOf(ahead) + (vertical ? k : 0);
      if (!grid.contains(x, y) || grid.index(x, y) == goal || grid.index(x, y) == start) continue;
      ASSERT_TRUE(grid.setWall(x, y).ok());
    }
    r.repair();
    ++checked;
    ASSERT_TRUE(matchesReference(grid, r, start, goal)) << "map " << map;
  }
  EXPECT_GT(checked, 50);
}
