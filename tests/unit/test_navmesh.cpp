// Navigation mesh (navmesh.h): the mesh covers exactly the free cells with disjoint rectangles of
// one cost and symmetric portals on shared edges; the funnel's path is straight where it can be
// and bends at wall corners; on random maps with terrain and every movement rule it finds a path
// exactly when the reference Dijkstra does, every segment has line of sight (the exact any-angle
// reference's rule, any_angle_reference.h, and this file's stricter one), and on uniform maps its
// length is at least the exact optimum in the plane; after random edits refresh() equals a fresh
// build; on the 13 shared Moving AI maps a sample of rows per map (every row with
// ASTAR_LONG_TESTS=1) gives valid paths whose mean length is at most 1.02 x the exact optimum.
// The path is not always at most the 8-connected grid optimum (the corridor is chosen on
// estimates): how often it is longer is printed, not asserted.
#include "astar/navmesh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "any_angle_reference.h"
#include "bench_maps.h"
#include "reference.h"

using namespace astar;
using astar::testing::Rng;

namespace {

#ifdef ASTAR_SANITIZED_BUILD
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

bool blocked(const Grid& g, int x, int y) { return !g.contains(x, y) || !g.passable(x, y); }

// The rule a path in the plane is held to, written from the map (not from the mesh): a segment
// may run along a wall's edge or touch its corner, but never meet the inside of a wall cell or
// leave the map, and (except with DiagonalMovement::Always) never pass a grid vertex where two
// diagonally opposite cells are walls or off the map (a gap of no width). Coordinates are
// multiples of 1/2, so every product below is exact.
::testing::AssertionResult segmentClear(const Grid& g, const PathPoint& a, const PathPoint& b) {
  if (a.x == b.x && a.y == b.y) return ::testing::AssertionSuccess();
  const int x0 = static_cast<int>(std::floor(std::min(a.x, b.x))) - 1,
            x1 = static_cast<int>(std::ceil(std::max(a.x, b.x)));
  const int y0 = static_cast<int>(std::floor(std::min(a.y, b.y))) - 1,
            y1 = static_cast<int>(std::ceil(std::max(a.y, b.y)));
  auto side = [&](double px, double py) { return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x); };
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      if (!blocked(g, x, y)) continue;
      // Disjoint from the open square iff a square edge's line or the segment's line separates them.
      if (std::max(a.x, b.x) <= x || std::min(a.x, b.x) >= x + 1 || std::max(a.y, b.y) <= y ||
          std::min(a.y, b.y) >= y + 1)
        continue;
      const double s[4] = {side(x, y), side(x + 1, y), side(x, y + 1), side(x + 1, y + 1)};
      if (std::all_of(s, s + 4, [](double v) { return v >= 0; }) ||
          std::all_of(s, s + 4, [](double v) { return v <= 0; }))
        continue;
      return ::testing::AssertionFailure() << "segment (" << a.x << "," << a.y << ")-(" << b.x << "," << b.y
                                           << ") enters blocked cell (" << x << "," << y << ")";
    }
  if (g.diagonal() == DiagonalMovement::Always) return ::testing::AssertionSuccess();
  for (int y = y0; y <= y1 + 1; ++y)
    for (int x = x0; x <= x1 + 1; ++x) {
      const bool pinch =
          (blocked(g, x, y - 1) && blocked(g, x - 1, y)) || (blocked(g, x - 1, y - 1) && blocked(g, x, y));
      if (!pinch || side(x, y) != 0.0) continue;
      if (x < std::min(a.x, b.x) || x > std::max(a.x, b.x) || y < std::min(a.y, b.y) || y > std::max(a.y, b.y))
        continue;
      return ::testing::AssertionFailure() << "segment (" << a.x << "," << a.y << ")-(" << b.x << "," << b.y
                                           << ") passes the gap at vertex (" << x << "," << y << ")";
    }
  return ::testing::AssertionSuccess();
}

