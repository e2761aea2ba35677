// Hierarchical path-finding (HPA*, Botea, Mueller and Schaeffer 2004) over a Grid.
//
//   astar::HierarchicalMap hpa(grid);
//   hpa.build({.clusterSize = 16});            // clusters, entrances, abstract graph
//   hpa.findPath(start, goal, path);           // abstract search, then refinement
//   hpa.findPath(start, goal, path, 2);        // a 2 x 2 agent (its abstraction built on this first query)
//   grid.setWall(...);  hpa.refresh();          // rebuilds only the clusters the edits touch
//
// Clusters: the map is cut into clusterSize x clusterSize blocks of cells (x / size, y / size;
// the last row and column of blocks may be smaller). Square and hex grids (hex cells are
// clustered by their offset coordinates).
//
// Entrances (the rule): for each cluster side and each direction of crossing, the border is
// scanned along the side. Position i belongs to an entrance while the grid's neighbour
// generator has the straight crossing move a_i -> b_i (a_i the cluster's border cell, b_i the
// facing cell of the neighbouring cluster) and, from the previous position, moves a_{i-1} <->
// a_i and b_{i-1} <-> b_i both ways (so every crossing of one entrance is reachable from every
// other one along the border: one-way cells and terrain cut entrances). An entrance shorter
// than kLongEntrance positions keeps its middle crossing; a longer one its two end crossings.
// Any other move that leaves a cluster (a diagonal, a wrap-around move, a portal, a hex move
// across a corner) is kept as its own abstract edge unless it joins two cells of one entrance
// (then the entrance's crossing replaces it). So the abstract graph finds a path iff the grid
// has one: every grid path maps onto abstract edges.
//
// Abstract graph: nodes are the ends of the kept crossings (cells); edges are the kept
// crossings (directed, their grid move's cost) and, inside each cluster, one edge between each
// ordered pair of nodes with the cheapest cost of a path that stays inside the cluster, found
// through the grid's own neighbour generator restricted to the cluster (terrain, one-way cells,
// portals and wrap moves whose both ends are in the cluster). Start and goal are joined to their
// cluster's nodes for one query (temporary nodes, nothing added to the graph).
//
// A query is A* over the abstract graph (the grid's default heuristic, wrap- and portal-aware,
// consistent there too), then each intra-cluster edge is refined by a Dijkstra inside its
// cluster. The path is valid; its cost is not always optimal (HPA* trades optimality for
// speed; the tests state the bound they check). Queries reuse buffers reserved at build (the
// cluster Dijkstras' arrays) or grown by the first query (the abstract search state): after that,
// queries do not allocate (test_allocations), until an update grows the abstract graph.
//
// Incremental rebuild: refresh() reads the cells edited since the last build or refresh from the
// grid's change journal (map_journal.h), recomputes the crossings of the touched clusters and
// their neighbours (by position, wrap and portal), the node sets around them, and the
// intra-cluster costs only of clusters whose cells or nodes changed. A load, a change to the
// map's size or rules (movement, cost model, cell shape, wrap) or a portal edit rebuilds everything.
// The result equals a full build (tests compare them edge by edge).
//
// Agents bigger than one cell (agentSize k = 1..kMaxAgentSize, clearance.h): one abstraction per
// size, each built on the first query of its size (size 1 by build()), as the A* Pathfinding
// Project keeps one graph per agent size. The abstraction of size k is the one above built over
// the k x k agent's moves (ClearanceMap::forEachMove: anchors with clearance >= k, the map's
// corner rule applied to the footprint) instead of the grid's: the same entrance rule, costs and
// refinement, so every answer is a walk of the agent's moves and found iff the agent can reach
// the goal. Why not one graph annotated with clearances (Harabor and Botea's AHA*): its
// intra-cluster costs, kept per clearance, cost as much as separate graphs, and separate graphs
// keep each size's entrances placed for that size (a wide agent's entrances are where it fits).
// Sizes above 1 are refused on hex cells and wrapping maps (agentSizeProblem). refresh() brings
// every size built so far up to date: the shared clearance map from the journal, then each
// abstraction from the anchors whose square holds an edited cell (the k x k block ending at it).
// A size's first query allocates its abstraction; its later queries do not.
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"
#include "astar/search.h"

