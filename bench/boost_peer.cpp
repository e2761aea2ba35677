// Boost.Graph astar_search as documented: named parameters, property maps over vectors that
// live as long as the graph, and a visitor that throws when the goal is examined (the
// library's own way to stop early).
#include "boost_peer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>

namespace astar::bench {

namespace {

using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                         boost::property<boost::edge_weight_t, double>>;
using Vertex = boost::graph_traits<BoostGraph>::vertex_descriptor;

struct FoundGoal {};

class OctileHeuristic : public boost::astar_heuristic<BoostGraph, double> {
 public:
  OctileHeuristic(int width, int goalX, int goalY) : width_(width), goalX_(goalX), goalY_(goalY) {}
  double operator()(Vertex v) const {
    const int dx = std::abs(static_cast<int>(v % static_cast<Vertex>(width_)) - goalX_);
    const int dy = std::abs(static_cast<int>(v / static_cast<Vertex>(width_)) - goalY_);
    return static_cast<double>(std::max(dx, dy) - std::min(dx, dy)) + 1.4142135623730951 * std::min(dx, dy);
  }

 private:
  int width_, goalX_, goalY_;
};

class GoalVisitor : public boost::default_astar_visitor {
 public:
  GoalVisitor(Vertex goal, std::uint64_t& examined) : goal_(goal), examined_(&examined) {}
  void examine_vertex(Vertex v, const BoostGraph&) const {
    ++*examined_;
    if (v == goal_) throw FoundGoal{};
  }

 private:
  Vertex goal_;
  std::uint64_t* examined_;
};

}  // namespace

struct BoostGridPeer::Impl {
  BoostGraph graph;
  int width = 0;
  std::vector<Vertex> predecessor;
  std::vector<double> distance;
  std::vector<double> rank;
  std::vector<boost::default_color_type> color;
};

BoostGridPeer::BoostGridPeer(const Grid& grid) : impl_(std::make_unique<Impl>()) {
  const std::size_t cells = grid.cellCount();
  impl_->graph = BoostGraph(cells);
  impl_->width = grid.width();
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    if (!grid.passable(n)) continue;
    grid.forEachNeighbor(n, [&](NodeId m, double cost) { boost::add_edge(n, m, cost, impl_->graph); });
  }
  impl_->predecessor.resize(cells);
  impl_->distance.resize(cells);
  impl_->rank.resize(cells);
  impl_->color.resize(cells);
}

BoostGridPeer::~BoostGridPeer() = default;

double BoostGridPeer::search(NodeId start, NodeId goal, std::uint64_t& expanded) {
  Impl& s = *impl_;
  expanded = 0;
  const int w = s.width;
  try {
    boost::astar_search(
        s.graph, start,
        OctileHeuristic(w, static_cast<int>(goal % static_cast<NodeId>(w)),
                        static_cast<int>(goal / static_cast<NodeId>(w))),
        boost::predecessor_map(
            boost::make_iterator_property_map(s.predecessor.begin(), boost::get(boost::vertex_index, s.graph)))
            .distance_map(
                boost::make_iterator_property_map(s.distance.begin(), boost::get(boost::vertex_index, s.graph)))
            .rank_map(boost::make_iterator_property_map(s.rank.begin(), boost::get(boost::vertex_index, s.graph)))
            .color_map(boost::make_iterator_property_map(s.color.begin(), boost::get(boost::vertex_index, s.graph)))
            .visitor(GoalVisitor(goal, expanded)));
  } catch (const FoundGoal&) {
    return s.distance[goal];
  }
  return -1.0;
}

}  // namespace astar::bench
