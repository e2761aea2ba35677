// Any-angle search (Theta*, Lazy Theta*): line of sight between two cell centres on a square
// grid and the cost of the straight segment. Internal to core; the search loop calls it.
//
// The rule (the same as tests/support/any_angle_reference.h, which checks it): the segment
// joins the two cells' centres in the plane (cell (x, y) is the unit square at (x, y)); it
// never meets the interior of a wall cell or of anything outside the map (a segment never
// crosses a wrap seam or goes through a portal: those stay explicit moves); it may touch a wall
// at a corner; it passes through a corner where two walls meet diagonally only when the map's
// diagonal rule is Always (as a diagonal move there may). Terrain: every cell the segment
// crosses has the cost of the first one and no one-way rule, and the segment costs
// straightCost x that cost x its Euclidean length; otherwise there is no shortcut.
#pragma once
#include "astar/grid.h"

namespace astar::detail {

// The segment's cost, or a negative value when there is no line of sight under the rule.
double segmentCost(const Grid& grid, NodeId from, NodeId to);

}  // namespace astar::detail
