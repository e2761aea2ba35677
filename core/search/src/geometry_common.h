// What every space's geometry shares (internal to core). Header-only: the metric over
// per-axis distances that grid_geometry.h and graph_geometry.h evaluate on the hot path.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>

#include "astar/grid.h"
#include "astar/heuristic.h"

namespace astar::detail {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Metric over per-axis distances (already wrapped), with base costs folded in.
struct Metric {
  Heuristic kind = Heuristic::Octile;
  double straight = 1.0;  // cost of a straight unit step (scaled)
  double diagonal = 1.0;  // cost of a diagonal step (scaled)
  double euclid = 1.0;    // multiplier of the Euclidean length (scaled)

  ASTAR_FORCE_INLINE double operator()(double dx, double dy) const {
    switch (kind) {
      case Heuristic::Manhattan: return straight * (dx + dy);
      case Heuristic::Euclidean: return euclid * std::sqrt(dx * dx + dy * dy);
      case Heuristic::Chebyshev: return straight * std::max(dx, dy);
      case Heuristic::Octile: {
        const double lo = std::min(dx, dy), hi = std::max(dx, dy);
        return straight * (hi - lo) + diagonal * lo;
      }
      default: return 0.0;
    }
  }
};

}  // namespace astar::detail
