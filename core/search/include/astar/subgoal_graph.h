// Subgoal graphs (Uras, Koenig and Hernandez, ICAPS 2013) with a contraction hierarchy over them
// over a Grid: exact shortest paths from a small graph built once per map.
//
//   astar::SubgoalGraph sg(grid);
//   if (const char* why = astar::subgoalGraphUnsupported(grid)) ...;  // fall back (the CLI: JPS or A*)
//   sg.build();                                   // subgoals and their edges
//   sg.findPath(start, goal, path);               // connect, search the graph, refine
//   grid.setWall(...);  sg.findPath(...);         // the journal says the map changed: repaired first
//
// Subgoals: every passable cell c with a diagonal direction (dx, dy) such that c + (dx, dy) is
// blocked while c + (dx, 0) and c + (0, dy) are passable (the cell beside a convex corner of
// an obstacle; off the map counts as blocked, so the border makes none). An optimal path only
// needs to change direction at such cells.
//
// Edges: subgoals s and t are joined when t is direct-h-reachable from s: a path of octile
// length exists between them (the octile distance, scaled by the grid's step and cell costs)
// that passes no other subgoal. They are found from each subgoal by the clearance scan of the
// paper: in each diagonal direction, step diagonally and, from each cell on the way, look along
// the direction's two cardinal directions up to the nearest obstacle or subgoal and no further
// than the previous row reached, so every edge's cells are a path "diagonal moves, then
// straight ones" from one end to the other (so refinement never searches). Edges are kept both
// ways (moves are symmetric under these rules).
//
// Contraction (a contraction hierarchy with a core, as in the subgoal-graph papers that follow
// the 2013 one): subgoals of at most 16 neighbours are contracted in order of rising degree when
// that adds no more shortcuts than they have neighbours (a shortcut between two neighbours
// unless a witness path avoiding the subgoal is as short); the others form the core.
//
// Query: start and goal are joined to the subgoals direct-h-reachable from them by the same scan
// (each treating the other as a subgoal: when either finds the other, the octile path is the
// answer), or read from the cells' link lists, which the build keeps while they fit
// kSubgoalLinkListLimit bytes. The upward labels of the goal's subgoals give distances to the goal: per subgoal,
// the build keeps what a Dijkstra from it up the hierarchy settles, stopping at the core (a few
// contiguous entries, read instead of searched; with the core table, a core entry another one
// reaches through the table as cheaply is left out). When the core is small enough
// (kSubgoalCoreTableLimit), the build keeps the exact distance between every two core subgoals
// (transit-node routing's table): the start's A* then follows upward arcs only, and a core
// subgoal it takes off the open list is not expanded but joined to the goal's core subgoals
// through the table (the octile distance rules most out before the table is read); the core's
// part of the path is walked arc by arc along the table. Otherwise A* from the start over
// upward arcs, the core's arcs and those distances finds the cheapest path, guided by the
// larger of the octile distance and a landmark bound (exact distances from 16 subgoals spread by
// farthest-point choice, computed at build: |d(L, goal) - d(L, v)| <= d(v, goal); both bounds
// are consistent). Every lower subgoal between two higher ones was bypassed by a shortcut or a
// witness, so some cheapest path rises, crosses the core and falls. The searches and the labels
// stall on demand (a contracted subgoal that a higher neighbour reaches more cheaply is not
// expanded: it lies on no cheapest rising path). The path is read off each arc's flat list of
// the subgoal-graph edges it stands for, each edge's grid moves emitted in its open shape
// (diagonal moves first or straight moves first, known from the build). On the grids it
// accepts the answer is optimal: tests compare it with Dijkstra on random maps and with every
// sampled row of the shared Moving AI scenarios. A query allocates nothing once its buffers
// have grown.
//
// Where it applies: square cells, 8-connected without corner cutting (the map's default
// rule), one entry cost on every passable cell, no wrap, portals or one-way cells. Anything
// else (4-connected, corner cutting, terrain, wrap, portals, one-way cells, hex) is refused by
// build() with the reason subgoalGraphUnsupported gives; the CLI's runner then answers with JPS
// (or A*, where JPS falls back) and says so.
//
// Edits: the graph keeps the grid's JournalMark. When the grid changed since, the next refresh()
// or findPath() repairs it locally when only cells changed under the same rules (subgoals only
// around the edited cells; edges only of the subgoals whose scan can read a changed cell, found
// by walking the scan's runs backwards from it; subgoal_graph_repair.cpp), then builds the
// contraction hierarchy again (it is not local); a load, a rule change or portals build all of
// it again (stats().fullBuild says which). Either way the graph equals a fresh build's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"
#include "astar/search.h"

