// Header-only. The exact any-angle reference: the shortest path in the plane among a grid's
// blocked cells, what any-angle searches (Theta*, Lazy Theta*) and navigation meshes are
// measured against. Test-only, written from the rules below, independent of core's code.
//
// The plane: cell (x, y) is the unit square [x, x+1] x [y, y+1]; a path joins the centre of the
// start cell to the centre of the goal cell. Blocked: every wall cell and everything outside the
// map. Wrap, portals, costs and one-way cells are not part of the plane (a search that uses
// them is checked move by move instead, see isValidAnyAnglePath).
//
// Line of sight (segmentIsClear), the rule a segment obeys:
//  - it never meets the interior of a blocked cell;
//  - it never runs along an edge shared by two blocked cells (nor a blocked cell and the outside);
//  - touching a blocked cell otherwise is allowed: grazing a corner, or running along an edge
//    with a free cell on the other side. A path is a line, not a body (Nash's Theta* rule); so
//    on a map whose diagonal rule is only-when-no-obstacles a segment may graze a corner that
//    a diagonal grid move may not (every grid move is still a clear segment);
//  - passing through a corner point where two blocked cells meet diagonally (the other two free)
//    is squeezing between them: allowed only when the map's rule lets a diagonal move pass
//    between two blocked cells (DiagonalMovement::Always), as the grid move there does.
//
// The optimum (shortestPlanePath): A* over the visibility graph whose vertices are the start,
// the goal and the convex corners of the blocked region (a lattice point with exactly one of its
// four cells blocked, plus the squeeze points when squeezing is allowed); a shortest path in the
// plane among polygons bends only at such corners. Candidates are pruned by an upper bound (an
// 8-connected grid path, string pulled), which never removes a vertex of a shortest path.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "astar/grid.h"

