// Grid: a W x H map of cells (walls or passable cells with an entry cost), its movement
// rules, wrap-around axes, portals and one-way cells. The neighbour generator below is the
// only place that knows about topology: searches, heuristics and flow fields go through it.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "astar/error.h"
#include "astar/limits.h"
#include "astar/map_journal.h"

// Hot-path helpers the compiler must inline into the search loop (a call per neighbour
// costs more than the work it does).
#if defined(__GNUC__) || defined(__clang__)
#define ASTAR_FORCE_INLINE __attribute__((always_inline)) inline
#define ASTAR_FORCE_INLINE_LAMBDA __attribute__((always_inline))
#else
#define ASTAR_FORCE_INLINE inline
#define ASTAR_FORCE_INLINE_LAMBDA
#endif

namespace astar {

// NodeId (map_journal.h): a cell index (y * width + x) or a graph node.
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

// How diagonal moves are allowed (names as in PathFinding.js). Never = 4-connected.
enum class DiagonalMovement : std::uint8_t { Never, OnlyWhenNoObstacles, IfAtMostOneObstacle, Always };
// Base step costs: Real = 1 and sqrt(2); Integer = 10 and 14 (the tutorial's integer mode).
enum class CostModel : std::uint8_t { Real, Integer };
// Cell shape. Hex: pointy-top hexagons in rows, odd rows shifted right by half a cell (the
// "odd-r" offset layout of Red Blob Games). A hex cell has six neighbours, East, West,
// NorthEast, SouthEast, SouthWest and NorthWest (the Direction values; no North or South),
// each one step of straightCost(); the diagonal rule does not apply.
enum class Topology : std::uint8_t { Square, Hex };

// Directions: the four orthogonal ones first, so a 4-connected scan is directions 0..3.
enum Direction : std::uint8_t { North, East, South, West, NorthEast, SouthEast, SouthWest, NorthWest };
inline constexpr int kDirectionX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr int kDirectionY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
inline constexpr Direction kOppositeDirection[8] = {South,     West,      North,     East,
                                                    SouthWest, NorthWest, NorthEast, SouthEast};
inline constexpr std::uint8_t kAllDirections = 0xFF;
inline constexpr std::uint8_t directionBit(Direction d) { return static_cast<std::uint8_t>(1u << d); }

// Names as written in map files, the CLI and the page: one table each (grid.cpp), exported
// to JavaScript by the bindings. parse* accept exactly these names.
inline constexpr int kMovementCount = 4;
const char* movementName(DiagonalMovement m);         // "never", "only-when-no-obstacles", ...
const char* movementDescription(DiagonalMovement m);  // "4-connected", "8-connected, no corner cutting", ...
bool parseMovement(std::string_view name, DiagonalMovement& out);
const char* costModelName(CostModel m);  // "real", "integer"
bool parseCostModel(std::string_view name, CostModel& out);
const char* topologyName(Topology t);  // "square", "hex"
bool parseTopology(std::string_view name, Topology& out);
const char* directionName(Direction d);  // "N", "E", "S", "W", "NE", "SE", "SW", "NW"
bool parseDirection(std::string_view name, Direction& out);

// A directed link between two cells with its own cost. A two-way portal is stored once
// here and yields an edge in each direction.
struct Portal {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  double cost = 1.0;
  bool twoWay = true;
  friend bool operator==(const Portal&, const Portal&) = default;
};

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

// ---- inline neighbour generation (hot path) ----

ASTAR_FORCE_INLINE bool Grid::cornerAllowed(bool sideA, bool sideB) const {
  switch (diagonal_) {
    case DiagonalMovement::OnlyWhenNoObstacles: return sideA && sideB;
    case DiagonalMovement::IfAtMostOneObstacle: return sideA || sideB;
    case DiagonalMovement::Always: return true;
    case DiagonalMovement::Never: break;
  }
  return false;
}

template <class Visit>
inline void Grid::visitPortals(const std::vector<PortalEdge>& edges, NodeId n, bool byTarget, Visit& visit) const {
  // Few portals per map: a linear scan of a short sorted list is fastest.
  for (const PortalEdge& e : edges) {
    const NodeId key = byTarget ? e.to : e.from;
    if (key < n) continue;
    if (key > n) break;
    const NodeId other = byTarget ? e.from : e.to;
    if (passable(other)) visit(other, e.cost);
  }
}

template <DiagonalMovement Rule, class Visit>
ASTAR_FORCE_INLINE void Grid::paddedNeighbors(NodeId n, Visit& visit) const {
  // No wrapping: the padded layout makes cells outside the map read as walls, so there are
  // no bounds checks, and the rule is a template parameter, so the eight moves unroll.
  const int y = yOf(n), x = static_cast<int>(n - static_cast<NodeId>(y) * static_cast<NodeId>(width_));
  const std::ptrdiff_t w = width_, pw = width_ + 2;
  const std::uint8_t* o = open_.data() + paddedXY(x, y);
  const bool north = o[-pw] != 0, east = o[1] != 0, south = o[pw] != 0, west = o[-1] != 0;
  const bool oneWay = oneWayCount_ != 0;
  const bool uniform = uniformCost();
  auto move = [&](bool allowed, std::ptrdiff_t delta, Direction d, double base) ASTAR_FORCE_INLINE_LAMBDA {
    if (!allowed) return;
    const NodeId m = static_cast<NodeId>(static_cast<std::ptrdiff_t>(n) + delta);
    if (oneWay && !(entryMask_[m] & (1u << d))) return;
    visit(m, base * (uniform ? minCost_ : cost_[m]));
  };
  auto corner = [](bool a, bool b) ASTAR_FORCE_INLINE_LAMBDA {
    if constexpr (Rule == DiagonalMovement::OnlyWhenNoObstacles) return a && b;
    if constexpr (Rule == DiagonalMovement::IfAtMostOneObstacle) return a || b;
    return true;
  };
  const double straight = straightCost_;
  move(north, -w, North, straight);
  move(east, 1, East, straight);
  move(south, w, South, straight);
  move(west, -1, West, straight);
  if constexpr (Rule != DiagonalMovement::Never) {
    const double diagonal = diagonalCost_;
    move(o[1 - pw] != 0 && corner(north, east), 1 - w, NorthEast, diagonal);
    move(o[1 + pw] != 0 && corner(south, east), 1 + w, SouthEast, diagonal);
    move(o[pw - 1] != 0 && corner(south, west), w - 1, SouthWest, diagonal);
    move(o[-pw - 1] != 0 && corner(north, west), -w - 1, NorthWest, diagonal);
  }
}

template <DiagonalMovement Rule, class Visit>
ASTAR_FORCE_INLINE void Grid::wrappedSquareNeighbors(NodeId n, Visit& visit) const {
  // Square cells on a map that wraps: the columns and rows one step away cost a compare
  // each, not a modulo per move. The same moves, order and costs as the general loop below.
  const int w = width_, h = height_;
  const int y = yOf(n), x = static_cast<int>(n - static_cast<NodeId>(y) * static_cast<NodeId>(w));
  const int east = x + 1 < w ? x + 1 : wrapX_ ? 0 : -1;
  const int west = x > 0 ? x - 1 : wrapX_ ? w - 1 : -1;
  const int north = y > 0 ? y - 1 : wrapY_ ? h - 1 : -1;
  const int south = y + 1 < h ? y + 1 : wrapY_ ? 0 : -1;
  auto cell = [&](int cx, int cy) ASTAR_FORCE_INLINE_LAMBDA {  // kNoNode: off the map or a wall
    if (cx < 0 || cy < 0) return kNoNode;
    return open_[paddedXY(cx, cy)] != 0 ? index(cx, cy) : kNoNode;
  };
  const bool oneWay = oneWayCount_ != 0;
  auto move = [&](NodeId m, Direction d, double base) ASTAR_FORCE_INLINE_LAMBDA {
    if (m == kNoNode || m == n) return;  // m == n: a 1-wide wrapping axis steps onto itself
    if (oneWay && !(entryMask_[m] & (1u << d))) return;
    visit(m, base * cost_[m]);
  };
  const NodeId cellNorth = cell(x, north), cellEast = cell(east, y), cellSouth = cell(x, south),
               cellWest = cell(west, y);
  const double straight = straightCost_;
  move(cellNorth, North, straight);
  move(cellEast, East, straight);
  move(cellSouth, South, straight);
  move(cellWest, West, straight);
  if constexpr (Rule != DiagonalMovement::Never) {
    auto corner = [](NodeId a, NodeId b) ASTAR_FORCE_INLINE_LAMBDA {
      if constexpr (Rule == DiagonalMovement::OnlyWhenNoObstacles) return a != kNoNode && b != kNoNode;
      if constexpr (Rule == DiagonalMovement::IfAtMostOneObstacle) return a != kNoNode || b != kNoNode;
      return true;
    };
    const double diagonal = diagonalCost_;
    if (corner(cellNorth, cellEast)) move(cell(east, north), NorthEast, diagonal);
    if (corner(cellSouth, cellEast)) move(cell(east, south), SouthEast, diagonal);
    if (corner(cellSouth, cellWest)) move(cell(west, south), SouthWest, diagonal);
    if (corner(cellNorth, cellWest)) move(cell(west, north), NorthWest, diagonal);
  }
}

template <class Visit>
ASTAR_FORCE_INLINE void Grid::forEachNeighbor(NodeId n, Visit&& visit) const {
  if (topology_ == Topology::Square && !wrapX_ && !wrapY_) {
    switch (diagonal_) {
      case DiagonalMovement::Never: paddedNeighbors<DiagonalMovement::Never>(n, visit); break;
      case DiagonalMovement::OnlyWhenNoObstacles:
        paddedNeighbors<DiagonalMovement::OnlyWhenNoObstacles>(n, visit);
        break;
      case DiagonalMovement::IfAtMostOneObstacle:
        paddedNeighbors<DiagonalMovement::IfAtMostOneObstacle>(n, visit);
        break;
      case DiagonalMovement::Always: paddedNeighbors<DiagonalMovement::Always>(n, visit); break;
    }
  } else if (topology_ == Topology::Square) {
    switch (diagonal_) {
      case DiagonalMovement::Never: wrappedSquareNeighbors<DiagonalMovement::Never>(n, visit); break;
      case DiagonalMovement::OnlyWhenNoObstacles:
        wrappedSquareNeighbors<DiagonalMovement::OnlyWhenNoObstacles>(n, visit);
        break;
      case DiagonalMovement::IfAtMostOneObstacle:
        wrappedSquareNeighbors<DiagonalMovement::IfAtMostOneObstacle>(n, visit);
        break;
      case DiagonalMovement::Always: wrappedSquareNeighbors<DiagonalMovement::Always>(n, visit); break;
    }
  } else {
    // Hex: bounds checked per move. Hex moves all cost a straight step and have no corners
    // to cut (neighbouring hexagons share an edge).
    const int x = xOf(n), y = yOf(n);
    const bool hexCells = topology_ == Topology::Hex;
    const int directions = diagonal_ == DiagonalMovement::Never && !hexCells ? 4 : 8;
    const bool oneWay = oneWayCount_ != 0;
    NodeId tmp;
    for (int d = 0; d < directions; ++d) {
      if (!hasDirection(d)) continue;
      int dx, dy;
      moveDelta(d, y, dx, dy);
      NodeId m;
      if (!wrappedCell(x + dx, y + dy, m)) continue;
      if (d >= 4 && !hexCells && !cornerAllowed(wrappedCell(x + dx, y, tmp), wrappedCell(x, y + dy, tmp))) continue;
      if (m == n) continue;  // a 1-wide wrapping axis would step onto itself
      if (oneWay && !(entryMask_[m] & (1u << d))) continue;
      visit(m, (d < 4 || hexCells ? straightCost_ : diagonalCost_) * cost_[m]);
    }
  }
  if (portalFlags_[n] & 1u) visitPortals(portalOut_, n, false, visit);
}

template <class Visit>
inline void Grid::forEachPredecessor(NodeId n, Visit&& visit) const {
  // Grid moves are symmetric in which cells they need passable (the corner rule looks at
  // the same two side cells), so a predecessor is a neighbour m from which the step
  // m -> n is allowed by n's entry mask; its cost is the cost of entering n.
  // The predecessor by a move in direction d is n's neighbour in the opposite direction
  // (on hex grids too: the odd-r offsets of opposite moves undo each other).
  const int x = xOf(n), y = yOf(n);
  const bool hexCells = topology_ == Topology::Hex;
  const int directions = diagonal_ == DiagonalMovement::Never && !hexCells ? 4 : 8;
  const std::uint8_t mask = entryMask_[n];
  const double enter = cost_[n];
  NodeId tmp;
  for (int d = 0; d < directions; ++d) {
    if (!hasDirection(d)) continue;
    if (!(mask & (1u << d))) continue;  // moving in direction d into n is not allowed
    int dx, dy;
    moveDelta(kOppositeDirection[d], y, dx, dy);
    NodeId m;
    if (!wrappedCell(x + dx, y + dy, m)) continue;
    if (d >= 4 && !hexCells && !cornerAllowed(wrappedCell(x + dx, y, tmp), wrappedCell(x, y + dy, tmp))) continue;
    if (m == n) continue;
    visit(m, (d < 4 || hexCells ? straightCost_ : diagonalCost_) * enter);
  }
  if (portalFlags_[n] & 2u) visitPortals(portalIn_, n, true, visit);
}

}  // namespace astar
