// FlowField for agents bigger than one cell (flow_field.h, setAgentSize): the reverse Dijkstra
// runs over the anchors where a k x k agent fits, with exactly the moves the search loop gives
// such an agent (ClearanceMap::forEachMove), so a crowd member following next() never takes a
// step its k x k square could not.
#include "astar/flow_field.h"

namespace astar {

Error FlowField::setAgentSize(const Grid& grid, int agentSize) {
  if (const char* why = agentSizeProblem(grid, agentSize)) return Error{why};
  if (agentSize == agentSize_ && !empty()) return {};
  agentSize_ = agentSize;
  if (!empty()) rebuild(grid);
  return {};
}

// A goal is active where the agent can stand with its top-left cell on it.
bool FlowField::standsOn(const Grid& grid, NodeId n) const {
  if (agentSize_ == 1) return grid.passable(n);
  return agentSizeProblem(grid, agentSize_) == nullptr && clearance_.at(n) >= agentSize_;
}

void FlowField::settleSized(const Grid& grid) {
  const int k = agentSize_, w = grid.width(), h = grid.height();
  std::uint64_t settled = 0;
  // The moves into v start at one of its eight neighbours or at a portal's other end: each such
  // anchor's own moves (forEachMove) say whether it reaches v, and at what cost.
  auto relaxFrom = [&](NodeId p, NodeId v, double dv) {
    if (clearance_.at(p) < k) return;
    clearance_.forEachMove(grid, p, k, [&](NodeId m, double stepCost) {
      if (m != v) return;
      const double candidate = dv + stepCost;
      if (candidate < distance_[p]) {
        distance_[p] = candidate;
        next_[p] = v;
        heapPush(p);
      }
    });
  };
  while (!heap_.empty()) {
    const NodeId v = heapPop();
    const double dv = distance_[v];
    ++settled;
    const int x = grid.xOf(v), y = grid.yOf(v);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int px = x + dx, py = y + dy;
        if ((dx == 0 && dy == 0) || px < 0 || py < 0 || px >= w || py >= h) continue;
        relaxFrom(grid.index(px, py), v, dv);
      }
    for (const Portal& portal : grid.portals()) {
      if (portal.to == v) relaxFrom(portal.from, v, dv);
      if (portal.twoWay && portal.from == v) relaxFrom(portal.to, v, dv);
    }
  }
  stats_.lastTouched += settled;
}

}  // namespace astar
