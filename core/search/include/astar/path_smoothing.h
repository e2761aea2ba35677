// Path smoothing: turns a raw grid path (cells) into points an agent can follow.
//
//  - String pulling (rubber-banding): drops waypoints while the straight segment between
//    the kept ones is walkable: exact line of sight over every cell the segment touches
//    (supercover), passing a grid vertex only where the grid's corner rule allows that
//    diagonal move, entering one-way cells only in allowed directions, and never costing more
//    than the raw sub-path it replaces on weighted terrain.
//  - Catmull-Rom (centripetal) spline through the waypoints, sampled; where a curve piece
//    would touch a wall or a one-way cell, or cost more than the raw sub-path, the straight
//    segment is kept instead.
//  - Portal and wrap steps (steps of the raw path that are not plain unit grid moves) are
//    never smoothed across: both ends stay, joined by a jump marker.
//
//  - Hex grids: the raw path as cell centres (the centre of hex (cx, cy) is at
//    (cx + 0.5 + 0.5 * (cy odd), cy + 0.5) in column / row units), with Walk, Wrap and Portal
//    joins as above; no string pulling or spline, and lineOfSight only holds for the cell
//    itself and its neighbours by one move.
//
// Costs of continuous paths: a segment costs the grid's straight step cost times the sum,
// over the cells it crosses, of (length inside the cell x the cell's cost). A raw unit step
// measured this way costs its length times the mean of the two cells' costs, so raw and
// smoothed paths are compared with the same measure (on uniform terrain with the Real cost
// model it equals the grid path cost).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"

namespace astar {

// How a point is reached from the previous one.
enum class PathJoin : std::uint8_t { Start, Walk, Portal, Wrap };

struct PathPoint {
  double x = 0.0;  // cell units: the centre of cell (cx, cy) is (cx + 0.5, cy + 0.5)
  double y = 0.0;
  PathJoin join = PathJoin::Walk;
  friend bool operator==(const PathPoint&, const PathPoint&) = default;
};

struct SmoothingOptions {
  bool stringPull = true;
  bool spline = true;
  double samplesPerCell = 4.0;  // spline samples per cell of chord length (>= 1 per piece)
};

// Fills out with the smoothed path (cleared first). The path must be a walk through the
// grid: passable cells, each step a move the grid allows. An empty path gives no points.
Error smoothPath(const Grid& grid, std::span<const NodeId> path, const SmoothingOptions& options,
                 std::vector<PathPoint>& out);

// Exact line of sight between two cell centres under the rules above (cells a and b included).
bool lineOfSight(const Grid& grid, NodeId a, NodeId b);

// The cells a polyline of points passes through (sampled every quarter cell; on a grid line or
// corner, a passable cell beside it), each listed once per visit: what a cell view draws for a
// path in the plane (any-angle searches, the navigation mesh).
void cellsAlong(const Grid& grid, std::span<const PathPoint> points, std::vector<NodeId>& out);

// The continuous cost of the walked segments of points (jumps are not counted).
double walkCost(const Grid& grid, std::span<const PathPoint> points);

}  // namespace astar
