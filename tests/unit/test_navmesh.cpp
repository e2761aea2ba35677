// Navigation mesh (navmesh.h): the mesh covers exactly the free cells with disjoint rectangles of
// one cost and symmetric portals on shared edges; the path is straight where it can be and bends
// at wall corners; on random maps with terrain and every movement rule it finds a path exactly
// when the reference Dijkstra does and every segment has line of sight (the exact any-angle
// reference's rule, any_angle_reference.h, and navmesh_paths.h's stricter one); on uniform maps
// its length is the exact optimum in the plane (test_navmesh_exact.cpp checks that further);
// after random edits refresh() equals a fresh build.
#include "astar/navmesh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "any_angle_reference.h"
#include "navmesh_paths.h"
#include "reference.h"
#include "sampling.h"

using namespace astar;
using astar::testing::meshMaps;
using astar::testing::pathLength;
using astar::testing::Rng;
using astar::testing::validPath;

namespace {

using astar::testing::kSanitized;

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

// Found exactly when the reference Dijkstra finds a path; valid; sound mesh. On uniform maps:
// length = cost / step, the exact optimum in the plane, so never above the 8-connected grid's.
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
        EXPECT_NEAR(mesh.stats().pathLength, best.length, 1e-9 * (1.0 + best.length)) << "map " << i;
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
  EXPECT_EQ(longerThanGrid, 0);
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
