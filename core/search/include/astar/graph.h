// Graph: an explicit directed graph with node positions (junctions and roads). The same
// Search runs on it; geometric heuristics are scaled by the lowest cost-per-distance ratio
// over all edges, so they stay admissible whatever the edge costs are.
#pragma once
#include <cstdint>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"
#include "astar/heuristic.h"

namespace astar {

namespace detail {
class GraphGeometry;
}  // namespace detail

class Graph {
 public:
  // The heuristic's geometry on this space (internal to core: src/graph_geometry.h); the search
  // reads it from here, so a new space brings its own.
  using Geometry = detail::GraphGeometry;

  struct Edge {
    NodeId to;
    double cost;
  };
  struct Position {
    double x, y;
  };

  NodeId addNode(double x, double y);
  // cost must be finite and >= 0; both ends must exist and differ.
  Error addEdge(NodeId from, NodeId to, double cost, bool twoWay = true);
  void clear();

  NodeId cellCount() const { return static_cast<NodeId>(positions_.size()); }  // node count
  Position position(NodeId n) const { return positions_[n]; }
  std::span<const Edge> edgesFrom(NodeId n) const { return out_[n]; }
  bool passable(NodeId) const { return true; }
  // Lowest edge cost divided by the metric's length of that edge (over all edges; +inf when
  // there are none): multiplying a metric by it gives an admissible, consistent bound.
  double minCostRatio(Heuristic metric) const;

  template <class Visit>
  void forEachNeighbor(NodeId n, Visit&& visit) const {
    for (const Edge& e : out_[n]) visit(e.to, e.cost);
  }
  template <class Visit>
  void forEachPredecessor(NodeId n, Visit&& visit) const {
    for (const Edge& e : in_[n]) visit(e.to, e.cost);
  }

 private:
  std::vector<Position> positions_;
  std::vector<std::vector<Edge>> out_;
  std::vector<std::vector<Edge>> in_;  // edges stored reversed: to = the predecessor
  double ratio_[kHeuristicCount] = {};
  bool hasEdges_ = false;
};

}  // namespace astar