std::vector<astar::testing::PlanePoint> toPlane(const std::vector<PathPoint>& points) {
  std::vector<astar::testing::PlanePoint> out;
  for (const PathPoint& p : points)
    out.push_back({static_cast<std::int64_t>(std::lround(2 * p.x)), static_cast<std::int64_t>(std::lround(2 * p.y))});
  return out;
}

double pathLength(const std::vector<PathPoint>& points) {
  double sum = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i)
    sum += std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return sum;
}

::testing::AssertionResult validPath(const Grid& g, const std::vector<PathPoint>& points, NodeId start, NodeId goal) {
  if (points.empty()) return ::testing::AssertionFailure() << "no points";
  if (points.front().x != g.xOf(start) + 0.5 || points.front().y != g.yOf(start) + 0.5)
    return ::testing::AssertionFailure() << "does not begin at the start's centre";
  if (points.back().x != g.xOf(goal) + 0.5 || points.back().y != g.yOf(goal) + 0.5)
    return ::testing::AssertionFailure() << "does not end at the goal's centre";
  for (std::size_t i = 1; i < points.size(); ++i)
    if (auto r = segmentClear(g, points[i - 1], points[i]); !r) return r;
  const std::vector<astar::testing::PlanePoint> plane = toPlane(points);
  if (!astar::testing::planePathIsClear(g, plane))
    return ::testing::AssertionFailure() << "the reference finds a segment not clear";
  return ::testing::AssertionSuccess();
}

// The mesh covers exactly the free cells, each polygon's cells have its cost, and every portal
// lies on the shared boundary of its two rectangles and is stored by both.
::testing::AssertionResult meshIsSound(const Grid& g, const NavMesh& mesh) {
  std::vector<int> covered(g.cellCount(), 0);
  std::vector<NavPortal> portals, back;
  for (std::uint32_t id = 0; id < mesh.polygonCount(); ++id) {
    const NavPolygon p = mesh.polygon(id);
    if (p.x0 >= p.x1 || p.y0 >= p.y1) return ::testing::AssertionFailure() << "empty polygon " << id;
    for (int y = p.y0; y < p.y1; ++y)
      for (int x = p.x0; x < p.x1; ++x) {
        const NodeId n = g.index(x, y);
        if (!g.passable(n) || g.cost(n) != p.cost || mesh.polygonAt(n) != id)
          return ::testing::AssertionFailure() << "polygon " << id << " holds cell (" << x << "," << y << ") wrongly";
        ++covered[n];
      }
    mesh.portalsOf(id, portals);
    for (const NavPortal& l : portals) {
      const NavPolygon q = mesh.polygon(l.to);
      auto onBoth = [&](int vx, int vy) {
        return vx >= std::max(p.x0, q.x0) && vx <= std::min(p.x1, q.x1) && vy >= std::max(p.y0, q.y0) &&
               vy <= std::min(p.y1, q.y1);
      };
      if (!onBoth(l.ax, l.ay) || !onBoth(l.bx, l.by) || (l.ax != l.bx && l.ay != l.by))
        return ::testing::AssertionFailure() << "portal " << id << " -> " << l.to << " is not on both boundaries";
      mesh.portalsOf(l.to, back);
      const bool stored = std::any_of(back.begin(), back.end(), [&](const NavPortal& r) {
        return r.to == id && std::min(r.ax, r.bx) == std::min(l.ax, l.bx) &&
               std::min(r.ay, r.by) == std::min(l.ay, l.by);
      });
      if (!stored) return ::testing::AssertionFailure() << "portal " << id << " -> " << l.to << " is one-sided";
    }
  }
  for (NodeId n = 0; n < g.cellCount(); ++n)
    if (covered[n] != (g.passable(n) ? 1 : 0))
      return ::testing::AssertionFailure()
             << "cell (" << g.xOf(n) << "," << g.yOf(n) << ") covered " << covered[n] << " times";
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult sameMesh(const NavMesh& a, const NavMesh& b) {
  if (a.polygonCount() != b.polygonCount())
    return ::testing::AssertionFailure() << a.polygonCount() << " polygons vs " << b.polygonCount();
  std::vector<NavPortal> pa, pb;
  for (std::uint32_t id = 0; id < a.polygonCount(); ++id) {
    if (!(a.polygon(id) == b.polygon(id))) return ::testing::AssertionFailure() << "polygon " << id << " differs";
    a.portalsOf(id, pa);
    b.portalsOf(id, pb);
    if (pa != pb) return ::testing::AssertionFailure() << "portals of polygon " << id << " differ";
  }
  return ::testing::AssertionSuccess();
}

// Random maps the mesh takes: no wrap, portals or one-way cells; terrain and every movement rule.
astar::testing::RandomMapOptions meshMaps(bool terrain) {
  astar::testing::RandomMapOptions o;
  o.minSide = 3;
  o.maxSide = 70;  // several tiles
  o.wrap = false;
  o.maxPortals = 0;
  o.oneWayChance = 0.0;
  o.terrainChance = terrain ? 0.3 : 0.0;
  return o;
}

}  // namespace

