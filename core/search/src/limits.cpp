// The cost ranges of limits.h, checked once for the grid, the readers and the CLI.
#include "astar/limits.h"

#include <cmath>

namespace astar {

const char* cellCostProblem(double cost) {
  if (std::isnan(cost)) return "a cell cost must be a number, got nan";
  if (std::isinf(cost)) return "a cell cost must be finite, got infinity";
  if (cost <= 0.0) return "a cell cost must be > 0 (a cell that cannot be entered is a wall)";
  if (cost < kMinCellCost) return "a cell cost must be at least 1e-30";
  if (cost > kMaxCost) return "a cell cost must be at most 1e30";
  return nullptr;
}

const char* portalCostProblem(double cost) {
  if (std::isnan(cost)) return "a portal cost must be a number, got nan";
  if (std::isinf(cost)) return "a portal cost must be finite, got infinity";
  if (cost < 0.0) return "a portal cost must be >= 0";
  if (cost > kMaxCost) return "a portal cost must be at most 1e30";
  return nullptr;
}

}  // namespace astar