namespace astar {

// The name of the subgoal graph in the CLI (`--algorithm subgoal`), and its label.
inline constexpr const char* kSubgoalGraphName = "subgoal";
inline constexpr const char* kSubgoalGraphLabel = "Subgoal graph";

// Why the subgoal graph cannot answer exactly on this grid ("4-connected movement", ...), or
// nullptr when it can.
const char* subgoalGraphUnsupported(const Grid& grid);

// The largest core (subgoals the contraction left) for which a build keeps a table of the
// distances between every two core subgoals, so a query need not search the core: 8 bytes a
// pair, 2,048 subgoals 32 MiB. A first contraction that leaves a core of up to twice the limit
// is followed by a harder one over the core, so that the table applies (more shortcuts and a
// longer build: Paris_0_1024 0.3 -> about 2 s). SubgoalGraph::setCoreTableLimit changes it.
inline constexpr std::uint32_t kSubgoalCoreTableLimit = 2048;

// The most memory a build spends on link lists: per cell, the subgoals its scan finds, which a
// query reads instead of scanning from start and goal (4 bytes a link: 17 MiB on AR0011SR,
// 38 MiB on Aftershock, 200 MiB on Paris_0_1024, which therefore scans). Lists that would not
// fit are not kept, and a repair that grows them past it drops them until the next build().
// SubgoalGraph::setLinkListLimit changes it (0: never kept).
inline constexpr std::size_t kSubgoalLinkListLimit = std::size_t{64} << 20;

struct SubgoalGraphStats {
  // The last build (build(), refresh() or a query that rebuilt or repaired the graph).
  double buildMilliseconds = 0.0;
  bool fullBuild = false;             // the last build covered the whole map (else: a local repair)
  std::uint32_t builds = 0;           // builds and repairs since construction
  std::uint32_t rescanned = 0;        // subgoals whose scans the last build or repair ran
  double contractMilliseconds = 0.0;  // of buildMilliseconds: the contraction hierarchy
  std::uint32_t subgoals = 0;
  std::uint64_t edges = 0;         // directed edges (each pair counted both ways)
  std::uint32_t coreSubgoals = 0;  // subgoals the contraction hierarchy left uncontracted
  std::uint64_t searchArcs = 0;    // arcs a query searches: upward ones, shortcuts included, and the core's
  std::size_t coreTableBytes = 0;  // the core's distance table (0: the core was too big, or had no subgoal)
  std::size_t linkListBytes = 0;   // the cells' link lists (0: not kept, over kSubgoalLinkListLimit)
  std::size_t bytes = 0;           // memory held between queries (graph, clearances, search buffers)
  // The last query.
  std::uint64_t expanded = 0;           // graph nodes the start's search took off its open list (start and goal
                                        // included; the goal's side reads labels)
  std::uint32_t startEdges = 0;         // subgoals (or the goal) the start was joined to (0: an open octile path)
  std::uint32_t goalEdges = 0;          // subgoals (or the start) the goal was joined to
  std::uint32_t abstractPathNodes = 0;  // start, subgoals, goal
  double pathCost = 0.0;                // of the refined grid path
};

class SubgoalGraph {
 public:
  explicit SubgoalGraph(const Grid& grid);
  ~SubgoalGraph();
  SubgoalGraph(const SubgoalGraph&) = delete;
  SubgoalGraph& operator=(const SubgoalGraph&) = delete;

  // Builds from the whole map. Refused (and nothing built) on a grid the graph does not apply to.
  Error build();
  // Builds again when the grid changed since the last build (nothing otherwise). Error when it
  // no longer applies or nothing was built yet.
  Error refresh();
  bool built() const;
  // Builds from now on keep the core's distance table only when the core has at most this many
  // subgoals (kSubgoalCoreTableLimit by default; 0: never, the query's A* then crosses the core);
  // a core of up to twice the limit is contracted harder first.
  void setCoreTableLimit(std::uint32_t maxCoreSubgoals);
  // Builds from now on keep the cells' link lists only when they fit this many bytes
  // (kSubgoalLinkListLimit by default; 0: never, a query then scans from start and goal).
  void setLinkListLimit(std::size_t bytes);
  bool stale() const;  // the grid changed since the last build

  // Found: path holds the cells from start to goal. NoPath: none exists (path empty).
  // InvalidInput: start or goal outside the grid or a wall, or the graph cannot be (re)built
  // (message()). Refreshes first when the grid changed.
  SearchStatus findPath(NodeId start, NodeId goal, std::vector<NodeId>& path);
  const char* message() const;
  const SubgoalGraphStats& stats() const;

  // Inspection: the subgoals (cells, ascending), the last query's abstract path (start,
  // subgoals, goal) and every edge as (from cell, to cell), sorted.
  std::span<const NodeId> subgoals() const;
  std::span<const NodeId> abstractPath() const;
  void edges(std::vector<std::pair<NodeId, NodeId>>& out) const;
  // The subgoals (cells, ascending) a query joins passable `cell` to: its link list when kept,
  // else its scan's finds. Empty before a build.
  void links(NodeId cell, std::vector<NodeId>& out) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace astar
