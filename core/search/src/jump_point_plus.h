// JPS+ with goal bounding (Steve Rabin, "JPS+: An Extreme A* Speed Optimization for Static
// Uniform Cost Grids" and "Faster A* with Goal Bounding", Game AI Pro 2 and 3), the
// no-corner-cutting variant, as a successor generator for the one search loop in search.cpp.
//
//   JumpPointPlus plus;
//   if (plus.prepare(grid)) {           // builds the tables once per map edit
//     plus.setGoal(goal);
//     plus.forEachSuccessor(n, parent, [&](NodeId jumpPoint, double cost) { ... });
//   }
//
// Preprocessed and exact. Per cell and direction (8), the jump distance: steps to the jump
// point that online JPS (jump_point.h) would reach from the cell, or minus the steps until a
// wall. A query then reads one number per direction instead of scanning. The successors are
// exactly online JPS's (a test checks them cell by cell). Goal bounding: per cell and
// direction, the bounding box of every cell that has a shortest path from the cell starting
// with that move (all optimal first moves, ties included); a successor in a direction whose
// box does not hold the goal is skipped, which keeps an optimal path (the search then skips
// whole regions of the map). The boxes cost one Dijkstra per passable cell, so they are built
// only up to a number of passable cells (default kGoalBoundingMaxCells; the search takes
// SearchOptions::goalBoundingMaxCells); above, JPS+ runs without them (goalBounded() says
// which). Rebuilt when the grid's change journal (map_journal.h) reports any edit since the
// last build, or that limit changes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "astar/grid.h"
#include "astar/limits.h"

namespace astar {

class JumpPointPlus {
 public:
  // True when JPS+ is exact on this grid: the rules of online JPS (uniform cost, no portals,
  // one-way cells or wrap, square cells, no corner cutting) and at most kJumpPointPlusMaxCells.
  static bool applicable(const Grid& grid);

  // Builds everything at once when the grid changed (its journal says so): same as
  // beginBuild() then buildSome() until done. Returns applicable(grid).
  bool prepare(const Grid& grid, std::uint32_t goalBoundingMaxCells = kGoalBoundingMaxCells);
  // Incremental build, for a page that shows progress: beginBuild computes the jump distances
  // (linear) and returns applicable(grid); each buildSome() call runs at most `sources` of the
  // goal-bounding Dijkstras and returns true once the tables are complete. A no-op (true) when
  // nothing changed since the last complete build.
  bool beginBuild(const Grid& grid, std::uint32_t goalBoundingMaxCells = kGoalBoundingMaxCells);
  bool buildSome(std::uint32_t sources);
  bool built(const Grid& grid) const;  // tables complete and current for this grid
  // A build (complete or not) started for this grid as it is (and, given one, this limit).
  bool current(const Grid& grid) const;
  bool current(const Grid& grid, std::uint32_t goalBoundingMaxCells) const {
    return current(grid) && goalBoundingMaxCells == limit_;
  }
  double buildProgress() const;  // 0..1 of the goal-bounding sources done

  bool ready() const { return applicable_; }
  bool goalBounded() const { return goalBounded_; }
  double buildMilliseconds() const { return buildMs_; }  // wall time of the last complete build
  std::size_t bytes() const;                             // the tables' memory

  // The goal of the next query (one goal; the search falls back to JPS for several).
  void setGoal(NodeId goal);

  // For node n reached from parent (kNoNode for the start), calls visit(NodeId, double cost)
  // for each successor: online JPS's jump points toward the goal, minus those whose direction's
  // goal-bounding box does not hold the goal.
  template <class Visit>
  void forEachSuccessor(NodeId n, NodeId parent, Visit&& visit) const;

  // The jump distance of cell n in direction d (for tests): > 0 the jump point's distance in
  // steps, <= 0 minus the steps until the line is blocked (goals not counted).
  int jumpDistance(NodeId n, Direction d) const { return jump_[static_cast<std::size_t>(n) * 8 + d]; }

 private:
  struct Box {
    std::int16_t minX, maxX, minY, maxY;  // empty: minX > maxX
  };
  void buildGoalBounds(NodeId source);
  template <class Visit>
  void straight(int x, int y, Direction d, Visit& visit) const;
  template <class Visit>
  void diagonal(int x, int y, Direction d, Visit& visit) const;
  bool bounded(NodeId n, Direction d) const {
    if (!goalBounded_) return true;
    const Box& b = boxes_[static_cast<std::size_t>(n) * 8 + d];
    return goalX_ >= b.minX && goalX_ <= b.maxX && goalY_ >= b.minY && goalY_ <= b.maxY;
  }
  bool open(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_ && open_[index(x, y)]; }
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x);
  }

  const Grid* grid_ = nullptr;
  JournalMark seen_;  // the grid as the tables were built for it (map_journal.h)
  int width_ = 0, height_ = 0;
  bool applicable_ = false;
  bool complete_ = false;
  bool goalBounded_ = false;
  double straightStep_ = 1.0, diagonalStep_ = 1.4142135623730951;
  double buildMs_ = 0.0;
  double buildStartMs_ = 0.0;
  std::uint32_t limit_ = kGoalBoundingMaxCells;  // the goal-bounding limit of the last build
  std::vector<std::uint8_t> open_;               // passable cells
  std::vector<std::int16_t> jump_;               // [cell * 8 + direction]
  std::vector<Box> boxes_;                       // [cell * 8 + direction], when goal-bounded
  std::vector<NodeId> sources_;                  // passable cells, in order; the next Dijkstra's source:
  std::size_t nextSource_ = 0;
  int goalX_ = -1, goalY_ = -1;
  NodeId goal_ = kNoNode;
  // One Dijkstra's state (distances as a + b sqrt 2, compared exactly), reused per source.
  std::vector<std::uint64_t> stamp_;
  std::vector<std::int32_t> distA_, distB_;
  std::vector<std::uint8_t> firstMoves_;
  struct QueueEntry {
    double key;
    NodeId node;
  };
  std::vector<QueueEntry> straightQueue_, diagonalQueue_;  // the build's Dijkstra, one FIFO per step cost
  std::uint64_t generation_ = 0;
};

