// Header-only: Grid's neighbour generation, inline (the hot path of every search), included at
// the end of grid.h: include grid.h, not this. The padded layout needs no bounds checks; wrapped
// and hex grids take the general loop; portals come last.
#pragma once
#include <cstddef>
#include <vector>

// Hot-path helpers the compiler must inline into the search loop (a call per neighbour
// costs more than the work it does). Not forced in sanitizer builds: there the inlined,
// instrumented copies made single test files take minutes to compile (test_grid.cpp: 145 s).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ASTAR_FORCE_INLINE inline
#define ASTAR_FORCE_INLINE_LAMBDA
#elif defined(__GNUC__) || defined(__clang__)
#define ASTAR_FORCE_INLINE __attribute__((always_inline)) inline
#define ASTAR_FORCE_INLINE_LAMBDA __attribute__((always_inline))
#else
#define ASTAR_FORCE_INLINE inline
#define ASTAR_FORCE_INLINE_LAMBDA
#endif

namespace astar {

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
