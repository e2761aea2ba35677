// TurnGeometry: the heuristic's geometric part on a TurnSpace (TurnSpace::Geometry; internal
// to core). Header-only: inlined into the search loop.
#pragma once
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "astar/limits.h"
#include "astar/turn_space.h"
#include "grid_geometry.h"

namespace astar::detail {

// The grid's geometry on a node's cell: the grid bound (tunnel- and portal-aware like
// GridGeometry) is a lower bound on the moves' grid costs, and turn costs only add to them.
// No turn term: a bound on the turns still needed would have to hold through wrap seams and
// portal jumps (which keep the heading), and none is proved here.
class TurnGeometry {
 public:
  TurnGeometry() { cells_.reserve(static_cast<std::size_t>(kMaxGoals)); }
  void configure(const TurnSpace& space, std::span<const NodeId> goals, Heuristic kind, bool wrapAware,
                 bool portalAware) {
    slots_ = static_cast<NodeId>(space.slots());
    cells_.clear();
    for (NodeId g : goals) {
      const NodeId cell = space.cellOf(g);
      if (std::find(cells_.begin(), cells_.end(), cell) == cells_.end()) cells_.push_back(cell);
    }
    grid_.configure(space.grid(), cells_, kind, wrapAware, portalAware);
  }
  bool singleOctile() const { return grid_.singleOctile(); }
  ASTAR_FORCE_INLINE double octileToGoal(NodeId n) const { return grid_.octileToGoal(n / slots_); }
  ASTAR_FORCE_INLINE double operator()(NodeId n) const { return grid_(n / slots_); }
  double closeness(NodeId n) const { return grid_.closeness(n / slots_); }

 private:
  GridGeometry grid_;
  NodeId slots_ = 1;
  std::vector<NodeId> cells_;
};

}  // namespace astar::detail
