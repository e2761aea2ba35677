// Line of sight for Theta* and Lazy Theta* (any_angle.h): exact, in half-cell integer units,
// one walk over the columns the segment crosses; no allocation.
#include "any_angle.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace astar::detail {

namespace {

std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }

}  // namespace

double segmentCost(const Grid& grid, NodeId from, NodeId to) {
  if (grid.hex()) return -1.0;
  // Centres in half-cell units: (2x + 1, 2y + 1).
  std::int64_t ax = 2 * grid.xOf(from) + 1, ay = 2 * grid.yOf(from) + 1;
  std::int64_t bx = 2 * grid.xOf(to) + 1, by = 2 * grid.yOf(to) + 1;
  const double cellCost = grid.cost(from);
  auto crossable = [&](std::int64_t x, std::int64_t y) {
    if (!grid.contains(static_cast<int>(x), static_cast<int>(y))) return false;
    const NodeId n = grid.index(static_cast<int>(x), static_cast<int>(y));
    return grid.passable(n) && grid.cost(n) == cellCost && grid.entryMask(n) == kAllDirections;
  };
  if (ax > bx) {
    std::swap(ax, bx);
    std::swap(ay, by);
  }
  const std::int64_t dx = bx - ax, dy = by - ay;
  if (dx == 0) {  // vertical, through the middle of one column
    for (std::int64_t y = std::min(ay, by) / 2; y <= std::max(ay, by) / 2; ++y)
      if (!crossable(ax / 2, y)) return -1.0;
  } else {
    // The segment's y at x is (ay * dx + (x - ax) * dy) / dx; per column, the rows whose open
    // interval meets the segment's open y range there.
    auto yNumerator = [&](std::int64_t x) { return ay * dx + (x - ax) * dy; };
    for (std::int64_t column = ax / 2; 2 * column < bx; ++column) {
      const std::int64_t left = std::max(ax, 2 * column), right = std::min(bx, 2 * column + 2);
      if (dy == 0) {
        if (!crossable(column, ay / 2)) return -1.0;
        continue;
      }
      const std::int64_t lo = std::min(yNumerator(left), yNumerator(right));
      const std::int64_t hi = std::max(yNumerator(left), yNumerator(right));
      for (std::int64_t y = floorDiv(lo, 2 * dx); y <= ceilDiv(hi, 2 * dx) - 1; ++y)
        if (!crossable(column, y)) return -1.0;
    }
    // Corner points on the segment: squeezing between two diagonal walls needs DiagonalMovement::Always.
    if (dy != 0 && grid.diagonal() != DiagonalMovement::Always)
      for (std::int64_t x = ax + 1; x < bx; x += 2) {
        const std::int64_t n = yNumerator(x);
        if (n % dx != 0 || (n / dx) % 2 != 0) continue;
        const int cx = static_cast<int>(x / 2), cy = static_cast<int>(n / dx / 2);
        const bool nw = grid.passable(cx - 1, cy - 1), ne = grid.passable(cx, cy - 1), sw = grid.passable(cx - 1, cy),
                   se = grid.passable(cx, cy);
        if ((nw && se && !ne && !sw) || (ne && sw && !nw && !se)) return -1.0;
      }
  }
  return grid.straightCost() * cellCost * std::hypot(static_cast<double>(dx), static_cast<double>(dy)) / 2.0;
}

}  // namespace astar::detail
