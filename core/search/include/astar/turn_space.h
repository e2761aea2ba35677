// TurnSpace: a state space over a grid whose node is (cell, heading), for movers that pay for
// turning or may not turn around on the spot (the arcade ghost rule, a vehicle). The project's
// one search loop runs on it as it runs on Grid and Graph: Search<TurnSpace>.
//
// - Headings are the grid's move directions in clockwise ring order: 8 on an 8-connected
//   square grid (N, NE, E, SE, S, SW, W, NW), 4 on a 4-connected one (N, E, S, W) and 6 on a
//   hex grid (E, SE, SW, W, NW, NE). Node id = cell * slots() + heading, slots() =
//   headingCount() + 1: the last slot is "no heading yet", a start given no initial heading
//   (it turns for free into any move; only a portal jump keeps it).
// - Moves come from the grid's own neighbour generator (Grid::forEachNeighbor: wrap-around,
//   portals, one-way cells, terrain), in its order; a move's heading is its direction. A wrap
//   keeps the move's direction (leaving the east edge is an east move). A portal jump keeps the
//   heading the mover had (that of its move into the portal cell), costs the portal's cost and
//   no turn, and is never a reversal.
// - Turn cost: TurnOptions::turnCost per heading step, the angle between neighbouring
//   headings: 45 degrees on 8-connected square grids, 90 on 4-connected ones, 60 on hex grids.
//   A move turning k steps costs its grid cost + k * turnCost (k <= headingCount() / 2).
// - No reverse: the 180-degree turn is forbidden. In a dead end (a state with no other move:
//   no non-reversing step and no portal) the reversal is allowed, at its turn cost, so a mover
//   is never stuck; that is what the arcade's ghosts do in the one dead end they know, the house.
// - Goals are cells reached in any heading: goalNodes() lists a cell's nodes.
#pragma once
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"
#include "astar/search.h"

namespace astar {

inline constexpr int kNoHeading = -1;  // TurnOptions::initialHeading: any (the start has no heading yet)

struct TurnOptions {
  double turnCost = 0.0;            // per heading step (45 degrees square 8-way, 90 square 4-way, 60 hex); >= 0
  bool noReverse = false;           // forbid the 180-degree turn (allowed only where nothing else is)
  int initialHeading = kNoHeading;  // a Direction of the grid's topology, or kNoHeading
};

// What kind of move a successor is (forEachMove).
enum class TurnMove : std::uint8_t { Step, Portal };

namespace detail {
class TurnGeometry;
}  // namespace detail

class TurnSpace {
 public:
  // The heuristic's geometry on this space (internal to core: src/turn_geometry.h); the search
  // reads it from here, so a new space brings its own.
  using Geometry = detail::TurnGeometry;

  static constexpr int kMaxHeadings = 8;
  explicit TurnSpace(const Grid& grid, const TurnOptions& options = {}) : grid_(grid), options_(options) {}

  const Grid& grid() const { return grid_; }
  const TurnOptions& options() const { return options_; }
  void setOptions(const TurnOptions& options) { options_ = options; }
  // "" when the options suit the grid: a turn cost from 0 to kMaxCost, an
  // initial heading that is one of the grid's directions.
  Error validate() const;

  // Headings follow the grid's current rules (4, 6 or 8).
  int headingCount() const { return grid_.hex() ? 6 : grid_.diagonal() == DiagonalMovement::Never ? 4 : 8; }
  int slots() const { return headingCount() + 1; }
  // The Direction of heading h (0 <= h < headingCount()), and the heading of direction d
  // (kNoHeading when d is not a move of this grid).
  Direction direction(int h) const;
  int headingOf(Direction d) const;

  // ---- nodes ----
  NodeId node(NodeId cell, int heading) const {
    return cell * static_cast<NodeId>(slots()) + static_cast<NodeId>(heading == kNoHeading ? headingCount() : heading);
  }
  NodeId cellOf(NodeId n) const { return n / static_cast<NodeId>(slots()); }
  int headingAt(NodeId n) const {  // kNoHeading for the "no heading yet" slot
    const int h = static_cast<int>(n % static_cast<NodeId>(slots()));
    return h == headingCount() ? kNoHeading : h;
  }
  // The start node: the cell with the options' initial heading.
  NodeId startNode(NodeId cell) const;
  // Every node of `cell` (slots() of them): the goal set of "reach this cell in any heading".
  void goalNodes(NodeId cell, std::vector<NodeId>& out) const;

