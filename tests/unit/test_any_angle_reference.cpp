// The exact any-angle reference (tests/support/any_angle_reference.h), and core's line of sight
// (core/search/src/any_angle.h), against a brute force:
// line of sight by testing every cell, edge and corner point near the segment with integer
// geometry, and the shortest path by Dijkstra over every lattice point of small random maps.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "any_angle.h"
#include "any_angle_reference.h"
#include "reference.h"

using namespace astar;
using namespace astar::testing;

namespace {

// Integer orientation of c relative to the line a-b.
std::int64_t orient(PlanePoint a, PlanePoint b, PlanePoint c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

bool onSegment(PlanePoint a, PlanePoint b, PlanePoint c) {  // c on the closed segment a-b
  return orient(a, b, c) == 0 && std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= c.y &&
         c.y <= std::max(a.y, b.y);
}

bool segmentsMeet(PlanePoint a, PlanePoint b, PlanePoint c, PlanePoint d) {  // closed segments
  const std::int64_t o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b);
}

// The segment meets the open square of cell (x, y): it meets the closed square shrunk by 1/K
// (coordinates scaled by K), K large enough for maps of side <= 64 (a segment that enters the
// open square goes deeper than 1/K into it).
bool meetsOpenCell(PlanePoint a, PlanePoint b, std::int64_t x, std::int64_t y) {
  constexpr std::int64_t K = 1 << 16;
  const PlanePoint sa{a.x * K, a.y * K}, sb{b.x * K, b.y * K};
  const std::int64_t x0 = 2 * x * K + 1, x1 = (2 * x + 2) * K - 1, y0 = 2 * y * K + 1, y1 = (2 * y + 2) * K - 1;
  auto inside = [&](PlanePoint p) { return x0 <= p.x && p.x <= x1 && y0 <= p.y && p.y <= y1; };
  if (inside(sa) || inside(sb)) return true;
  const PlanePoint c[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
  for (int i = 0; i < 4; ++i)
    if (segmentsMeet(sa, sb, c[i], c[(i + 1) % 4])) return true;
  return false;
}

bool blockedCell(const Grid& grid, std::int64_t x, std::int64_t y) {
  return !(x >= 0 && y >= 0 && x < grid.width() && y < grid.height() &&
           grid.passable(static_cast<int>(x), static_cast<int>(y)));
}

// The rule of any_angle_reference.h, checked against every cell, edge and corner near the segment.
bool bruteForceClear(const Grid& grid, PlanePoint a, PlanePoint b) {
  for (std::int64_t y = -1; y <= grid.height(); ++y)
    for (std::int64_t x = -1; x <= grid.width(); ++x) {
      if (blockedCell(grid, x, y) && meetsOpenCell(a, b, x, y)) return false;
      // Unit edges from corner (x, y) to the right and down, both of whose sides are blocked.
      const PlanePoint p{2 * x, 2 * y}, right{2 * x + 2, 2 * y}, down{2 * x, 2 * y + 2};
      auto overlaps = [&](PlanePoint e0, PlanePoint e1) {  // more than a point in common
        if (orient(a, b, e0) != 0 || orient(a, b, e1) != 0) return false;
        const bool horizontal = e0.y == e1.y;
        const std::int64_t lo =
            std::max(horizontal ? std::min(a.x, b.x) : std::min(a.y, b.y), horizontal ? e0.x : e0.y);
        const std::int64_t hi =
            std::min(horizontal ? std::max(a.x, b.x) : std::max(a.y, b.y), horizontal ? e1.x : e1.y);
        return lo < hi;
      };
      if (blockedCell(grid, x, y - 1) && blockedCell(grid, x, y) && overlaps(p, right)) return false;
      if (blockedCell(grid, x - 1, y) && blockedCell(grid, x, y) && overlaps(p, down)) return false;
      const bool nw = blockedCell(grid, x - 1, y - 1), ne = blockedCell(grid, x, y - 1),
                 sw = blockedCell(grid, x - 1, y), se = blockedCell(grid, x, y);
      const bool squeezePoint = (nw && se && !ne && !sw) || (ne && sw && !nw && !se);
      if (squeezePoint && grid.diagonal() != DiagonalMovement::Always && !(p == a) && !(p == b) && onSegment(a, b, p))
        return false;
    }
  return true;
}

// Dijkstra over every lattice point that is not a squeeze point (passing one is not allowed
// and bending there is never shorter), plus the two cell centres; every pair joined when clear.
double bruteForceShortest(const Grid& grid, NodeId start, NodeId goal) {
  std::vector<PlanePoint> v = {cellCentre(grid, start), cellCentre(grid, goal)};
  for (int y = 0; y <= grid.height(); ++y)
    for (int x = 0; x <= grid.width(); ++x) {
      const int count = blockedCell(grid, x - 1, y - 1) + blockedCell(grid, x, y - 1) + blockedCell(grid, x - 1, y) +
                        blockedCell(grid, x, y);
      const bool diagonalPair = count == 2 && blockedCell(grid, x - 1, y - 1) == blockedCell(grid, x, y);
      if (count == 4 || (diagonalPair && grid.diagonal() != DiagonalMovement::Always)) continue;
      v.push_back({2 * x, 2 * y});
    }
  std::vector<std::vector<Edge>> edges(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = i + 1; j < v.size(); ++j)
      if (bruteForceClear(grid, v[i], v[j])) {
        edges[i].push_back({static_cast<NodeId>(j), planeDistance(v[i], v[j])});
        edges[j].push_back({static_cast<NodeId>(i), planeDistance(v[i], v[j])});
      }
  return referenceDijkstra(static_cast<NodeId>(v.size()), {0}, [&](NodeId u) { return edges[u]; })[1];
}

RandomMapOptions planeMaps(int maxSide, double walls) {
  RandomMapOptions o = astar::testing::plainMapOptions(3, maxSide, walls);
  o.randomMovement = true;  // every diagonal rule: the reference's line of sight follows it
  return o;
}

}  // namespace

TEST(AnyAngleReference, LineOfSightMatchesBruteForce) {
  Rng rng(34);
  int clear = 0, blocked = 0;
  for (int map = 0; map < 150; ++map) {
    const Grid grid = randomGrid(rng, planeMaps(10, 0.1 + 0.3 * rng.unit()));
    for (int i = 0; i < 60; ++i) {
      // Centres and corners alike, including segments along grid lines.
      auto point = [&]() -> PlanePoint {
        if (rng.chance(0.5)) return {2 * rng.below(grid.width()) + 1, 2 * rng.below(grid.height()) + 1};
        return {2 * rng.below(grid.width() + 1), 2 * rng.below(grid.height() + 1)};
      };
      const PlanePoint a = point();
      PlanePoint b = point();
      if (rng.chance(0.2)) b.x = a.x;
      if (rng.chance(0.2)) b.y = a.y;
      const bool expected = bruteForceClear(grid, a, b);
      ASSERT_EQ(segmentIsClear(grid, a, b), expected)
          << "map " << map << " segment (" << a.x << "," << a.y << ")-(" << b.x << "," << b.y << ") half-cells, rule "
          << movementName(grid.diagonal());
      // Core's line of sight (Theta*'s, core/search/src/any_angle.h) follows the same rule.
      ASSERT_EQ(detail::planeSegmentClear(grid, {a.x, a.y}, {b.x, b.y}), expected)
          << "core, map " << map << " segment (" << a.x << "," << a.y << ")-(" << b.x << "," << b.y << ")";
      (expected ? clear : blocked)++;
    }
  }
  EXPECT_GT(clear, 1000);  // both answers were exercised
  EXPECT_GT(blocked, 1000);
}

TEST(AnyAngleReference, ShortestPathMatchesBruteForceOnSmallMaps) {
  Rng rng(3434);
  int found = 0;
  for (int map = 0; map < 200; ++map) {
    const Grid grid = randomGrid(rng, planeMaps(9, 0.1 + 0.35 * rng.unit()));
    const NodeId start = randomPassable(rng, grid), goal = randomPassable(rng, grid);
    if (start == kNoNode || goal == kNoNode) continue;
    const double expected = bruteForceShortest(grid, start, goal);
    const PlanePath path = shortestPlanePath(grid, start, goal);
    ASSERT_EQ(path.found, std::isfinite(expected)) << "map " << map;
    if (!path.found) continue;
    ++found;
    EXPECT_NEAR(path.length, expected, 1e-9) << "map " << map << ", rule " << movementName(grid.diagonal());
    EXPECT_NEAR(planePathLength(path.points), path.length, 1e-9);
    EXPECT_TRUE(planePathIsClear(grid, path.points)) << "map " << map;
    EXPECT_EQ(path.points.front(), cellCentre(grid, start));
    EXPECT_EQ(path.points.back(), cellCentre(grid, goal));
  }
  EXPECT_GT(found, 120);
}

TEST(AnyAngleReference, ReachesExactlyWhatTheGridReaches) {
  // In the plane, free cells connect through shared edges (4-connected), and through squeeze
  // points when the rule is Always: the same as the grid's moves under each rule but
  // if-at-most-one-obstacle (whose diagonal moves always have a free side).
  Rng rng(77);
  for (int map = 0; map < 200; ++map) {
    Grid grid = randomGrid(rng, planeMaps(16, 0.35));
    const NodeId start = randomPassable(rng, grid), goal = randomPassable(rng, grid);
    if (start == kNoNode) continue;
    const bool reachable = std::isfinite(referenceDistances(grid, start)[goal]);
    EXPECT_EQ(shortestPlanePath(grid, start, goal).found, reachable)
        << "map " << map << ", rule " << movementName(grid.diagonal());
  }
}

TEST(AnyAngleReference, TautCasesEqualTheirKnownLengths) {
  // Open map: the straight segment; a straight corridor: the grid path itself.
  Grid open(12, 9);
  EXPECT_DOUBLE_EQ(shortestPlanePath(open, open.index(1, 1), open.index(10, 7)).length, std::hypot(9.0, 6.0));
  const Grid corridor = gridFromRows({"##########", "#........#", "##########"});
  const PlanePath straight = shortestPlanePath(corridor, corridor.index(1, 1), corridor.index(8, 1));
  EXPECT_DOUBLE_EQ(straight.length, 7.0);
  EXPECT_DOUBLE_EQ(straight.length, referenceDistances(corridor, corridor.index(1, 1))[corridor.index(8, 1)]);
  // Around one wall cell: centre (0.5, 2.5) -> corner (2, 2) -> corner (3, 2) -> (4.5, 2.5).
  const Grid block = gridFromRows({".....", ".....", "..#..", ".....", "....."});
  const PlanePath around = shortestPlanePath(block, block.index(0, 2), block.index(4, 2));
  EXPECT_NEAR(around.length, 2 * std::hypot(1.5, 0.5) + 1.0, 1e-12);
  EXPECT_EQ(around.points.size(), 4u);
  // Squeezing between two diagonal walls: only under DiagonalMovement::Always.
  Grid squeeze = gridFromRows({"...", ".#.", "..#"});
  (void)squeeze.setWall(0, 2);
  squeeze.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  EXPECT_FALSE(segmentIsClear(squeeze, {1, 3}, {3, 5}));  // centre of (0, 1) to centre of (1, 2)
  EXPECT_FALSE(shortestPlanePath(squeeze, squeeze.index(0, 0), squeeze.index(1, 2)).found);
  squeeze.setDiagonal(DiagonalMovement::Always);
  EXPECT_TRUE(segmentIsClear(squeeze, {1, 3}, {3, 5}));
  const PlanePath through = shortestPlanePath(squeeze, squeeze.index(0, 0), squeeze.index(1, 2));
  EXPECT_TRUE(through.found);
  EXPECT_NEAR(through.length, std::hypot(0.5, 1.5) + std::hypot(0.5, 0.5), 1e-12);  // via corner (1, 2)
}

TEST(AnyAngleReference, OptimumIsBetweenTheStraightLineAndTheGridPath) {
  Rng rng(5);
  for (int map = 0; map < 300; ++map) {
    Grid grid = randomGrid(rng, planeMaps(20, 0.3));
    grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
    grid.setCostModel(CostModel::Real);
    const NodeId start = randomPassable(rng, grid), goal = randomPassable(rng, grid);
    if (start == kNoNode) continue;
    const double gridOptimum = referenceDistances(grid, start)[goal];
    const PlanePath path = shortestPlanePath(grid, start, goal);
    ASSERT_EQ(path.found, std::isfinite(gridOptimum));
    if (!path.found) continue;
    EXPECT_LE(path.length, gridOptimum + 1e-9);
    EXPECT_GE(path.length, planeDistance(cellCentre(grid, start), cellCentre(grid, goal)) - 1e-9);
    if (segmentIsClear(grid, cellCentre(grid, start), cellCentre(grid, goal))) {
      EXPECT_NEAR(path.length, planeDistance(cellCentre(grid, start), cellCentre(grid, goal)), 1e-9);
    }
  }
}
