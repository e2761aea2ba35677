// The tables of Grid::forEachNeighborFrom (grid_pruning.h): which moves out of a cell a step
// into it has not dominated, per movement rule, computed at compile time.
#include "grid_pruning.h"

#include <array>
#include <cstdint>

namespace astar {

namespace detail {

// The eight neighbours of a cell as a ring of bits, clockwise from north (bit 0 N, 1 NE,
// 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW): straight moves are the even bits, and the two sides of a
// diagonal bit are its ring neighbours.
constexpr unsigned rotateRing(unsigned bits, unsigned k) {
  return ((bits << (k & 7)) | (bits >> ((8 - k) & 7))) & 0xFFu;
}

// For a movement rule: entry [t * 256 + open] is the set of moves (ring bits) out of a cell
// whose passable neighbours are `open`, reached by a step in ring direction t (8: not
// reached by a step, the start), without the moves that step dominates. Relative to t, the
// cell behind (t+4) and the two beside it (t+3, t+5) are entered from the previous cell
// directly; after a straight step, so are the cells at t-2 and t+2 when the diagonal into
// them from the previous cell is allowed (no corner cutting: when the cell behind each,
// t-3 or t+3, is open; 4-connected: never).
constexpr std::array<std::uint8_t, 9 * 256> undominatedMoves(DiagonalMovement rule) {
  std::array<std::uint8_t, 9 * 256> table{};
  for (unsigned open = 0; open < 256; ++open) {
    const unsigned left = rotateRing(open, 1), right = rotateRing(open, 7);  // bit i: open bit i-1, i+1
    unsigned moves = open & 0x55u;
    if (rule == DiagonalMovement::OnlyWhenNoObstacles) moves |= open & left & right & 0xAAu;
    if (rule == DiagonalMovement::IfAtMostOneObstacle) moves |= open & (left | right) & 0xAAu;
    if (rule == DiagonalMovement::Always) moves |= open & 0xAAu;
    table[8 * 256 + open] = static_cast<std::uint8_t>(moves);
    for (unsigned t = 0; t < 8; ++t) {
      const unsigned relative = rotateRing(open, 8 - t);  // bit k: open bit t + k
      unsigned skip = 0x38u;
      if (t % 2 == 0 && rule == DiagonalMovement::OnlyWhenNoObstacles)
        skip |= ((relative >> 5) & 1u) << 6 | ((relative >> 3) & 1u) << 2;
      else if (t % 2 == 0 && rule != DiagonalMovement::Never)
        skip |= 0x44u;
      table[t * 256 + open] = static_cast<std::uint8_t>(moves & ~rotateRing(skip, t));
    }
  }
  return table;
}
// The tables by rule (index: DiagonalMovement), with the moves in Direction bit order
// (N, E, S, W, NE, SE, SW, NW: the order of forEachNeighbor) instead of ring order.
constexpr std::array<std::array<std::uint8_t, 9 * 256>, 4> undominatedMoveTables() {
  std::array<std::array<std::uint8_t, 9 * 256>, 4> tables{};
  constexpr unsigned kDirectionOfRing[8] = {North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest};
  for (unsigned rule = 0; rule < 4; ++rule) {
    const std::array<std::uint8_t, 9 * 256> ring = undominatedMoves(static_cast<DiagonalMovement>(rule));
    for (std::size_t i = 0; i < ring.size(); ++i) {
      unsigned moves = 0;
      for (unsigned bit = 0; bit < 8; ++bit) moves |= ((ring[i] >> bit) & 1u) << kDirectionOfRing[bit];
      tables[rule][i] = static_cast<std::uint8_t>(moves);
    }
  }
  return tables;
}
constinit const std::array<std::array<std::uint8_t, 9 * 256>, 4> kUndominatedMoves = undominatedMoveTables();
}  // namespace detail

}  // namespace astar
