// SubgoalGraph's state, shared by the build (subgoal_graph_build.cpp), the repair
// (subgoal_graph_repair.cpp) and the query (subgoal_graph_query.cpp): the subgoals, their edges
// (compressed rows), the clearances the scan reads, and the query's reusable buffers. Internal to core.
#pragma once
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "astar/limits.h"
#include "astar/subgoal_graph.h"

namespace astar {

struct SubgoalGraph::Impl {
  explicit Impl(const Grid& g) : grid(g) {}

  const Grid& grid;
  JournalMark mark;
  bool built = false;
  int width = 0;
  int height = 0;
  double straightStep = 1.0;  // a straight move's cost (step x the one cell cost)
  double diagonalStep = 1.0;

  std::vector<NodeId> nodeOf;            // per cell: its subgoal's index, or kNoNode
  std::vector<NodeId> subgoalCells;      // per subgoal: its cell (ascending)
  std::vector<std::uint32_t> edgeBegin;  // per subgoal + 1: where its edges start in edgeTo
  std::vector<NodeId> edgeTo;            // subgoal indices
  std::vector<double> edgeCost;          // parallel to edgeTo: the octile distance
  // Per subgoal: the cells its own scan found (ascending, itself left out). The edges are these
  // both ways; kept so that a repair rescans only the subgoals an edit can reach.
  std::vector<std::vector<NodeId>> finds;

  // The build's steps (subgoal_graph_build.cpp), shared with the local repair.
  bool subgoalAt(int x, int y) const;  // passable and beside a convex corner, on the grid as it is
  void clearanceColumn(int x);         // North and South clearances of a column, from nodeOf and the grid
  void clearanceRow(int y);            // West and East
  std::uint16_t runBefore(int x, int y, std::size_t c) const;  // a clearance from its neighbour (x, y)
  void rescan(NodeId s);                                       // finds[s] again
  void assembleEdges();                                        // edgeBegin, edgeTo, edgeCost from every finds list
  void finishBuild(bool whole, std::chrono::steady_clock::time_point began);  // contract, buffers, stats
  // The local repair (subgoal_graph_repair.cpp): the map changed only at `cells` (same rules).
  void repair(std::span<const NodeId> cells);

