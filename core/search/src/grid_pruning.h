// Grid::forEachNeighborFrom, the search loop's pruned neighbour generation, and the tables it
// reads (grid_pruning.cpp). Internal to core: games call forEachNeighbor (grid.h); keeping this
// out of the public header keeps the table and the hot loop out of every game's compile.
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "astar/grid.h"

namespace astar {

namespace detail {
// For a movement rule (index: DiagonalMovement): entry [t * 256 + open] is the set of moves
// (Direction bits) out of a cell whose passable neighbours are `open` (a ring of bits
// clockwise from north, Grid::openRing_), reached by a step in ring direction t (8: not
// reached by a step, the start), without the moves that step dominates. Computed at compile
// time in grid_pruning.cpp: evaluated here, in every file that includes this header, it took about
// a second of compile time each.
extern const std::array<std::array<std::uint8_t, 9 * 256>, 4> kUndominatedMoves;
}  // namespace detail

template <class Visit>
ASTAR_FORCE_INLINE void Grid::forEachNeighborFrom(NodeId n, NodeId from, Visit&& visit) const {
  const std::ptrdiff_t w = width_;
  // Direction of the step from -> n as a ring bit, from the index difference (width >= 3, so
  // the offsets -w-1 .. w+1 fall in distinct rows of a 3 x 3 block); 8 when there is none.
  static constexpr std::uint8_t kRingOfBlock[9] = {7, 0, 1, 6, 8, 2, 5, 4, 3};
  unsigned t = 8;
  if (from != kNoNode) {
    const std::ptrdiff_t block = static_cast<std::ptrdiff_t>(n) - static_cast<std::ptrdiff_t>(from) + w + 1;
    const std::ptrdiff_t row = (block >= w) + (block >= 2 * w);
    t = kRingOfBlock[row * 3 + block - row * w];
  }
  const unsigned moves = detail::kUndominatedMoves[static_cast<unsigned>(diagonal_)][t * 256 + openRing_[n]];
  const double straight = straightCost_ * minCost_, diagonal = diagonalCost_ * minCost_;
  for (unsigned bits = moves; bits != 0; bits &= bits - 1) {
    const int d = std::countr_zero(bits);
    visit(static_cast<NodeId>(static_cast<std::ptrdiff_t>(n) + moveOffset_[d]), d < 4 ? straight : diagonal);
  }
}

}  // namespace astar
