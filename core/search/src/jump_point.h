// Jump point search (Harabor & Grastien), the no-corner-cutting variant of the Moving AI
// benchmarks, as a successor generator for the one search loop in search.cpp.
//
//   JumpPointSuccessors jps;
//   if (jps.prepare(grid)) {            // rebuilds row/column bitsets only when the grid changed
//     jps.setGoals(goals);              // goals are always jump points
//     jps.forEachSuccessor(n, parent, [&](NodeId jumpPoint, double cost) { ... });
//   }
//
// Online and exact, no preprocessing beyond a bitset copy of the map: every scan reads 64
// cells per word, along rows for horizontal jumps and along the transposed copy for
// vertical ones. Each successor lies on a straight or pure diagonal line from n, so the
// cells between them are the line's cells.
//
// 4-connected grids (DiagonalMovement::Never) get the same search with vertical moves in the
// role of diagonals: of the many equal-length 4-connected paths, the canonical one takes its
// vertical moves first. A node reached vertically keeps going vertically and may turn
// either way horizontally (no forced neighbours); a node reached horizontally keeps going
// and turns vertically only where the cell behind the turn is a wall (the forced
// neighbour of the 8-connected straight scan, whose bitset scan it reuses). A vertical jump
// stops at a cell from which a horizontal scan finds a jump point, as a diagonal jump does.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "astar/grid.h"

namespace astar {

class JumpPointSuccessors {
 public:
  // True when JPS is exact on this grid: every passable cell has the same cost, no portals,
  // no one-way cells, no wrap, square cells, DiagonalMovement::OnlyWhenNoObstacles or
  // Never (4-connected). O(cells).
  static bool applicable(const Grid& grid);
  // The same test, also giving the one cost of every passable cell (1 when there is none);
  // JPS+ (jump_point_plus.h) precomputes the 8-connected rules.
  static bool uniformRules(const Grid& grid, double& cellCost);

  // Binds to grid and (re)builds the bitsets when the grid changed (its journal mark differs:
  // another grid object, or any edit); otherwise O(1). Allocates only when the map grows. Returns applicable(grid)
  // (cached with the bitsets). Clears the goals when it rebuilds.
  bool prepare(const Grid& grid);
  bool ready() const { return applicable_; }
  bool fourConnected() const { return fourConnected_; }

  // Marks the goal cells (they are always jump points) and unmarks the previous ones. O(goals).
  // Cells outside the bound grid are ignored. Call after prepare().
  void setGoals(std::span<const NodeId> goals);

  // For node n reached from parent (kNoNode for the start), calls visit(NodeId jumpPoint,
  // double cost) for each jump-point successor. n must be passable; prepare() must have
  // returned true for the grid the search runs on.
  template <class Visit>
  void forEachSuccessor(NodeId n, NodeId parent, Visit&& visit) const;

  // The first jump point from (x, y) in direction (dx, dy) (each -1, 0 or 1, not both 0), or
  // kNoNode when the line ends first. (x, y) itself is not considered. Public for tests.
  NodeId jump(int x, int y, int dx, int dy) const;

  // Memory held by the bitsets (the map copy and the goal marks), for the benchmark report.
  std::size_t bytes() const;

 private:
  using Word = std::uint64_t;
  // Same cost on every passable cell, square cells, no wrap, portals or one-way cells.
  static bool uniformCost(const Grid& grid, double& cellCost);
  // uniformCost, and a movement rule JPS has pruning rules for (8-connected without corner
  // cutting, or 4-connected).
  static bool rules(const Grid& grid, double& cellCost);
  // A line is one row (or one column of the transposed copy) with a zero word on each side,
  // and lines -1 and size are zero too, so scans stop at the map edge with no bounds checks.
  const Word* rowLine(const std::vector<Word>& bits, int y) const {
    return bits.data() + static_cast<std::size_t>(y + 1) * rowStride_;
  }
  static bool bit(const Word* line, int i) {
    return (line[(static_cast<unsigned>(i + 64) >> 6)] >> (static_cast<unsigned>(i + 64) & 63u)) & 1u;
  }
  bool open(int x, int y) const { return bit(rowLine(rows_, y), x); }
  // Straight scan along line `mid` (neighbour lines `side1`, `side2`, goal marks `goal`) from
  // position p: the first jump point's position after p (forward or backward), or -1.
  static int scanForward(const Word* mid, const Word* side1, const Word* side2, const Word* goal, int p);
  static int scanBackward(const Word* mid, const Word* side1, const Word* side2, const Word* goal, int p);
  // Straight jump along line `line` of a layout (rows or columns) from position p.
  static int jumpAlong(const std::vector<Word>& bits, const std::vector<Word>& goals, std::size_t stride, int line,
                       int p, int step);
  int jumpHorizontal(int x, int y, int dx) const;  // jump point's x, or -1
  int jumpVertical(int x, int y, int dy) const;    // jump point's y, or -1
  NodeId jumpDiagonal(int x, int y, int dx, int dy) const;
  int jumpVerticalFour(int x, int y, int dy) const;  // 4-connected: jump point's y, or -1
  template <class Visit>
  void forEachFourSuccessor(int x, int y, NodeId parent, Visit&& visit) const;
  void markGoal(NodeId n, bool on);

