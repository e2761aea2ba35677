// Shared by the native and wasm benchmark runners: the cost of a returned path, walked one
// move at a time through the grid's own neighbour generator, so a benchmark never trusts a
// search's reported cost alone.
#pragma once
#include <span>

#include "astar/grid.h"

namespace astar::bench {

// Sum of the step costs along path; -1 when two consecutive cells are not one legal move.
inline double walkedCost(const Grid& grid, std::span<const NodeId> path) {
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    double step = -1;
    grid.forEachNeighbor(path[i - 1], [&](NodeId m, double c) {
      if (m == path[i]) step = c;
    });
    if (step < 0) return -1;
    total += step;
  }
  return total;
}

}  // namespace astar::bench