namespace astar::testing {

// A point in half-cell units: cell centres are odd (2x+1, 2y+1), cell corners even (2x, 2y).
struct PlanePoint {
  std::int64_t x = 0, y = 0;
  friend bool operator==(const PlanePoint&, const PlanePoint&) = default;
};

inline PlanePoint cellCentre(const Grid& grid, NodeId n) { return {2 * grid.xOf(n) + 1, 2 * grid.yOf(n) + 1}; }

// sqrt of the exact integer sum of squares (exact below 2^53), correctly rounded: as exact as
// std::hypot here, which took a quarter of the reference's time.
inline double planeDistance(PlanePoint a, PlanePoint b) {
  const double dx = static_cast<double>(a.x - b.x), dy = static_cast<double>(a.y - b.y);
  return std::sqrt(dx * dx + dy * dy) / 2.0;
}

namespace any_angle_detail {

inline std::int64_t floorDiv(std::int64_t a, std::int64_t b) {  // b > 0
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }

inline bool blocked(const Grid& grid, std::int64_t x, std::int64_t y) {
  return !grid.passable(static_cast<int>(std::clamp<std::int64_t>(x, -1, grid.width())),
                        static_cast<int>(std::clamp<std::int64_t>(y, -1, grid.height())));
}

// Lattice point (x, y) (cell units) where two blocked cells meet diagonally and the other two are free.
inline bool isSqueezePoint(const Grid& grid, std::int64_t x, std::int64_t y) {
  const bool nw = blocked(grid, x - 1, y - 1), ne = blocked(grid, x, y - 1), sw = blocked(grid, x - 1, y),
             se = blocked(grid, x, y);
  return (nw && se && !ne && !sw) || (ne && sw && !nw && !se);
}

inline bool squeezeAllowed(const Grid& grid) { return grid.diagonal() == DiagonalMovement::Always; }

}  // namespace any_angle_detail

// True when the segment a-b obeys the rule above (exact: integer arithmetic only).
inline bool segmentIsClear(const Grid& grid, PlanePoint a, PlanePoint b) {
  using namespace any_angle_detail;
  if (a.x > b.x || (a.x == b.x && a.y > b.y)) std::swap(a, b);
  const bool squeeze = squeezeAllowed(grid);
  if (a.x == b.x) {  // vertical
    const std::int64_t first = floorDiv(a.y, 2), last = floorDiv(b.y - 1, 2);
    if (a.x % 2 != 0) {
      for (std::int64_t y = first; y <= last; ++y)
        if (blocked(grid, (a.x - 1) / 2, y)) return false;
      return true;
    }
    const std::int64_t line = a.x / 2;
    for (std::int64_t y = first; y <= last; ++y)
      if (blocked(grid, line - 1, y) && blocked(grid, line, y)) return false;
    if (!squeeze)
      for (std::int64_t y = floorDiv(a.y, 2) + 1; 2 * y < b.y; ++y)
        if (isSqueezePoint(grid, line, y)) return false;
    return true;
  }
  const std::int64_t dx = b.x - a.x, dy = b.y - a.y;
  // The segment's y at x is yNumerator(x) / dx.
  auto yNumerator = [&](std::int64_t x) { return a.y * dx + (x - a.x) * dy; };
  for (std::int64_t column = floorDiv(a.x, 2); 2 * column < b.x; ++column) {
    const std::int64_t left = std::max(a.x, 2 * column), right = std::min(b.x, 2 * column + 2);
    if (dy == 0) {
      if (a.y % 2 != 0) {
        if (blocked(grid, column, (a.y - 1) / 2)) return false;
      } else if (blocked(grid, column, a.y / 2 - 1) && blocked(grid, column, a.y / 2)) {
        return false;
      }
      continue;
    }
    const std::int64_t lo = std::min(yNumerator(left), yNumerator(right));
    const std::int64_t hi = std::max(yNumerator(left), yNumerator(right));
    // Rows whose open interval (2y, 2y + 2) meets the open interval (lo, hi) / dx.
    for (std::int64_t y = floorDiv(lo, 2 * dx); y <= ceilDiv(hi, 2 * dx) - 1; ++y)
      if (blocked(grid, column, y)) return false;
  }
  if (!squeeze)  // lattice points strictly inside the segment
    for (std::int64_t x = 2 * (floorDiv(a.x, 2) + 1); x < b.x; x += 2) {
      const std::int64_t n = yNumerator(x);
      if (n % dx != 0 || (n / dx) % 2 != 0) continue;
      if (dy == 0 && a.y % 2 != 0) continue;
      if (isSqueezePoint(grid, x / 2, n / dx / 2)) return false;
    }
  return true;
}

// Every segment of the polyline is clear, and at a corner point where two blocked cells meet
// diagonally the path does not pass from one free side to the other (unless squeezing is
// allowed): its two segments there leave into the same free cell.
inline bool planePathIsClear(const Grid& grid, std::span<const PlanePoint> points) {
  using namespace any_angle_detail;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (!segmentIsClear(grid, points[i - 1], points[i])) return false;
  if (squeezeAllowed(grid)) return true;
  for (std::size_t i = 1; i + 1 < points.size(); ++i) {
    const PlanePoint p = points[i];
    if (p.x % 2 != 0 || p.y % 2 != 0 || !isSqueezePoint(grid, p.x / 2, p.y / 2)) continue;
    // Which free quadrant each neighbouring vertex lies towards (sign of the offsets).
    auto side = [&](PlanePoint q) { return (q.x > p.x) == (q.y > p.y); };
    if (side(points[i - 1]) != side(points[i + 1])) return false;
  }
  return true;
}

inline double planePathLength(std::span<const PlanePoint> points) {
  double length = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i) length += planeDistance(points[i - 1], points[i]);
  return length;
}

// A cell path found by an any-angle search is valid when each consecutive pair is either a
// clear segment in the plane (the cells' centres; never across a wrap seam) or an explicit move
// of the grid (referenceMoves' rule: a step over a wrap seam, a portal). Written to `why` when not.
template <class Moves>
bool isValidAnyAnglePath(const Grid& grid, std::span<const NodeId> path, Moves&& explicitMove,
                         std::string* why = nullptr) {
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (explicitMove(path[i - 1], path[i])) continue;
    if (!segmentIsClear(grid, cellCentre(grid, path[i - 1]), cellCentre(grid, path[i]))) {
      if (why)
        *why = "segment " + std::to_string(i) + " from (" + std::to_string(grid.xOf(path[i - 1])) + "," +
               std::to_string(grid.yOf(path[i - 1])) + ") to (" + std::to_string(grid.xOf(path[i])) + "," +
               std::to_string(grid.yOf(path[i])) + ") has no line of sight";
      return false;
    }
  }
  return true;
}

