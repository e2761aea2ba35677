// The limits of limits.h hold end to end: the largest grid the readers accept is searched,
// the goal limit is the same for files and searches, costs stay in their range, and a query
// with no path looks only at the nodes it expanded, whatever the map's size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/limits.h"
#include "astar/search.h"
#include "reference.h"
#include "sampling.h"

using namespace astar;

namespace {

using astar::testing::kSanitized;

// kMaxGridSide x kMaxGridSide, 25 % walls (seeded), Moving AI corner rule, corners cleared.
Grid largestGrid() {
  Grid grid(kMaxGridSide, kMaxGridSide);
  astar::testing::Rng rng(4096);
  for (int y = 0; y < kMaxGridSide; ++y)
    for (int x = 0; x < kMaxGridSide; ++x)
      if (rng.chance(0.25)) (void)grid.setWall(x, y);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) {
      (void)grid.setCost(x, y, 1.0);
      (void)grid.setCost(kMaxGridSide - 1 - x, kMaxGridSide - 1 - y, 1.0);
    }
  grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  return grid;
}

}  // namespace

TEST(Limits, TheLargestGridIsSearchedCornerToCornerByAStarJumpPointAndDijkstra) {
  if (kSanitized) GTEST_SKIP() << "2^24 cells: the release build runs it (too slow under ASan)";
  const Grid grid = largestGrid();
  ASSERT_EQ(grid.cellCount(), kMaxGridCells);
  const NodeId start = 0, goal = grid.cellCount() - 1;
  const std::vector<double> reference = astar::testing::referenceDistances(grid, start);
  ASSERT_TRUE(std::isfinite(reference[goal])) << "the seeded map joins its corners";
  GridSearch search(grid);
  for (Algorithm a : {Algorithm::AStar, Algorithm::JumpPoint, Algorithm::Dijkstra}) {
    SearchOptions options;
    options.algorithm = a;
    ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
    ASSERT_EQ(search.run(), SearchStatus::Found) << algorithmName(a);
    EXPECT_NEAR(search.stats().pathCost, reference[goal], 1e-9 * reference[goal]) << algorithmName(a);
    EXPECT_FALSE(search.stats().fellBack) << algorithmName(a);
    std::printf("%s on %d x %d: cost %.6f, %llu expanded\n", algorithmName(a), kMaxGridSide, kMaxGridSide,
                search.stats().pathCost, static_cast<unsigned long long>(search.stats().expanded));
  }
}

TEST(Limits, OneCellWiderThanTheLimitIsRefusedByTheGridAndTheReaders) {
  Grid grid;
  EXPECT_EQ(grid.reset(kMaxGridSide + 1, 5).message, "grid size 4097 x 5 is outside 1..4096 per side");
  MapDocument doc;
  const Error e = readPlaygroundMap("astar-map 1\nsize: 4097 x 1\n", doc);
  EXPECT_EQ(e.message, "map size 4097 x 1 is outside 1..4096 per side");
  const Error m = readMovingAiMap("type octile\nheight 1\nwidth 4097\nmap\n", doc);
  EXPECT_EQ(m.message, "map size 4097 x 1 is outside 1..4096 per side");
}

