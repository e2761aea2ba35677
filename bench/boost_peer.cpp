// Boost.Graph astar_search as documented: named parameters, property maps over vectors that
// live as long as the graph, and a visitor that throws when the goal is examined (the
// library's own way to stop early). The heuristic is the one the grid's rules call for:
// octile with diagonal moves, Manhattan without, each measured around the torus on a wrapping
// axis (admissible in every case).
#include "boost_peer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>

namespace astar::bench {

namespace {

struct EdgeWeight {
  double value;
};
using CsrGraph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeWeight>;
using ListGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property, EdgeWeight>;

struct FoundGoal {};

struct GridGeometry {
  int width = 0, height = 0;
  bool wrapX = false, wrapY = false, diagonal = true;
  double straight = 1.0, diagonalStep = 1.4142135623730951;
};

template <class G>
class GridHeuristic : public boost::astar_heuristic<G, double> {
 public:
  using Vertex = typename boost::graph_traits<G>::vertex_descriptor;
  GridHeuristic(const GridGeometry& geometry, int goalX, int goalY) : g_(geometry), goalX_(goalX), goalY_(goalY) {}
  double operator()(Vertex v) const {
    int dx = std::abs(static_cast<int>(v % static_cast<Vertex>(g_.width)) - goalX_);
    int dy = std::abs(static_cast<int>(v / static_cast<Vertex>(g_.width)) - goalY_);
    if (g_.wrapX) dx = std::min(dx, g_.width - dx);
    if (g_.wrapY) dy = std::min(dy, g_.height - dy);
    if (!g_.diagonal) return g_.straight * static_cast<double>(dx + dy);
    return g_.straight * static_cast<double>(std::max(dx, dy) - std::min(dx, dy)) +
           g_.diagonalStep * static_cast<double>(std::min(dx, dy));
  }

 private:
  GridGeometry g_;
  int goalX_, goalY_;
};

template <class G>
class GoalVisitor : public boost::default_astar_visitor {
 public:
  using Vertex = typename boost::graph_traits<G>::vertex_descriptor;
  GoalVisitor(Vertex goal, std::uint64_t& examined) : goal_(goal), examined_(&examined) {}
  void examine_vertex(Vertex v, const G&) const {
    ++*examined_;
    if (v == goal_) throw FoundGoal{};
  }

 private:
  Vertex goal_;
  std::uint64_t* examined_;
};

// One query on either graph type, with the property maps preallocated by the caller.
template <class G>
double searchGraph(const G& graph, const GridGeometry& geometry, std::vector<std::size_t>& predecessor,
                   std::vector<double>& distance, std::vector<double>& rank,
                   std::vector<boost::default_color_type>& color, NodeId start, NodeId goal, std::uint64_t& expanded) {
  using Vertex = typename boost::graph_traits<G>::vertex_descriptor;
  const auto index = boost::get(boost::vertex_index, graph);
  expanded = 0;
  const int w = geometry.width;
  try {
    boost::astar_search(graph, static_cast<Vertex>(start),
                        GridHeuristic<G>(geometry, static_cast<int>(goal % static_cast<NodeId>(w)),
                                         static_cast<int>(goal / static_cast<NodeId>(w))),
                        boost::weight_map(boost::get(&EdgeWeight::value, graph))
                            .predecessor_map(boost::make_iterator_property_map(predecessor.begin(), index))
                            .distance_map(boost::make_iterator_property_map(distance.begin(), index))
                            .rank_map(boost::make_iterator_property_map(rank.begin(), index))
                            .color_map(boost::make_iterator_property_map(color.begin(), index))
                            .visitor(GoalVisitor<G>(static_cast<Vertex>(goal), expanded)));
  } catch (const FoundGoal&) {
    return distance[goal];
  }
  return -1.0;
}

}  // namespace

struct BoostGridPeer::Impl {
  BoostGraphKind kind = BoostGraphKind::CompressedSparseRow;
  GridGeometry geometry;
  CsrGraph csr;
  ListGraph list;
  std::vector<std::size_t> predecessor;
  std::vector<double> distance;
  std::vector<double> rank;
  std::vector<boost::default_color_type> color;
};

BoostGridPeer::BoostGridPeer(const Grid& grid, BoostGraphKind kind) : impl_(std::make_unique<Impl>()) {
  Impl& s = *impl_;
  const std::size_t cells = grid.cellCount();
  s.kind = kind;
  s.geometry = {
      grid.width(),        grid.height(),      grid.wrapX(), grid.wrapY(), grid.diagonal() != DiagonalMovement::Never,
      grid.straightCost(), grid.diagonalCost()};
  // Edges in source order (the neighbour generator visits cells in index order), as the CSR
  // constructor with edges_are_sorted expects.
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  std::vector<EdgeWeight> weights;
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    if (!grid.passable(n)) continue;
    grid.forEachNeighbor(n, [&](NodeId m, double cost) {
      edges.emplace_back(n, m);
      weights.push_back({cost});
    });
  }
  if (kind == BoostGraphKind::CompressedSparseRow) {
    s.csr = CsrGraph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(), cells);
  } else {
    s.list = ListGraph(cells);
    for (std::size_t i = 0; i < edges.size(); ++i) boost::add_edge(edges[i].first, edges[i].second, weights[i], s.list);
  }
  s.predecessor.resize(cells);
  s.distance.resize(cells);
  s.rank.resize(cells);
  s.color.resize(cells);
}

BoostGridPeer::~BoostGridPeer() = default;

double BoostGridPeer::search(NodeId start, NodeId goal, std::uint64_t& expanded) {
  Impl& s = *impl_;
  if (s.kind == BoostGraphKind::CompressedSparseRow)
    return searchGraph(s.csr, s.geometry, s.predecessor, s.distance, s.rank, s.color, start, goal, expanded);
  return searchGraph(s.list, s.geometry, s.predecessor, s.distance, s.rank, s.color, start, goal, expanded);
}

}  // namespace astar::bench