  // The contraction hierarchy over those edges (subgoal_graph_contract.cpp): what a query searches.
  static constexpr std::uint32_t kCoreRank = 0xFFFFFFFFu;
  std::vector<std::uint32_t> rank;     // per subgoal: when it was contracted, or kCoreRank
  std::vector<std::uint32_t> upBegin;  // per subgoal + 1: its arcs (to later-contracted or core subgoals; a
                                       // core subgoal's: to the core)
  struct SearchArc {                   // one 16-byte record: an arc's cost and head are read together
    double cost;
    NodeId to;
    NodeId middle;  // kNoNode: an edge above; else the contracted subgoal a shortcut bypasses
  };
  std::vector<SearchArc> upArcs;
  struct Point {
    int x, y;
  };
  std::vector<Point> subgoalXY;  // per subgoal: its cell's coordinates (the heuristic needs no division)
  NodeId coreSize = 0;
  void contract();
  // Unpacking (subgoal_graph_unpack.cpp): per search arc, the subgoal-graph edges it stands for,
  // from its owner to its head, kept flat as each edge's moves (a Leaf). A query's path is then
  // read off in order, not unpacked shortcut by shortcut: the arcs of all shortcuts together
  // stand for 1.2-4.8 edges each on the shared maps.
  // A Leaf: `length` moves, the first `first` of them one way, the rest the other (directions
  // 0-7 clockwise from east, so the opposite of d is d ^ 4): an edge's octile-length shape,
  // diagonal moves first or straight moves first, as the scan that found it walked it.
  static constexpr std::uint32_t kLeafCountBits = 12;
  static_assert(kMaxGridSide <= (1 << kLeafCountBits), "an edge's moves must fit a leaf");
  using Leaf = std::uint32_t;
  static Leaf makeLeaf(int length, int first, int firstDirection, int thenDirection) {
    return static_cast<Leaf>(length) | static_cast<Leaf>(first) << kLeafCountBits |
           static_cast<Leaf>(firstDirection) << (2 * kLeafCountBits) |
           static_cast<Leaf>(thenDirection) << (2 * kLeafCountBits + 3);
  }
  static int leafLength(Leaf leaf) { return static_cast<int>(leaf & ((1u << kLeafCountBits) - 1)); }
  static int leafFirst(Leaf leaf) { return static_cast<int>(leaf >> kLeafCountBits & ((1u << kLeafCountBits) - 1)); }
  static int leafFirstDirection(Leaf leaf) { return static_cast<int>(leaf >> (2 * kLeafCountBits) & 7); }
  static int leafThenDirection(Leaf leaf) { return static_cast<int>(leaf >> (2 * kLeafCountBits + 3) & 7); }
  // The same edge walked from its other end: the moves in reverse order, each the opposite way.
  static Leaf reversedLeaf(Leaf leaf) {
    return makeLeaf(leafLength(leaf), leafLength(leaf) - leafFirst(leaf), leafThenDirection(leaf) ^ 4,
                    leafFirstDirection(leaf) ^ 4);
  }
  // The leaf of the shape that moves (dx, dy) with its diagonal moves first, or its straight ones.
  static Leaf shapeLeaf(int dx, int dy, bool diagonalFirst);
  struct LeafSpan {
    std::uint32_t begin, count;
    std::uint32_t cells;  // the moves of all its edges: unpack sizes the path once per arc
  };
  std::vector<LeafSpan> leafSpans;  // per search arc
  std::vector<Leaf> leaves;
  bool computeLeaves();  // false: a shortcut's halves or an edge's open path are missing (a bug)
  // Appends to `out` the cells after subgoal a up to subgoal b along the search's arc between
  // them (in either one's list). False: no such arc, or the leaves were not built (a bug).
  bool unpack(NodeId a, NodeId b, std::vector<NodeId>& out) const;
  // Landmarks (subgoal_graph_landmarks.cpp): per subgoal, its exact distance from each of
  // landmarkCount subgoals (infinity when unreachable), the query's heuristic with the octile one.
  static constexpr int kLandmarks = 16;
  using LandmarkRow = std::array<double, kLandmarks>;
  std::vector<LandmarkRow> landmarkDistance;
  int landmarkCount = 0;
  void computeLandmarks();
  // Upward labels (subgoal_graph_labels.cpp): per subgoal, what its upward search settles, in
  // that order (its own entry first); a core subgoal's label is itself.
  struct LabelEntry {
    double cost;  // from the label's subgoal up to `subgoal`
    NodeId subgoal;
    std::uint32_t parent;  // the entry (of the same label) that reached it; kNoNode: the first
  };
  std::vector<std::uint32_t> labelBegin;  // per subgoal + 1
  std::vector<LabelEntry> labels;
  void computeLabels();
  void dropDominatedCoreEntries(std::uint32_t first, std::vector<std::uint32_t>& kept);  // of the last label
  // The core table (subgoal_graph_table.cpp): exact distances between every two core subgoals,
  // coreNodes.size() squared, row by row; built when the core has at most coreTableLimit subgoals
  // (else empty, and the query's A* crosses the core).
  std::uint32_t coreTableLimit = kSubgoalCoreTableLimit;
  std::vector<NodeId> coreNodes;  // the core's subgoals in Z order of their cells: the table's rows and columns
  std::vector<NodeId> coreIndex;  // per subgoal: its row, or kNoNode outside the core
  std::vector<double> coreTable;
  std::vector<NodeId> coreFromGoal;  // a query's core subgoals the goal's labels reached
  // The same with what the table's search reads of each, side by side and by rising distance to
  // the goal: the search compares every one with each core subgoal it takes off its open list.
  // Gathered after the goal's links are all joined (a later link may lower a distance).
  struct GoalCore {
    double down;    // to the goal (upward[subgoal].g)
    Point xy;       // the subgoal's coordinates (subgoalXY)
    NodeId column;  // its column of the table (coreIndex)
    NodeId subgoal;
  };
  std::vector<GoalCore> goalCore;
  void computeCoreTable();
  // With the table: the start's upward A*, its meetings with the goal's side and the core
  // subgoals it reaches (their rest of the way from the table); fills abstractPath (graph nodes:
  // subgoals, n the start, n + 1 the goal) and stats.pathCost. Needs startLinks, the goal's
  // side (upward) and coreFromGoal.
  SearchStatus searchCoreTable(NodeId start, NodeId goal, const LandmarkRow& toGoal, std::uint32_t stamp);
  // Without it: A* from the start over upward arcs and the core's, guided by the octile distance
  // and the landmark bound (`toGoal`: the landmarks' distances to the goal); fills the same.
  bool searchCore(NodeId start, NodeId goal, const LandmarkRow& toGoal, std::uint32_t stamp);
  // A lower bound of the distance from subgoal v to the goal, whose landmark distances are
  // `toGoal`: |d(L, goal) - d(L, v)| for every landmark L both reach. Rows past landmarkCount and
  // landmarks neither reaches hold infinity on both sides: infinity - infinity is not a number,
  // which std::max(bound, x) ignores (the comparison is false), so the loop needs no branch. One
  // side unreachable gives infinity: v cannot reach the goal. Four running maxima, not one, so
  // the loads and compares of a row overlap.
  double landmarkBound(NodeId v, const LandmarkRow& toGoal) const {
    const LandmarkRow& here = landmarkDistance[v];
    std::array<double, 4> bound{0.0, 0.0, 0.0, 0.0};
    for (std::size_t k = 0; k < kLandmarks; k += 4)
      for (std::size_t lane = 0; lane < 4; ++lane)
        bound[lane] = std::max(bound[lane], std::abs(here[k + lane] - toGoal[k + lane]));
    return std::max(std::max(bound[0], bound[1]), std::max(bound[2], bound[3]));
  }