  const Grid* grid_ = nullptr;
  JournalMark seen_;  // the grid as the tables were built for it (map_journal.h)
  int width_ = 0;
  int height_ = 0;
  bool applicable_ = false;
  bool fourConnected_ = false;  // DiagonalMovement::Never
  double straightStep_ = 1.0;   // straight step cost (base cost times the uniform cell cost)
  double diagonalStep_ = 1.4142135623730951;
  std::size_t rowStride_ = 0;   // words per row line
  std::size_t colStride_ = 0;   // words per column line
  std::vector<Word> rows_;      // bit x of row y: cell (x, y) passable
  std::vector<Word> cols_;      // transposed: bit y of column x
  std::vector<Word> goalRows_;  // goal marks, same layouts
  std::vector<Word> goalCols_;
  std::vector<NodeId> goals_;  // marked goals, to unmark them in O(goals)
};

// ---- inline scans (hot path) ----

inline int JumpPointSuccessors::scanForward(const Word* mid, const Word* side1, const Word* side2, const Word* goal,
                                            int p) {
  // Stop at the first position q > p that is a wall (dead end), a goal, or where a side
  // cell opens up behind a wall (s[q] && !s[q-1]: a forced neighbour, no corner cutting).
  unsigned q = static_cast<unsigned>(p + 1) + 64u;
  std::size_t k = q >> 6;
  Word mask = ~Word{0} << (q & 63u);
  for (;; ++k, mask = ~Word{0}) {
    const Word a = side1[k], b = side2[k];
    const Word forced = (a & ~((a << 1) | (side1[k - 1] >> 63))) | (b & ~((b << 1) | (side2[k - 1] >> 63))) | goal[k];
    const Word stop = (forced | ~mid[k]) & mask;
    if (stop) {
      const int at = std::countr_zero(stop);
      return ((mid[k] >> at) & 1u) ? static_cast<int>(k * 64) + at - 64 : -1;
    }
  }
}

inline int JumpPointSuccessors::scanBackward(const Word* mid, const Word* side1, const Word* side2, const Word* goal,
                                             int p) {
  // Mirror image of scanForward: forced where s[q] && !s[q+1].
  const unsigned q = static_cast<unsigned>(p - 1 + 64);  // p - 1 >= -1, so word 0 (all walls) ends the scan
  std::size_t k = q >> 6;
  Word mask = ~Word{0} >> (63u - (q & 63u));
  for (;; --k, mask = ~Word{0}) {
    const Word a = side1[k], b = side2[k];
    const Word forced = (a & ~((a >> 1) | (side1[k + 1] << 63))) | (b & ~((b >> 1) | (side2[k + 1] << 63))) | goal[k];
    const Word stop = (forced | ~mid[k]) & mask;
    if (stop) {
      const int at = 63 - std::countl_zero(stop);
      return ((mid[k] >> at) & 1u) ? static_cast<int>(k * 64) + at - 64 : -1;
    }
  }
}

inline int JumpPointSuccessors::jumpAlong(const std::vector<Word>& bits, const std::vector<Word>& goals,
                                          std::size_t stride, int line, int p, int step) {
  const Word* mid = bits.data() + static_cast<std::size_t>(line + 1) * stride;
  const Word* goal = goals.data() + static_cast<std::size_t>(line + 1) * stride;
  return step > 0 ? scanForward(mid, mid - stride, mid + stride, goal, p)
                  : scanBackward(mid, mid - stride, mid + stride, goal, p);
}

inline int JumpPointSuccessors::jumpHorizontal(int x, int y, int dx) const {
  return jumpAlong(rows_, goalRows_, rowStride_, y, x, dx);
}
inline int JumpPointSuccessors::jumpVertical(int x, int y, int dy) const {
  return jumpAlong(cols_, goalCols_, colStride_, x, y, dy);
}

inline NodeId JumpPointSuccessors::jumpDiagonal(int x, int y, int dx, int dy) const {
  // Step while the diagonal move is allowed (both side cells open); a cell is a jump point
  // when it is a goal or a straight jump from it (along dx or dy) finds one.
  for (;;) {
    const int nx = x + dx, ny = y + dy;
    if (!open(nx, y) || !open(x, ny) || !open(nx, ny)) return kNoNode;
    x = nx;
    y = ny;
    if (bit(rowLine(goalRows_, y), x) || jumpHorizontal(x, y, dx) >= 0 || jumpVertical(x, y, dy) >= 0)
      return grid_->index(x, y);
  }
}

inline int JumpPointSuccessors::jumpVerticalFour(int x, int y, int dy) const {
  // Step while the next cell is open; a cell is a jump point when it is a goal or a
  // horizontal jump from it, either way, finds one.
  for (;;) {
    y += dy;
    if (!open(x, y)) return -1;
    if (bit(rowLine(goalRows_, y), x) || jumpHorizontal(x, y, 1) >= 0 || jumpHorizontal(x, y, -1) >= 0) return y;
  }
}

inline NodeId JumpPointSuccessors::jump(int x, int y, int dx, int dy) const {
  if (fourConnected_ && dx == 0) {
    const int to = jumpVerticalFour(x, y, dy);
    return to < 0 ? kNoNode : grid_->index(x, to);
  }
  if (dx != 0 && dy != 0) return jumpDiagonal(x, y, dx, dy);
  if (dx != 0) {
    const int to = jumpHorizontal(x, y, dx);
    return to < 0 ? kNoNode : grid_->index(to, y);
  }
  const int to = jumpVertical(x, y, dy);
  return to < 0 ? kNoNode : grid_->index(x, to);
}

template <class Visit>
inline void JumpPointSuccessors::forEachFourSuccessor(int x, int y, NodeId parent, Visit&& visit) const {
  auto horizontal = [&](int dx) {
    const int to = jumpHorizontal(x, y, dx);
    if (to >= 0) visit(grid_->index(to, y), straightStep_ * static_cast<double>(to > x ? to - x : x - to));
  };
  auto vertical = [&](int dy) {
    const int to = jumpVerticalFour(x, y, dy);
    if (to >= 0) visit(grid_->index(x, to), straightStep_ * static_cast<double>(to > y ? to - y : y - to));
  };
  if (parent == kNoNode) {
    horizontal(1);
    horizontal(-1);
    vertical(1);
    vertical(-1);
    return;
  }
  const int px = grid_->xOf(parent), py = grid_->yOf(parent);
  if (py != y) {
    vertical(y > py ? 1 : -1);
    horizontal(1);
    horizontal(-1);
    return;
  }
  const int dx = x > px ? 1 : -1;
  horizontal(dx);
  // The vertical path around n (up or down first, then across) is the canonical one unless
  // the cell it passes is a wall.
  for (int side = -1; side <= 1; side += 2)
    if (open(x, y + side) && !open(x - dx, y + side)) vertical(side);
}

template <class Visit>
inline void JumpPointSuccessors::forEachSuccessor(NodeId n, NodeId parent, Visit&& visit) const {
  const int x = grid_->xOf(n), y = grid_->yOf(n);
  if (fourConnected_) {
    forEachFourSuccessor(x, y, parent, visit);
    return;
  }
  auto straight = [&](int dx, int dy) {
    if (dx != 0) {
      const int to = jumpHorizontal(x, y, dx);
      if (to >= 0) visit(grid_->index(to, y), straightStep_ * static_cast<double>(to > x ? to - x : x - to));
    } else {
      const int to = jumpVertical(x, y, dy);
      if (to >= 0) visit(grid_->index(x, to), straightStep_ * static_cast<double>(to > y ? to - y : y - to));
    }
  };
  auto diagonal = [&](int dx, int dy) {
    const NodeId to = jumpDiagonal(x, y, dx, dy);
    if (to != kNoNode) {
      const int tx = grid_->xOf(to);
      visit(to, diagonalStep_ * static_cast<double>(tx > x ? tx - x : x - tx));
    }
  };
  if (parent == kNoNode) {
    for (int d = 0; d < 8; ++d) {
      if (d < 4)
        straight(kDirectionX[d], kDirectionY[d]);
      else
        diagonal(kDirectionX[d], kDirectionY[d]);
    }
    return;
  }
  const int px = grid_->xOf(parent), py = grid_->yOf(parent);
  const int dx = (x > px) - (x < px), dy = (y > py) - (y < py);
  if (dx != 0 && dy != 0) {
    // Diagonal arrival: no forced neighbours without corner cutting.
    straight(dx, 0);
    straight(0, dy);
    diagonal(dx, dy);
    return;
  }
  if (dx != 0) {
    straight(dx, 0);
    // A side cell that is open while the cell behind it is a wall cannot be reached more
    // cheaply around n: turn into it, straight and diagonally forward.
    for (int side = -1; side <= 1; side += 2) {
      if (open(x, y + side) && !open(x - dx, y + side)) {
        straight(0, side);
        diagonal(dx, side);
      }
    }
  } else {
    straight(0, dy);
    for (int side = -1; side <= 1; side += 2) {
      if (open(x + side, y) && !open(x + side, y - dy)) {
        straight(side, 0);
        diagonal(side, dy);
      }
    }
  }
}

}  // namespace astar
