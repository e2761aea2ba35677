// Theta* and Lazy Theta* (Algorithm::Theta, Algorithm::LazyTheta): on random maps with terrain,
// wrap, portals and one-way cells they find a path exactly when Dijkstra does, and every path is
// valid (each step a clear segment under core/search/src/any_angle.h's rule, or an explicit
// move; on plane maps, where the vertices are cell corners, a clear polyline in the plane);
// on plane maps the length lies between the exact
// any-angle optimum (tests/support/any_angle_reference.h) and the 8-connected grid optimum; on
// the 13 shared Moving AI maps too (a few rows per map, fewer under ASan; 200 in the release
// build with ASTAR_LONG_TESTS=1, make test-long), where the mean and worst ratio to the exact optimum are
// printed and recorded per map, and Theta*'s mean is at most 1.01.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "any_angle_reference.h"
#include "astar/path_cost.h"
#include "astar/search.h"
#include "bench_maps.h"
#include "reference.h"
#include "sampling.h"

using namespace astar;
using namespace astar::testing;

namespace {

using astar::testing::kSanitized;

constexpr Algorithm kAnyAngle[] = {Algorithm::Theta, Algorithm::LazyTheta};

// The cost of the straight segment between two cell centres under the terrain rule (every cell
// it crosses has the first one's cost and no one-way rule; straightCost x cost x length), or a
// negative value. Crossed cells are found by sampling the open segment away from grid lines.
double sampledSegmentCost(const Grid& grid, NodeId a, NodeId b) {
  const PlanePoint pa = cellCentre(grid, a), pb = cellCentre(grid, b);
  if (!segmentIsClear(grid, pa, pb)) return -1.0;
  const double cost = grid.cost(a);
  constexpr int kSamples = 4001;
  for (int i = 1; i < kSamples; ++i) {
    const double t = static_cast<double>(i) / kSamples;
    const double x = (pa.x + t * static_cast<double>(pb.x - pa.x)) / 2.0;
    const double y = (pa.y + t * static_cast<double>(pb.y - pa.y)) / 2.0;
    if (std::fabs(x - std::round(x)) < 1e-6 || std::fabs(y - std::round(y)) < 1e-6) continue;
    const NodeId n = grid.index(static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y)));
    if (grid.cost(n) != cost || grid.entryMask(n) != kAllDirections) return -1.0;
  }
  return grid.straightCost() * cost * planeDistance(pa, pb);
}

// The path in the plane: its corner-lattice points (half-cell units), or its cells' centres.
std::vector<PlanePoint> planePoints(const Grid& grid, const GridSearch& search) {
  std::vector<PlanePoint> points;
  for (const PathPoint& p : search.pathPoints())
    points.push_back(
        {static_cast<std::int64_t>(std::lround(2 * p.x)), static_cast<std::int64_t>(std::lround(2 * p.y))});
  if (points.empty())
    for (NodeId n : search.path()) points.push_back(cellCentre(grid, n));
  return points;
}