  // Per cell and cardinal Direction (North, East, South, West): how many passable cells that
  // are not subgoals follow in that direction before a blocked cell, a subgoal or the border
  // (kRunMask), and whether a subgoal ends them (kEndsAtSubgoal); and the cell's own state,
  // passable (kCellPassable in North's) and subgoal (kCellSubgoal in East's). A cell's four side
  // by side: a scan's diagonal step reads one record, not the grid, the subgoals and both rays'
  // end cells (on open maps the scans were half of a query with cold caches).
  static constexpr std::uint16_t kRunMask = 0x0FFF;
  static constexpr std::uint16_t kEndsAtSubgoal = 0x8000;
  static constexpr std::uint16_t kCellPassable = 0x4000;
  static constexpr std::uint16_t kCellSubgoal = 0x4000;
  static_assert(kMaxGridSide - 1 <= kRunMask, "a run must fit below the flags");
  std::vector<std::array<std::uint16_t, 4>> clearance;

  // Link lists (subgoal_graph_links.cpp): per cell, the subgoals its scan finds (ascending
  // indices), read by the query instead of scanning; kept only while they fit linkListLimit
  // bytes (linkBegin empty: not kept).
  std::size_t linkListLimit = kSubgoalLinkListLimit;
  std::vector<std::uint32_t> linkBegin;                         // per cell + 1: where its links start in linkTo
  std::vector<NodeId> linkTo;                                   // subgoal indices
  void cellLinks(NodeId cell, std::vector<NodeId>& out) const;  // by its scan: sorted, each once
  void computeLinks();
  // After a repair: the lists of `touched` cells (per cell, nonzero: its scan may read a changed
  // cell) by their scans, the others' renumbered (cellsBefore: each old subgoal index's cell).
  void repairLinks(const std::vector<std::uint8_t>& touched, std::span<const NodeId> cellsBefore);
  void finishLinks();                         // dropped if over the limit after all; the start's buffer sized
  bool withinLimit(std::size_t links) const;  // that many links and the offsets fit linkListLimit
  bool linksKept() const { return !linkBegin.empty(); }
  bool scanPassable(int x, int y) const {
    return grid.contains(x, y) && (clearance[grid.index(x, y)][North] & kCellPassable) != 0;
  }
  bool scanSubgoal(NodeId cell) const { return (clearance[cell][East] & kCellSubgoal) != 0; }

