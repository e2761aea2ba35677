// HPA* (hierarchical.h): valid paths within a stated bound of optimal on the 13 shared Moving AI
// maps, found iff a path exists on random maps with terrain, wrap, portals, one-way cells and hex
// cells (against the reference Dijkstra), and the incremental update equal to a full rebuild.
#include "astar/hierarchical.h"
#include "astar/planners.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "bench_maps.h"
#include "reference.h"
#include "sampling.h"
#include "search_checks.h"

using namespace astar;
using astar::testing::Rng;

namespace {

using astar::testing::kSanitized;

// The bound this test checks on the Moving AI maps (the default cluster size, no smoothing): every
// path costs at most kMovingAiBound x the scenario's optimal length, the bound HPA*'s planner row
// states for that size (measured there on every row; this test re-checks a sample).
const double kMovingAiBound = plannerBound(*findPlanner(kHierarchicalName), kDefaultClusterSize);

struct MapRatios {
  double mean = 0.0, worst = 0.0;
  int rows = 0;
};

MapRatios checkMovingAiMap(const char* name, std::size_t sampleRows) {
  MapRatios result;
  MapDocument map;
  Scenario scenario;
  const std::string problem = astar::testing::loadBenchMap(name, map, scenario);
  EXPECT_TRUE(problem.empty()) << problem;
  if (!problem.empty() || scenario.rows.empty()) return result;
  map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
  HierarchicalMap hpa(map.grid);
  const Error built = hpa.build({kDefaultClusterSize});
  EXPECT_TRUE(built.ok()) << built.message;
  // Rows spread over the whole file (the buckets run from short to long paths).
  const std::size_t stride = std::max<std::size_t>(1, scenario.rows.size() / sampleRows);
  std::vector<NodeId> path;
  double sum = 0.0;
  for (std::size_t i = stride / 2; i < scenario.rows.size(); i += stride) {
    const ScenarioRow& row = scenario.rows[i];
    const NodeId start = map.grid.index(row.startX, row.startY), goal = map.grid.index(row.goalX, row.goalY);
    EXPECT_EQ(hpa.findPath(start, goal, path), SearchStatus::Found) << name << " line " << row.line;
    EXPECT_TRUE(astar::testing::isValidPath(map.grid, path, start, goal, hpa.stats().pathCost))
        << name << " line " << row.line;
    const double ratio = row.optimalLength > 0.0 ? hpa.stats().pathCost / row.optimalLength : 1.0;
    EXPECT_GE(ratio, 1.0 - 1e-4) << name << " line " << row.line << ": cheaper than optimal?";
    EXPECT_LE(ratio, kMovingAiBound) << name << " line " << row.line << ": cost " << hpa.stats().pathCost
                                     << ", optimal " << row.optimalText;
    sum += ratio;
    result.worst = std::max(result.worst, ratio);
    ++result.rows;
  }
  result.mean = result.rows > 0 ? sum / result.rows : 0.0;
  return result;
}

const char* const kMovingAiMaps[] = {"arena",     "den312d",      "ost003d",     "maze512-1-0",    "lak303d",
                                     "brc202d",   "AR0011SR",     "Aftershock",  "random512-10-0", "random512-40-0",
                                     "8room_000", "Berlin_0_256", "Paris_0_1024"};

TEST(Hierarchical, MovingAiPathsAreValidAndWithinTheBound) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  // Release: 120 rows per map (1,560 in all); ASan, ~5x slower: 24 per map.
  const std::size_t rows = kSanitized ? 24 : 120;
  std::printf("| map | rows | mean cost / optimal | worst |\n|---|---|---|---|\n");
  for (const char* name : kMovingAiMaps) {
    const MapRatios r = checkMovingAiMap(name, rows);
    std::printf("| %s | %d | %.4f | %.4f |\n", name, r.rows, r.mean, r.worst);
    EXPECT_GT(r.rows, 0) << name;
  }
}

astar::testing::RandomMapOptions randomOptions() {
  astar::testing::RandomMapOptions o;
  o.minSide = 4;
  o.maxSide = 30;
  o.hexChance = 0.25;
  o.oneWayChance = 0.05;
  o.maxPortals = 4;
  return o;
}