// Each step of the path is an explicit move or a clear segment, and the search's g rises by
// that step's cost (one of them) along the path. On the corner lattice (plane maps: one cost),
// the points from the start's centre to the goal's form a clear polyline costing the path's cost.
::testing::AssertionResult isValidThetaPath(const Grid& grid, const GridSearch& search) {
  if (!search.pathPoints().empty()) {
    const std::vector<PlanePoint> points = planePoints(grid, search);
    const NodeId start = search.path().front(), goal = search.path().back();
    if (!(points.front() == cellCentre(grid, start)) || !(points.back() == cellCentre(grid, goal)))
      return ::testing::AssertionFailure() << "the points do not join the start's and the goal's centres";
    if (!planePathIsClear(grid, points)) return ::testing::AssertionFailure() << "a segment has no line of sight";
    const double cost = grid.straightCost() * grid.cost(start) * planePathLength(points);
    if (std::fabs(cost - search.stats().pathCost) > 1e-9 * (1.0 + cost))
      return ::testing::AssertionFailure() << "the points cost " << cost << ", the search " << search.stats().pathCost;
    return ::testing::AssertionSuccess();
  }
  const std::span<const NodeId> path = search.path();
  for (std::size_t i = 1; i < path.size(); ++i) {
    const double rise = search.g(path[i]) - search.g(path[i - 1]);
    const double tolerance = 1e-9 * (1.0 + search.g(path[i]));
    bool matched = false;
    for (const Edge& e : referenceMoves(grid, path[i - 1]))
      if (e.to == path[i] && std::fabs(e.cost - rise) <= tolerance) matched = true;
    const double segment = sampledSegmentCost(grid, path[i - 1], path[i]);
    if (segment >= 0.0 && std::fabs(segment - rise) <= tolerance) matched = true;
    if (!matched)
      return ::testing::AssertionFailure()
             << "step " << i << " from (" << grid.xOf(path[i - 1]) << "," << grid.yOf(path[i - 1]) << ") to ("
             << grid.xOf(path[i]) << "," << grid.yOf(path[i]) << ") costing " << rise
             << " is neither a move nor a clear segment of that cost (segment: " << segment << ")";
  }
  if (std::fabs(search.g(path.back()) - search.stats().pathCost) > 1e-9 * (1.0 + search.stats().pathCost))
    return ::testing::AssertionFailure() << "the path's cost is not the goal's g";
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(Theta, FindsAPathExactlyWhenDijkstraDoesAndEveryStepIsValid) {
  Rng rng(3401);
  RandomMapOptions o;  // terrain, wrap, portals, one-way cells, every diagonal rule and cost model
  o.maxSide = 20;
  int found = 0, shortcuts = 0, corners = 0;
  for (int map = 0; map < 400; ++map) {
    const bool plane = map % 3 == 0;  // one map in three plain: the corner lattice
    o.terrainChance = plane ? 0.0 : 0.3;
    o.wrap = !plane;
    o.maxPortals = plane ? 0 : 3;
    o.oneWayChance = plane ? 0.0 : 0.03;
    const Grid grid = randomGrid(rng, o);
    const NodeId start = randomPassable(rng, grid), goal = randomPassable(rng, grid);
    if (start == kNoNode) continue;
    const bool reachable = std::isfinite(referenceDistances(grid, start)[goal]);
    for (const Algorithm algorithm : kAnyAngle) {
      GridSearch search(grid);
      SearchOptions options;
      options.algorithm = algorithm;
      options.heuristic = static_cast<Heuristic>(rng.below(4));
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
      ASSERT_EQ(search.run() == SearchStatus::Found, reachable) << algorithmName(algorithm) << " map " << map;
      if (!reachable) continue;
      ++found;
      EXPECT_TRUE(isValidThetaPath(grid, search)) << algorithmName(algorithm) << " map " << map;
      corners += !search.pathPoints().empty();
      if (!search.pathPoints().empty()) {
        const std::vector<PlanePoint> points = planePoints(grid, search);
        for (std::size_t i = 1; i < points.size(); ++i) shortcuts += planeDistance(points[i - 1], points[i]) > 1.5;
        continue;
      }
      // What the CLI and the benchmarks walk: the same cost.
      EXPECT_NEAR(anyAnglePathCost(grid, search.path()), search.stats().pathCost, 1e-9 * (1 + search.stats().pathCost))
          << algorithmName(algorithm) << " map " << map;
      for (std::size_t i = 1; i < search.path().size(); ++i) {
        const NodeId a = search.path()[i - 1], b = search.path()[i];
        shortcuts += std::abs(grid.xOf(a) - grid.xOf(b)) > 1 || std::abs(grid.yOf(a) - grid.yOf(b)) > 1;
      }
    }
  }
  EXPECT_GT(found, 400);
  EXPECT_GT(shortcuts, 200);  // the rows do take shortcuts, not only moves
  EXPECT_GT(corners, 20);     // both lattices were searched
  EXPECT_LT(corners, found - 20);
}

TEST(Theta, PlaneLengthIsBetweenTheExactOptimumAndTheGridOptimum) {
  Rng rng(3402);
  RandomMapOptions o;
  o.maxSide = 24;
  o.terrainChance = 0.0;
  o.wrap = false;
  o.maxPortals = 0;
  o.oneWayChance = 0.0;
  o.randomMovement = false;  // 8-connected, no corner cutting, real costs: the grid optimum is octile
  int compared = 0;
  for (int map = 0; map < 300; ++map) {
    o.wallDensity = 0.1 + 0.3 * rng.unit();
    const Grid grid = randomGrid(rng, o);
    const NodeId start = randomPassable(rng, grid), goal = randomPassable(rng, grid);
    if (start == kNoNode) continue;
    const double gridOptimum = referenceDistances(grid, start)[goal];
    if (!std::isfinite(gridOptimum)) continue;
    const double exact = shortestPlanePath(grid, start, goal).length;
    for (const Algorithm algorithm : kAnyAngle) {
      GridSearch search(grid);
      SearchOptions options;
      options.algorithm = algorithm;
      options.heuristic = Heuristic::Euclidean;
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress);
      ASSERT_EQ(search.run(), SearchStatus::Found);
      const double length = search.stats().pathCost;
      EXPECT_GE(length, exact - 1e-9) << algorithmName(algorithm) << " map " << map;
      EXPECT_LE(length, gridOptimum + 1e-9) << algorithmName(algorithm) << " map " << map;
      const std::vector<PlanePoint> points = planePoints(grid, search);
      EXPECT_FALSE(search.pathPoints().empty()) << "a plane map: the corner lattice";
      EXPECT_TRUE(planePathIsClear(grid, points)) << algorithmName(algorithm) << " map " << map;
      EXPECT_NEAR(planePathLength(points), length, 1e-9 * (1 + length));
      ++compared;
    }
  }
  EXPECT_GT(compared, 400);
}