TEST(Limits, AQueryWithNoPathLooksOnlyAtTheNodesItExpandedOnTheLargestGrid) {
  // A 10 x 10 room walled in, in a corner of a 4096 x 4096 map: the search expands the room
  // and chooses the partial path's end among those 100 cells, not among 2^24.
  Grid grid(kMaxGridSide, kMaxGridSide);
  for (int i = 0; i <= 10; ++i) {
    ASSERT_TRUE(grid.setWall(10, i).ok());
    ASSERT_TRUE(grid.setWall(i, 10).ok());
  }
  GridSearch search(grid);
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::JumpPoint, Algorithm::WeightedAStar}) {
    SearchOptions options;
    options.algorithm = a;
    options.weight = 2.0;
    ASSERT_EQ(search.begin(grid.index(0, 0), grid.index(4000, 4000), options), SearchStatus::InProgress);
    ASSERT_EQ(search.run(), SearchStatus::NoPath) << algorithmName(a);
    EXPECT_TRUE(search.stats().partial);
    EXPECT_EQ(search.stats().fallbackVisited, search.stats().expanded) << algorithmName(a);
    EXPECT_LE(search.stats().expanded, 100u) << algorithmName(a);
    ASSERT_FALSE(search.path().empty());
    // JPS expands jump points only: its partial path ends at the nearest of those.
    if (a != Algorithm::JumpPoint) {
      EXPECT_EQ(search.path().back(), grid.index(9, 9)) << algorithmName(a) << ": the room's cell nearest the goal";
    }
  }
  // Walled in completely: one expansion, one node looked at.
  ASSERT_TRUE(grid.setWall(1, 0).ok());
  ASSERT_TRUE(grid.setWall(0, 1).ok());
  ASSERT_TRUE(grid.setWall(1, 1).ok());
  ASSERT_EQ(search.begin(grid.index(0, 0), grid.index(4000, 4000), SearchOptions{}), SearchStatus::InProgress);
  ASSERT_EQ(search.run(), SearchStatus::NoPath);
  EXPECT_EQ(search.stats().expanded, 1u);
  EXPECT_EQ(search.stats().fallbackVisited, 1u);
  EXPECT_EQ(search.path().size(), 1u);
}

TEST(Limits, WithOrWithoutReopeningANoPathQueryEndsAtTheSameDistanceFromTheGoal) {
  // Reopening lists a node each time it is expanded; without a path both searches close the
  // whole component of the start, so both partial paths end at a cell of that component nearest
  // the goal (which one may differ between ties), chosen among the listed nodes only.
  auto centreDistance = [](const Grid& g, NodeId a, NodeId b) {  // square cells, torus on wrapping axes
    double dx = std::abs(g.xOf(a) - g.xOf(b)), dy = std::abs(g.yOf(a) - g.yOf(b));
    if (g.wrapX()) dx = std::min(dx, g.width() - dx);
    if (g.wrapY()) dy = std::min(dy, g.height() - dy);
    return std::sqrt(dx * dx + dy * dy);
  };
  astar::testing::Rng rng(7);
  int noPath = 0;
  for (int round = 0; round < 300; ++round) {
    astar::testing::RandomMapOptions o;
    o.wallDensity = 0.45;
    const Grid grid = astar::testing::randomGrid(rng, o);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    SearchOptions options;
    options.algorithm = Algorithm::WeightedAStar;
    options.weight = 3.0;
    options.reopenClosed = true;
    GridSearch search(grid);
    ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress);
    const SearchStatus status = search.run();
    options.reopenClosed = false;
    GridSearch plain(grid);
    ASSERT_EQ(plain.begin(start, goal, options), SearchStatus::InProgress);
    ASSERT_EQ(plain.run(), status) << "round " << round;
    if (status != SearchStatus::NoPath) continue;
    ++noPath;
    EXPECT_EQ(search.stats().fallbackVisited, search.stats().expanded) << "round " << round;
    EXPECT_EQ(plain.stats().fallbackVisited, plain.stats().expanded) << "round " << round;
    ASSERT_FALSE(search.path().empty());
    EXPECT_EQ(search.path().front(), start);
    // Independently: the nearest cell to the goal among those reachable from the start.
    const std::vector<double> reach = astar::testing::referenceDistances(grid, start);
    double nearest = 1e300;
    for (NodeId n = 0; n < grid.cellCount(); ++n)
      if (std::isfinite(reach[n])) nearest = std::min(nearest, centreDistance(grid, n, goal));
    EXPECT_DOUBLE_EQ(centreDistance(grid, search.path().back(), goal), nearest) << "round " << round;
    EXPECT_DOUBLE_EQ(centreDistance(grid, plain.path().back(), goal), nearest) << "round " << round;
  }
  EXPECT_GT(noPath, 20) << "enough walled-off goals to mean something";
}