TEST(NavMesh, OpenFloorIsOneStraightSegment) {
  Grid g(10, 10);
  NavMesh mesh(g);
  ASSERT_TRUE(mesh.build().ok());
  EXPECT_EQ(mesh.polygonCount(), 1u);
  std::vector<PathPoint> points;
  ASSERT_EQ(mesh.findPath(g.index(0, 0), g.index(9, 9), points), SearchStatus::Found);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_DOUBLE_EQ(mesh.stats().pathLength, 9.0 * std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(mesh.stats().pathCost, 9.0 * std::sqrt(2.0));
}

TEST(NavMesh, PathBendsAtTheWallCorners) {
  const Grid g = astar::testing::gridFromRows({
      ".....",
      ".###.",
      ".....",
  });
  NavMesh mesh(g);
  ASSERT_TRUE(mesh.build().ok());
  EXPECT_TRUE(meshIsSound(g, mesh));
  std::vector<PathPoint> points;
  ASSERT_EQ(mesh.findPath(g.index(0, 1), g.index(4, 1), points), SearchStatus::Found);
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[1].x, 1.0);
  EXPECT_EQ(points[2].x, 4.0);
  EXPECT_EQ(points[1].y, points[2].y);
  EXPECT_NEAR(mesh.stats().pathLength, 3.0 + std::sqrt(2.0), 1e-12);
  EXPECT_TRUE(validPath(g, points, g.index(0, 1), g.index(4, 1)));
}

TEST(NavMesh, TerrainCostsEachPieceByItsPolygon) {
  // A row of cost 1, 3, 1 cells: the straight path costs 1 + 3 + 1 between the outer centres
  // (half of each end cell, all of the middle one).
  const Grid g = astar::testing::gridFromRows({"1311"});
  NavMesh mesh(g);
  ASSERT_TRUE(mesh.build().ok());
  EXPECT_EQ(mesh.polygonCount(), 3u);
  std::vector<PathPoint> points;
  ASSERT_EQ(mesh.findPath(g.index(0, 0), g.index(3, 0), points), SearchStatus::Found);
  EXPECT_NEAR(mesh.stats().pathLength, 3.0, 1e-12);
  EXPECT_NEAR(mesh.stats().pathCost, 0.5 + 3.0 + 1.5, 1e-12);
}

TEST(NavMesh, CornerSqueezeOnlyWhenTheMovementAllowsIt) {
  Grid g = astar::testing::gridFromRows({
      ".#",
      "#.",
  });
  std::vector<PathPoint> points;
  for (int m = 0; m < kMovementCount; ++m) {
    g.setDiagonal(static_cast<DiagonalMovement>(m));
    NavMesh mesh(g);
    ASSERT_TRUE(mesh.build().ok());
    const SearchStatus s = mesh.findPath(g.index(0, 0), g.index(1, 1), points);
    EXPECT_EQ(s,
              static_cast<DiagonalMovement>(m) == DiagonalMovement::Always ? SearchStatus::Found : SearchStatus::NoPath)
        << movementName(static_cast<DiagonalMovement>(m));
  }
}

