// Path cost walked through the grid's neighbour generator: see path_cost.h.
#include "astar/path_cost.h"

#include <algorithm>
#include <limits>

#include "any_angle.h"

namespace astar {

namespace {
bool usable(const Grid& grid, NodeId n) { return n < grid.cellCount() && grid.passable(n); }
}  // namespace

double stepCost(const Grid& grid, NodeId from, NodeId to) {
  if (!usable(grid, from) || !usable(grid, to)) return kIllegalPath;
  double cheapest = std::numeric_limits<double>::infinity();
  grid.forEachNeighbor(from, [&](NodeId m, double c) {
    if (m == to && c < cheapest) cheapest = c;
  });
  return cheapest == std::numeric_limits<double>::infinity() ? kIllegalPath : cheapest;
}

double pathCost(const Grid& grid, std::span<const NodeId> path) {
  if (path.size() == 1) return usable(grid, path[0]) ? 0.0 : kIllegalPath;
  double total = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const double step = stepCost(grid, path[i - 1], path[i]);
    if (step < 0.0) return kIllegalPath;
    total += step;
  }
  return total;
}

double anyAnglePathCost(const Grid& grid, std::span<const NodeId> path) {
  if (path.size() == 1) return usable(grid, path[0]) ? 0.0 : kIllegalPath;
  double total = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (!usable(grid, path[i - 1]) || !usable(grid, path[i])) return kIllegalPath;
    const double move = stepCost(grid, path[i - 1], path[i]);
    const double segment = detail::segmentCost(grid, path[i - 1], path[i]);
    if (move < 0.0 && segment < 0.0) return kIllegalPath;
    total += move < 0.0 ? segment : segment < 0.0 ? move : std::min(move, segment);
  }
  return total;
}

}  // namespace astar