TEST(Theta, InspectedParentsOfTheCornerLatticeEndAtTheStart) {
  // The page follows parent() from cell to cell: on the corner lattice every chain must end.
  Rng rng(3404);
  RandomMapOptions o = plainMapOptions(3, 16, 0.25);
  int chains = 0;
  for (int map = 0; map < 100; ++map) {
    const Grid grid = randomGrid(rng, o);
    const NodeId start = randomPassable(rng, grid), goal = randomPassable(rng, grid);
    if (start == kNoNode) continue;
    GridSearch search(grid);
    SearchOptions options;
    options.algorithm = kAnyAngle[map % 2];
    ASSERT_NE(search.begin(start, goal, options), SearchStatus::InvalidInput);
    search.step(1 + rng.below(40));  // part-way, or done
    for (NodeId n = 0; n < grid.cellCount(); ++n) {
      NodeId at = n;
      NodeId steps = 0;
      while (search.parent(at) != kNoNode && steps <= grid.cellCount()) {
        at = search.parent(at);
        ASSERT_LT(at, grid.cellCount());
        ++steps;
      }
      ASSERT_LE(steps, grid.cellCount()) << "map " << map << ": a cycle of parents from cell " << n;
      chains += steps > 0;
    }
  }
  EXPECT_GT(chains, 500);
}

TEST(Theta, TerrainShortcutsStayOnOneCost) {
  // A straight run across a band of cost 3: the segment may not cross the band, so the path
  // bends at its edge (or steps through it as moves), and costs what its steps cost.
  const Grid grid = gridFromRows({".........", ".........", "...333...", ".........", "........."});
  GridSearch search(grid);
  SearchOptions options;
  options.algorithm = Algorithm::Theta;
  options.heuristic = Heuristic::Euclidean;
  ASSERT_EQ(search.begin(grid.index(0, 2), grid.index(8, 2), options), SearchStatus::InProgress);
  ASSERT_EQ(search.run(), SearchStatus::Found);
  EXPECT_TRUE(isValidThetaPath(grid, search));
  EXPECT_GT(search.stats().pathCost, 8.0);  // not the straight line through the band
  EXPECT_LT(search.stats().pathCost, 8.0 + 2.0 * 3);
}

TEST(Theta, RefusesHexGrids) {
  Grid hex(6, 6);
  ASSERT_FALSE(hex.setTopology(Topology::Hex));
  for (const Algorithm algorithm : kAnyAngle) {
    SearchOptions options;
    options.algorithm = algorithm;
    GridSearch search(hex);
    EXPECT_EQ(search.begin(0, 7, options), SearchStatus::InvalidInput);
    EXPECT_NE(std::string(search.message()).find("square grids only"), std::string::npos) << search.message();
    EXPECT_TRUE(algorithmInfo(algorithm).anyAngle);
    EXPECT_FALSE(algorithmInfo(algorithm).optimal);
  }
}

namespace {

struct MovingAiCase {
  const char* map;
  std::size_t rows = 10;  // in make test; the exact reference takes seconds per row on the big open maps
};

// The map's name, not the struct's bytes (a pointer's): ctest's test names stay the same across builds.
void PrintTo(const MovingAiCase& c, std::ostream* os) { *os << c.map; }

class ThetaOnMovingAi : public ::testing::TestWithParam<MovingAiCase> {};

}  // namespace