// 500 random maps (terrain, wrap, portals, one-way cells, every movement rule, a quarter hex),
// cluster sizes 4..9, 6 queries each: found iff the reference Dijkstra reaches the goal, and
// every path is a walk of real moves costing what the stats say.
TEST(Hierarchical, RandomMapsFindAPathIffOneExists) {
  Rng rng(1701);
  int found = 0, none = 0;
  std::vector<NodeId> path;
  for (int map = 0; map < 500; ++map) {
    const Grid grid = astar::testing::randomGrid(rng, randomOptions());
    HierarchicalMap hpa(grid);
    ASSERT_TRUE(hpa.build({kMinClusterSize + rng.below(6)}).ok());
    for (int q = 0; q < 6; ++q) {
      const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
      if (start == kNoNode) break;
      const std::vector<double> dist = astar::testing::referenceDistances(grid, start);
      const SearchStatus status = hpa.findPath(start, goal, path);
      if (std::isinf(dist[goal])) {
        EXPECT_EQ(status, SearchStatus::NoPath) << "map " << map << " query " << q;
        EXPECT_TRUE(path.empty());
        ++none;
        continue;
      }
      ASSERT_EQ(status, SearchStatus::Found)
          << "map " << map << " query " << q << " (reference cost " << dist[goal] << ")";
      EXPECT_TRUE(astar::testing::isValidPath(grid, path, start, goal, hpa.stats().pathCost))
          << "map " << map << " query " << q;
      EXPECT_GE(hpa.stats().pathCost, dist[goal] - 1e-9 * std::max(1.0, dist[goal]));
      ++found;
    }
  }
  std::printf("random maps: %d queries found, %d with no path\n", found, none);
  EXPECT_GT(found, 1000);
  EXPECT_GT(none, 50);
}

void expectSameAbstraction(const HierarchicalMap& a, const HierarchicalMap& b, const std::string& where) {
  ASSERT_TRUE(std::equal(a.nodes().begin(), a.nodes().end(), b.nodes().begin(), b.nodes().end()))
      << where << ": nodes differ (" << a.nodes().size() << " vs " << b.nodes().size() << ")";
  std::vector<AbstractEdge> ea, eb;
  a.edges(ea);
  b.edges(eb);
  ASSERT_EQ(ea.size(), eb.size()) << where;
  for (std::size_t i = 0; i < ea.size(); ++i)
    ASSERT_EQ(ea[i], eb[i]) << where << ": edge " << i << " " << ea[i].from << "->" << ea[i].to << " cost "
                            << ea[i].cost << " vs " << eb[i].from << "->" << eb[i].to << " cost " << eb[i].cost;
}

// Random edit of one cell: a wall added or removed, a cost changed, an entry mask changed.
NodeId randomEdit(Rng& rng, Grid& grid) {
  const int x = rng.below(grid.width()), y = rng.below(grid.height());
  switch (rng.below(4)) {
    case 0: (void)grid.setWall(x, y); break;
    case 1: (void)grid.setCost(x, y, 1.0); break;
    case 2: (void)grid.setCost(x, y, 1.0 + rng.below(9)); break;
    default: (void)grid.setEntryMask(x, y, rng.chance(0.5) ? kAllDirections : static_cast<std::uint8_t>(rng.next()));
  }
  return grid.index(x, y);
}