  // The query's buffers: subgoals 0..n-1, then the start (n) and the goal (n + 1).
  struct NodeState {
    double g = 0.0;
    double h = 0.0;  // the heuristic, computed once per query when the node is first reached
    NodeId parent = kNoNode;
    std::uint32_t seen = 0;  // == generation: g and parent are this query's
    bool closed = false;
  };
  struct OpenEntry {
    double f;
    double g;
    NodeId node;
  };
  // The open list orders by f, then prefers the larger g (nearer the goal), as the search loop
  // does. A type, not a function pointer, so the heap's comparisons inline.
  struct Later {
    bool operator()(const OpenEntry& a, const OpenEntry& b) const { return a.f > b.f || (a.f == b.f && a.g < b.g); }
  };
  std::vector<NodeState> states;
  // Stall-on-demand (Geisberger et al.'s contraction hierarchies): a contracted subgoal v that
  // a search settled at g, while one of its higher neighbours w already has a path with
  // g(w) + cost(w, v) < g, is not on a shortest path of this search (whose rising part has exact
  // distances), so its arcs need not be followed. `search` holds the search's states.
  bool stalled(NodeId v, double g, const std::vector<NodeState>& search, std::uint32_t stamp) const {
    for (std::uint32_t e = upBegin[v]; e < upBegin[v + 1]; ++e) {
      const NodeState& w = search[upArcs[e].to];
      if (w.seen == stamp && w.g + upArcs[e].cost < g) return true;
    }
    return false;
  }
  std::vector<OpenEntry> open;
  // The goal's side, from its links' labels: per subgoal, its distance to the goal and the next
  // subgoal towards it (goalNode: the goal itself), valid when seen == the query's generation.
  struct GoalSide {
    double g = 0.0;
    NodeId parent = kNoNode;
    std::uint32_t seen = 0;
  };
  std::vector<GoalSide> upward;
  std::vector<NodeId> startLinks;  // nodes the start is joined to
  std::uint32_t generation = 0;
  std::vector<NodeId> abstractPath;
  std::string message;
  SubgoalGraphStats stats;

  bool isSubgoal(NodeId cell) const { return nodeOf[cell] != kNoNode; }

  // The octile distance between two cells, in the grid's costs: an edge's cost and the heuristic.
  double octile(Point a, Point b) const {
    const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    const int diagonal = std::min(dx, dy);
    return diagonal * diagonalStep + (std::max(dx, dy) - diagonal) * straightStep;
  }
  Point pointOf(NodeId cell) const { return {grid.xOf(cell), grid.yOf(cell)}; }
  double octile(NodeId a, NodeId b) const { return octile(pointOf(a), pointOf(b)); }

  bool diagonalMoveAllowed(int x, int y, int dx, int dy) const {
    return grid.passable(x + dx, y + dy) && grid.passable(x + dx, y) && grid.passable(x, y + dy);
  }

  // A cell a scan treats as a subgoal (the other end of a query), with its coordinates.
  struct Extra {
    NodeId cell = kNoNode;
    int x = 0, y = 0;
  };
  Extra extraAt(NodeId cell) const { return cell == kNoNode ? Extra{} : Extra{cell, grid.xOf(cell), grid.yOf(cell)}; }

  // Looks from (x, y) along cardinal direction c: returns how many passable cells that are not
  // subgoals (nor `extra`) come first, and sets `stop` to the cell after them when it is a
  // subgoal or `extra` (else kNoNode: a blocked cell or the border).
  int ray(int x, int y, int c, const Extra& extra, NodeId& stop) const {
    const std::uint16_t run = clearance[grid.index(x, y)][static_cast<std::size_t>(c)];
    const int j = run & kRunMask;
    const int dx = kDirectionX[c], dy = kDirectionY[c];
    if (extra.cell != kNoNode) {
      const int ex = extra.x - x, ey = extra.y - y;
      const int along = ex * dx + ey * dy;
      if (ex * dy - ey * dx == 0 && along > 0 && along <= j + 1) {
        stop = extra.cell;
        return along - 1;
      }
    }
    stop = (run & kEndsAtSubgoal) != 0 ? grid.index(x + (j + 1) * dx, y + (j + 1) * dy) : kNoNode;
    return j;
  }