TEST_P(ThetaOnMovingAi, PathsAreValidAndCloseToTheExactOptimum) {
  if (!std::filesystem::exists(benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << benchDir() << " (set ASTAR_MAPS_BENCH)";
  MapDocument map;
  Scenario scenario;
  const std::string problem = loadBenchMap(GetParam().map, map, scenario);
  ASSERT_TRUE(problem.empty()) << problem;
  map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
  const std::size_t sampled = kSanitized ? std::max<std::size_t>(1, GetParam().rows / 3) : GetParam().rows;
  // make test-long measures 200 rows per map in the release build (the reference is ~10x slower under ASan).
  const bool longRun = astar::testing::longRun() && !kSanitized;
  const std::size_t rows = longRun ? 200 : sampled;
  const std::size_t stride = std::max<std::size_t>(1, scenario.rows.size() / rows);
  GridSearch search(map.grid);
  double sum[2] = {}, worst[2] = {};
  int count = 0;
  for (std::size_t i = stride / 2; i < scenario.rows.size() && count < static_cast<int>(rows); i += stride) {
    const ScenarioRow& row = scenario.rows[i];
    const NodeId start = map.grid.index(row.startX, row.startY), goal = map.grid.index(row.goalX, row.goalY);
    const PlanePath exact = shortestPlanePath(map.grid, start, goal);
    ASSERT_TRUE(exact.found) << "line " << row.line;
    for (int a = 0; a < 2; ++a) {
      SearchOptions options;
      options.algorithm = kAnyAngle[a];
      options.heuristic = Heuristic::Euclidean;
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
      ASSERT_EQ(search.run(), SearchStatus::Found) << "line " << row.line;
      const double length = search.stats().pathCost;
      const std::vector<PlanePoint> points = planePoints(map.grid, search);
      EXPECT_TRUE(planePathIsClear(map.grid, points)) << algorithmName(kAnyAngle[a]) << " line " << row.line;
      EXPECT_GE(length, exact.length - 1e-6) << algorithmName(kAnyAngle[a]) << " line " << row.line;
      EXPECT_LE(length, row.optimalLength + std::max(row.tolerance, 1e-6))
          << algorithmName(kAnyAngle[a]) << " line " << row.line;
      const double ratio = exact.length > 0 ? length / exact.length : 1.0;
      sum[a] += ratio;
      worst[a] = std::max(worst[a], ratio);
    }
    ++count;
  }
  ASSERT_GT(count, 0);
  for (int a = 0; a < 2; ++a) {
    const double mean = sum[a] / count;
    std::cout << GetParam().map << " " << algorithmName(kAnyAngle[a]) << ": " << count
              << " rows, ratio to the exact optimum mean " << mean << ", worst " << worst[a] << "\n";
    ::testing::Test::RecordProperty(std::string(algorithmName(kAnyAngle[a])) + "_mean_ratio", std::to_string(mean));
    ::testing::Test::RecordProperty(std::string(algorithmName(kAnyAngle[a])) + "_worst_ratio",
                                    std::to_string(worst[a]));
  }
  // Theta* over the corner lattice bends at wall corners as the exact optimum does (issue 34's
  // target); Lazy Theta*'s mean is printed and recorded, not bounded. Figures: bench/README.md.
  EXPECT_LE(sum[0] / count, 1.01) << GetParam().map << " Theta*'s mean ratio";
}

INSTANTIATE_TEST_SUITE_P(SharedMaps, ThetaOnMovingAi,
                         ::testing::Values(MovingAiCase{"arena"}, MovingAiCase{"den312d"}, MovingAiCase{"lak303d"},
                                           MovingAiCase{"ost003d"}, MovingAiCase{"Berlin_0_256"},
                                           MovingAiCase{"AR0011SR"}, MovingAiCase{"brc202d"},
                                           MovingAiCase{"Aftershock"}, MovingAiCase{"8room_000"},
                                           MovingAiCase{"maze512-1-0"}, MovingAiCase{"random512-10-0", 3},
                                           MovingAiCase{"random512-40-0", 3}, MovingAiCase{"Paris_0_1024", 3}),
                         [](const ::testing::TestParamInfo<MovingAiCase>& param) {
                           std::string name = param.param.map;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
