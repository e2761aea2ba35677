// Graph: explicit nodes and edges.
#include "astar/graph.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace astar {

NodeId Graph::addNode(double x, double y) {
  positions_.push_back({x, y});
  out_.emplace_back();
  in_.emplace_back();
  return static_cast<NodeId>(positions_.size() - 1);
}

void Graph::clear() {
  positions_.clear();
  out_.clear();
  in_.clear();
  hasEdges_ = false;
}

static double metricLength(Heuristic h, double dx, double dy) {
  switch (h) {
    case Heuristic::Manhattan: return dx + dy;
    case Heuristic::Euclidean: return std::sqrt(dx * dx + dy * dy);
    case Heuristic::Chebyshev: return std::max(dx, dy);
    case Heuristic::Octile: return std::max(dx, dy) - std::min(dx, dy) + std::sqrt(2.0) * std::min(dx, dy);
    default: return 0.0;
  }
}

Error Graph::addEdge(NodeId from, NodeId to, double cost, bool twoWay) {
  if (from >= cellCount() || to >= cellCount())
    return Error{"edge " + std::to_string(from) + " -> " + std::to_string(to) + " names a node that does not exist"};
  if (from == to) return Error{"an edge must join two different nodes"};
  if (!std::isfinite(cost) || cost < 0.0) return Error{"edge cost must be a finite number >= 0"};
  out_[from].push_back({to, cost});
  in_[to].push_back({from, cost});
  if (twoWay) {
    out_[to].push_back({from, cost});
    in_[from].push_back({to, cost});
  }
  const double dx = std::fabs(positions_[from].x - positions_[to].x),
               dy = std::fabs(positions_[from].y - positions_[to].y);
  for (int k = 0; k < kHeuristicCount; ++k) {
    const double length = metricLength(static_cast<Heuristic>(k), dx, dy);
    const double ratio = length > 0.0 ? cost / length : std::numeric_limits<double>::infinity();
    ratio_[k] = hasEdges_ ? std::min(ratio_[k], ratio) : ratio;
  }
  hasEdges_ = true;
  return {};
}

double Graph::minCostRatio(Heuristic metric) const {
  if (!hasEdges_) return 0.0;
  const double r = ratio_[static_cast<int>(metric)];
  return std::isfinite(r) ? r : 0.0;
}

}  // namespace astar
