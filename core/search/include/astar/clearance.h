// Clearance: the true-clearance map of a grid (Harabor and Botea's annotated A*), what lets
// the one search loop move agents bigger than one cell (SearchOptions::agentSize).
//
// The anchor: an agent of size k stands on the node (x, y) and covers the k x k cells
// x..x+k-1, y..y+k-1 (the node is its top-left cell). clearance(x, y) is the largest k such
// that this square lies inside the map and holds no wall, capped at kMaxAgentSize; 0 on a
// wall. Squares never cross a wrap seam (the map is read as if it did not wrap).
//
// Moves of a k x k agent are the grid's moves between anchors whose clearance is >= k: a
// straight move needs the destination's clearance >= k (the two footprints cover every cell
// the agent sweeps); a diagonal move also applies the map's corner rule to the two
// orthogonal side anchors, (x+dx, y) and (x, y+dy), with "free" meaning clearance >= k: with
// no corner cutting both must fit, which covers the two corner cells the sweep touches
// ((x+k, y) and (x, y+k) for a south-east move, and so on). Size 1 is exactly the grid's own
// rule. A step costs what the grid charges to enter the destination anchor cell (its terrain
// cost; the rest of the footprint is not charged), one-way cells are read at the anchor, and a
// portal moves the anchor when the far end's clearance is >= k. Sizes above 1 are refused on
// hex cells and on maps that wrap (agentSizeProblem).
//
//   astar::ClearanceMap clearance;
//   clearance.refresh(grid);                  // first: a full build; later: the cells edits reach
//   if (clearance.at(n) >= 2) ...             // a 2 x 2 agent fits with its top-left cell at n
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "astar/grid.h"
#include "astar/limits.h"
#include "astar/map_journal.h"

namespace astar {

class ClearanceMap {
 public:
  // Brings the map up to date with `grid` through its change journal: nothing when the grid did
  // not change; after edits, only the cells whose square can hold an edited cell (up to
  // kMaxAgentSize - 1 cells left of and above it) are recomputed; after a load, resize, rule
  // change, another grid or a batch larger than a 64th of the map, a full rebuild (one pass).
  void refresh(const Grid& grid);

  std::uint8_t at(NodeId n) const { return clearance_[n]; }
  // Whether a k x k agent fits with its top-left cell at (x, y) (false outside the map).
  bool fits(int x, int y, int agentSize) const {
    return x >= 0 && y >= 0 && x < width_ && y < height_ &&
           clearance_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)] >=
               agentSize;
  }
  std::size_t bytes() const { return clearance_.capacity(); }
  // Cells recomputed by the last refresh (the whole map for a rebuild): for tests.
  std::size_t lastRefreshCells() const { return lastRefreshCells_; }

  // Calls visit(NodeId next, double stepCost) for every move of a k x k agent anchored at n
  // (rules above; n must fit). For square grids without wrap; agentSize in 1..kMaxAgentSize.
  template <class Visit>
  void forEachMove(const Grid& grid, NodeId n, int agentSize, Visit&& visit) const;

 private:
  void rebuild(const Grid& grid);
  std::uint8_t measure(const Grid& grid, int x, int y) const;  // one cell, straight from the map

  std::vector<std::uint8_t> clearance_;
  int width_ = 0;
  int height_ = 0;
  JournalMark mark_;
  std::size_t lastRefreshCells_ = 0;
};

// Why a search cannot move an agent of `agentSize` cells on `grid` (nullptr when it can):
// out of kMinAgentSize..kMaxAgentSize, or above 1 on hex cells or a map that wraps.
const char* agentSizeProblem(const Grid& grid, int agentSize);

template <class Visit>
void ClearanceMap::forEachMove(const Grid& grid, NodeId n, int agentSize, Visit&& visit) const {
  const int x = grid.xOf(n), y = grid.yOf(n);
  bool side[4];  // North, East, South, West: the orthogonal anchors the agent fits at
  for (int d = 0; d < 4; ++d) side[d] = fits(x + kDirectionX[d], y + kDirectionY[d], agentSize);
  const DiagonalMovement rule = grid.diagonal();
  const int directions = rule == DiagonalMovement::Never ? 4 : 8;
  for (int d = 0; d < directions; ++d) {
    const int dx = kDirectionX[d], dy = kDirectionY[d];
    if (d < 4) {
      if (!side[d]) continue;
    } else {
      if (!fits(x + dx, y + dy, agentSize)) continue;
      const bool vertical = side[dy < 0 ? North : South], horizontal = side[dx > 0 ? East : West];
      if (rule == DiagonalMovement::OnlyWhenNoObstacles && !(vertical && horizontal)) continue;
      if (rule == DiagonalMovement::IfAtMostOneObstacle && !(vertical || horizontal)) continue;
    }
    const NodeId m = grid.index(x + dx, y + dy);
    if (!(grid.entryMask(m) & (1u << d))) continue;
    visit(m, (d < 4 ? grid.straightCost() : grid.diagonalCost()) * grid.cost(m));
  }
  for (const Portal& p : grid.portals()) {  // few per map: a scan, only for agents above one cell
    if (p.from == n && clearance_[p.to] >= agentSize) visit(p.to, p.cost);
    if (p.twoWay && p.to == n && clearance_[p.from] >= agentSize) visit(p.from, p.cost);
  }
}

}  // namespace astar