struct PlanePath {
  bool found = false;
  double length = std::numeric_limits<double>::infinity();
  std::vector<PlanePoint> points;  // start centre, corners, goal centre
};

namespace any_angle_detail {

// A path in the plane that is surely clear: an 8-connected grid path (a diagonal move only
// where the plane allows it), string pulled greedily. Its length bounds the optimum.
inline PlanePath upperBoundPath(const Grid& grid, NodeId start, NodeId goal) {
  std::vector<double> dist(grid.cellCount(), std::numeric_limits<double>::infinity());
  std::vector<NodeId> parent(grid.cellCount(), kNoNode);
  using Item = std::pair<double, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  dist[start] = 0.0;
  open.push({0.0, start});
  while (!open.empty()) {
    const auto [d, u] = open.top();
    open.pop();
    if (d > dist[u]) continue;
    if (u == goal) break;
    const int x = grid.xOf(u), y = grid.yOf(u);
    for (int dir = 0; dir < 8; ++dir) {
      const int nx = x + kDirectionX[dir], ny = y + kDirectionY[dir];
      if (!grid.passable(nx, ny)) continue;
      if (dir >= 4 && !segmentIsClear(grid, {2 * x + 1, 2 * y + 1}, {2 * nx + 1, 2 * ny + 1})) continue;
      const NodeId v = grid.index(nx, ny);
      const double nd = d + (dir < 4 ? 1.0 : std::sqrt(2.0));
      if (nd < dist[v]) {
        dist[v] = nd;
        parent[v] = u;
        open.push({nd, v});
      }
    }
  }
  PlanePath out;
  if (!(dist[goal] < std::numeric_limits<double>::infinity())) return out;
  std::vector<NodeId> cells;
  for (NodeId n = goal; n != kNoNode; n = parent[n]) cells.push_back(n);
  std::reverse(cells.begin(), cells.end());
  out.found = true;
  out.points.push_back(cellCentre(grid, cells[0]));
  std::size_t anchor = 0;
  for (std::size_t i = 1; i < cells.size(); ++i)
    if (i + 1 == cells.size() ||
        !segmentIsClear(grid, cellCentre(grid, cells[anchor]), cellCentre(grid, cells[i + 1]))) {
      out.points.push_back(cellCentre(grid, cells[i]));
      anchor = i;
    }
  out.length = planePathLength(out.points);
  return out;
}

}  // namespace any_angle_detail

