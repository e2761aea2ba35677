// Header-only. Checks of a navigation mesh's paths in the plane, written from the map (not from
// the mesh): test_navmesh.cpp and test_navmesh_exact.cpp share them.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "any_angle_reference.h"
#include "astar/grid.h"
#include "astar/path_smoothing.h"
#include "reference.h"

namespace astar::testing {

inline bool blocked(const Grid& g, int x, int y) { return !g.contains(x, y) || !g.passable(x, y); }

// The rule a path in the plane is held to, written from the map (not from the mesh): a segment
// may run along a wall's edge or touch its corner, but never meet the inside of a wall cell or
// leave the map, and (except with DiagonalMovement::Always) never pass a grid vertex where two
// diagonally opposite cells are walls or off the map (a gap of no width). Coordinates are
// multiples of 1/2, so every product below is exact.
inline ::testing::AssertionResult segmentClear(const Grid& g, const PathPoint& a, const PathPoint& b) {
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

inline std::vector<astar::testing::PlanePoint> toPlane(const std::vector<PathPoint>& points) {
  std::vector<astar::testing::PlanePoint> out;
  for (const PathPoint& p : points)
    out.push_back({static_cast<std::int64_t>(std::lround(2 * p.x)), static_cast<std::int64_t>(std::lround(2 * p.y))});
  return out;
}

inline double pathLength(const std::vector<PathPoint>& points) {
  double sum = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i)
    sum += std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return sum;
}

inline ::testing::AssertionResult validPath(const Grid& g, const std::vector<PathPoint>& points, NodeId start,
                                            NodeId goal) {
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

// Random maps the mesh takes: no wrap, portals or one-way cells; terrain and every movement rule.
inline RandomMapOptions meshMaps(bool terrain) {
  astar::testing::RandomMapOptions o;
  o.minSide = 3;
  o.maxSide = 70;  // several tiles
  o.wrap = false;
  o.maxPortals = 0;
  o.oneWayChance = 0.0;
  o.terrainChance = terrain ? 0.3 : 0.0;
  return o;
}

}  // namespace astar::testing