// 200 random maps (12..40 cells a side, features as above), 10 rounds of 1-4 random edits
// each: refresh() (which reads the edits from the grid's journal) gives the nodes and edges of
// a full build, and the same answers to 3 queries per round.
TEST(Hierarchical, IncrementalUpdateEqualsFullRebuild) {
  Rng rng(4242);
  std::vector<NodeId> pathA, pathB;
  std::uint64_t rebuilt = 0, total = 0;
  for (int map = 0; map < 200; ++map) {
    astar::testing::RandomMapOptions o = randomOptions();
    o.minSide = 12;
    o.maxSide = 40;
    Grid grid = astar::testing::randomGrid(rng, o);
    const int size = kMinClusterSize + rng.below(5);
    HierarchicalMap incremental(grid);
    ASSERT_TRUE(incremental.build({size}).ok());
    for (int round = 0; round < 10; ++round) {
      const int edits = 1 + rng.below(4);
      for (int e = 0; e < edits; ++e) (void)randomEdit(rng, grid);
      const Error e = incremental.refresh();
      ASSERT_TRUE(e.ok()) << e.message;
      EXPECT_FALSE(incremental.stale());
      rebuilt += incremental.stats().clustersRebuilt;
      total += incremental.stats().clusterCount;
      HierarchicalMap full(grid);
      ASSERT_TRUE(full.build({size}).ok());
      const std::string where = "map " + std::to_string(map) + " round " + std::to_string(round);
      expectSameAbstraction(incremental, full, where);
      for (int q = 0; q < 3; ++q) {
        const NodeId s = astar::testing::randomPassable(rng, grid), g = astar::testing::randomPassable(rng, grid);
        if (s == kNoNode) break;
        const SearchStatus a = incremental.findPath(s, g, pathA), b = full.findPath(s, g, pathB);
        EXPECT_EQ(a, b) << where;
        EXPECT_EQ(pathA, pathB) << where;
        EXPECT_EQ(incremental.stats().pathCost, full.stats().pathCost) << where;
      }
    }
  }
  std::printf("incremental updates rebuilt %llu of %llu cluster tables\n", static_cast<unsigned long long>(rebuilt),
              static_cast<unsigned long long>(total));
  EXPECT_LT(rebuilt, total / 2);  // local: well under a full rebuild's count
}

TEST(Hierarchical, RefusesBadInputWithAMessage) {
  Grid grid(20, 20);
  HierarchicalMap hpa(grid);
  std::vector<NodeId> path;
  EXPECT_EQ(hpa.findPath(0, 5, path), SearchStatus::InvalidInput);
  EXPECT_NE(std::string(hpa.message()), "");
  EXPECT_FALSE(hpa.build({kMinClusterSize - 1}).ok());
  EXPECT_FALSE(hpa.build({kMaxClusterSize + 1}).ok());
  EXPECT_FALSE(hpa.built());
  ASSERT_TRUE(hpa.build({8}).ok());
  EXPECT_EQ(hpa.clustersX(), 3);
  EXPECT_EQ(hpa.findPath(0, grid.cellCount(), path), SearchStatus::InvalidInput);
  ASSERT_TRUE(grid.setWall(5, 0).ok());
  EXPECT_EQ(hpa.findPath(0, 5, path), SearchStatus::InvalidInput);  // stale: the grid changed
  ASSERT_TRUE(hpa.refresh().ok());
  EXPECT_EQ(hpa.findPath(0, 5, path), SearchStatus::InvalidInput);  // the goal is a wall now
  EXPECT_EQ(hpa.findPath(0, 0, path), SearchStatus::Found);
  EXPECT_EQ(path, std::vector<NodeId>{0});
}

// Botea's rule on an open border: a 10-cell entrance keeps its two ends, a 3-cell one its middle.
TEST(Hierarchical, EntranceRuleKeepsEndsOfLongAndMiddleOfShortEntrances) {
  Grid grid(20, 10);  // two 10 x 10 clusters side by side
  grid.setDiagonal(DiagonalMovement::Never);
  HierarchicalMap hpa(grid);
  ASSERT_TRUE(hpa.build({10}).ok());
  // By cluster, ascending within one.
  std::vector<NodeId> expected = {grid.index(9, 0), grid.index(9, 9), grid.index(10, 0), grid.index(10, 9)};
  EXPECT_EQ(std::vector<NodeId>(hpa.nodes().begin(), hpa.nodes().end()), expected);
  for (int y = 0; y < 10; ++y)
    if (y < 3 || y > 5) {
      ASSERT_TRUE(grid.setWall(10, y).ok());  // the border's open part: rows 3..5
    }
  ASSERT_TRUE(hpa.refresh().ok());
  expected = {grid.index(9, 4), grid.index(10, 4)};
  EXPECT_EQ(std::vector<NodeId>(hpa.nodes().begin(), hpa.nodes().end()), expected);
}

}  // namespace
