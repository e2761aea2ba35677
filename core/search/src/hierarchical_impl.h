// HierarchicalMap's state, shared by the abstraction build (hierarchical_build.cpp) and the
// query (hierarchical_query.cpp). Internal to core.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "astar/clearance.h"
#include "astar/hierarchical.h"
#include "dijkstra_fill.h"
#include "grid_geometry.h"

namespace astar::detail {

// The moves one abstraction is built over: the grid's own for agent size 1, a k x k agent's
// (ClearanceMap::forEachMove: anchors with clearance >= k) above. Everything HPA* reads about
// moves goes through here, so the entrance rule, the intra-cluster costs and the refinement
// are the same code for every size.
struct AgentMoves {
  const Grid* grid = nullptr;
  const ClearanceMap* clearance = nullptr;  // read only when size > 1
  int size = 1;

  bool passable(NodeId n) const { return size == 1 ? grid->passable(n) : clearance->at(n) >= size; }
  template <class Visit>
  void forEachNeighbor(NodeId n, Visit&& visit) const {
    if (size == 1)
      grid->forEachNeighbor(n, visit);
    else
      clearance->forEachMove(*grid, n, size, visit);
  }
  // The anchors p with a move p -> n: n's eight neighbours whose own moves reach n, and the far
  // ends of portals into n (a portal between neighbours may be seen twice; the cost is the same).
  template <class Visit>
  void forEachPredecessor(NodeId n, Visit&& visit) const {
    if (size == 1) {
      grid->forEachPredecessor(n, visit);
      return;
    }
    const int x = grid->xOf(n), y = grid->yOf(n);
    for (int d = 0; d < 8; ++d) {
      const int px = x - kDirectionX[d], py = y - kDirectionY[d];
      if (!clearance->fits(px, py, size)) continue;
      const NodeId p = grid->index(px, py);
      clearance->forEachMove(*grid, p, size, [&](NodeId m, double cost) {
        if (m == n) visit(p, cost);
      });
    }
    for (const Portal& p : grid->portals()) {
      if (p.to == n && clearance->at(p.from) >= size) visit(p.from, p.cost);
      if (p.twoWay && p.from == n && clearance->at(p.to) >= size) visit(p.to, p.cost);
    }
  }
};

// One cluster's cells as a Space (cellCount / passable / forEachNeighbor / forEachPredecessor)
// with local ids y * w + x: the grid's own moves, keeping only those whose both ends are inside.
struct ClusterSpace {
  const Grid* grid = nullptr;
  AgentMoves moves;
  int x0 = 0, y0 = 0, w = 0, h = 0;

  NodeId cellCount() const { return static_cast<NodeId>(w) * static_cast<NodeId>(h); }
  NodeId global(NodeId local) const {
    return grid->index(x0 + static_cast<int>(local % static_cast<NodeId>(w)),
                       y0 + static_cast<int>(local / static_cast<NodeId>(w)));
  }
  bool inside(NodeId cell, NodeId& local) const {
    const int x = grid->xOf(cell) - x0, y = grid->yOf(cell) - y0;
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    local = static_cast<NodeId>(y) * static_cast<NodeId>(w) + static_cast<NodeId>(x);
    return true;
  }
  NodeId local(NodeId cell) const {
    NodeId l = kNoNode;
    (void)inside(cell, l);
    return l;
  }
  bool passable(NodeId local) const { return moves.passable(global(local)); }
  template <class Visit>
  void forEachNeighbor(NodeId local, Visit&& visit) const {
    moves.forEachNeighbor(global(local), [&](NodeId cell, double cost) {
      NodeId m;
      if (inside(cell, m)) visit(m, cost);
    });
  }
  template <class Visit>
  void forEachPredecessor(NodeId local, Visit&& visit) const {
    moves.forEachPredecessor(global(local), [&](NodeId cell, double cost) {
      NodeId m;
      if (inside(cell, m)) visit(m, cost);
    });
  }
};

struct Crossing {  // a kept move between two clusters
  NodeId from, to;
  double cost;
};

struct ClusterData {
  std::vector<Crossing> out;  // kept crossings leaving the cluster, sorted by (from, to)
  std::vector<NodeId> nodes;  // abstract nodes in the cluster, ascending
  std::vector<double> dist;   // nodes x nodes: cheapest path inside the cluster (row = from)
};

struct LinkEdge {
  std::uint32_t to;
  double cost;
  bool crossing;
};

}  // namespace astar::detail

