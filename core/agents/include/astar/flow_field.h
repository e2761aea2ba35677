// FlowField: the distance from every cell to the nearest of one or several goals, and the
// next step towards it (a "flowing river" of directions for crowds and returning ghosts).
//
//   astar::FlowField field;
//   field.build(grid, goals);          // reverse Dijkstra from the goals
//   grid.setWall(x, y);                // edit the map...
//   field.update(grid);                // ...and repair only what the edit disturbed
//   field.removeGoal(grid, bunker);    // agents re-route to the next nearest goal
//   NodeId step = field.next(cell);    // kNoNode at a goal, on a wall or when unreachable
//
// All topology (8/4-connectivity and the corner rule, wrap, portals, one-way cells) comes
// from Grid::forEachPredecessor / forEachNeighbor, so tunnels and portals need no special case.
// Repairs are dynamic (the invalidated subtree is raised, then a Dijkstra lowers from its
// border); a change of size, movement rule, cost model or wrap, or a mass edit, rebuilds.
// setAgentSize(grid, k) makes it the field of a k x k agent (clearance.h): over the anchors
// where one fits, with ClearanceMap::forEachMove's moves; such a field rebuilds after any change.
// After the first build for a map size, updates and goal edits do not allocate (unless the
// goal list or the portal list outgrows its capacity).
#pragma once
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "astar/clearance.h"
#include "astar/error.h"
#include "astar/grid.h"

namespace astar {

inline constexpr double kUnreachable = std::numeric_limits<double>::infinity();

struct FlowFieldStats {
  std::uint64_t builds = 0;           // full rebuilds so far
  std::uint64_t repairs = 0;          // incremental repairs so far
  std::uint64_t lastTouched = 0;      // nodes settled or invalidated by the last build/repair
  std::uint64_t lastInvalidated = 0;  // nodes whose old route broke in the last repair
  bool lastWasRebuild = false;
};

class FlowField {
 public:
  // Builds the field for these goal cells (duplicates are ignored; goals on walls are kept
  // but stay inactive until the cell becomes passable). Error if a goal is outside the grid.
  Error build(const Grid& grid, std::span<const NodeId> goals);

  // Goal edits repair the field (and pick up any grid edits since the last call).
  Error addGoal(const Grid& grid, NodeId goal);
  Error removeGoal(const Grid& grid, NodeId goal);  // not a goal: error, field unchanged
  Error setGoals(const Grid& grid, std::span<const NodeId> goals);

  // Brings the field up to date with the grid (cells, costs, one-way masks, portals): reads
  // what changed since the last build/update from the grid's journal (map_journal.h) and
  // repairs around it; rebuilds after a load, a rule change, another grid, or a mass edit.
  void update(const Grid& grid);

  // The agents' side in cells (1 by default): above 1 the field is a k x k agent's, its cells
  // the agent's anchors (top-left cells). Error, size unchanged, when the grid cannot move such
  // an agent (agentSizeProblem: out of range, hex cells, a map that wraps). A map that later
  // turns to hex or wrap leaves a sized field with no route (every cell unreachable).
  Error setAgentSize(const Grid& grid, int agentSize);
  int agentSize() const { return agentSize_; }

  // Per-cell queries take n < width() * height().
  bool empty() const { return distance_.empty(); }
  int width() const { return width_; }
  int height() const { return height_; }
  // Cost of the cheapest route from n to a goal; kUnreachable for walls and cut-off cells.
  double distance(NodeId n) const { return distance_[n]; }
  bool reachable(NodeId n) const { return distance_[n] != kUnreachable; }
  // The cell to move to from n (a grid neighbour, or a portal's other end); kNoNode at an
  // active goal, on a wall or when no goal is reachable.
  NodeId next(NodeId n) const { return next_[n]; }
  bool isGoal(NodeId n) const { return goalFlag_[n] != 0; }
  std::span<const double> distances() const { return distance_; }
  std::span<const NodeId> nextSteps() const { return next_; }
  std::span<const NodeId> goals() const { return goals_; }
  const FlowFieldStats& stats() const { return stats_; }

 private:
  bool follows(const Grid& grid) const;
  void rebuild(const Grid& grid);
  // Marks n as a node whose outgoing edges may have changed.
  void markSource(NodeId n);
  // Marks the sources of every edge that a change of cell c may have touched.
  void markAroundCell(const Grid& grid, NodeId c);
  void beginMarks();
  // Adds the journal's changes since seen_ to the sources already marked, then repairs, or
  // rebuilds when the change is structural or too large.
  void sync(const Grid& grid);
  void repair(const Grid& grid);
  bool tooManySources() const { return sources_.size() > maxSources_; }

  // Indexed binary min-heap on distance_ (decrease-key via heapPos_).
  void heapPush(NodeId n);
  NodeId heapPop();
  void siftUp(std::uint32_t i);
  void siftDown(std::uint32_t i);
  void settle(const Grid& grid);  // Dijkstra over predecessors until the heap is empty
  // The k x k agent's field (flow_field_size.cpp): an anchor holds a goal, then the Dijkstra
  // over the anchors that have a forEachMove into the node settled.
  bool standsOn(const Grid& grid, NodeId n) const;
  void settleSized(const Grid& grid);

  int width_ = 0;
  int height_ = 0;
  std::vector<double> distance_;
  std::vector<NodeId> next_;
  std::vector<std::uint8_t> goalFlag_;
  std::vector<NodeId> goals_;
  std::vector<NodeId> heap_;
  std::vector<std::uint32_t> heapPos_;
  std::vector<std::uint32_t> mark_;  // == markStamp_: already in sources_ this repair
  std::uint32_t markStamp_ = 0;
  std::vector<NodeId> sources_;  // nodes whose out-edges may have changed
  std::vector<NodeId> invalid_;  // nodes whose route broke (the raise set)
  std::size_t maxSources_ = 0;

  JournalMark seen_;  // the grid as the field last saw it

  int agentSize_ = 1;
  ClearanceMap clearance_;  // refreshed by every build of a field above size 1

  FlowFieldStats stats_;
};

}  // namespace astar
