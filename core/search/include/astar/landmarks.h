// LandmarkTable: ALT preprocessing. For k landmarks L it stores d(L, n) and d(n, L) for
// every node, so that h(n) = max over L of max(d(L, g) - d(L, n), d(n, L) - d(g, L)) is an
// admissible and consistent bound on any topology (one-way links included).
// Memory: 16 bytes per node per landmark. Rebuild after editing the map.
#pragma once
#include <cstdint>
#include <vector>

#include "astar/grid.h"

namespace astar {

template <class Space>
class LandmarkTable {
 public:
  // Picks `count` landmarks by farthest-point selection, starting from the passable node
  // farthest from node `seed` (or the first passable node).
  void build(const Space& space, int count, NodeId seed = 0);
  int count() const { return static_cast<int>(landmarks_.size()); }
  std::span<const NodeId> landmarks() const { return landmarks_; }
  double fromLandmark(int i, NodeId n) const { return from_[static_cast<std::size_t>(i) * nodes_ + n]; }
  double toLandmark(int i, NodeId n) const { return to_[static_cast<std::size_t>(i) * nodes_ + n]; }
  NodeId nodeCount() const { return nodes_; }

 private:
  std::vector<NodeId> landmarks_;
  std::vector<double> from_, to_;  // +inf where unreachable
  NodeId nodes_ = 0;
};

}  // namespace astar