TEST(NavMesh, RefusesMapsItDoesNotModel) {
  Grid g(8, 8);
  (void)g.setWrap(true, false);
  EXPECT_FALSE(NavMesh(g).build().ok());
  (void)g.setWrap(false, false);
  (void)g.addPortal(0, 0, 5, 5, 1.0, true);
  EXPECT_FALSE(NavMesh(g).build().ok());
  g.clearPortals();
  (void)g.setEntryMask(2, 2, directionBit(North));
  EXPECT_FALSE(NavMesh(g).build().ok());
  Grid hex(8, 8);
  (void)hex.setTopology(Topology::Hex);
  EXPECT_FALSE(NavMesh(hex).build().ok());
  std::vector<PathPoint> points;
  NavMesh unbuilt(hex);
  EXPECT_EQ(unbuilt.findPath(0, 1, points), SearchStatus::InvalidInput);
}

// Found exactly when the reference Dijkstra finds a path; valid; sound mesh. On uniform maps with
// the Real cost model: length = cost / step, and at most the 8-connected grid optimum.
TEST(NavMesh, RandomMapsFindAPathIffDijkstraDoesAndEverySegmentIsClear) {
  Rng rng(3401);
  std::vector<PathPoint> points;
  int found = 0, none = 0, uniform = 0, longerThanGrid = 0;
  double ratioSum = 0.0, worst = 0.0;
  const int maps = kSanitized ? 60 : 300;
  for (int i = 0; i < maps; ++i) {
    const bool terrain = i % 2 == 1;
    Grid g = astar::testing::randomGrid(rng, meshMaps(terrain));
    NavMesh mesh(g);
    ASSERT_TRUE(mesh.build().ok());
    ASSERT_TRUE(meshIsSound(g, mesh)) << "map " << i;
    Grid octile = g;  // the same cells under the Moving AI rule, for the upper bound
    octile.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
    octile.setCostModel(CostModel::Real);
    for (int q = 0; q < 8; ++q) {
      const NodeId start = astar::testing::randomPassable(rng, g), goal = astar::testing::randomPassable(rng, g);
      if (start == kNoNode) break;
      const std::vector<double> dist = astar::testing::referenceDistances(g, start);
      const bool reachable = std::isfinite(dist[goal]);
      const SearchStatus s = mesh.findPath(start, goal, points);
      ASSERT_EQ(s, reachable ? SearchStatus::Found : SearchStatus::NoPath)
          << "map " << i << " " << movementName(g.diagonal()) << " from " << g.xOf(start) << "," << g.yOf(start)
          << " to " << g.xOf(goal) << "," << g.yOf(goal);
      if (!reachable) {
        ++none;
        continue;
      }
      ++found;
      ASSERT_TRUE(validPath(g, points, start, goal)) << "map " << i << " " << movementName(g.diagonal());
      EXPECT_NEAR(pathLength(points), mesh.stats().pathLength, 1e-9);
      EXPECT_GE(mesh.stats().pathLength + 1e-9, std::hypot(g.xOf(goal) - g.xOf(start), g.yOf(goal) - g.yOf(start)));
      if (!terrain) {
        EXPECT_NEAR(mesh.stats().pathCost, mesh.stats().pathLength * g.straightCost(), 1e-9);
        const double grid = astar::testing::referenceDistances(octile, start)[goal];
        const astar::testing::PlanePath best = astar::testing::shortestPlanePath(g, start, goal);
        ASSERT_TRUE(best.found);
        EXPECT_GE(mesh.stats().pathLength, best.length - 1e-9) << "map " << i;
        const double ratio = best.length > 0.0 ? mesh.stats().pathLength / best.length : 1.0;
        ratioSum += ratio;
        worst = std::max(worst, ratio);
        ++uniform;
        longerThanGrid += mesh.stats().pathLength > grid + 1e-9;
      }
    }
  }
  std::printf("[ navmesh  ] %d maps: %d paths found, %d without a path (both as Dijkstra)\n", maps, found, none);
  std::printf(
      "[ navmesh  ] uniform maps: %d paths, length / exact optimum mean %.4f worst %.4f; %d longer than the "
      "8-connected grid optimum\n",
      uniform, ratioSum / std::max(1, uniform), worst, longerThanGrid);
  EXPECT_LE(ratioSum / std::max(1, uniform), 1.02);
  EXPECT_GT(found, 100);
  EXPECT_GT(none, 10);
}