TEST(Limits, TheGoalLimitIsTheSameForMapFilesAndSearches) {
  auto mapWithGoals = [](int goals) {
    std::string text = "astar-map 1\nsize: 80 x 2\n";
    for (int i = 0; i < goals; ++i) text += "goal: " + std::to_string(i + 1) + " 1\n";
    text += "start: 0 0\nterrain: . 1\ngrid:\n";
    text += std::string(80, '.') + "\n" + std::string(80, '.') + "\n";
    return text;
  };
  MapDocument doc;
  const Error ok = readPlaygroundMap(mapWithGoals(kMaxGoals), doc);
  ASSERT_TRUE(ok.ok()) << ok.describe();
  ASSERT_EQ(doc.goals.size(), static_cast<std::size_t>(kMaxGoals));
  GridSearch search(doc.grid);
  ASSERT_EQ(search.begin(doc.start, std::span<const NodeId>(doc.goals), SearchOptions{}), SearchStatus::InProgress)
      << search.message();
  ASSERT_EQ(search.run(), SearchStatus::Found);
  EXPECT_EQ(search.reachedGoal(), doc.grid.index(1, 1));

  const Error tooMany = readPlaygroundMap(mapWithGoals(kMaxGoals + 1), doc);
  EXPECT_EQ(tooMany.message, "too many goals (at most 64)");
  std::vector<NodeId> goals;
  for (int i = 0; i <= kMaxGoals; ++i) goals.push_back(static_cast<NodeId>(i + 1));
  Grid grid(80, 1);
  GridSearch refused(grid);
  EXPECT_EQ(refused.begin(0, std::span<const NodeId>(goals), SearchOptions{}), SearchStatus::InvalidInput);
  EXPECT_STREQ(refused.message(), "too many goals (at most 64)");
}

TEST(Limits, APathCostIsTheSumOfTheCostsAsWritten) {
  // Costs are doubles: a 6.76 cell after a 1 cell costs 6.76 + 1, not 7.760000229 (a float).
  MapDocument doc;
  const Error e = readPlaygroundMap("astar-map 1\nsize: 3 x 1\nterrain: . 1\nterrain: m 6.76 mud\ngrid:\n.m.\n", doc);
  ASSERT_TRUE(e.ok()) << e.describe();
  const PathResult r = findPath(doc.grid, 0, 2, SearchOptions{});
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_EQ(r.stats.pathCost, 6.76 + 1.0);
  char printed[32];
  std::snprintf(printed, sizeof printed, "%.10g", r.stats.pathCost);
  EXPECT_STREQ(printed, "7.76");
  EXPECT_NE(writePlaygroundMap(doc).find("terrain: m 6.76 mud"), std::string::npos) << "written as read";
}

TEST(Limits, TheDearestCostsSumToAFiniteCost) {
  // The integer cost model's 14 per diagonal step times kMaxCost on every cell, and a portal
  // of kMaxCost: the sums stay finite (limits.h's bound), and ordering still works.
  Grid grid(64, 64);
  grid.setCostModel(CostModel::Integer);
  grid.setDiagonal(DiagonalMovement::Always);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) ASSERT_TRUE(grid.setCost(x, y, kMaxCost).ok());
  ASSERT_TRUE(grid.addPortal(0, 0, 63, 0, kMaxCost, true).ok());
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra}) {
    SearchOptions options;
    options.algorithm = a;
    const PathResult r = findPath(grid, grid.index(0, 63), grid.index(63, 0), options);
    ASSERT_EQ(r.status, SearchStatus::Found);
    EXPECT_TRUE(std::isfinite(r.stats.pathCost));
    // 63 straight steps up (10 each) and the portal, cheaper than 63 diagonal steps (14 each).
    EXPECT_NEAR(r.stats.pathCost, (63 * 10 + 1) * kMaxCost, 1e-12 * 631 * kMaxCost) << algorithmName(a);
  }
}
