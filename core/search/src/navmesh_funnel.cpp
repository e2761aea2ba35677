// NavMesh funnel (navmesh.h): the simple stupid funnel algorithm over the corridor's portals,
// then the path's length and its cost by the polygons each segment crosses. Every coordinate is
// a multiple of 1/2 and small, so the cross products below are exact in doubles.
#include <algorithm>
#include <cmath>

#include "navmesh_impl.h"

namespace astar {

namespace {

using detail::CorridorPortal;
using detail::cross;
using detail::FunnelPoint;
using detail::same;

}  // namespace

void NavMesh::Impl::pullString(NodeId start, NodeId goal, std::vector<PathPoint>& points) {
  const FunnelPoint from{grid.xOf(start) + 0.5, grid.yOf(start) + 0.5}, to{grid.xOf(goal) + 0.5, grid.yOf(goal) + 0.5};
  auto polygonOf = [&](std::size_t k) -> const NavPolygon& {
    const Node& n = nodes[corridor[k]];
    return tiles[n.tile].polygons[n.local];
  };
  // Portal k joins corridor polygons k - 1 and k; portals 0 and m are the start and the goal.
  const std::size_t m = corridor.size();
  portals.clear();
  portals.push_back({from, from});
  for (std::size_t k = 1; k < m; ++k) {
    const Node& n = nodes[corridor[k]];
    portals.push_back(detail::orientPortal(polygonOf(k - 1), polygonOf(k), n.ax, n.ay, n.bx, n.by));
  }
  portals.push_back({to, to});

  // The funnel: apex, and the left and right boundaries as portal points with their indices.
  corners.clear();
  corners.push_back({from, 0});
  FunnelPoint apex = from, left = from, right = from;
  std::size_t apexAt = 0, leftAt = 0, rightAt = 0;
  auto restartAt = [&](FunnelPoint corner, std::size_t at) {
    apex = left = right = corner;
    apexAt = leftAt = rightAt = at;
    corners.push_back({corner, at});
  };
  for (std::size_t i = 1; i <= m; ++i) {
    const FunnelPoint l = portals[i].left, r = portals[i].right;
    if (cross(apex, right, r) >= 0.0) {  // r does not widen the funnel on the right
      if (same(apex, right) || cross(apex, left, r) < 0.0) {
        right = r;
        rightAt = i;
      } else {  // r crosses the left boundary: the left point is a corner of the path
        restartAt(left, leftAt);
        i = apexAt;
        continue;
      }
    }
    if (cross(apex, left, l) <= 0.0) {  // l does not widen the funnel on the left
      if (same(apex, left) || cross(apex, right, l) > 0.0) {
        left = l;
        leftAt = i;
      } else {
        restartAt(right, rightAt);
        i = apexAt;
        continue;
      }
    }
  }
  if (!same(corners.back().point, to) || corners.size() == 1) corners.push_back({to, m});

  // Length and cost: a segment from the corner on portal i to the corner on portal j runs
  // through polygons i .. j - 1, leaving polygon k where it crosses portal k + 1 (a parameter
  // t along the segment; a segment along a portal's line leaves at the previous crossing).
  const double step = grid.straightCost();
  double length = 0.0, cost = 0.0;
  points.clear();
  points.push_back(PathPoint{from.x, from.y, PathJoin::Start});
  for (std::size_t c = 1; c < corners.size(); ++c) {
    const FunnelPoint a = corners[c - 1].point, b = corners[c].point;
    const std::size_t i = corners[c - 1].portal, j = std::max(corners[c].portal, i + 1);
    const double segment = std::hypot(b.x - a.x, b.y - a.y);
    double t = 0.0;
    for (std::size_t k = i; k < j; ++k) {
      double leave = 1.0;
      if (k + 1 < j) {
        const CorridorPortal& q = portals[k + 1];
        if (q.left.y == q.right.y && b.y != a.y)
          leave = (q.left.y - a.y) / (b.y - a.y);
        else if (q.left.x == q.right.x && b.x != a.x)
          leave = (q.left.x - a.x) / (b.x - a.x);
        else
          leave = t;
      }
      leave = std::clamp(leave, t, 1.0);
      cost += (leave - t) * segment * polygonOf(std::min(k, m - 1)).cost;
      t = leave;
    }
    length += segment;
    if (c + 1 < corners.size() || !same(a, b)) points.push_back(PathPoint{b.x, b.y, PathJoin::Walk});
  }
  stats.pathLength = length;
  stats.pathCost = cost * step;
}

}  // namespace astar
