// NavMesh query (navmesh.h): on uniform maps the exact search (navmesh_exact.cpp); with terrain,
// A* over the polygons (each reached at the funnel of the corridor that reached it, one funnel
// step per portal), then the funnel.
#include <algorithm>
#include <cmath>
#include <limits>

#include "navmesh_impl.h"

namespace astar {

SearchStatus NavMesh::Impl::searchCorridor(NodeId start, NodeId goal) {
  using detail::cross;
  using detail::FunnelPoint;
  using detail::same;
  const int sx = grid.xOf(start), sy = grid.yOf(start), gx = grid.xOf(goal), gy = grid.yOf(goal);
  const FunnelPoint goalPoint{gx + 0.5, gy + 0.5};
  const std::uint32_t target = globalAt(gx, gy), first = linkOffset.back();
  const double step = grid.straightCost(), hScale = step * grid.minCost();
  if (nodes.size() < linkOffset.back() + 1U) nodes.resize(linkOffset.back() + 1U);
  nextStamp();
  open.clear();
  corridor.clear();
  corridorPolygons.clear();
  auto distance = [](FunnelPoint a, FunnelPoint b) { return std::hypot(b.x - a.x, b.y - a.y); };
  // The shortest way from the apex to the goal that leaves through the funnel: straight when the
  // goal lies between its sides, else around the nearer side's point (a lower bound either way).
  auto rest = [&](const Node& n) {
    if (same(n.apex, n.left) || same(n.apex, n.right)) return distance(n.apex, goalPoint);
    if (cross(n.apex, n.right, goalPoint) < 0.0) return distance(n.apex, n.right) + distance(n.right, goalPoint);
    if (cross(n.apex, n.left, goalPoint) > 0.0) return distance(n.apex, n.left) + distance(n.left, goalPoint);
    return distance(n.apex, goalPoint);
  };
  // std::push_heap keeps the largest on top: the smallest f is "largest"; ties by id, so a
  // query's expansions do not depend on the heap's history.
  auto laterFirst = [](const OpenEntry& a, const OpenEntry& b) { return a.f > b.f || (a.f == b.f && a.id > b.id); };
  Node& s = nodes[first];
  s = Node{};
  s.stamp = stamp;
  s.apex = s.left = s.right = FunnelPoint{sx + 0.5, sy + 0.5};
  s.tile = static_cast<std::uint32_t>(tileOf(sx, sy));
  s.local = cellLocal[start];
  s.f = rest(s) * hScale;
  open.push_back({s.f, first});
  // Each time the goal's polygon comes off the open list, the funnel measures that corridor; the
  // search goes on while some open node's estimate is below the best path measured so far.
  std::uint32_t best = kNoPolygon;
  double bestCost = std::numeric_limits<double>::infinity();
  auto takeCorridor = [&](std::uint32_t id) {
    corridor.clear();
    corridorPolygons.clear();
    for (std::uint32_t p = id; p != kNoPolygon; p = nodes[p].parent) corridor.push_back(p);
    std::reverse(corridor.begin(), corridor.end());
    for (std::uint32_t p : corridor) corridorPolygons.push_back(globalOf(nodes[p].tile, nodes[p].local));
  };
  while (!open.empty() && open.front().f < bestCost) {
    std::pop_heap(open.begin(), open.end(), laterFirst);
    const std::uint32_t id = open.back().id;
    open.pop_back();
    Node& n = nodes[id];
    if (n.closed) continue;  // an older entry of a node expanded since
    n.closed = true;
    n.expanded = true;
    ++stats.expanded;
    if (globalOf(n.tile, n.local) == target) {
      takeCorridor(id);
      pullString(start, goal, trial);
      if (stats.pathCost < bestCost) {
        bestCost = stats.pathCost;
        best = id;
      }
      continue;
    }
    const detail::NavTile& t = tiles[n.tile];
    const NavPolygon& here = t.polygons[n.local];
    const double hereCost = here.cost * step;
    for (std::uint32_t i = t.linkStart[n.local]; i < t.linkStart[n.local + 1U]; ++i) {
      const detail::TileLink& l = t.links[i];
      const std::uint32_t next = linkOffset[n.tile] + i;  // l's polygon, entered through l
      Node& m = nodes[next];
      if (n.parent != kNoPolygon && nodes[n.parent].tile == l.tile && nodes[n.parent].local == l.local) continue;
      const detail::CorridorPortal portal =
          detail::orientPortal(here, tiles[l.tile].polygons[l.local], l.ax, l.ay, l.bx, l.by);
      // One step of the funnel (navmesh_funnel.cpp) through this portal; where the portal lies
      // wholly beyond one side, the path turns at that side's point, the new apex.
      Node candidate = n;
      const FunnelPoint left = portal.left, right = portal.right;
      auto turnAt = [&](FunnelPoint corner) {
        candidate.apexCost += distance(candidate.apex, corner) * hereCost;
        candidate.apex = corner;
        candidate.left = left;
        candidate.right = right;
      };
      bool turned = false;
      if (cross(candidate.apex, candidate.right, right) >= 0.0) {
        if (same(candidate.apex, candidate.right) || cross(candidate.apex, candidate.left, right) < 0.0) {
          candidate.right = right;
        } else {
          turnAt(candidate.left);
          turned = true;
        }
      }
      if (!turned && cross(candidate.apex, candidate.left, left) <= 0.0) {
        if (same(candidate.apex, candidate.left) || cross(candidate.apex, candidate.right, left) > 0.0)
          candidate.left = left;
        else
          turnAt(candidate.right);
      }
      candidate.f = candidate.apexCost + rest(candidate) * hScale;
      const bool seen = m.stamp == stamp, expandedBefore = seen && m.expanded;
      if (seen && candidate.f >= m.f) continue;
      if (expandedBefore) {
        // A node expanded before may be an ancestor of n (reopened nodes keep their subtrees):
        // re-parenting it to n would close a loop. One never expanded has no children.
        bool ancestor = false;
        for (std::uint32_t p = id; p != kNoPolygon && !ancestor; p = nodes[p].parent) ancestor = p == next;
        if (ancestor) continue;
      }
      candidate.parent = id;
      candidate.stamp = stamp;
      candidate.tile = l.tile;
      candidate.local = l.local;
      candidate.closed = false;
      candidate.expanded = expandedBefore;
      candidate.ax = l.ax;
      candidate.ay = l.ay;
      candidate.bx = l.bx;
      candidate.by = l.by;
      m = candidate;
      open.push_back({m.f, next});
      std::push_heap(open.begin(), open.end(), laterFirst);
    }
  }
  if (best == kNoPolygon) return SearchStatus::NoPath;
  takeCorridor(best);
  return SearchStatus::Found;
}

SearchStatus NavMesh::findPath(NodeId start, NodeId goal, std::vector<PathPoint>& points) {
  Impl& m = *impl_;
  points.clear();
  m.corridor.clear();
  m.corridorPolygons.clear();
  m.stats.expanded = 0;
  m.stats.corridorPolygons = 0;
  m.stats.pathLength = 0.0;
  m.stats.pathCost = 0.0;
  m.message.clear();
  if (!m.built) {
    m.message = "the navigation mesh was not built";
    return SearchStatus::InvalidInput;
  }
  if (stale()) {  // cellLocal would not match the grid
    m.message = "the grid changed since the navigation mesh was built (refresh it first)";
    return SearchStatus::InvalidInput;
  }
  const NodeId cells = m.grid.cellCount();
  if (start >= cells || goal >= cells || !m.grid.passable(start) || !m.grid.passable(goal)) {
    m.message = start >= cells || goal >= cells ? "start or goal is outside the grid" : "start or goal is a wall";
    return SearchStatus::InvalidInput;
  }
  if (m.grid.uniformCost()) {  // the exact search (navmesh_exact.cpp)
    const SearchStatus status = m.searchExact(start, goal, points);
    if (status != SearchStatus::Found) return status;
    m.corridorAlong(points);
    m.stats.corridorPolygons = static_cast<std::uint32_t>(m.corridorPolygons.size());
    return status;
  }
  const SearchStatus status = m.searchCorridor(start, goal);
  if (status != SearchStatus::Found) return status;
  m.stats.corridorPolygons = static_cast<std::uint32_t>(m.corridor.size());
  m.pullString(start, goal, points);
  return status;
}

}  // namespace astar
