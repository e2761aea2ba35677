// Grid: a W x H map of cells (walls or passable cells with an entry cost), its movement
// rules (grid_rules.h), wrap-around axes, portals (portal.h) and one-way cells. The neighbour
// generator (grid_neighbors.h, inline) is the only place that knows about topology: searches,
// heuristics and flow fields go through it.
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "astar/error.h"
#include "astar/grid_rules.h"
#include "astar/limits.h"
#include "astar/map_journal.h"
#include "astar/portal.h"

namespace astar {

namespace detail {
class GridGeometry;
}  // namespace detail

class Grid {
 public:
  // The heuristic's geometry on this space (internal to core: src/grid_geometry.h); the search
  // reads it from here, so a new space brings its own.
  using Geometry = detail::GridGeometry;

  Grid() = default;
  // A width x height grid of floor cells with cost 1. Sizes outside 1..kMaxGridSide give
  // an empty 0 x 0 grid; use reset() to get the error message.
  Grid(int width, int height);

  // Resize to width x height floor cells of cost 1; clears portals, one-way cells and wrap.
  Error reset(int width, int height);
  // reset() in pieces, for a caller that must not block (a 16 M-cell map's arrays are 200 MB):
  // beginReset sizes the grid and reserves its arrays, resetRows(to) fills rows up to `to`.
  // Only reset rows may be read or set; a change to a cell reaches the rows beside it.
  Error beginReset(int width, int height);
  void resetRows(int to);

  int width() const { return width_; }
  int height() const { return height_; }
  NodeId cellCount() const { return static_cast<NodeId>(width_) * static_cast<NodeId>(height_); }
  bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  NodeId index(int x, int y) const {
    return static_cast<NodeId>(y) * static_cast<NodeId>(width_) + static_cast<NodeId>(x);
  }
  // Row by an integer multiply-shift, not a division (hot in heuristics): with
  // rowMagic_ = ceil(2^40 / width), n * rowMagic_ / 2^40 overshoots n / width by less than
  // n / 2^40 < 2^-16 for n < 2^24, while a fraction of n / width is at least 1/width >= 2^-12
  // below the next integer, so the shift is exact. One i64 multiply in wasm too.
  int yOf(NodeId n) const { return static_cast<int>((static_cast<std::uint64_t>(n) * rowMagic_) >> 40); }
  int xOf(NodeId n) const { return static_cast<int>(n - static_cast<NodeId>(yOf(n)) * static_cast<NodeId>(width_)); }

  // Cells. A wall has no cost; a passable cell costs cost() to enter.
  bool passable(NodeId n) const { return open_[padded(n)] != 0; }
  bool passable(int x, int y) const { return contains(x, y) && passable(index(x, y)); }
  double cost(NodeId n) const { return cost_[n]; }
  Error setWall(int x, int y);
  Error setCost(int x, int y, double cost);  // makes the cell passable; cost in limits.h's range
  // Lowest entry cost over passable cells (1 when there are none): heuristics scale by it.
  double minCost() const { return minCost_; }
  // True when every passable cell has the same cost (neighbour costs need no per-cell load).
  bool uniformCost() const { return minCostCount_ == passableCount_; }

  // One-way cells: the set of movement directions (bits of directionBit) in which the cell
  // may be entered. kAllDirections (the default) means an ordinary cell.
  Error setEntryMask(int x, int y, std::uint8_t allowedDirections);
  std::uint8_t entryMask(NodeId n) const { return entryMask_[n]; }
  bool hasOneWayCells() const { return oneWayCount_ != 0; }

  DiagonalMovement diagonal() const { return diagonal_; }
  void setDiagonal(DiagonalMovement d) {
    diagonal_ = d;
    journal_.everythingChanged(cellCount());
  }
  CostModel costModel() const { return costModel_; }
  void setCostModel(CostModel m);
  double straightCost() const { return straightCost_; }
  double diagonalCost() const { return diagonalCost_; }

  Topology topology() const { return topology_; }
  bool hex() const { return topology_ == Topology::Hex; }
  // Kept by reset(). A hex grid wraps vertically only with an even height (the odd-r rows
  // alternate, so the seam must join an odd row to an even one): refused otherwise.
  Error setTopology(Topology t);

  bool wrapX() const { return wrapX_; }
  bool wrapY() const { return wrapY_; }
  // Refused (and nothing changes) for a vertical wrap of a hex grid with an odd height.
  Error setWrap(bool x, bool y);

  // The offset of the move in direction d from a cell in row y: on hex grids the diagonal
  // moves depend on the row's parity (odd rows are shifted right).
  void moveDelta(int d, int y, int& dx, int& dy) const {
    dy = kDirectionY[d];
    dx = kDirectionX[d];
    if (topology_ == Topology::Hex && dy != 0) dx = (dx - 1) / 2 + (y & 1);
  }
  // Whether d is a move of this grid's topology (hex grids have no North or South).
  bool hasDirection(int d) const { return topology_ == Topology::Square || (d != North && d != South); }

  // Portals: both ends must be distinct cells inside the grid; cost in limits.h's range.
  // The ends need not be passable now, but a portal is only used between passable cells.
  Error addPortal(int fromX, int fromY, int toX, int toY, double cost, bool twoWay);
  void removePortal(std::size_t i);
  void clearPortals();
  std::span<const Portal> portals() const { return portals_; }

