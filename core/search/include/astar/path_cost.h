// Path cost: what a path of cells costs when walked one move at a time through the grid's own
// neighbour generator (Grid::forEachNeighbor), so every rule of the map applies: the diagonal
// rule, terrain costs, wrap-around axes, portals, one-way cells and hex cells. Used to check a
// search's reported cost (benchmarks, tools) and to classify path steps (path smoothing).
#pragma once
#include <span>

#include "astar/grid.h"

namespace astar {

// What stepCost and pathCost return for a path the grid does not allow.
inline constexpr double kIllegalPath = -1.0;

// The cost of the cheapest single move from `from` to `to` (a grid move, a wrap move or a
// portal; when several join the two cells, the cheapest, as a search would take), or
// kIllegalPath when either cell is outside the grid or a wall, or no move joins them.
double stepCost(const Grid& grid, NodeId from, NodeId to);

// The sum of stepCost over consecutive cells of path, or kIllegalPath when a cell is outside
// the grid or a wall, or two consecutive cells are not joined by one legal move. An empty
// path costs 0, and so does a one-cell path on a passable cell.
double pathCost(const Grid& grid, std::span<const NodeId> path);

// The same for an any-angle path (AlgorithmInfo::anyAngle: Theta*, Lazy Theta*): each step is
// a move or a straight segment between the two cells' centres with line of sight (never across
// a wrap seam; through cells of one cost, costing straightCost x that cost x its length), the
// cheaper of the two when both are allowed; kIllegalPath when neither is.
double anyAnglePathCost(const Grid& grid, std::span<const NodeId> path);

}  // namespace astar
