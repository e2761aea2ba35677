// HPA* for agents bigger than one cell (hierarchical.h, clearance.h): on random maps x sizes
// 1..4 the path is a walk of the k x k agent's moves with its footprint free, found iff a
// reference Dijkstra over the anchors with clearance >= k reaches the goal, never cheaper than
// it; refresh() after edits equals a fresh build for every size built; on the 13 Moving AI maps
// the cost stays within a measured bound of the exact size-k optimum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "agent_size_checks.h"
#include "astar/clearance.h"
#include "astar/hierarchical.h"
#include "astar/planners.h"
#include "astar/search.h"
#include "bench_maps.h"
#include "reference.h"

using namespace astar;
using astar::testing::Rng;

namespace {

constexpr int kLargestTested = 4;

// 400 random maps (walls, terrain, one-way cells and portals on half, every movement rule on a
// third), cluster sizes 4..9, sizes 1..4, 3 queries per size between cells the agent fits on.
TEST(HierarchicalAgentSize, RandomMapsPathsFitTheAgentAndAreFoundIffDijkstraFindsOne) {
  Rng rng(3434);
  int found[kLargestTested + 1] = {}, none = 0;
  double worst = 1.0;
  std::vector<NodeId> path;
  for (int map = 0; map < 400; ++map) {
    const Grid grid = astar::testing::agentMap(rng, map);
    HierarchicalMap hpa(grid);
    ASSERT_TRUE(hpa.build({kMinClusterSize + rng.below(6)}).ok());
    for (int k = 1; k <= kLargestTested; ++k) {
      const Grid agentGrid = astar::testing::referenceAgentGrid(grid, k);
      for (int q = 0; q < 3; ++q) {
        const NodeId start = astar::testing::randomPassable(rng, agentGrid);
        const NodeId goal = astar::testing::randomPassable(rng, agentGrid);
        if (start == kNoNode) break;  // no room anywhere for this size
        const std::string where =
            "map " + std::to_string(map) + " size " + std::to_string(k) + " query " + std::to_string(q);
        const double optimum = astar::testing::referenceDistances(agentGrid, start)[goal];
        const SearchStatus status = hpa.findPath(start, goal, path, k);
        ASSERT_NE(status, SearchStatus::InvalidInput) << where << ": " << hpa.message();
        EXPECT_TRUE(hpa.built(k)) << where;
        if (std::isinf(optimum)) {
          EXPECT_EQ(status, SearchStatus::NoPath) << where;
          EXPECT_TRUE(path.empty()) << where;
          ++none;
          continue;
        }
        ASSERT_EQ(status, SearchStatus::Found) << where << " (reference cost " << optimum << ")";
        astar::testing::expectAgentPath(grid, agentGrid, path, hpa.stats().pathCost, start, goal, k, where);
        EXPECT_GE(hpa.stats().pathCost, optimum - 1e-9 * (1.0 + optimum)) << where;
        if (optimum > 0.0) worst = std::max(worst, hpa.stats().pathCost / optimum);
        ++found[k];
      }
    }
  }
  std::printf("random maps: found %d / %d / %d / %d paths for sizes 1-4, %d with no path, worst cost / optimum %.4f\n",
              found[1], found[2], found[3], found[4], none, worst);
  for (int k = 2; k <= kLargestTested; ++k) EXPECT_GT(found[k], 500) << "size " << k;
  EXPECT_GT(none, 50);
}

TEST(HierarchicalAgentSize, RefusesHexWrapOutOfRangeAndCellsWithoutRoom) {
  std::vector<NodeId> path;
  Grid grid(20, 20);
  ASSERT_TRUE(grid.setWall(3, 1).ok());
  HierarchicalMap hpa(grid);
  ASSERT_TRUE(hpa.build({8}).ok());
  EXPECT_EQ(hpa.findPath(0, grid.index(10, 10), path, 0), SearchStatus::InvalidInput);
  EXPECT_EQ(hpa.findPath(0, grid.index(10, 10), path, kMaxAgentSize + 1), SearchStatus::InvalidInput);
  // (2, 0)'s 2 x 2 square holds the wall at (3, 1): a 2 x 2 agent has no room there.
  EXPECT_EQ(hpa.findPath(grid.index(2, 0), grid.index(10, 10), path, 2), SearchStatus::InvalidInput);
  EXPECT_NE(std::string(hpa.message()).find("room"), std::string::npos) << hpa.message();
  EXPECT_EQ(hpa.findPath(grid.index(19, 19), grid.index(10, 10), path, 2), SearchStatus::InvalidInput);  // the edge
  EXPECT_EQ(hpa.findPath(0, grid.index(10, 10), path, 2), SearchStatus::Found);
  EXPECT_TRUE(hpa.built(2));
  EXPECT_FALSE(hpa.built(3));
  // A map that starts to wrap: the size-2 abstraction is dropped (its queries are refused now).
  ASSERT_TRUE(grid.setWrap(true, false).ok());
  ASSERT_TRUE(hpa.refresh().ok());
  EXPECT_FALSE(hpa.built(2));
  EXPECT_EQ(hpa.findPath(0, grid.index(10, 10), path, 2), SearchStatus::InvalidInput);
  EXPECT_EQ(hpa.findPath(0, grid.index(10, 10), path, 1), SearchStatus::Found);
  for (const bool hex : {true, false}) {
    Grid other(20, 20);
    ASSERT_TRUE((hex ? other.setTopology(Topology::Hex) : other.setWrap(true, false)).ok());
    HierarchicalMap h(other);
    ASSERT_TRUE(h.build({8}).ok());
    EXPECT_EQ(h.findPath(0, other.index(10, 10), path, 2), SearchStatus::InvalidInput) << (hex ? "hex" : "wrap");
    EXPECT_STREQ(h.message(), agentSizeProblem(other, 2));
    EXPECT_FALSE(h.prepare(2).ok());
    EXPECT_FALSE(h.built(2));
    EXPECT_EQ(h.findPath(0, other.index(10, 10), path, 1), SearchStatus::Found);
  }
}

void expectSameAbstraction(const HierarchicalMap& a, const HierarchicalMap& b, int k, const std::string& where) {
  ASSERT_TRUE(std::equal(a.nodes(k).begin(), a.nodes(k).end(), b.nodes(k).begin(), b.nodes(k).end()))
      << where << ": nodes differ (" << a.nodes(k).size() << " vs " << b.nodes(k).size() << ")";
  std::vector<AbstractEdge> ea, eb;
  a.edges(ea, k);
  b.edges(eb, k);
  ASSERT_EQ(ea, eb) << where;
}

// 120 random maps (12..36 cells a side), sizes 1..4 built, 8 rounds of 1-4 random edits (walls
// set or cleared, costs, entry masks): after refresh() every size has the nodes, edges and
// answers of a fresh build.
TEST(HierarchicalAgentSize, RefreshAfterEditsEqualsAFreshBuildForEverySize) {
  Rng rng(4343);
  std::vector<NodeId> pathA, pathB;
  int compared = 0;
  for (int map = 0; map < 120; ++map) {
    astar::testing::RandomMapOptions o = astar::testing::plainMapOptions(12, 36, 0.1);
    o.terrainChance = map % 2 ? 0.3 : 0.0;
    o.maxPortals = map % 3 == 0 ? 3 : 0;
    o.oneWayChance = 0.03;
    o.randomMovement = true;
    Grid grid = astar::testing::randomGrid(rng, o);
    const int clusterSize = kMinClusterSize + rng.below(5);
    HierarchicalMap incremental(grid);
    ASSERT_TRUE(incremental.build({clusterSize}).ok());
    for (int k = 2; k <= kLargestTested; ++k) ASSERT_TRUE(incremental.prepare(k).ok());
    for (int round = 0; round < 8; ++round) {
      const int edits = 1 + rng.below(4);
      for (int e = 0; e < edits; ++e) {
        const int x = rng.below(grid.width()), y = rng.below(grid.height());
        switch (rng.below(4)) {
          case 0: (void)grid.setWall(x, y); break;
          case 1: (void)grid.setCost(x, y, 1.0); break;
          case 2: (void)grid.setCost(x, y, 1.0 + rng.below(5)); break;
          default:
            (void)grid.setEntryMask(x, y, rng.chance(0.7) ? kAllDirections : static_cast<std::uint8_t>(rng.next()));
        }
      }
      ASSERT_TRUE(incremental.refresh().ok());
      EXPECT_FALSE(incremental.stale());
      HierarchicalMap fresh(grid);
      ASSERT_TRUE(fresh.build({clusterSize}).ok());
      for (int k = 1; k <= kLargestTested; ++k) {
        const std::string where =
            "map " + std::to_string(map) + " round " + std::to_string(round) + " size " + std::to_string(k);
        if (k > 1) {
          ASSERT_TRUE(fresh.prepare(k).ok()) << where;
        }
        expectSameAbstraction(incremental, fresh, k, where);
        const Grid agentGrid = astar::testing::referenceAgentGrid(grid, k);
        const NodeId s = astar::testing::randomPassable(rng, agentGrid),
                     g = astar::testing::randomPassable(rng, agentGrid);
        if (s == kNoNode) continue;
        const SearchStatus a = incremental.findPath(s, g, pathA, k), b = fresh.findPath(s, g, pathB, k);
        EXPECT_EQ(a, b) << where;
        EXPECT_EQ(pathA, pathB) << where;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 2500);
}

// The bound checked on the Moving AI maps for every size 1..4 (the default cluster size): cost
// <= the bound HPA*'s planner row states for that cluster size (1.54, measured for size 1 on every
// row) x the exact optimum of that size (A* with SearchOptions::agentSize). Measured with
// ASTAR_HPA_AGENT_ROWS=100 (up to 100 rows per map and size whose ends have room): worst 1.5304
// (size 1), 1.3874 (2), 1.5304 (3), 1.2045 (4) (bench/README.md, "HPA* for agents bigger than one cell").
const double kAgentBound = plannerBound(*findPlanner(kHierarchicalName), kDefaultClusterSize);

const char* const kMovingAiMaps[] = {"arena",     "den312d",      "ost003d",     "maze512-1-0",    "lak303d",
                                     "brc202d",   "AR0011SR",     "Aftershock",  "random512-10-0", "random512-40-0",
                                     "8room_000", "Berlin_0_256", "Paris_0_1024"};

// Rows per map and size: ASTAR_HPA_AGENT_ROWS when set (the benchmark figures), else a few (the
// ASan build too: each size's build on the 1024 x 1024 map is most of the time).
std::size_t rowsPerMap() {
  if (const char* rows = std::getenv("ASTAR_HPA_AGENT_ROWS")) return static_cast<std::size_t>(std::atoi(rows));
  return 4;
}

TEST(HierarchicalAgentSize, MovingAiPathsWithinTheBoundOfTheSizeOptimum) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  const std::size_t sample = std::max<std::size_t>(1, rowsPerMap());
  std::printf("| map | size | rows | mean cost / size optimum | worst |\n|---|---|---|---|---|\n");
  double overall[kLargestTested + 1] = {}, worstAll[kLargestTested + 1] = {};
  int rowsAll[kLargestTested + 1] = {};
  std::vector<NodeId> path;
  for (const char* name : kMovingAiMaps) {
    MapDocument map;
    Scenario scenario;
    const std::string problem = astar::testing::loadBenchMap(name, map, scenario);
    ASSERT_TRUE(problem.empty()) << problem;
    map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
    const Grid& grid = map.grid;
    HierarchicalMap hpa(grid);
    ASSERT_TRUE(hpa.build({kDefaultClusterSize}).ok());
    GridSearch exact(grid);
    ClearanceMap room;
    room.refresh(grid);
    std::vector<std::size_t> fitting;
    for (int k = 1; k <= kLargestTested; ++k) {
      // The rows whose two ends have room for k, then a sample spread over them (short to long).
      fitting.clear();
      for (std::size_t i = 0; i < scenario.rows.size(); ++i) {
        const ScenarioRow& row = scenario.rows[i];
        if (room.fits(row.startX, row.startY, k) && room.fits(row.goalX, row.goalY, k)) fitting.push_back(i);
      }
      const std::size_t stride = std::max<std::size_t>(1, fitting.size() / sample);
      double sum = 0.0, worst = 0.0;
      int rows = 0;
      for (std::size_t f = stride / 2; f < fitting.size() && static_cast<std::size_t>(rows) < sample; f += stride) {
        const ScenarioRow& row = scenario.rows[fitting[f]];
        const NodeId start = grid.index(row.startX, row.startY), goal = grid.index(row.goalX, row.goalY);
        SearchOptions options;
        options.agentSize = k;
        ASSERT_NE(exact.begin(start, goal, options), SearchStatus::InvalidInput) << exact.message();
        const SearchStatus reference = exact.run();
        const SearchStatus status = hpa.findPath(start, goal, path, k);
        const std::string where =
            std::string(name) + " line " + std::to_string(row.line) + " size " + std::to_string(k);
        ASSERT_EQ(status, reference) << where << ": " << hpa.message();
        if (status != SearchStatus::Found) continue;
        const double optimum = exact.stats().pathCost;
        const double ratio = optimum > 0.0 ? hpa.stats().pathCost / optimum : 1.0;
        EXPECT_GE(ratio, 1.0 - 1e-9) << where;
        EXPECT_LE(ratio, kAgentBound) << where << ": cost " << hpa.stats().pathCost << ", optimum " << optimum;
        sum += ratio;
        worst = std::max(worst, ratio);
        ++rows;
      }
      std::printf("| %s | %d | %d | %.4f | %.4f |\n", name, k, rows, rows ? sum / rows : 0.0, worst);
      overall[k] += sum;
      rowsAll[k] += rows;
      worstAll[k] = std::max(worstAll[k], worst);
      if (k == 1) {
        EXPECT_GT(rows, 0) << name;  // larger agents: some maps have no row with room at both ends
      }
    }
  }
  for (int k = 1; k <= kLargestTested; ++k)
    std::printf("| all | %d | %d | %.4f | %.4f |\n", k, rowsAll[k], rowsAll[k] ? overall[k] / rowsAll[k] : 0.0,
                worstAll[k]);
}

}  // namespace
