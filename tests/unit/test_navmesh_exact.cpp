// Navigation mesh on uniform maps (navmesh.h): its path is the exact shortest path in the plane.
// On random uniform maps of several wall densities, each under every movement rule, the path is
// found exactly when the reference Dijkstra finds one, is valid (navmesh_paths.h), has the length
// of the exact any-angle reference (any_angle_reference.h's visibility graph), and its corridor
// runs from the start's polygon to the goal's through polygons that share a portal. On the 13
// shared Moving AI maps a sample of rows per map (200 with ASTAR_LONG_TESTS=1) gives valid paths
// of the exact optimum's length, none longer than the scenario's 8-connected grid optimum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "any_angle_reference.h"
#include "astar/navmesh.h"
#include "bench_maps.h"
#include "navmesh_paths.h"
#include "reference.h"
#include "sampling.h"

using namespace astar;
using astar::testing::Rng;
using astar::testing::validPath;

namespace {

using astar::testing::kSanitized;

// The corridor starts in the start's polygon, ends in the goal's, and each polygon has a portal
// to the next (what the page draws between them).
::testing::AssertionResult corridorIsJoined(const Grid& g, const NavMesh& mesh, NodeId start, NodeId goal) {
  const std::span<const std::uint32_t> ids = mesh.corridor();
  if (ids.empty()) return ::testing::AssertionFailure() << "empty corridor";
  if (ids.front() != mesh.polygonAt(start) || ids.back() != mesh.polygonAt(goal))
    return ::testing::AssertionFailure() << "the corridor does not run from the start's polygon to the goal's";
  if (ids.size() != mesh.stats().corridorPolygons)
    return ::testing::AssertionFailure() << "stats count " << mesh.stats().corridorPolygons << " polygons";
  std::vector<NavPortal> portals;
  for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
    mesh.portalsOf(ids[i], portals);
    const bool joined =
        std::any_of(portals.begin(), portals.end(), [&](const NavPortal& p) { return p.to == ids[i + 1]; });
    if (!joined)
      return ::testing::AssertionFailure() << "no portal from polygon " << ids[i] << " to " << ids[i + 1] << " ("
                                           << g.width() << "x" << g.height() << ")";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(NavMeshExact, GoesAroundTheEndOfAThinWall) {
  // The wall's lower end is at row 3: the path bends at both of its bottom corners.
  const Grid g = astar::testing::gridFromRows({
      "..#..",
      "..#..",
      "..#..",
      ".....",
  });
  NavMesh mesh(g);
  ASSERT_TRUE(mesh.build().ok());
  std::vector<PathPoint> points;
  ASSERT_EQ(mesh.findPath(g.index(0, 0), g.index(4, 0), points), SearchStatus::Found);
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[1].x, 2.0);
  EXPECT_EQ(points[1].y, 3.0);
  EXPECT_EQ(points[2].x, 3.0);
  EXPECT_EQ(points[2].y, 3.0);
  EXPECT_NEAR(mesh.stats().pathLength, 2.0 * std::hypot(1.5, 2.5) + 1.0, 1e-12);
  EXPECT_TRUE(corridorIsJoined(g, mesh, g.index(0, 0), g.index(4, 0)));
}

// Each random map under all four movement rules (the squeeze between diagonal walls only under
// Always); length within 1e-9 relative of the reference's, found iff Dijkstra finds a path.
TEST(NavMeshExact, RandomUniformMapsGiveTheExactOptimum) {
  Rng rng(3403);
  std::vector<PathPoint> points;
  int found = 0, none = 0, squeezes = 0;
  const int maps = kSanitized ? 60 : 500;
  const double densities[] = {0.1, 0.25, 0.4};
  for (int i = 0; i < maps; ++i) {
    astar::testing::RandomMapOptions o = astar::testing::meshMaps(false);
    o.maxSide = 40;
    o.wallDensity = densities[i % 3];
    Grid g = astar::testing::randomGrid(rng, o);
    for (int rule = 0; rule < kMovementCount; ++rule) {
      g.setDiagonal(static_cast<DiagonalMovement>(rule));
      NavMesh mesh(g);
      ASSERT_TRUE(mesh.build().ok());
      for (int q = 0; q < 3; ++q) {
        const NodeId start = astar::testing::randomPassable(rng, g), goal = astar::testing::randomPassable(rng, g);
        if (start == kNoNode) break;
        const bool reachable = std::isfinite(astar::testing::referenceDistances(g, start)[goal]);
        const std::string where = "map " + std::to_string(i) + " " + movementName(g.diagonal()) + " from " +
                                  std::to_string(g.xOf(start)) + "," + std::to_string(g.yOf(start)) + " to " +
                                  std::to_string(g.xOf(goal)) + "," + std::to_string(g.yOf(goal));
        ASSERT_EQ(mesh.findPath(start, goal, points), reachable ? SearchStatus::Found : SearchStatus::NoPath) << where;
        if (!reachable) {
          ++none;
          continue;
        }
        ++found;
        ASSERT_TRUE(validPath(g, points, start, goal)) << where;
        ASSERT_TRUE(corridorIsJoined(g, mesh, start, goal)) << where;
        const astar::testing::PlanePath best = astar::testing::shortestPlanePath(g, start, goal);
        ASSERT_TRUE(best.found) << where;
        ASSERT_NEAR(mesh.stats().pathLength, best.length, 1e-9 * (1.0 + best.length)) << where;
        EXPECT_NEAR(astar::testing::pathLength(points), mesh.stats().pathLength, 1e-9) << where;
        EXPECT_NEAR(mesh.stats().pathCost, mesh.stats().pathLength * g.straightCost(), 1e-9) << where;
        // Paths through a gap of no width: the rule that allows them is exercised.
        const std::vector<astar::testing::PlanePoint> plane = astar::testing::toPlane(points);
        for (std::size_t k = 1; k + 1 < plane.size(); ++k)
          squeezes += g.diagonal() == DiagonalMovement::Always && plane[k].x % 2 == 0 && plane[k].y % 2 == 0 &&
                      astar::testing::any_angle_detail::isSqueezePoint(g, plane[k].x / 2, plane[k].y / 2);
      }
    }
  }
  std::printf(
      "[ navmesh  ] %d uniform maps x 4 rules: %d paths equal to the exact optimum, %d without a path, "
      "%d bends at squeeze points\n",
      maps, found, none, squeezes);
  EXPECT_GT(found, maps * 4);
  EXPECT_GT(none, 10);
  EXPECT_GT(squeezes, 0);
}

namespace {

const char* const kMovingAiMaps[] = {"arena",     "den312d",      "ost003d",     "maze512-1-0",    "lak303d",
                                     "brc202d",   "AR0011SR",     "Aftershock",  "random512-10-0", "random512-40-0",
                                     "8room_000", "Berlin_0_256", "Paris_0_1024"};

}  // namespace

// Every sampled row: a valid path of the exact optimum's length (within 1e-6) and no longer than
// the scenario's octile length; the rows longer than that optimum are counted and must be none.
// Release: 20 rows per map; ASan: 3. With ASTAR_LONG_TESTS=1 (make test-long) every row is
// searched and checked for line of sight and the grid bound, and in the release build 200 rows
// per map are measured against the exact optimum (the reference takes about half a second a row
// in release, ten times that under ASan: every row would take hours).
TEST(NavMesh, MovingAiPathsAreTheExactOptimum) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  const bool everyRow = astar::testing::longRun();
  const std::size_t sample = kSanitized ? 3 : everyRow ? 200 : 20;
  std::printf(
      "| map | rows | polygons | portals | build ms | KiB | mean / exact optimum | worst | longer than grid |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  std::vector<PathPoint> points;
  for (const char* name : kMovingAiMaps) {
    MapDocument map;
    Scenario scenario;
    const std::string problem = astar::testing::loadBenchMap(name, map, scenario);
    ASSERT_TRUE(problem.empty()) << problem;
    map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
    const Grid& g = map.grid;
    NavMesh mesh(g);
    ASSERT_TRUE(mesh.build().ok());
    const NavMeshStats built = mesh.stats();
    const std::size_t stride = std::max<std::size_t>(1, scenario.rows.size() / sample);
    double sum = 0.0, worst = 0.0;
    int rows = 0, longerThanGrid = 0;
    for (std::size_t i = everyRow ? 0 : stride / 2; i < scenario.rows.size(); i += everyRow ? 1 : stride) {
      const ScenarioRow& row = scenario.rows[i];
      const NodeId start = g.index(row.startX, row.startY), goal = g.index(row.goalX, row.goalY);
      ASSERT_EQ(mesh.findPath(start, goal, points), SearchStatus::Found) << name << " line " << row.line;
      ASSERT_TRUE(validPath(g, points, start, goal)) << name << " line " << row.line;
      longerThanGrid += mesh.stats().pathLength > row.optimalLength + row.tolerance;
      if (i % stride != stride / 2) continue;  // every row (test-long): only the sample is measured
      const astar::testing::PlanePath best = astar::testing::shortestPlanePath(g, start, goal);
      ASSERT_TRUE(best.found) << name << " line " << row.line;
      EXPECT_NEAR(mesh.stats().pathLength, best.length, 1e-6) << name << " line " << row.line;
      const double ratio = best.length > 0.0 ? mesh.stats().pathLength / best.length : 1.0;
      sum += ratio;
      worst = std::max(worst, ratio);
      ++rows;
    }
    std::printf("| %s | %d | %u | %llu | %.2f | %zu | %.4f | %.4f | %d |\n", name, rows, built.polygons,
                static_cast<unsigned long long>(built.portals), built.buildMilliseconds, built.bytes / 1024,
                rows ? sum / rows : 0.0, worst, longerThanGrid);
    EXPECT_GT(rows, 0) << name;
    EXPECT_EQ(longerThanGrid, 0) << name;
  }
}
