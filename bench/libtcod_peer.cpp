// libtcod's A* (TCOD_path_compute) behind the benchmark's peer interface: see libtcod_peer.h.
#include "libtcod_peer.h"

#include <cstdlib>

#include <libtcod/path.h>

namespace astar::bench {

bool LibtcodGridPeer::applicable(const Grid& grid) {
  return !grid.hex() && !grid.wrapX() && !grid.wrapY() && grid.portals().empty() && !grid.hasOneWayCells() &&
         (grid.diagonal() == DiagonalMovement::Never || grid.diagonal() == DiagonalMovement::OnlyWhenNoObstacles);
}

float LibtcodGridPeer::moveCost(int xFrom, int yFrom, int xTo, int yTo, void* self) {
  const Grid& grid = static_cast<const LibtcodGridPeer*>(self)->grid_;
  if (!grid.passable(grid.index(xTo, yTo))) return 0.0f;
  if (xFrom != xTo && yFrom != yTo &&
      (!grid.passable(grid.index(xTo, yFrom)) || !grid.passable(grid.index(xFrom, yTo))))
    return 0.0f;  // no corner cutting
  return 1.0f;
}

LibtcodGridPeer::LibtcodGridPeer(const Grid& grid) : grid_(grid) {
  // diagonalCost 0 turns diagonal moves off (libtcod's documented switch).
  const float diagonal =
      grid.diagonal() == DiagonalMovement::Never ? 0.0f : static_cast<float>(grid.diagonalCost() / grid.straightCost());
  path_ = TCOD_path_new_using_function(grid.width(), grid.height(), &LibtcodGridPeer::moveCost, this, diagonal);
}

LibtcodGridPeer::~LibtcodGridPeer() { TCOD_path_delete(path_); }

double LibtcodGridPeer::search(NodeId start, NodeId goal, std::uint64_t& expanded) {
  expanded = 0;
  if (!TCOD_path_compute(path_, grid_.xOf(start), grid_.yOf(start), grid_.xOf(goal), grid_.yOf(goal))) return -1.0;
  double length = 0.0;
  int px = grid_.xOf(start), py = grid_.yOf(start);
  const int steps = TCOD_path_size(path_);
  for (int i = 0; i < steps; ++i) {
    int x = 0, y = 0;
    TCOD_path_get(path_, i, &x, &y);
    length += (x != px && y != py) ? grid_.diagonalCost() : grid_.straightCost();
    px = x;
    py = y;
  }
  return length;
}

}  // namespace astar::bench
