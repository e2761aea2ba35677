// Agents of any size (clearance.h, SearchOptions::agentSize): the clearance map against brute
// force, and on 500 random maps x sizes 1-4 every path checked for the agent's whole footprint
// and its cost against a reference Dijkstra over the cells where a k x k agent fits (both
// written in tests/support/reference.h, without ClearanceMap).
#include "astar/clearance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "agent_size_checks.h"
#include "astar/graph.h"
#include "astar/grid.h"
#include "astar/search.h"
#include "reference.h"

namespace astar {
namespace {

using testing::Rng;

void expectBruteForceClearance(const Grid& grid, const ClearanceMap& clearance, const std::string& where) {
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      ASSERT_EQ(clearance.at(grid.index(x, y)), testing::referenceClearance(grid, x, y, kMaxAgentSize))
          << where << " at (" << x << ", " << y << ")";
}

TEST(Clearance, EqualsBruteForceOnRandomMapsAndIsCappedAtTheLargestAgent) {
  Rng rng(8);
  int capped = 0;
  for (int map = 0; map < 200; ++map) {
    const Grid grid = testing::randomGrid(rng, testing::plainMapOptions(1, 30, rng.chance(0.5) ? 0.05 : 0.3));
    ClearanceMap clearance;
    clearance.refresh(grid);
    EXPECT_EQ(clearance.lastRefreshCells(), grid.cellCount());
    expectBruteForceClearance(grid, clearance, "map " + std::to_string(map));
    for (NodeId n = 0; n < grid.cellCount(); ++n) capped += clearance.at(n) == kMaxAgentSize;
    clearance.refresh(grid);  // nothing changed: nothing recomputed
    EXPECT_EQ(clearance.lastRefreshCells(), 0u);
  }
  EXPECT_GT(capped, 100);  // open maps reach the cap
}

// What each size's search is checked against: the agent's grid (reference.h) and its distances.
struct AgentCase {
  Grid agentGrid;
  std::vector<double> distances;  // from the start
};

NodeId fittingCell(Rng& rng, const Grid& agentGrid) { return testing::randomPassable(rng, agentGrid); }

TEST(AgentSize, PathsFitTheAgentAndCostWhatDijkstraPaysOverTheCellsWithRoom) {
  Rng rng(34);
  int found = 0, noPath = 0, fallbacks = 0, bigFound = 0;
  for (int map = 0; map < 500; ++map) {
    const Grid grid = testing::agentMap(rng, map);
    GridSearch search(grid);
    for (int k = 1; k <= 4; ++k) {
      AgentCase c{testing::referenceAgentGrid(grid, k), {}};
      const NodeId start = fittingCell(rng, c.agentGrid), goal = fittingCell(rng, c.agentGrid);
      if (start == kNoNode || goal == kNoNode) continue;  // no room anywhere for this size
      c.distances = testing::referenceDistances(c.agentGrid, start);
      const double optimum = c.distances[goal];
      const std::string where = "map " + std::to_string(map) + " size " + std::to_string(k);
      for (const AlgorithmInfo& info : algorithms()) {
        SearchOptions options;
        options.algorithm = info.algorithm;
        options.agentSize = k;
        options.weight = 1.5;
        const std::string what = where + " " + info.name;
        if (info.anyAngle && k == 1) continue;  // segments, not moves: test_theta.cpp
        const SearchStatus begun = search.begin(start, goal, options);
        ASSERT_NE(begun, SearchStatus::InvalidInput) << what << ": " << search.message();
        const SearchStatus status = search.run();
        if (!std::isfinite(optimum)) {
          ASSERT_EQ(status, SearchStatus::NoPath) << what;
          noPath += info.algorithm == Algorithm::AStar;
          continue;
        }
        ASSERT_EQ(status, SearchStatus::Found) << what;
        testing::expectAgentPath(grid, c.agentGrid, search.path(), search.stats().pathCost, start, goal, k, what);
        if (k > 1 && !info.anyAgentSize) {  // JPS, JPS+, Theta*, Lazy Theta*: A*, and they say so
          EXPECT_TRUE(search.stats().fellBack) << what;
          EXPECT_EQ(search.stats().ranAs, Algorithm::AStar) << what;
          ++fallbacks;
        }
        const bool exact = info.optimal || !info.anyAgentSize;
        if (exact) {
          EXPECT_NEAR(search.stats().pathCost, optimum, 1e-9 * (1.0 + optimum)) << what;
        }
        if (info.weighted) {
          EXPECT_LE(search.stats().pathCost, 1.5 * optimum + 1e-9 * (1.0 + optimum)) << what;
        }
        found += info.algorithm == Algorithm::AStar;
        bigFound += info.algorithm == Algorithm::AStar && k > 1;
      }
    }
  }
  EXPECT_GT(found, 1200);
  EXPECT_GT(bigFound, 800);
  EXPECT_GT(noPath, 50);
  EXPECT_GT(fallbacks, 3000);
}

TEST(AgentSize, SizeOneIsTheOrdinarySearch) {
  Rng rng(1);
  for (int map = 0; map < 100; ++map) {
    const Grid grid = testing::agentMap(rng, map);
    const NodeId start = testing::randomPassable(rng, grid), goal = testing::randomPassable(rng, grid);
    for (const AlgorithmInfo& info : algorithms()) {
      SearchOptions plain, sized;
      plain.algorithm = sized.algorithm = info.algorithm;
      sized.agentSize = 1;
      const PathResult a = findPath(grid, start, goal, plain), b = findPath(grid, start, goal, sized);
      ASSERT_EQ(a.status, b.status);
      EXPECT_EQ(a.path, b.path) << info.name;
      EXPECT_EQ(a.stats.expanded, b.stats.expanded) << info.name;
      EXPECT_EQ(a.stats.ranAs, b.stats.ranAs) << info.name;
    }
  }
}

TEST(AgentSize, RefusedWithAReasonOutOfRangeOnHexWrapGraphsAndWhereTheAgentHasNoRoom) {
  const Grid open(10, 10);
  for (const int bad : {0, -1, kMaxAgentSize + 1, 100}) {
    SearchOptions o;
    o.agentSize = bad;
    const PathResult r = findPath(open, 0, 99, o);
    EXPECT_EQ(r.status, SearchStatus::InvalidInput) << bad;
    GridSearch search(open);
    search.begin(0, 99, o);
    EXPECT_STREQ(search.message(), kAgentSizeRangeMessage);
  }
  SearchOptions two;
  two.agentSize = 2;
  Grid hex(10, 10);
  ASSERT_TRUE(hex.setTopology(Topology::Hex).ok());
  GridSearch onHex(hex);
  EXPECT_EQ(onHex.begin(0, 50, two), SearchStatus::InvalidInput);
  EXPECT_NE(std::strstr(onHex.message(), "square cells"), nullptr) << onHex.message();
  Grid wrapped(10, 10);
  ASSERT_TRUE(wrapped.setWrap(true, false).ok());
  GridSearch onWrap(wrapped);
  EXPECT_EQ(onWrap.begin(0, 50, two), SearchStatus::InvalidInput);
  EXPECT_NE(std::strstr(onWrap.message(), "does not wrap"), nullptr) << onWrap.message();
  Graph graph;
  graph.addNode(0.0, 0.0);
  graph.addNode(1.0, 0.0);
  ASSERT_TRUE(graph.addEdge(0, 1, 1.0).ok());
  GraphSearch onGraph(graph);
  EXPECT_EQ(onGraph.begin(0, 1, two), SearchStatus::InvalidInput);
  // The bottom row and right column have room for one cell only (the square would leave the map).
  GridSearch search(open);
  EXPECT_EQ(search.begin(open.index(9, 0), open.index(0, 0), two), SearchStatus::InvalidInput);
  EXPECT_STREQ(search.message(), "start (9, 0) has room for a 1 x 1 agent at most, not 2 x 2");
  EXPECT_EQ(search.begin(open.index(0, 0), open.index(3, 9), two), SearchStatus::InvalidInput);
  EXPECT_STREQ(search.message(), "goal (3, 9) has room for a 1 x 1 agent at most, not 2 x 2");
  EXPECT_EQ(search.begin(open.index(0, 0), open.index(8, 8), two), SearchStatus::InProgress);
  EXPECT_EQ(search.run(), SearchStatus::Found);
}

// A gap one cell wide lets a one-cell agent through and stops a 2 x 2 one, which walks around.
TEST(AgentSize, AWideAgentGoesAroundAGapOnlyASmallOneFits) {
  const Grid grid = testing::gridFromRows({
      "..........",
      "..........",
      "#####.####",
      "..........",
      "..........",
      "..........",
      "######..##",
      "..........",
      "..........",
  });
  SearchOptions one, two;
  two.agentSize = 2;
  const NodeId start = grid.index(0, 0), goal = grid.index(0, 7);
  const PathResult small = findPath(grid, start, goal, one), wide = findPath(grid, start, goal, two);
  ASSERT_EQ(small.status, SearchStatus::Found);
  ASSERT_EQ(wide.status, SearchStatus::NoPath);  // the 2-wide gap at row 6 is unreachable past row 2
  const PathResult below = findPath(grid, grid.index(0, 3), goal, two);
  ASSERT_EQ(below.status, SearchStatus::Found);
  bool throughGap = false;
  for (NodeId n : below.path) throughGap = throughGap || (grid.yOf(n) == 6 && grid.xOf(n) == 6);
  EXPECT_TRUE(throughGap);  // the only anchor of row 6 whose square (6..7, 6..7) is free
}

}  // namespace
}  // namespace astar
