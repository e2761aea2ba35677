// Search: one reusable, steppable search object per map (Grid or Graph).
//
//   astar::GridSearch search(grid);
//   astar::SearchOptions options;               // A*, octile, topology-aware by default
//   search.begin(start, goal, options);          // or begin(start, goals, options)
//   while (search.step(100) == astar::SearchStatus::InProgress) { /* draw a frame */ }
//   search.path();  search.stats().pathCost;
//
// run() is the same loop over step(). Per-query reset is O(1) (a generation stamp); the
// open list is an 8-ary indexed heap with decrease-key plus a sorted stack of new nodes that
// rank before the heap's top (expanded next without a heap push and pop; the expansion order is
// exactly the heap's); after the first query on a map size, no query allocates.
// Bad input yields SearchStatus::InvalidInput and message().
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/path_smoothing.h"

namespace astar {

class Graph;
template <class Space>
class LandmarkTable;

enum class Algorithm : std::uint8_t {
  AStar,
  WeightedAStar,
  Dijkstra,
  GreedyBestFirst,
  BreadthFirst,
  DepthFirst,
  JumpPoint,
  JumpPointPlus,  // appended: the numeric values of the others stay (links, saved settings)
  Theta,
  LazyTheta
};
inline constexpr int kAlgorithmCount = 10;

// How an algorithm's open list picks the next node: by key (f, or h for greedy), first in
// first out, or last in first out.
enum class Frontier : std::uint8_t { Priority, Queue, Stack };
const char* frontierName(Frontier f);  // "priority", "queue", "stack"

// What each algorithm is: one row per algorithm (core/search/src/algorithms.cpp), read by the
// search, the CLI, the bindings (and so the page) and the tests. A trait left out of a row is
// false (frontier: Priority).
struct AlgorithmInfo {
  Algorithm algorithm;
  const char* name;                 // in the CLI, links and the page: "astar", "weighted-astar", ...
  const char* label;                // for people: "A*", "Weighted A*", ...
  bool usesHeuristic = false;       // false: the heuristic option is ignored
  bool optimal = false;             // returns a cheapest path (with an admissible heuristic where it uses one)
  bool weighted = false;            // reads SearchOptions::weight; cost <= weight x optimal
  bool heuristicOnly = false;       // orders the open list by h alone (greedy best-first)
  bool squareUniformGrids = false;  // exact only on uniform-cost square grids; elsewhere runs as A* (fellBack)
  bool preprocessed = false;        // builds tables per map before its first query (Search::preprocessSome)
  bool jumps = false;               // successors are jump points, not neighbours (on the grids it applies to)
  bool anyAngle = false;  // the path's consecutive cells are joined by straight segments (line of sight), not moves;
                          // square grids only: refused (InvalidInput) on hex grids and graphs. On plane maps
                          // (one cost, no wrap, portals or one-way cells; one goal) its vertices are cell
                          // corners: the path is Search::pathPoints(), path() the cells it crosses
  bool anyAgentSize = false;  // moves agents bigger than one cell (SearchOptions::agentSize, clearance.h); false:
                              // with a size above 1 it runs as A* (fellBack, ranAs)
  Frontier frontier = Frontier::Priority;  // how the open list picks the next node
  const char* note = "";                   // one sentence: what it does and what it promises
};
std::span<const AlgorithmInfo> algorithms();  // indexed by Algorithm
const AlgorithmInfo& algorithmInfo(Algorithm a);
const char* algorithmName(Algorithm a);  // "astar", "weighted-astar", "dijkstra", "greedy", "bfs", "dfs", "jps",
                                         // "jps-plus", "theta", "lazy-theta"
bool parseAlgorithm(const char* name, Algorithm& out);  // accepts the names above

enum class SearchStatus : std::uint8_t { Idle, InProgress, Found, NoPath, InvalidInput };
inline constexpr int kStatusCount = 5;
const char* statusName(SearchStatus s);   // "idle", "in-progress", "found", "no-path", "invalid-input"
const char* statusLabel(SearchStatus s);  // for people: "idle", "searching", "found", "no path", "invalid input"

// Weighted A*'s weight when none is given (the CLI's --weight, the page's first settings).
inline constexpr double kDefaultWeight = 1.5;

struct SearchOptions {
  Algorithm algorithm = Algorithm::AStar;
  Heuristic heuristic = Heuristic::Octile;
  double weight = 1.0;        // WeightedAStar: f = g + weight * h (>= 1; cost <= weight * optimal)
  bool wrapAware = true;      // heuristic uses torus distance on wrapping axes
  bool portalAware = true;    // heuristic accounts for portals
  bool reopenClosed = false;  // weighted A*: put closed nodes back on the open list when a cheaper path is found (off:
                              // the w x optimal bound still holds)
  bool recordExpansions = false;  // keep the expansion order (for the playground's inspector)
  bool traceExpansions = false;   // keep what the last expansion did with each neighbour (lastExpansion())
  // JumpPointPlus: goal-bounding boxes are built only for maps with at most this many open
  // cells (one Dijkstra per open cell: ~0.7 s for 2,000 cells, ~45 s for 15,000 natively).
  std::uint32_t goalBoundingMaxCells = 4096;
  // Cells per side of a square agent anchored at its top-left cell (clearance.h), in
  // kMinAgentSize..kMaxAgentSize: above 1, grids with square cells and no wrap only, and
  // algorithms without the anyAgentSize trait run as A*.
  int agentSize = 1;
};

struct SearchStats {
  std::uint64_t expanded = 0;          // nodes taken off the open list
  std::uint64_t generated = 0;         // edges relaxed (neighbours looked at)
  std::uint64_t reopened = 0;          // closed nodes put back on the open list (weighted A* with reopenClosed)
  std::uint64_t maxOpen = 0;           // largest open list size
  double pathCost = 0.0;               // cost of the returned (or partial) path
  std::uint64_t pathCells = 0;         // nodes on the returned path, start and end included
  bool partial = false;                // NoPath: the path leads to the closest node reached instead
                                       // (Theta* on the corner lattice: the start alone)
  std::uint64_t fallbackVisited = 0;   // NoPath: nodes looked at to choose the partial path's end
  bool fellBack = false;               // JumpPoint ran as A* (terrain, portals, one-way cells, wrap or hex cells);
                                       // JumpPointPlus ran as JPS (several goals, a 4-connected grid, a map above
                                       // its size limit) or A*; an algorithm without anyAgentSize ran as A* for
                                       // an agent above one cell
  Algorithm ranAs = Algorithm::AStar;  // what ran: the algorithm asked for, or the one it fell back to
};

// Tables a preprocessed algorithm (JumpPointPlus) built for the current map: built once per map
// revision, outside the query that triggered them (their time is not in that query's stats).
struct Preprocessing {
  double milliseconds = 0.0;  // wall time of the build
  std::size_t bytes = 0;      // memory held by the tables
  bool goalBounding = false;  // goal-bounding boxes built (up to SearchOptions::goalBoundingMaxCells open cells)
};

enum class NodeState : std::uint8_t { Unseen = 0, Open = 1, Closed = 2 };

// What one expansion did with one neighbour (SearchOptions::traceExpansions), in the order the
// search looked at them: what a code pane replays line by line, one relaxation at a time.
enum class RelaxOutcome : std::uint8_t {
  Opened,         // first seen: pushed on the open list with g = tentative g
  Improved,       // on the open list with a larger g: g and parent updated, key decreased
  NotBetter,      // on the open list (or seen, for BFS / DFS) with a g no larger: left as it was
  SkippedClosed,  // already expanded: skipped
  Reopened        // expanded before, now reached more cheaply: back on the open list (reopenClosed)
};
inline constexpr int kRelaxOutcomeCount = 5;
const char* relaxOutcomeName(RelaxOutcome o);  // "opened", "improved", "not-better", "skipped-closed", "reopened"

struct Relaxation {
  NodeId node = kNoNode;    // the neighbour (for JPS: the jump point)
  double stepCost = 0.0;    // the move's cost from the expanded node
  double tentativeG = 0.0;  // g(expanded) + stepCost
  double previousG = 0.0;   // its g before (+inf when it was unseen)
  NodeState previousState = NodeState::Unseen;
  RelaxOutcome outcome = RelaxOutcome::Opened;
};

// The last expansion, when traced: the node taken off the open list, whether it was a goal
// (then the search stopped before looking at neighbours), and each neighbour's relaxation.
struct ExpansionTrace {
  NodeId node = kNoNode;
  bool goal = false;
  std::span<const Relaxation> relaxations;
};

// One row of the open list part-way through the last traced expansion (openListDuring).
struct OpenRow {
  NodeId node = kNoNode;
  double g = 0.0;  // its g at that point
  double f = 0.0;  // its key at that point, as f() gives it
};

template <class Space>
class Search {
 public:
  explicit Search(const Space& space);
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  // Starts a query. Goals: one or more (the nearest is found). Landmarks are needed only
  // for Heuristic::Landmarks. Returns InProgress, Found (start is a goal) or InvalidInput.
  SearchStatus begin(NodeId start, NodeId goal, const SearchOptions& options,
                     const LandmarkTable<Space>* landmarks = nullptr);
  SearchStatus begin(NodeId start, std::span<const NodeId> goals, const SearchOptions& options,
                     const LandmarkTable<Space>* landmarks = nullptr);
  // Expands at most maxExpansions nodes.
  SearchStatus step(std::uint32_t maxExpansions);
  // Runs to the end: a loop over step().
  SearchStatus run();