namespace astar {

// The name of HPA* in the CLI (`--algorithm hpa`) and on the page. HPA* is not a value of
// enum Algorithm: it is its own class (preprocessing, no step-by-step search).
inline constexpr const char* kHierarchicalName = "hpa";
inline constexpr const char* kHierarchicalLabel = "HPA*";
// Entrances of at least this many positions keep two crossings (their ends), shorter ones one.
inline constexpr int kLongEntrance = 6;

struct HierarchicalOptions {
  int clusterSize = kDefaultClusterSize;  // kMinClusterSize..kMaxClusterSize cells per side
};

struct HierarchicalStats {
  // Preprocessing (the last build() or refresh()).
  double buildMilliseconds = 0.0;
  std::uint32_t clustersRebuilt = 0;  // clusters whose intra-cluster costs were recomputed
  bool fullBuild = false;             // the last build() or refresh() built everything
  std::uint32_t clusterCount = 0;
  std::uint32_t abstractNodes = 0;
  std::uint64_t abstractEdges = 0;
  // The last query.
  std::uint64_t abstractExpanded = 0;   // abstract nodes taken off the open list
  std::uint64_t insertExpanded = 0;     // grid cells expanded joining start and goal to their clusters
  std::uint64_t refineExpanded = 0;     // grid cells expanded refining intra-cluster edges
  std::uint32_t abstractPathNodes = 0;  // start, abstract nodes, goal
  double pathCost = 0.0;                // cost of the refined grid path (sum of its moves)
};

// One edge of the abstract graph, by cells (for inspection and tests).
struct AbstractEdge {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  double cost = 0.0;
  bool crossing = false;  // a kept move between clusters (else a path inside one cluster)
  friend bool operator==(const AbstractEdge&, const AbstractEdge&) = default;
};

class HierarchicalMap {
 public:
  explicit HierarchicalMap(const Grid& grid);
  ~HierarchicalMap();
  HierarchicalMap(const HierarchicalMap&) = delete;
  HierarchicalMap& operator=(const HierarchicalMap&) = delete;

  // Full build of size 1 and of every other agent size built so far. Refuses a cluster size
  // outside kMinClusterSize..kMaxClusterSize (nothing changes).
  Error build(const HierarchicalOptions& options);
  // Rebuilds what the grid's edits since the last build or refresh can change (nothing when
  // none); a full build after a load, a rule or portal change. Error if nothing was built yet.
  Error refresh();
  bool built() const;
  bool built(int agentSize) const;  // that size's abstraction exists (its first query or prepare())
  // Builds the abstraction of this agent size now rather than at its first query. Error: nothing
  // built yet, the grid changed since (refresh() first), or the size is refused (agentSizeProblem).
  Error prepare(int agentSize);
  // True when the grid was edited since the last build or refresh.
  bool stale() const;

  // Found: path holds the cells (the agent's top-left cell for agentSize > 1) from start to goal.
  // NoPath: none exists (path empty). InvalidInput (message()): start or goal outside the grid,
  // a wall or without room for the agent, nothing built, the grid changed since, or the size refused.
  SearchStatus findPath(NodeId start, NodeId goal, std::vector<NodeId>& path, int agentSize = 1);
  const char* message() const;
  // The abstraction of the last query's size (size 1 after build() or refresh()): its build and query.
  const HierarchicalStats& stats() const;
  // The last query's abstract path: start, the abstract nodes, goal (cells).
  std::span<const NodeId> abstractPath() const;

  // Inspection.
  int clusterSize() const;
  int clustersX() const;
  int clustersY() const;
  // Abstract nodes (cells) of one agent size, by cluster, ascending within one (empty: not built).
  std::span<const NodeId> nodes(int agentSize = 1) const;
  // Every abstract edge of one size, sorted by (from, to, crossing): the same list for the same abstraction.
  void edges(std::vector<AbstractEdge>& out, int agentSize = 1) const;

 private:
  struct Layer;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace astar