  // The clearance scan of Uras, Koenig and Hernandez (2013): calls found(cell) for the subgoals
  // (and `extra`, a cell treated as one) direct-h-reachable from (x, y). Each is reached by
  // diagonal moves in one direction then straight moves along one of that direction's two
  // cardinal components; a row never looks past where the previous row stopped, since a cell
  // past that is reached as cheaply through the subgoal or around the obstacle that stopped it.
  // A cell may be reported more than once.
  template <class Found>
  void scan(NodeId from, NodeId extraCell, Found&& found) const {
    const int x = grid.xOf(from), y = grid.yOf(from);
    const Extra extra = extraAt(extraCell);
    int originReach[4];
    NodeId originStop[4];
    for (int c = North; c <= West; ++c) {
      originReach[c] = ray(x, y, c, extra, originStop[c]);
      if (originStop[c] != kNoNode) found(originStop[c]);
    }
    for (int d = NorthEast; d <= NorthWest; ++d) {
      const int dx = kDirectionX[d], dy = kDirectionY[d];
      const int sides[2] = {dx > 0 ? East : West, dy > 0 ? South : North};
      // reach: how far a row may look; j and stop: the current cell's rays, which also say
      // whether its two side cells are open (the diagonal move's corner rule).
      int reach[2] = {originReach[sides[0]], originReach[sides[1]]};
      int j[2] = {reach[0], reach[1]};
      NodeId stop[2] = {originStop[sides[0]], originStop[sides[1]]};
      int px = x, py = y;
      while ((j[0] > 0 || stop[0] != kNoNode) && (j[1] > 0 || stop[1] != kNoNode) && scanPassable(px + dx, py + dy)) {
        px += dx;
        py += dy;
        const NodeId cell = grid.index(px, py);
        if (scanSubgoal(cell) || cell == extra.cell) {
          found(cell);
          break;
        }
        for (int k = 0; k < 2; ++k) {
          j[k] = ray(px, py, sides[k], extra, stop[k]);
          int seen = j[k];
          if (seen <= reach[k] && stop[k] != kNoNode) {
            found(stop[k]);
            --seen;
          }
          reach[k] = std::min(reach[k], seen);
        }
      }
    }
  }

  // Whether the octile-length moves from cell `from` to cell `to` are open with the diagonal
  // moves first (diagonalFirst) or the straight moves first.
  bool shapeOpen(NodeId from, NodeId to, bool diagonalFirst) const;
  // Appends the cells after `from` up to `to` of that shape, unchecked: the caller knows it is open.
  void appendShape(NodeId from, NodeId to, bool diagonalFirst, std::vector<NodeId>& out) const;
  // Writes the leafLength(leaf) cells after cell `index` along the leaf's moves from `cell` on:
  // cell indices step by a constant per move (`steps`: per direction), so no coordinates and
  // no checks. Four cells at a time, whether or not the leaf has that many (the caller leaves
  // kShapeSlack cells of room past the end): most edges are a few cells long, and a loop per
  // cell mispredicted its exit on nearly every edge. Returns the end; `index` becomes the last cell.
  static constexpr std::size_t kShapeSlack = 4;
  using DirectionSteps = std::array<std::int64_t, 8>;
  static DirectionSteps directionSteps(std::int64_t rowStep) {
    return {1, rowStep + 1, rowStep, rowStep - 1, -1, -rowStep - 1, -rowStep, -rowStep + 1};
  }
  static NodeId* writeLeaf(NodeId* cell, std::int64_t& index, const DirectionSteps& steps, Leaf leaf) {
    const int length = leafLength(leaf), first = leafFirst(leaf);
    const std::int64_t firstStep = steps[static_cast<std::size_t>(leafFirstDirection(leaf))];
    const std::int64_t thenStep = steps[static_cast<std::size_t>(leafThenDirection(leaf))];
    std::int64_t at = index;
    for (int done = 0; done < length; done += static_cast<int>(kShapeSlack))
      for (int j = 0; j < static_cast<int>(kShapeSlack); ++j) {
        at += done + j < first ? firstStep : thenStep;
        cell[done + j] = static_cast<NodeId>(at);
      }
    index += first * firstStep + (length - first) * thenStep;
    return cell + length;
  }
  // Appends the cells after `from` up to `to` of a move sequence of octile length between them:
  // diagonal moves first when that path is open, else straight moves first (every edge and
  // link is one of the two: the scan that found it walked it from one end or the other).
  bool refine(NodeId from, NodeId to, std::vector<NodeId>& out) const {
    for (const bool diagonalFirst : {true, false})
      if (shapeOpen(from, to, diagonalFirst)) {
        appendShape(from, to, diagonalFirst, out);
        return true;
      }
    return false;
  }
};

}  // namespace astar
