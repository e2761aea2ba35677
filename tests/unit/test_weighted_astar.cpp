// Weighted A* on the Moving AI maps: every cost within w x optimal, and less work than A*
// (it does not reopen closed nodes unless asked). 200 rows per map spread over all buckets
// in the release build, every row with ASTAR_LONG_TESTS=1 (make test-long), 25 rows per map
// in the sanitizer build. Prints expansions per map against A*'s. Skips with a message when
// ../shared/maps-bench is absent.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "astar/search.h"
#include "bench_maps.h"
#include "sampling.h"

using namespace astar;

namespace {

constexpr std::size_t kRowsPerMap = astar::testing::kSanitized ? 25 : 200;

const char* const kMaps[] = {"arena",     "den312d",      "ost003d",     "maze512-1-0",    "lak303d",
                             "brc202d",   "AR0011SR",     "Aftershock",  "random512-10-0", "random512-40-0",
                             "8room_000", "Berlin_0_256", "Paris_0_1024"};
const double kWeights[] = {1.2, 1.5, 3.0};

}  // namespace

TEST(WeightedAStar, StaysWithinItsBoundAndExpandsLessThanAStarOnTheMovingAiMaps) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  const bool everyRow = astar::testing::longRun();
  std::uint64_t totalAStar = 0, totalWeighted[3] = {};
  std::printf("%-16s %6s %12s %12s %12s %12s\n", "map", "rows", "A*", "w=1.2", "w=1.5", "w=3");
  for (const char* name : kMaps) {
    MapDocument map;
    Scenario scenario;
    const std::string problem = astar::testing::loadBenchMap(name, map, scenario);
    ASSERT_TRUE(problem.empty()) << problem;
    map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
    GridSearch search(map.grid);
    const std::size_t rows = scenario.rows.size();
    const std::size_t stride = everyRow ? 1 : std::max<std::size_t>(1, rows / kRowsPerMap);
    std::uint64_t aStar = 0, weighted[3] = {};
    std::size_t checked = 0;
    for (std::size_t i = 0; i < rows; i += stride, ++checked) {
      const ScenarioRow& row = scenario.rows[i];
      const NodeId start = map.grid.index(row.startX, row.startY), goal = map.grid.index(row.goalX, row.goalY);
      const double tolerance = std::max(row.tolerance, 1e-4 * row.optimalLength);
      SearchOptions options;
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
      ASSERT_EQ(search.run(), SearchStatus::Found) << name << " line " << row.line;
      aStar += search.stats().expanded;
      options.algorithm = Algorithm::WeightedAStar;
      for (int w = 0; w < 3; ++w) {
        options.weight = kWeights[w];
        ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
        ASSERT_EQ(search.run(), SearchStatus::Found) << name << " line " << row.line;
        EXPECT_LE(search.stats().pathCost, kWeights[w] * row.optimalLength + tolerance)
            << name << " line " << row.line << " w = " << kWeights[w];
        EXPECT_GE(search.stats().pathCost, row.optimalLength - tolerance) << name << " line " << row.line;
        EXPECT_EQ(search.stats().reopened, 0u) << "no reopening unless asked";
        weighted[w] += search.stats().expanded;
      }
    }
    std::printf("%-16s %6zu %12llu %12llu %12llu %12llu\n", name, checked, static_cast<unsigned long long>(aStar),
                static_cast<unsigned long long>(weighted[0]), static_cast<unsigned long long>(weighted[1]),
                static_cast<unsigned long long>(weighted[2]));
    for (int w = 0; w < 3; ++w) {
      EXPECT_LE(static_cast<double>(weighted[w]), 1.1 * static_cast<double>(aStar))
          << name << ": weighted A* (w = " << kWeights[w] << ") expanded " << weighted[w] << " nodes, A* " << aStar;
      totalWeighted[w] += weighted[w];
    }
    totalAStar += aStar;
  }
  for (int w = 0; w < 3; ++w) EXPECT_LT(totalWeighted[w], totalAStar) << "w = " << kWeights[w] << " over all 13 maps";
  std::printf("%-16s %6s %12llu %12llu %12llu %12llu\n", "total", "", static_cast<unsigned long long>(totalAStar),
              static_cast<unsigned long long>(totalWeighted[0]), static_cast<unsigned long long>(totalWeighted[1]),
              static_cast<unsigned long long>(totalWeighted[2]));
}

TEST(WeightedAStar, ReopeningIsAnOptionAndKeepsTheBound) {
  // The documented option: reopening closed nodes may find cheaper paths; both stay within w.
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  MapDocument map;
  Scenario scenario;
  const std::string problem = astar::testing::loadBenchMap("Berlin_0_256", map, scenario);
  ASSERT_TRUE(problem.empty()) << problem;
  map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  GridSearch search(map.grid);
  std::uint64_t reopened = 0;
  for (std::size_t i = 0; i < scenario.rows.size(); i += 37) {
    const ScenarioRow& row = scenario.rows[i];
    SearchOptions options;
    options.algorithm = Algorithm::WeightedAStar;
    options.weight = 1.5;
    options.reopenClosed = true;
    ASSERT_EQ(search.begin(map.grid.index(row.startX, row.startY), map.grid.index(row.goalX, row.goalY), options),
              SearchStatus::InProgress);
    ASSERT_EQ(search.run(), SearchStatus::Found);
    EXPECT_LE(search.stats().pathCost, 1.5 * row.optimalLength + std::max(row.tolerance, 1e-4 * row.optimalLength));
    reopened += search.stats().reopened;
  }
  EXPECT_GT(reopened, 0u) << "with the option on, some closed node is reopened on this city map";
}