  // ---- what Search<Space> needs ----
  NodeId cellCount() const { return grid_.cellCount() * static_cast<NodeId>(slots()); }  // node count
  bool passable(NodeId n) const { return grid_.passable(cellOf(n)); }
  // visit(NodeId next, double cost, TurnMove kind) for every allowed move out of n.
  template <class Visit>
  void forEachMove(NodeId n, Visit&& visit) const;
  template <class Visit>
  void forEachNeighbor(NodeId n, Visit&& visit) const {
    forEachMove(n, [&](NodeId v, double c, TurnMove) { visit(v, c); });
  }
  // visit(NodeId previous, double cost) for every move into n (the exact heuristic).
  template <class Visit>
  void forEachPredecessor(NodeId n, Visit&& visit) const;

  // Heading steps between two headings (0 .. headingCount() / 2).
  int turnSteps(int from, int to) const {
    const int count = headingCount(), d = from > to ? from - to : to - from;
    return d < count - d ? d : count - d;
  }

  // Error messages of Search<TurnSpace>::begin (found by argument-dependent lookup).
  friend void describeNode(const TurnSpace& space, NodeId n, char* out, std::size_t size);
  friend void describeSpace(const TurnSpace& space, char* out, std::size_t size);

 private:
  struct Raw {
    NodeId cell;
    double cost;
  };
  static constexpr std::size_t kMaxRaw = 8 + 2 * static_cast<std::size_t>(kMaxPortals);
  // The grid's moves out of `cell`, with each step's heading (kNoHeading for portal jumps).
  std::size_t rawMoves(NodeId cell, Raw* raw, int* headings) const;
  std::size_t portalJumps(NodeId cell) const;

  const Grid& grid_;
  TurnOptions options_;
};

// ---- inline move generation ----

template <class Visit>
void TurnSpace::forEachMove(NodeId n, Visit&& visit) const {
  const NodeId cell = cellOf(n);
  const int h = headingAt(n), count = headingCount();
  Raw raw[kMaxRaw];
  int headings[kMaxRaw];
  const std::size_t moves = rawMoves(cell, raw, headings);
  const bool noReverse = options_.noReverse && h != kNoHeading;
  bool reverseOnly = noReverse;  // no move but the reversal (a dead end): then it is allowed
  if (noReverse)
    for (std::size_t i = 0; i < moves && reverseOnly; ++i)
      reverseOnly = headings[i] != kNoHeading && turnSteps(h, headings[i]) * 2 == count;
  const NodeId slots = static_cast<NodeId>(count + 1);
  for (std::size_t i = 0; i < moves; ++i) {
    if (headings[i] == kNoHeading) {  // a portal jump keeps the heading
      visit(raw[i].cell * slots + static_cast<NodeId>(h == kNoHeading ? count : h), raw[i].cost, TurnMove::Portal);
      continue;
    }
    const int k = h == kNoHeading ? 0 : turnSteps(h, headings[i]);
    if (noReverse && k * 2 == count && !reverseOnly) continue;
    visit(raw[i].cell * slots + static_cast<NodeId>(headings[i]), raw[i].cost + k * options_.turnCost, TurnMove::Step);
  }
}

template <class Visit>
void TurnSpace::forEachPredecessor(NodeId n, Visit&& visit) const {
  // The predecessor cells from the grid, then the forward moves of each of their states that
  // arrive at n (the dead-end rule depends on the predecessor's whole neighbourhood).
  NodeId cells[kMaxRaw];
  std::size_t found = 0;
  grid_.forEachPredecessor(cellOf(n), [&](NodeId m, double) {
    for (std::size_t i = 0; i < found; ++i)
      if (cells[i] == m) return;
    cells[found++] = m;
  });
  for (std::size_t i = 0; i < found; ++i)
    for (int h = 0; h < slots(); ++h) {
      const NodeId from = cells[i] * static_cast<NodeId>(slots()) + static_cast<NodeId>(h);
      forEachMove(from, [&](NodeId v, double c, TurnMove) {
        if (v == n) visit(from, c);
      });
    }
}

// One query on a TurnSpace, for tools and tests: the cells and the heading of each (the
// heading the mover arrives with; the start's is its initial heading or kNoHeading).
struct TurnPathResult {
  SearchStatus status = SearchStatus::Idle;
  SearchStats stats;
  std::vector<NodeId> cells;
  std::vector<int> headings;  // per cell: heading index of the space (see TurnSpace::direction), or kNoHeading
  char message[192] = {};
};
TurnPathResult findTurnPath(const Grid& grid, NodeId start, NodeId goal, const TurnOptions& turns,
                            const SearchOptions& options = {});

}  // namespace astar
