// GraphGeometry: the heuristic's geometric part on a Graph (Graph::Geometry; internal to core).
// Header-only: inlined into the search loop.
#pragma once
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "astar/graph.h"
#include "astar/limits.h"
#include "geometry_common.h"

namespace astar::detail {

// Graph: metric over node positions, scaled by the lowest cost / length ratio of any edge.
class GraphGeometry {
 public:
  GraphGeometry() { goals_.reserve(static_cast<std::size_t>(kMaxGoals)); }
  void configure(const Graph& graph, std::span<const NodeId> goals, Heuristic kind, bool, bool) {
    graph_ = &graph;
    metric_.kind = kind;
    const double ratio = graph.minCostRatio(kind);
    metric_.straight = ratio;
    metric_.diagonal = ratio * std::sqrt(2.0);
    metric_.euclid = ratio;
    goals_.clear();
    for (NodeId g : goals) goals_.push_back(graph.position(g));
  }
  bool singleOctile() const { return false; }
  double octileToGoal(NodeId) const { return 0.0; }
  double operator()(NodeId n) const { return closenessWith(metric_, n); }
  double closeness(NodeId n) const {
    Metric euclid;
    euclid.kind = Heuristic::Euclidean;
    return closenessWith(euclid, n);
  }

 private:
  double closenessWith(const Metric& m, NodeId n) const {
    const Graph::Position p = graph_->position(n);
    double best = kInfinity;
    for (const Graph::Position& g : goals_) best = std::min(best, m(std::fabs(p.x - g.x), std::fabs(p.y - g.y)));
    return best;
  }
  const Graph* graph_ = nullptr;
  Metric metric_;
  std::vector<Graph::Position> goals_;
};

}  // namespace astar::detail
