// TurnSpace (astar/turn_space.h): the headings of each topology, the grid's moves with their
// headings, and the one-shot findTurnPath.
#include "astar/turn_space.h"

#include <cmath>
#include <cstdio>

#include "astar/limits.h"

namespace astar {

namespace {

constexpr Direction kSquare8[8] = {North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest};
constexpr Direction kSquare4[4] = {North, East, South, West};
constexpr Direction kHex6[6] = {East, SouthEast, SouthWest, West, NorthWest, NorthEast};

const Direction* ringOf(const Grid& grid) {
  if (grid.hex()) return kHex6;
  return grid.diagonal() == DiagonalMovement::Never ? kSquare4 : kSquare8;
}

}  // namespace

Direction TurnSpace::direction(int h) const { return ringOf(grid_)[h]; }

int TurnSpace::headingOf(Direction d) const {
  const Direction* ring = ringOf(grid_);
  for (int h = 0; h < headingCount(); ++h)
    if (ring[h] == d) return h;
  return kNoHeading;
}

Error TurnSpace::validate() const {
  if (!(options_.turnCost >= 0.0 && options_.turnCost <= kMaxCost))
    return Error{"the turn cost must be a number from 0 to 1e30"};
  if (options_.initialHeading != kNoHeading) {
    if (options_.initialHeading < 0 || options_.initialHeading >= 8 ||
        headingOf(static_cast<Direction>(options_.initialHeading)) == kNoHeading)
      return Error{std::string("the initial heading is not one of this grid's ") +
                   (grid_.hex()           ? "6 hex"
                    : headingCount() == 4 ? "4 (4-connected)"
                                          : "8") +
                   " directions"};
  }
  return {};
}

NodeId TurnSpace::startNode(NodeId cell) const {
  const int d = options_.initialHeading;
  return node(cell, d == kNoHeading ? kNoHeading : headingOf(static_cast<Direction>(d)));
}

void TurnSpace::goalNodes(NodeId cell, std::vector<NodeId>& out) const {
  for (int h = 0; h < slots(); ++h) out.push_back(cell * static_cast<NodeId>(slots()) + static_cast<NodeId>(h));
}

std::size_t TurnSpace::portalJumps(NodeId cell) const {
  std::size_t jumps = 0;
  for (const Portal& p : grid_.portals()) {
    if (p.from == cell && grid_.passable(p.to)) ++jumps;
    if (p.twoWay && p.to == cell && grid_.passable(p.from)) ++jumps;
  }
  return jumps;
}

// The generator visits the steps first, in Direction order (N, E, S, W, NE, SE, SW, NW), then
// the portal jumps; so the last portalJumps(cell) moves are jumps, and each step is the next
// direction, in that order, whose target, entry rule and cost match it (on a tiny wrapping map
// two directions can reach the same cell; the order keeps them apart).
std::size_t TurnSpace::rawMoves(NodeId cell, Raw* raw, int* headings) const {
  std::size_t count = 0;
  grid_.forEachNeighbor(cell, [&](NodeId m, double c) { raw[count++] = {m, c}; });
  const std::size_t steps = count - portalJumps(cell);
  const int x = grid_.xOf(cell), y = grid_.yOf(cell), w = grid_.width(), ht = grid_.height();
  int d = 0;
  for (std::size_t i = 0; i < count; ++i) {
    headings[i] = kNoHeading;
    if (i >= steps) continue;
    for (; d < 8; ++d) {
      if (!grid_.hasDirection(d)) continue;
      int dx, dy;
      grid_.moveDelta(d, y, dx, dy);
      int tx = x + dx, ty = y + dy;
      if (grid_.wrapX()) tx = (tx + w) % w;
      if (grid_.wrapY()) ty = (ty + ht) % ht;
      if (!grid_.contains(tx, ty) || grid_.index(tx, ty) != raw[i].cell) continue;
      if (!(grid_.entryMask(raw[i].cell) & (1u << d))) continue;
      const bool straight = d < 4 || grid_.hex();
      if ((straight ? grid_.straightCost() : grid_.diagonalCost()) * grid_.cost(raw[i].cell) != raw[i].cost) continue;
      headings[i] = headingOf(static_cast<Direction>(d));
      ++d;
      break;
    }
  }
  return count;
}

void describeNode(const TurnSpace& space, NodeId n, char* out, std::size_t size) {
  const Grid& g = space.grid();
  const NodeId cell = space.cellOf(n);
  if (n >= space.cellCount()) {
    std::snprintf(out, size, "index %u", static_cast<unsigned>(n));
    return;
  }
  const int h = space.headingAt(n);
  std::snprintf(out, size, "(%d, %d) heading %s", g.xOf(cell), g.yOf(cell),
                h == kNoHeading ? "none" : directionName(space.direction(h)));
}

void describeSpace(const TurnSpace& space, char* out, std::size_t size) {
  std::snprintf(out, size, "the %d x %d grid", space.grid().width(), space.grid().height());
}

TurnPathResult findTurnPath(const Grid& grid, NodeId start, NodeId goal, const TurnOptions& turns,
                            const SearchOptions& options) {
  TurnPathResult result;
  const TurnSpace space(grid, turns);
  if (Error e = space.validate()) {
    std::snprintf(result.message, sizeof result.message, "%s", e.message.c_str());
    result.status = SearchStatus::InvalidInput;
    return result;
  }
  const NodeId cells = grid.cellCount();
  if (start >= cells || goal >= cells) {
    std::snprintf(result.message, sizeof result.message, "%s is outside the grid", start >= cells ? "start" : "goal");
    result.status = SearchStatus::InvalidInput;
    return result;
  }
  std::vector<NodeId> goals;
  space.goalNodes(goal, goals);
  Search<TurnSpace> search(space);
  search.begin(space.startNode(start), std::span<const NodeId>(goals), options);
  result.status = search.run();
  result.stats = search.stats();
  std::snprintf(result.message, sizeof result.message, "%s", search.message());
  for (NodeId n : search.path()) {
    result.cells.push_back(space.cellOf(n));
    result.headings.push_back(space.headingAt(n));
  }
  return result;
}

}  // namespace astar
