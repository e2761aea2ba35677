// HierarchicalMap's state, shared by the abstraction build (hierarchical_build.cpp) and the
// query (hierarchical_query.cpp). Internal to core.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "astar/hierarchical.h"
#include "dijkstra_fill.h"
#include "grid_geometry.h"

namespace astar::detail {

// One cluster's cells as a Space (cellCount / passable / forEachNeighbor / forEachPredecessor)
// with local ids y * w + x: the grid's own moves, keeping only those whose both ends are inside.
struct ClusterSpace {
  const Grid* grid = nullptr;
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
  bool passable(NodeId local) const { return grid->passable(global(local)); }
  template <class Visit>
  void forEachNeighbor(NodeId local, Visit&& visit) const {
    grid->forEachNeighbor(global(local), [&](NodeId cell, double cost) {
      NodeId m;
      if (inside(cell, m)) visit(m, cost);
    });
  }
  template <class Visit>
  void forEachPredecessor(NodeId local, Visit&& visit) const {
    grid->forEachPredecessor(global(local), [&](NodeId cell, double cost) {
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

struct HierarchicalMap::Impl {
  explicit Impl(const Grid& g) : grid(g) {}

  const Grid& grid;
  int size = 0;
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
  std::string message;

  int clusterOf(NodeId cell) const { return grid.xOf(cell) / size + (grid.yOf(cell) / size) * clustersX; }
  detail::ClusterSpace space(int cluster) const {
    detail::ClusterSpace s;
    s.grid = &grid;
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
};

}  // namespace astar