namespace astar {

// The abstraction for one agent size (the whole of HPA* for that size).
struct HierarchicalMap::Layer {
  Layer(const Grid& g, const ClearanceMap& clearance, int agentSize) : grid(g), moves{&g, &clearance, agentSize} {}

  const Grid& grid;
  detail::AgentMoves moves;
  int size = 0;  // cluster size
  int clustersX = 0, clustersY = 0;
  bool built = false;
  std::vector<detail::ClusterData> clusters;
  std::vector<std::vector<std::uint32_t>> portalPartners;  // per cluster: clusters a portal joins it to

  // The linked abstract graph (CSR), rebuilt after every build or update.
  std::vector<NodeId> nodeCells;
  std::vector<std::uint32_t> clusterFirst;  // first node of each cluster (+ the end)
  std::vector<std::uint32_t> cellToNode;    // per cell: its node id or kNoNode
  std::vector<std::uint32_t> edgeFirst;     // per node (+ the end)
  std::vector<detail::LinkEdge> linkEdges;

  JournalMark seen;  // the grid as the last build or refresh saw it (refresh() and stale())

  // Build workspace.
  detail::DijkstraWorkspace fillWork;
  std::vector<double> fillDist;
  std::vector<std::int32_t> runOf[4];  // per cluster side: entrance id of each border position, or -1

  // Query workspace.
  detail::DijkstraWorkspace localWork;
  std::vector<double> startDist, goalDist, segmentDist;
  std::vector<NodeId> startParent, goalNext, segmentParent, segmentCells;
  detail::DijkstraWorkspace abstractWork;
  std::vector<double> abstractG;
  std::vector<std::uint32_t> abstractParent;
  std::vector<NodeId> abstractPath;
  detail::GridGeometry estimate;
  HierarchicalStats stats;

  int clusterOf(NodeId cell) const { return grid.xOf(cell) / size + (grid.yOf(cell) / size) * clustersX; }
  detail::ClusterSpace space(int cluster) const {
    detail::ClusterSpace s;
    s.grid = &grid;
    s.moves = moves;
    s.x0 = (cluster % clustersX) * size;
    s.y0 = (cluster / clustersX) * size;
    s.w = std::min(size, grid.width() - s.x0);
    s.h = std::min(size, grid.height() - s.y0);
    return s;
  }
  // The cluster beside `cluster` on a side (North, East, South, West), across a wrapping
  // edge when the grid wraps there; -1 when none or when it is the cluster itself.
  int besideCluster(int cluster, int side) const;
  // The clusters whose crossings can depend on this cluster's cells: the eight around it
  // (wrapping) and its portal partners, without the cluster itself.
  void neighbourClusters(int cluster, std::vector<int>& out) const;

  // hierarchical_build.cpp
  void computeCrossings(int cluster);
  void computeNodes(int cluster, std::vector<NodeId>& out) const;
  void computeDist(int cluster);
  void computePortalPartners();
  void link();
  // Recomputes what edits of these cells can change (see hierarchical.h).
  void repairCells(std::span<const NodeId> changedCells);
  void reserveQueryBuffers();
  Error build(int clusterSize);
  // Brings this abstraction up to date with the grid's journal (the clearance map first).
  void refresh();
  // hierarchical_query.cpp
  SearchStatus findPath(NodeId start, NodeId goal, std::vector<NodeId>& path);
};

// One abstraction per agent size, each built on the first query of its size (size 1 by build()),
// all brought up to date by refresh(); the clearance map they read is shared.
struct HierarchicalMap::Impl {
  explicit Impl(const Grid& g) : grid(g) {}

  const Grid& grid;
  ClearanceMap clearance;
  int clusterSize = 0;
  std::unique_ptr<Layer> layers[kMaxAgentSize];  // [k - 1]: agent size k, null until built
  int current = 1;                               // the size stats() and abstractPath() report
  std::string message;

  Layer* layer(int agentSize) const {
    return agentSize >= kMinAgentSize && agentSize <= kMaxAgentSize ? layers[agentSize - 1].get() : nullptr;
  }
  // The layer of this size, built now if it was not (a first query; the grid is not stale).
  Layer* layerBuilt(int agentSize);
  // Forgets the sizes above 1 after the map became hex or wrapping (they would be refused).
  void dropRefusedSizes();
};

}  // namespace astar