TEST(NavMesh, RefreshAfterRandomEditsEqualsAFreshBuild) {
  Rng rng(3402);
  std::vector<PathPoint> points;
  const int maps = kSanitized ? 10 : 40;
  int partial = 0;
  for (int i = 0; i < maps; ++i) {
    Grid g = astar::testing::randomGrid(rng, meshMaps(true));
    NavMesh mesh(g);
    ASSERT_TRUE(mesh.build().ok());
    for (int batch = 0; batch < 6; ++batch) {
      const int edits = 1 + rng.below(batch == 5 ? 40 : 4);
      for (int e = 0; e < edits; ++e) {
        const int x = rng.below(g.width()), y = rng.below(g.height());
        if (rng.chance(0.4))
          (void)g.setWall(x, y);
        else
          (void)g.setCost(x, y, rng.chance(0.5) ? 1.0 : 3.0);
      }
      ASSERT_TRUE(mesh.refresh().ok());
      EXPECT_FALSE(mesh.stale());
      partial += !mesh.stats().fullBuild;
      NavMesh fresh(g);
      ASSERT_TRUE(fresh.build().ok());
      ASSERT_TRUE(sameMesh(mesh, fresh)) << "map " << i << " batch " << batch;
      ASSERT_TRUE(meshIsSound(g, mesh));
      EXPECT_EQ(mesh.stats().polygons, fresh.stats().polygons);
      EXPECT_EQ(mesh.stats().portals, fresh.stats().portals);
      for (int q = 0; q < 4; ++q) {
        const NodeId start = astar::testing::randomPassable(rng, g), goal = astar::testing::randomPassable(rng, g);
        if (start == kNoNode) break;
        const SearchStatus s = mesh.findPath(start, goal, points);
        const double cost = mesh.stats().pathCost;
        EXPECT_EQ(fresh.findPath(start, goal, points), s);
        EXPECT_EQ(fresh.stats().pathCost, cost);
      }
    }
  }
  EXPECT_GT(partial, maps * 4);  // most refreshes rebuilt only the touched tiles
}

namespace {

const char* const kMovingAiMaps[] = {"arena",     "den312d",      "ost003d",     "maze512-1-0",    "lak303d",
                                     "brc202d",   "AR0011SR",     "Aftershock",  "random512-10-0", "random512-40-0",
                                     "8room_000", "Berlin_0_256", "Paris_0_1024"};

}  // namespace

// Every path valid and at least the exact optimum in the plane; per map the mean ratio to that
// optimum at most 1.02; the worst ratio, and how many rows are longer than the grid optimum (the
// scenario's octile length), printed. Release: 20 rows per map; ASan: 3, checked for validity and
// the optimum only (the mean is the release build's to measure). With ASTAR_LONG_TESTS=1
// (make test-long) every row is searched and checked for line of sight, and in the release build
// 200 rows per map are measured against the exact optimum (the reference takes about half a second
// a row in release, ten times that under ASan: every row would take hours).
TEST(NavMesh, MovingAiPathsAreValidAndNearTheExactOptimum) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  const bool everyRow = std::getenv("ASTAR_LONG_TESTS") != nullptr;
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
      EXPECT_GE(mesh.stats().pathLength, best.length - 1e-6) << name << " line " << row.line;
      const double ratio = best.length > 0.0 ? mesh.stats().pathLength / best.length : 1.0;
      sum += ratio;
      worst = std::max(worst, ratio);
      ++rows;
    }
    std::printf("| %s | %d | %u | %llu | %.2f | %zu | %.4f | %.4f | %d |\n", name, rows, built.polygons,
                static_cast<unsigned long long>(built.portals), built.buildMilliseconds, built.bytes / 1024,
                rows ? sum / rows : 0.0, worst, longerThanGrid);
    EXPECT_GT(rows, 0) << name;
    if (!kSanitized) {
      EXPECT_LE(sum / std::max(1, rows), 1.02) << name;
    }
  }
}
