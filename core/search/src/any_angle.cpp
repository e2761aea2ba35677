// Line of sight for Theta* and Lazy Theta* (any_angle.h): exact, in half-cell integer units,
// one walk over the columns the segment crosses; no allocation. And the corner lattice's
// bookkeeping (its moves are inline in the header: the search loop calls them per expansion).
#include "any_angle.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "astar/limits.h"

namespace astar::detail {

namespace {

std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }

bool squeezePoint(const Grid& grid, int x, int y) {
  const bool nw = grid.passable(x - 1, y - 1), ne = grid.passable(x, y - 1), sw = grid.passable(x - 1, y),
             se = grid.passable(x, y);
  return (nw && se && !ne && !sw) || (ne && sw && !nw && !se);
}

// The rule of any_angle.h with `crossable(x, y)` saying which cells a segment may pass through
// (outside the map included); an edge may be run along when a cell on either side is crossable.
template <class Crossable>
bool segmentClear(const Grid& grid, HalfPoint a, HalfPoint b, Crossable&& crossable) {
  if (a.x > b.x || (a.x == b.x && a.y > b.y)) std::swap(a, b);
  const bool squeeze = grid.diagonal() == DiagonalMovement::Always;
  // A lattice point strictly inside the segment where two walls meet diagonally.
  auto squeezesAt = [&](std::int64_t x, std::int64_t y) {
    return !squeeze && squeezePoint(grid, static_cast<int>(x), static_cast<int>(y));
  };
  if (a.x == b.x) {  // vertical: rows whose open interval meets the segment
    for (std::int64_t y = floorDiv(a.y, 2); 2 * y < b.y; ++y) {
      if (a.x % 2 != 0 ? !crossable(a.x / 2, y) : !crossable(a.x / 2 - 1, y) && !crossable(a.x / 2, y)) return false;
      if (a.x % 2 == 0 && 2 * y > a.y && squeezesAt(a.x / 2, y)) return false;
    }
    return true;
  }
  const std::int64_t dx = b.x - a.x, dy = b.y - a.y;
  // The segment's y at x is (a.y * dx + (x - a.x) * dy) / dx; per column, the rows whose open
  // interval meets the segment's open y range there.
  auto yNumerator = [&](std::int64_t x) { return a.y * dx + (x - a.x) * dy; };
  for (std::int64_t column = floorDiv(a.x, 2); 2 * column < b.x; ++column) {
    if (dy == 0) {
      if (a.y % 2 != 0 ? !crossable(column, a.y / 2) : !crossable(column, a.y / 2 - 1) && !crossable(column, a.y / 2))
        return false;
      continue;
    }
    const std::int64_t left = std::max(a.x, 2 * column), right = std::min(b.x, 2 * column + 2);
    const std::int64_t lo = std::min(yNumerator(left), yNumerator(right));
    const std::int64_t hi = std::max(yNumerator(left), yNumerator(right));
    for (std::int64_t y = floorDiv(lo, 2 * dx); y <= ceilDiv(hi, 2 * dx) - 1; ++y)
      if (!crossable(column, y)) return false;
  }
  if (dy == 0 && a.y % 2 != 0) return true;  // along the middle of a row: no lattice point
  for (std::int64_t x = 2 * (floorDiv(a.x, 2) + 1); x < b.x; x += 2) {
    const std::int64_t n = yNumerator(x);
    if (n % dx == 0 && (n / dx) % 2 == 0 && squeezesAt(x / 2, n / dx / 2)) return false;
  }
  return true;
}

}  // namespace

double segmentCost(const Grid& grid, NodeId from, NodeId to) {
  if (grid.hex()) return -1.0;
  const HalfPoint a{2 * grid.xOf(from) + 1, 2 * grid.yOf(from) + 1}, b{2 * grid.xOf(to) + 1, 2 * grid.yOf(to) + 1};
  const double cellCost = grid.cost(from);
  auto crossable = [&](std::int64_t x, std::int64_t y) {
    if (!grid.contains(static_cast<int>(x), static_cast<int>(y))) return false;
    const NodeId n = grid.index(static_cast<int>(x), static_cast<int>(y));
    return grid.passable(n) && grid.cost(n) == cellCost && grid.entryMask(n) == kAllDirections;
  };
  if (!segmentClear(grid, a, b, crossable)) return -1.0;
  return grid.straightCost() * cellCost * std::hypot(static_cast<double>(b.x - a.x), static_cast<double>(b.y - a.y)) /
         2.0;
}

bool planeSegmentClear(const Grid& grid, HalfPoint a, HalfPoint b) {
  return segmentClear(grid, a, b, [&](std::int64_t x, std::int64_t y) {
    return grid.passable(static_cast<int>(x), static_cast<int>(y));
  });
}

bool CornerLattice::applies(const Grid& grid, std::size_t goals) {
  const std::uint64_t nodes =
      static_cast<std::uint64_t>(grid.cellCount()) +
      static_cast<std::uint64_t>(grid.width() + 1) * static_cast<std::uint64_t>(grid.height() + 1);
  return goals == 1 && !grid.hex() && grid.uniformCost() && !grid.hasOneWayCells() && !grid.wrapX() && !grid.wrapY() &&
         grid.portals().empty() && nodes <= kMaxSearchNodes;
}

void CornerLattice::prepare(const Grid& grid, NodeId start, NodeId goal) {
  grid_ = &grid;
  cells_ = grid.cellCount();
  width_ = grid.width();
  height_ = grid.height();
  start_ = start;
  goal_ = goal;
  squeeze_ = grid.diagonal() == DiagonalMovement::Always;
  unit_ = grid.straightCost() * grid.cost(start);
  diagonal_ = unit_ * std::sqrt(2.0);
  halfDiagonal_ = diagonal_ / 2.0;
}

bool CornerLattice::vertex(int x, int y) const {
  if (x < 0 || y < 0 || x > width_ || y > height_) return false;
  return squeeze_ || !squeezePoint(*grid_, x, y);
}

NodeId CornerLattice::cellShowing(NodeId n) const {
  if (n < cells_) return n;
  const NodeId c = n - cells_;
  const int x = std::min(static_cast<int>(c % (width_ + 1)), width_ - 1);
  const int y = std::min(static_cast<int>(c / (width_ + 1)), height_ - 1);
  return grid_->index(x, y);
}

NodeId CornerLattice::nodeShownAt(NodeId cell) const {
  if (cell == start_ || cell == goal_ || cell >= cells_) return cell;
  return corner(grid_->xOf(cell), grid_->yOf(cell));
}

void CornerLattice::points(std::span<const NodeId> vertices, std::vector<PathPoint>& out) const {
  out.clear();
  for (const NodeId n : vertices) {
    const HalfPoint p = point(n);
    out.push_back({static_cast<double>(p.x) / 2.0, static_cast<double>(p.y) / 2.0,
                   out.empty() ? PathJoin::Start : PathJoin::Walk});
  }
}

}  // namespace astar::detail
