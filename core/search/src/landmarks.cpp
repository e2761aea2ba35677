// LandmarkTable: farthest-point landmark selection and the two distance tables per landmark.
#include "astar/landmarks.h"

#include <cmath>
#include <limits>

#include "astar/graph.h"
#include "dijkstra_fill.h"

namespace astar {

template <class Space>
void LandmarkTable<Space>::build(const Space& space, int count, NodeId seed) {
  nodes_ = space.cellCount();
  landmarks_.clear();
  from_.clear();
  to_.clear();
  if (count <= 0 || nodes_ == 0) return;
  if (seed >= nodes_ || !space.passable(seed)) {
    seed = kNoNode;
    for (NodeId n = 0; n < nodes_ && seed == kNoNode; ++n)
      if (space.passable(n)) seed = n;
    if (seed == kNoNode) return;
  }
  detail::DijkstraWorkspace work;
  std::vector<double> dist, nearest(nodes_, std::numeric_limits<double>::infinity());
  // The first landmark is the node farthest from the seed; each next one is the node
  // farthest from all landmarks chosen so far (reachable nodes only).
  detail::dijkstraFill<false>(space, std::span<const NodeId>(&seed, 1), dist, work);
  NodeId next = seed;
  for (int i = 0; i < count; ++i) {
    double far = -1.0;
    const std::vector<double>& score = i == 0 ? dist : nearest;
    for (NodeId n = 0; n < nodes_; ++n)
      if (std::isfinite(score[n]) && score[n] > far) far = score[n], next = n;
    if (far <= 0.0 && i > 0) break;
    landmarks_.push_back(next);
    const std::size_t base = from_.size();
    from_.resize(base + nodes_);
    to_.resize(base + nodes_);
    detail::dijkstraFill<false>(space, std::span<const NodeId>(&next, 1), dist, work);
    std::copy(dist.begin(), dist.end(), from_.begin() + static_cast<std::ptrdiff_t>(base));
    for (NodeId n = 0; n < nodes_; ++n) nearest[n] = std::min(nearest[n], dist[n]);
    detail::dijkstraFill<true>(space, std::span<const NodeId>(&next, 1), dist, work);
    std::copy(dist.begin(), dist.end(), to_.begin() + static_cast<std::ptrdiff_t>(base));
  }
}

template class LandmarkTable<Grid>;
template class LandmarkTable<Graph>;

}  // namespace astar