  SearchStatus status() const { return status_; }
  const char* message() const { return message_; }  // why InvalidInput; "" otherwise
  const SearchStats& stats() const { return stats_; }
  // The path, start first, when Found (or partial when NoPath with stats().partial).
  std::span<const NodeId> path() const {
    return finished() ? std::span<const NodeId>(path_) : std::span<const NodeId>();
  }
  // An any-angle search over the corner lattice (AlgorithmInfo::anyAngle): the path in the plane
  // (start centre, wall corners, goal centre), start first; empty otherwise (path() is the path).
  std::span<const PathPoint> pathPoints() const {
    return finished() ? std::span<const PathPoint>(points_) : std::span<const PathPoint>();
  }
  // Copies the path into a caller-owned buffer; returns the path's length (may exceed out.size()).
  std::size_t copyPath(std::span<NodeId> out) const;
  NodeId reachedGoal() const { return reachedGoal_; }  // the goal found (multi-goal), or kNoNode

  // Inspection (valid until the next begin()). Theta* on the corner lattice: cell (x, y) shows
  // corner (x, y) (the start and goal cells their centres), and a node given back is the cell
  // showing it.
  NodeState state(NodeId n) const;
  double g(NodeId n) const;       // +inf when unseen
  double h(NodeId n) const;       // heuristic estimate (computed on demand)
  double f(NodeId n) const;       // the key the node was ordered by (g + w*h for A* family)
  NodeId parent(NodeId n) const;  // kNoNode for the start or unseen nodes
  std::span<const NodeId> expansionOrder() const { return expansions_; }  // when recordExpansions
  std::size_t openSize() const;
  // The key n has with cost g (f(n) is fAt(n, g(n))).
  double fAt(NodeId n, double g) const;
  // The first out.size() open nodes in the order the search will expand them (the heap and the
  // ready stack merged exactly as step() takes them, ties included); returns how many were
  // written. O(open list) per call: for inspection, not for a search loop.
  std::size_t openList(std::span<NodeId> out) const;
  // The last expansion's record when SearchOptions::traceExpansions (else node = kNoNode);
  // valid until the next step() or begin().
  ExpansionTrace lastExpansion() const;
  // The open list as it stood part-way through the last traced expansion, in the order the
  // search would have taken it then (ties included): its node taken and its first
  // `relaxations` relaxations done (0: just after the take; lastExpansion().relaxations.size():
  // the open list now), each row with its g and f at that point. What a code pane shows while
  // it narrates one relaxation. The traced search keeps the open list as it was before the last
  // expansion of each step() call (and before a goal's expansion), and this replays that
  // expansion's operations on a copy of it. Returns how many rows were written; 0 without a
  // traced expansion or after the search ended with no path. O(open log open) and allocations
  // per call: for inspection, not for a search loop.
  std::size_t openListDuring(std::size_t relaxations, std::span<OpenRow> out) const;
  // Fills out[n] = NodeState for every node (out.size() must be >= node count).
  void fillStates(std::span<std::uint8_t> out) const;

