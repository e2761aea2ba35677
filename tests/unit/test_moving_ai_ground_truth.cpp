// Moving AI ground truth: every scenario row's optimal length, by every optimal search.
// The release build checks every row of all 13 maps (about a minute on 2 cores). The ASan
// build, ~5x slower, checks every 16th row of the four maps named in the issue, and every
// row of all 13 with ASTAR_LONG_TESTS=1 (`make test-long`). Skips with a message when
// ../shared/maps-bench is absent.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "astar/search.h"
#include "bench_maps.h"
#include "sampling.h"

using namespace astar;

namespace {

struct GroundTruthCase {
  const char* map;
  bool inShortSet;  // one of the four maps the ASan build checks by default
};

using astar::testing::kSanitized;
using astar::testing::longRun;
bool shortRun() { return kSanitized && !longRun(); }

class GroundTruth : public ::testing::TestWithParam<GroundTruthCase> {};

void checkEveryRow(const char* name, Algorithm algorithm) {
  MapDocument map;
  Scenario scenario;
  const std::string problem = astar::testing::loadBenchMap(name, map, scenario);
  ASSERT_TRUE(problem.empty()) << problem;
  ASSERT_FALSE(scenario.rows.empty());
  map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
  GridSearch search(map.grid);
  SearchOptions options;
  options.algorithm = algorithm;
  int mismatches = 0;
  const std::size_t stride = shortRun() ? 16 : 1;
  for (std::size_t i = 0; i < scenario.rows.size(); i += stride) {
    const ScenarioRow& row = scenario.rows[i];
    ASSERT_EQ(row.mapWidth, map.grid.width()) << "line " << row.line;
    ASSERT_EQ(row.mapHeight, map.grid.height()) << "line " << row.line;
    const NodeId start = map.grid.index(row.startX, row.startY), goal = map.grid.index(row.goalX, row.goalY);
    ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress)
        << "line " << row.line << ": " << search.message();
    ASSERT_EQ(search.run(), SearchStatus::Found) << name << " line " << row.line;
    // The scenario's own tolerance (from its printed precision), and at least 1e-4 relative.
    const double tolerance = std::max(row.tolerance, 1e-4 * row.optimalLength);
    if (std::fabs(search.stats().pathCost - row.optimalLength) > tolerance) {
      ADD_FAILURE() << name << " line " << row.line << ": cost " << search.stats().pathCost << ", optimal "
                    << row.optimalText;
      if (++mismatches > 10) return;
    }
  }
  ::testing::Test::RecordProperty("rows", static_cast<int>(scenario.rows.size()));
}

// Why this map does not run here (empty: it runs).
std::string skipReason(const GroundTruthCase& c) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    return "Moving AI maps not found at " + astar::testing::benchDir() + " (set ASTAR_MAPS_BENCH)";
  if (shortRun() && !c.inShortSet)
    return std::string(c.map) + ": the sanitized build checks it only with ASTAR_LONG_TESTS=1 (make test-long)";
  return "";
}

}  // namespace

TEST_P(GroundTruth, AStarMatchesEveryRow) {
  if (const std::string why = skipReason(GetParam()); !why.empty()) GTEST_SKIP() << why;
  checkEveryRow(GetParam().map, Algorithm::AStar);
}

TEST_P(GroundTruth, JumpPointMatchesEveryRow) {
  if (const std::string why = skipReason(GetParam()); !why.empty()) GTEST_SKIP() << why;
  checkEveryRow(GetParam().map, Algorithm::JumpPoint);
}

INSTANTIATE_TEST_SUITE_P(MovingAi, GroundTruth,
                         ::testing::Values(GroundTruthCase{"arena", true}, GroundTruthCase{"den312d", true},
                                           GroundTruthCase{"ost003d", true}, GroundTruthCase{"maze512-1-0", true},
                                           GroundTruthCase{"lak303d", false}, GroundTruthCase{"brc202d", false},
                                           GroundTruthCase{"AR0011SR", false}, GroundTruthCase{"Aftershock", false},
                                           GroundTruthCase{"random512-10-0", false},
                                           GroundTruthCase{"random512-40-0", false},
                                           GroundTruthCase{"8room_000", false}, GroundTruthCase{"Berlin_0_256", false},
                                           GroundTruthCase{"Paris_0_1024", false}),
                         [](const ::testing::TestParamInfo<GroundTruthCase>& param) {
                           std::string name = param.param.map;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
