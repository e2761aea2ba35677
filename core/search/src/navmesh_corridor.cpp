// NavMesh corridor of an exact path (navmesh.h): the polygons its segments cross, in order. The
// segments are walked cell by cell (exactly, in doubled coordinates); where a segment passes a
// grid vertex diagonally, or turns there, a free cell beside the vertex joins the two, so each
// polygon of the corridor shares a portal with the next (the page draws the portals crossed).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "navmesh_impl.h"

namespace astar {

void NavMesh::Impl::corridorAlong(const std::vector<PathPoint>& points) {
  corridorPolygons.clear();
  int lastX = 0, lastY = 0;
  bool any = false;
  auto free = [&](int x, int y) { return grid.passable(x, y); };
  auto take = [&](int x, int y) {
    const std::uint32_t id = globalAt(x, y);
    if (corridorPolygons.empty() || corridorPolygons.back() != id) corridorPolygons.push_back(id);
    lastX = x;
    lastY = y;
  };
  // The next cell (x, y), free: a diagonal step goes through a free cell beside both (none is
  // free only at a squeeze, which the mesh joins by a portal of no length).
  auto step = [&](int x, int y) {
    if (any && x == lastX && y == lastY) return;
    if (any && x != lastX && y != lastY) {
      if (free(lastX, y))
        take(lastX, y);
      else if (free(x, lastY))
        take(x, lastY);
    }
    take(x, y);
    any = true;
  };
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::int64_t ax = std::lround(2 * points[i].x), ay = std::lround(2 * points[i].y);
    if (i == 0) {
      step(static_cast<int>(ax / 2), static_cast<int>(ay / 2));  // the start cell's centre
      continue;
    }
    const std::int64_t px = std::lround(2 * points[i - 1].x), py = std::lround(2 * points[i - 1].y);
    const std::int64_t dx = ax - px, dy = ay - py;
    if (dx == 0 && dy == 0) continue;
    const int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
    if ((dx == 0 && px % 2 == 0) || (dy == 0 && py % 2 == 0)) {
      // Along a grid line: the cells on either side, a free one, keeping to the side of the last.
      const bool vertical = dx == 0;
      const std::int64_t from = vertical ? py : px, to = vertical ? ay : ax, s = vertical ? sy : sx;
      const int line = static_cast<int>((vertical ? px : py) / 2);
      for (std::int64_t at = from; at != to; at += 2 * s) {
        const int along = static_cast<int>(std::min(at, at + 2 * s) / 2);
        const int near = vertical ? (lastX < line ? line - 1 : line) : (lastY < line ? line - 1 : line);
        const int far = near == line ? line - 1 : line;
        const int pick = (vertical ? free(near, along) : free(along, near)) ? near : far;
        if (vertical)
          step(pick, along);
        else
          step(along, pick);
      }
      continue;
    }
    // The first cell the segment enters, then one grid line at a time (both at a vertex).
    int cx = static_cast<int>(px % 2 != 0 ? (px - 1) / 2 : px / 2 - (dx < 0 ? 1 : 0));
    int cy = static_cast<int>(py % 2 != 0 ? (py - 1) / 2 : py / 2 - (dy < 0 ? 1 : 0));
    if (dx == 0) cx = static_cast<int>((px - 1) / 2);
    if (dy == 0) cy = static_cast<int>((py - 1) / 2);
    step(cx, cy);
    // Next vertical line x = nextX (doubled, even) and horizontal line y = nextY ahead.
    std::int64_t nextX = dx > 0 ? 2 * (cx + 1) : 2 * cx, nextY = dy > 0 ? 2 * (cy + 1) : 2 * cy;
    const std::int64_t adx = std::llabs(dx), ady = std::llabs(dy);
    for (;;) {
      // Parameters along the segment as (distance to the line) / |d| compared exactly.
      const bool crossX = dx != 0 && (dx > 0 ? nextX < ax : nextX > ax);
      const bool crossY = dy != 0 && (dy > 0 ? nextY < ay : nextY > ay);
      if (!crossX && !crossY) break;
      const std::int64_t tx = std::llabs(nextX - px) * ady, ty = std::llabs(nextY - py) * adx;
      const bool stepX = crossX && (!crossY || tx <= ty), stepY = crossY && (!crossX || ty <= tx);
      if (stepX) {
        cx += sx;
        nextX += 2 * sx;
      }
      if (stepY) {
        cy += sy;
        nextY += 2 * sy;
      }
      step(cx, cy);
    }
  }
}

}  // namespace astar