  // Calls visit(NodeId next, double stepCost) for every move out of n (n must be passable).
  template <class Visit>
  void forEachNeighbor(NodeId n, Visit&& visit) const;
  // True when forEachNeighborFrom may be used: no wrap, no portals, no one-way cells, one
  // cost everywhere, a diagonal step cheaper than two straight ones, and at least 3 columns.
  bool canSkipDominatedMoves() const {
    return topology_ == Topology::Square && !wrapX_ && !wrapY_ && portalOut_.empty() && oneWayCount_ == 0 &&
           uniformCost() && width_ >= 3 && diagonalCost_ < 2 * straightCost_;
  }
  // forEachNeighbor for a search that reached n from `from`, a neighbouring cell it expanded
  // before n (kNoNode for the start: then every move). Skips the moves to cells next to both
  // that `from` enters directly: such a cell already has g <= g(from) + step(from, cell),
  // which is < g(n) + step(n, cell) by the triangle inequality canSkipDominatedMoves checks,
  // so the move cannot improve it. Any best-first search gets the same g values and
  // expansions and relaxes fewer moves: on open floor 3 of 8 after a straight step, 5 after
  // a diagonal one. Requires canSkipDominatedMoves() and `from` one move away from n (or
  // kNoNode). Same visit order as forEachNeighbor (N, E, S, W, then NE, SE, SW, NW).
  // For the search loop: defined in core's internal grid_pruning.h, not for games to call.
  template <class Visit>
  void forEachNeighborFrom(NodeId n, NodeId from, Visit&& visit) const;
  // Calls visit(NodeId previous, double stepCost) for every move into n.
  template <class Visit>
  void forEachPredecessor(NodeId n, Visit&& visit) const;

  // Increases on every edit and never repeats for this object.
  std::uint64_t revision() const { return journal_.revision(); }
  // The change journal (map_journal.h): what every structure built from this grid reads to
  // know what to repair or rebuild.
  JournalMark journalMark() const { return journal_.mark(); }
  MapChanges changesSince(JournalMark mark) const { return journal_.changesSince(mark); }

  // Structural equality (cells, costs, rules, portals, one-way cells).
  friend bool operator==(const Grid& a, const Grid& b);

 private:
  struct PortalEdge {
    NodeId from, to;
    double cost;
  };
  // Passability lives in a padded array (one wall cell around the map) so that the
  // common non-wrapping case needs no bounds checks.
  std::size_t padded(NodeId n) const {
    return n + 2 * static_cast<std::size_t>(yOf(n)) + static_cast<std::size_t>(width_) + 3;
  }
  std::size_t paddedXY(int x, int y) const {
    return static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(width_ + 2) + static_cast<std::size_t>(x + 1);
  }
  bool cornerAllowed(bool sideA, bool sideB) const;
  // The cell at (cx, cy) after wrapping (when that axis wraps): false if off the map or a wall.
  bool wrappedCell(int cx, int cy, NodeId& out) const {
    if (cx < 0 || cx >= width_) {
      if (!wrapX_) return false;
      cx = (cx + width_) % width_;
    }
    if (cy < 0 || cy >= height_) {
      if (!wrapY_) return false;
      cy = (cy + height_) % height_;
    }
    out = index(cx, cy);
    return passable(out);
  }
  template <DiagonalMovement Rule, class Visit>
  void paddedNeighbors(NodeId n, Visit& visit) const;
  template <DiagonalMovement Rule, class Visit>
  void wrappedSquareNeighbors(NodeId n, Visit& visit) const;
  void rebuildPortalEdges();
  void updateOpenRings(int x, int y);
  void recomputeMinCost();
  template <class Visit>
  void visitPortals(const std::vector<PortalEdge>& edges, NodeId n, bool byTarget, Visit& visit) const;

  int width_ = 0;
  int height_ = 0;
  std::uint64_t rowMagic_ = 0;
  std::vector<std::uint8_t> open_;         // padded, 1 = passable
  std::vector<std::uint8_t> openRing_;     // per cell: its passable neighbours as ring bits (grid.cpp)
  std::ptrdiff_t moveOffset_[8] = {};      // index difference of a move, by Direction
  std::vector<double> cost_;               // entry cost per cell (0 for walls); double, so a path's
                                           // cost is the sum of the numbers the user wrote
  std::vector<std::uint8_t> entryMask_;    // allowed entry directions per cell
  std::vector<std::uint8_t> portalFlags_;  // bit 0: has outgoing portal edge, bit 1: incoming
  std::vector<Portal> portals_;
  std::vector<PortalEdge> portalOut_;  // sorted by from
  std::vector<PortalEdge> portalIn_;   // sorted by to
  std::uint32_t oneWayCount_ = 0;
  double minCost_ = 1.0;
  std::uint32_t minCostCount_ = 0;  // passable cells at minCost_ (a rescan only when it drops to 0)
  std::uint32_t passableCount_ = 0;
  int rowsReset_ = 0;  // beginReset .. resetRows
  DiagonalMovement diagonal_ = DiagonalMovement::OnlyWhenNoObstacles;
  CostModel costModel_ = CostModel::Real;
  Topology topology_ = Topology::Square;
  double straightCost_ = 1.0;
  double diagonalCost_ = 1.4142135623730951;
  bool wrapX_ = false;
  bool wrapY_ = false;
  MapJournal journal_;
};

}  // namespace astar

// Neighbour generation, inline: after the class, which it defines members of.
#include "astar/grid_neighbors.h"