// The shortest path in the plane from the centre of `start` to the centre of `goal` (both
// passable cells), by the rule at the top of this file. found = false when none exists.
inline PlanePath shortestPlanePath(const Grid& grid, NodeId start, NodeId goal) {
  using namespace any_angle_detail;
  PlanePath bound = upperBoundPath(grid, start, goal);
  if (!bound.found || start == goal) return bound;
  // Vertices: 0 start, 1 goal, then corners sorted by row (y) then x, with each row's first index.
  // A corner with one blocked cell keeps the direction of that cell from it (blockedX, blockedY).
  std::vector<PlanePoint> vertex = {cellCentre(grid, start), cellCentre(grid, goal)};
  std::vector<std::int8_t> blockedX = {0, 0}, blockedY = {0, 0};
  const bool squeeze = squeezeAllowed(grid);
  std::vector<std::size_t> rowStart(static_cast<std::size_t>(grid.height()) + 2);
  for (int y = 0; y <= grid.height(); ++y) {
    rowStart[static_cast<std::size_t>(y)] = vertex.size();
    for (int x = 0; x <= grid.width(); ++x) {
      const bool nw = blocked(grid, x - 1, y - 1), ne = blocked(grid, x, y - 1), sw = blocked(grid, x - 1, y),
                 se = blocked(grid, x, y);
      if (nw + ne + sw + se == 1) {
        vertex.push_back({2 * x, 2 * y});
        blockedX.push_back(ne || se ? 1 : -1);
        blockedY.push_back(sw || se ? 1 : -1);
      } else if (squeeze && isSqueezePoint(grid, x, y)) {
        vertex.push_back({2 * x, 2 * y});
        blockedX.push_back(0);
        blockedY.push_back(0);
      }
    }
  }
  rowStart[static_cast<std::size_t>(grid.height()) + 1] = vertex.size();
  const double slack = 1e-9 * (1.0 + bound.length);
  const double limit = bound.length + slack;
  const PlanePoint target = vertex[1];
  std::vector<double> g(vertex.size(), std::numeric_limits<double>::infinity());
  std::vector<std::size_t> parent(vertex.size(), SIZE_MAX);
  std::vector<bool> closed(vertex.size(), false);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  g[0] = 0.0;
  open.push({planeDistance(vertex[0], target), 0});
  // Which side of the line along d a corner's blocked cell lies on: +1, -1, or 0 when the line
  // crosses it (its two edges at the corner on either side).
  auto sideOfBlockedCell = [&](std::size_t v, std::int64_t dx, std::int64_t dy) -> int {
    const std::int64_t alongX = -dy * blockedX[v], alongY = dx * blockedY[v];  // cross(d, edge)
    if ((alongX > 0 && alongY < 0) || (alongX < 0 && alongY > 0)) return 0;
    return alongX + alongY > 0 ? 1 : -1;
  };
  // A shortest path bends only around a blocked cell: it reaches a corner on a line tangent to
  // the corner's blocked cell, and leaves it turning towards that cell. Neither rule drops an
  // edge of a shortest path (a bend elsewhere can be cut short near the corner).
  auto relax = [&](std::size_t u, std::size_t v) {
    if (closed[v]) return;
    const std::int64_t dx = vertex[v].x - vertex[u].x, dy = vertex[v].y - vertex[u].y;
    if (blockedX[v] != 0 && sideOfBlockedCell(v, dx, dy) == 0) return;
    if (blockedX[u] != 0 && parent[u] != SIZE_MAX) {
      const std::int64_t inX = vertex[u].x - vertex[parent[u]].x, inY = vertex[u].y - vertex[parent[u]].y;
      const std::int64_t turn = inX * dy - inY * dx;
      if (turn != 0 && (turn > 0 ? 1 : -1) != sideOfBlockedCell(u, inX, inY)) return;
    }
    const double through = g[u] + planeDistance(vertex[u], vertex[v]);
    if (through >= g[v] || through + planeDistance(vertex[v], target) > limit) return;
    if (!segmentIsClear(grid, vertex[u], vertex[v])) return;
    g[v] = through;
    parent[v] = u;
    open.push({through + planeDistance(vertex[v], target), v});
  };
  // Candidates for u: two exact ways to list a superset of the corners v visible from u with
  // |uv| + |v goal| <= radius. Scanning the rows of corners inside the ellipse's box suits maps
  // with few corners; flooding the cells a segment from u can cross (per quadrant, the cells
  // reached by monotone steps: a segment's crossed cells form such a staircase) suits maps
  // where sight lines end soon (mazes, dense clutter). Each expansion uses the cheaper one.
  std::vector<std::int64_t> vertexAt(static_cast<std::size_t>(grid.width() + 1) * (grid.height() + 1), -1);
  for (std::size_t v = 2; v < vertex.size(); ++v)
    vertexAt[static_cast<std::size_t>(vertex[v].y / 2) * (grid.width() + 1) + vertex[v].x / 2] =
        static_cast<std::int64_t>(v);
  // Calls visit(first, last) with the corners of each row inside the ellipse's box.
  auto forEachRowInBox = [&](std::size_t u, double radius, auto&& visit) {
    const double top = std::max(vertex[u].y, target.y) / 2.0 - radius,
                 bottom = std::min(vertex[u].y, target.y) / 2.0 + radius;
    const double leftmost = std::max(vertex[u].x, target.x) / 2.0 - radius,
                 rightmost = std::min(vertex[u].x, target.x) / 2.0 + radius;
    const int firstRow = std::max(0, static_cast<int>(std::ceil(top)));
    const int lastRow = std::min(grid.height(), static_cast<int>(std::floor(bottom)));
    auto xBelow = [](const PlanePoint& q, double x) { return static_cast<double>(q.x) < x; };
    for (int y = firstRow; y <= lastRow; ++y) {
      auto begin = vertex.begin() + static_cast<std::ptrdiff_t>(rowStart[static_cast<std::size_t>(y)]);
      auto end = vertex.begin() + static_cast<std::ptrdiff_t>(rowStart[static_cast<std::size_t>(y) + 1]);
      visit(std::lower_bound(begin, end, 2 * std::ceil(leftmost), xBelow),
            std::lower_bound(begin, end, 2 * std::floor(rightmost) + 1, xBelow));
    }
  };
  std::vector<std::uint32_t> seen(grid.cellCount(), 0);
  std::uint32_t stamp = 0;
  std::vector<std::pair<int, int>> stack;
  auto relaxCorner = [&](std::size_t u, std::int64_t x, std::int64_t y) {
    if (x < 0 || y < 0 || x > grid.width() || y > grid.height()) return;
    const std::int64_t v = vertexAt[static_cast<std::size_t>(y) * (grid.width() + 1) + static_cast<std::size_t>(x)];
    if (v >= 0 && static_cast<std::size_t>(v) != u) relax(u, static_cast<std::size_t>(v));
  };
  // False (having relaxed only part of them) when it would look at more than `budget` cells.
  auto floodCandidates = [&](std::size_t u, double radius, std::size_t budget) {
    const PlanePoint p = vertex[u];
    for (int sx = -1; sx <= 1; sx += 2)
      for (int sy = -1; sy <= 1; sy += 2) {
        ++stamp;
        // The first cell a segment from u into this quadrant crosses.
        const int x0 = static_cast<int>(p.x % 2 != 0 ? (p.x - 1) / 2 : p.x / 2 - (sx < 0));
        const int y0 = static_cast<int>(p.y % 2 != 0 ? (p.y - 1) / 2 : p.y / 2 - (sy < 0));
        stack.assign(1, {x0, y0});
        while (!stack.empty()) {
          const auto [x, y] = stack.back();
          stack.pop_back();
          if (!grid.passable(x, y)) continue;
          std::uint32_t& mark = seen[grid.index(x, y)];
          if (mark == stamp) continue;
          mark = stamp;
          if (budget-- == 0) return false;
          const PlanePoint centre{2 * x + 1, 2 * y + 1};
          if (planeDistance(p, centre) + planeDistance(centre, target) > radius + 1.5) continue;
          for (int cy = 0; cy <= 1; ++cy)
            for (int cx = 0; cx <= 1; ++cx) relaxCorner(u, x + cx, y + cy);
          stack.push_back({x + sx, y});
          stack.push_back({x, y + sy});
          if (squeeze) stack.push_back({x + sx, y + sy});  // through a squeeze point
        }
        // Along the grid lines from a corner (a segment there crosses no cell's interior).
        if (p.x % 2 == 0 && p.y % 2 == 0)
          for (std::int64_t step = 1;; ++step) {
            const PlanePoint q{p.x + 2 * step * (sy > 0 ? sx : 0), p.y + 2 * step * (sy > 0 ? 0 : sx)};
            if (!segmentIsClear(grid, p, q) || planeDistance(p, q) + planeDistance(q, target) > radius) break;
            relaxCorner(u, q.x / 2, q.y / 2);
          }
      }
    return true;
  };
  while (!open.empty()) {
    const std::size_t u = open.top().second;
    open.pop();
    if (closed[u]) continue;
    closed[u] = true;
    if (u == 1) break;
    relax(u, 1);
    const double radius = limit - g[u];
    // Whichever looks at fewer: the corners in the box, or the cells of the flood.
    std::size_t inBox = 0;
    forEachRowInBox(u, radius, [&](auto first, auto last) { inBox += static_cast<std::size_t>(last - first); });
    if (!floodCandidates(u, radius, inBox))
      forEachRowInBox(u, radius, [&](auto first, auto last) {
        for (auto it = first; it != last; ++it) relax(u, static_cast<std::size_t>(it - vertex.begin()));
      });
  }
  PlanePath out;  // not found here would be a bug (the bound's path exists): tests compare with Dijkstra
  if (!closed[1]) return out;
  out.found = true;
  out.length = g[1];
  for (std::size_t v = 1; v != SIZE_MAX; v = parent[v]) out.points.push_back(vertex[v]);
  std::reverse(out.points.begin(), out.points.end());
  return out;
}

}  // namespace astar::testing