// ---- successors (hot path) ----

template <class Visit>
inline void JumpPointPlus::straight(int x, int y, Direction d, Visit& visit) const {
  const NodeId n = static_cast<NodeId>(index(x, y));
  if (!bounded(n, d)) return;
  const int j = jump_[static_cast<std::size_t>(n) * 8 + d];
  const int reach = j > 0 ? j : -j;
  const int dx = kDirectionX[d], dy = kDirectionY[d];
  // The goal on this line, before or at the jump point, ends the jump there.
  int t = 0;
  if (dx != 0 && goalY_ == y) t = (goalX_ - x) * dx;
  if (dy != 0 && goalX_ == x) t = (goalY_ - y) * dy;
  const int k = t > 0 && t <= reach ? t : j;
  if (k > 0) visit(static_cast<NodeId>(index(x + k * dx, y + k * dy)), straightStep_ * k);
}

template <class Visit>
inline void JumpPointPlus::diagonal(int x, int y, Direction d, Visit& visit) const {
  const NodeId n = static_cast<NodeId>(index(x, y));
  if (!bounded(n, d)) return;
  const int j = jump_[static_cast<std::size_t>(n) * 8 + d];
  const int reach = j > 0 ? j : -j;
  const int dx = kDirectionX[d], dy = kDirectionY[d];
  int k = j > 0 ? j : reach + 1;
  // Online JPS also stops on the diagonal where a straight scan reaches the goal: in the
  // goal's column (scanning along dy) or row (along dx), if the line to the goal is open.
  const Direction alongY = dy > 0 ? South : North, alongX = dx > 0 ? East : West;
  const int kx = (goalX_ - x) * dx, ky = (goalY_ - y) * dy;
  if (kx > 0 && kx < k) {
    const int t = (goalY_ - (y + kx * dy)) * dy;
    const int v = jump_[index(x + kx * dx, y + kx * dy) * 8 + alongY];
    if (t == 0 || (t > 0 && t <= (v > 0 ? v : -v))) k = kx;
  }
  if (ky > 0 && ky < k) {
    const int t = (goalX_ - (x + ky * dx)) * dx;
    const int v = jump_[index(x + ky * dx, y + ky * dy) * 8 + alongX];
    if (t == 0 || (t > 0 && t <= (v > 0 ? v : -v))) k = ky;
  }
  if (k <= reach) visit(static_cast<NodeId>(index(x + k * dx, y + k * dy)), diagonalStep_ * k);
}

template <class Visit>
inline void JumpPointPlus::forEachSuccessor(NodeId n, NodeId parent, Visit&& visit) const {
  const int y = grid_->yOf(n), x = grid_->xOf(n);  // a multiply, not a division
  if (parent == kNoNode) {
    for (int d = 0; d < 4; ++d) straight(x, y, static_cast<Direction>(d), visit);
    for (int d = 4; d < 8; ++d) diagonal(x, y, static_cast<Direction>(d), visit);
    return;
  }
  const int py = grid_->yOf(parent), px = grid_->xOf(parent);
  const int dx = (x > px) - (x < px), dy = (y > py) - (y < py);
  const Direction east = dx > 0 ? East : West, south = dy > 0 ? South : North;
  auto diagonalOf = [](int ddx, int ddy) {
    return ddy < 0 ? (ddx > 0 ? NorthEast : NorthWest) : (ddx > 0 ? SouthEast : SouthWest);
  };
  if (dx != 0 && dy != 0) {  // diagonal arrival: no forced neighbours without corner cutting
    straight(x, y, east, visit);
    straight(x, y, south, visit);
    diagonal(x, y, diagonalOf(dx, dy), visit);
    return;
  }
  if (dx != 0) {
    straight(x, y, east, visit);
    for (int side = -1; side <= 1; side += 2) {
      if (open(x, y + side) && !open(x - dx, y + side)) {
        straight(x, y, side > 0 ? South : North, visit);
        diagonal(x, y, diagonalOf(dx, side), visit);
      }
    }
  } else {
    straight(x, y, south, visit);
    for (int side = -1; side <= 1; side += 2) {
      if (open(x + side, y) && !open(x + side, y - dy)) {
        straight(x, y, side > 0 ? East : West, visit);
        diagonal(x, y, diagonalOf(side, dy), visit);
      }
    }
  }
}

}  // namespace astar
