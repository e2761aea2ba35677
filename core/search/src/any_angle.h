// Any-angle search (Theta*, Lazy Theta*): line of sight between two points of a square grid,
// the cost of a straight segment, and the corner lattice the search walks on plane maps.
// Internal to core; the search loop calls it.
//
// Line of sight (the same rule as tests/support/any_angle_reference.h, which checks it): the
// segment joins two points in the plane (cell (x, y) is the unit square at (x, y); points are
// cell centres or cell corners); it never meets the interior of a wall cell or of anything
// outside the map, nor runs along an edge between two such cells (a segment never crosses a
// wrap seam or goes through a portal: those stay explicit moves); it may touch a wall at a
// corner or run along its edge; it passes through a corner where two walls meet diagonally
// only when the map's diagonal rule is Always (as a diagonal move there may).
// Terrain (centre lattice only): every cell the segment crosses has the cost of the first one
// and no one-way rule, and the segment costs straightCost x that cost x its Euclidean length;
// otherwise there is no shortcut.
#pragma once
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "astar/grid.h"
#include "astar/path_smoothing.h"

namespace astar::detail {

// A point in half-cell units: cell centres are odd (2x + 1, 2y + 1), cell corners even (2x, 2y).
struct HalfPoint {
  std::int64_t x = 0, y = 0;
};

// The segment's cost between two cell centres (terrain rule above), or a negative value when
// there is no line of sight under the rule.
double segmentCost(const Grid& grid, NodeId from, NodeId to);

// Line of sight between two points among the walls (no terrain): the rule above.
bool planeSegmentClear(const Grid& grid, HalfPoint a, HalfPoint b);

// The corner lattice of Theta* as Nash, Daniel, Koenig and Felner define it: the vertices are
// the cells' corners plus the start and goal centres, so a path bends at wall corners, not at
// cell centres. Node ids: a cell's id is its centre (only the start's and the goal's are
// vertices); cellCount + y * (width + 1) + x is corner (x, y). Moves: a centre to its cell's
// corners; a corner to the next corner along a grid line (unless walls lie on both sides) or
// across a free cell's diagonal. A corner where two walls meet diagonally is no vertex unless
// the map lets a diagonal move squeeze between them.
class CornerLattice {
 public:
  // Plane maps only: square cells of one cost, no one-way cells, no wrap, no portals; one goal;
  // every id within the search's limit. Elsewhere Theta* keeps the centre lattice.
  static bool applies(const Grid& grid, std::size_t goals);
  void prepare(const Grid& grid, NodeId start, NodeId goal);
  NodeId nodeCount() const { return cells_ + static_cast<NodeId>(width_ + 1) * static_cast<NodeId>(height_ + 1); }
  HalfPoint point(NodeId n) const {
    if (n < cells_)
      return {2 * static_cast<std::int64_t>(n % width_) + 1, 2 * static_cast<std::int64_t>(n / width_) + 1};
    const NodeId c = n - cells_;
    return {2 * static_cast<std::int64_t>(c % (width_ + 1)), 2 * static_cast<std::int64_t>(c / (width_ + 1))};
  }
  // The cost of the straight segment a-b (line of sight not checked).
  double length(NodeId a, NodeId b) const {
    const HalfPoint p = point(a), q = point(b);
    return 0.5 * unit_ * std::hypot(static_cast<double>(p.x - q.x), static_cast<double>(p.y - q.y));
  }
  double toGoal(NodeId n) const { return length(n, goal_); }
  bool clear(NodeId a, NodeId b) const { return planeSegmentClear(*grid_, point(a), point(b)); }
  // The cell the playground draws node n on: a centre's own cell; corner (x, y) on cell (x, y),
  // clamped to the map (the corners of the last column and row share its cells).
  NodeId cellShowing(NodeId n) const;
  // The node whose state cell n shows: the start's or the goal's centre, else its corner (x, y).
  NodeId nodeShownAt(NodeId cell) const;
  // The polyline of the path's vertices, in cell units (centre of cell (x, y): (x + 0.5, y + 0.5)).
  void points(std::span<const NodeId> vertices, std::vector<PathPoint>& out) const;

  template <class Visit>
  void forEachNeighbour(NodeId u, Visit&& visit) const {
    if (u < cells_) {  // a centre: its cell's four corners
      const int x = static_cast<int>(u % width_), y = static_cast<int>(u / width_);
      for (int c = 0; c < 4; ++c)
        if (vertex(x + (c & 1), y + (c >> 1))) visit(corner(x + (c & 1), y + (c >> 1)), halfDiagonal_);
      return;
    }
    const int x = static_cast<int>((u - cells_) % (width_ + 1)), y = static_cast<int>((u - cells_) / (width_ + 1));
    const bool nw = grid_->passable(x - 1, y - 1), ne = grid_->passable(x, y - 1), sw = grid_->passable(x - 1, y),
               se = grid_->passable(x, y);
    auto step = [&](bool open, int dx, int dy, double cost) {
      if (open && vertex(x + dx, y + dy)) visit(corner(x + dx, y + dy), cost);
    };
    step(ne || se, 1, 0, unit_);  // along a grid line: a free cell on one side at least
    step(nw || sw, -1, 0, unit_);
    step(sw || se, 0, 1, unit_);
    step(nw || ne, 0, -1, unit_);
    step(se, 1, 1, diagonal_);  // across a free cell
    step(sw, -1, 1, diagonal_);
    step(ne, 1, -1, diagonal_);
    step(nw, -1, -1, diagonal_);
    auto centre = [&](bool open, int cx, int cy) {
      if (!open) return;
      const NodeId n = grid_->index(cx, cy);
      if (n == start_ || n == goal_) visit(n, halfDiagonal_);
    };
    centre(nw, x - 1, y - 1);
    centre(ne, x, y - 1);
    centre(sw, x - 1, y);
    centre(se, x, y);
  }

 private:
  NodeId corner(int x, int y) const {
    return cells_ + static_cast<NodeId>(y) * static_cast<NodeId>(width_ + 1) + static_cast<NodeId>(x);
  }
  bool vertex(int x, int y) const;
  const Grid* grid_ = nullptr;
  NodeId cells_ = 0, start_ = kNoNode, goal_ = kNoNode;
  int width_ = 0, height_ = 0;
  bool squeeze_ = false;
  double unit_ = 1.0, diagonal_ = 1.0, halfDiagonal_ = 1.0;  // cost per cell of length; of the moves
};

}  // namespace astar::detail
