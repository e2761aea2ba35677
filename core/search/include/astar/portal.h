// Header-only: a portal, a directed link between two cells of a grid with its own cost
// (Grid::addPortal, grid.h).
#pragma once
#include "astar/map_journal.h"

namespace astar {

// A directed link between two cells with its own cost. A two-way portal is stored once
// here and yields an edge in each direction.
struct Portal {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  double cost = 1.0;
  bool twoWay = true;
  friend bool operator==(const Portal&, const Portal&) = default;
};

}  // namespace astar