  std::size_t bytesPerNode() const;  // per-node search state, for the benchmark report
  // The JumpPointPlus tables of the map (all zero before a jps-plus query, and for graphs).
  Preprocessing preprocessing() const;
  // Builds the JumpPointPlus tables of the map step by step (for a progress bar): each call
  // does at most `sources` goal-bounding Dijkstras; returns the fraction done (1: complete, or
  // JPS+ does not apply). A query builds whatever is missing itself.
  double preprocessSome(std::uint32_t sources);
  // Grows the per-node records (20 bytes a node, bytesPerNode) for this map by at most `nodes`
  // nodes; returns the fraction done (1: complete). begin() completes them itself; a caller
  // that must not block (the playground: 16 M nodes take 0.5 s or more) grows them first in
  // pieces. Repeated queries on a map of the same size allocate nothing.
  double prepareRecords(std::size_t nodes);

 private:
  struct Impl;
  Impl* impl_;
  SearchStatus status_ = SearchStatus::Idle;
  SearchStats stats_;
  bool finished() const { return status_ == SearchStatus::Found || status_ == SearchStatus::NoPath; }
  template <bool kTrace>
  SearchStatus stepLoop(std::uint32_t maxExpansions);  // step(), with or without the expansion record
  // The path once finished; while searching, the nodes expanded so far (each once; a node
  // reopened and expanded again is listed again until the list fills the reserved room):
  // the closest of them leads the partial path when no goal is reached, found without a scan
  // of the whole map.
  std::vector<NodeId> path_;
  bool closedListFull_ = false;
  std::vector<NodeId> expansions_;
  std::vector<PathPoint> points_;  // pathPoints()
  NodeId reachedGoal_ = kNoNode;
  char message_[192] = {};
};

using GridSearch = Search<Grid>;
using GraphSearch = Search<Graph>;

// One-shot helpers (allocate a Search; for tests and tools, not for hot loops).
struct PathResult {
  SearchStatus status = SearchStatus::Idle;
  SearchStats stats;
  std::vector<NodeId> path;
  std::vector<PathPoint> points;  // Search::pathPoints()
};
PathResult findPath(const Grid& grid, NodeId start, NodeId goal, const SearchOptions& options = {});

}  // namespace astar
