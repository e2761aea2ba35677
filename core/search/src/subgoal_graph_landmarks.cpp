// Subgoal graph landmarks (differential heuristics, Goldberg & Harrelson's ALT): the exact
// distances from a few subgoals spread over the map to every subgoal. By the triangle
// inequality |d(L, goal) - d(L, v)| <= d(v, goal) for every landmark L, so the query's A* may take
// the largest of these and the octile distance: still consistent, and on city and open maps,
// where many subgoals lie almost on the octile line, it settles far fewer core subgoals.
#include <functional>
#include <limits>
#include <utility>

#include "subgoal_graph_impl.h"

namespace astar {

void SubgoalGraph::Impl::computeLandmarks() {
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  constexpr double kUnreached = std::numeric_limits<double>::infinity();
  landmarkDistance.assign(n, {});
  for (auto& row : landmarkDistance) row.fill(kUnreached);
  landmarkCount = 0;
  if (n == 0) return;
  std::vector<double> distance(n);
  std::vector<double> nearest(n, kUnreached);  // to the landmarks chosen so far: picks the next
  std::vector<std::pair<double, NodeId>> heap;
  auto dijkstra = [&](NodeId source) {
    std::fill(distance.begin(), distance.end(), kUnreached);
    distance[source] = 0.0;
    heap.assign(1, {0.0, source});
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), std::greater<>());
      const auto [d, u] = heap.back();
      heap.pop_back();
      if (d > distance[u]) continue;
      for (std::uint32_t e = edgeBegin[u]; e < edgeBegin[u + 1]; ++e) {
        const double next = d + edgeCost[e];
        if (next >= distance[edgeTo[e]]) continue;
        distance[edgeTo[e]] = next;
        heap.emplace_back(next, edgeTo[e]);
        std::push_heap(heap.begin(), heap.end(), std::greater<>());
      }
    }
  };
  // Farthest-point choice: the first landmark is the subgoal farthest from subgoal 0, each next
  // one the subgoal farthest from all chosen (a subgoal no landmark reaches counts as farthest,
  // so other components get landmarks too).
  dijkstra(0);
  auto farthest = [&](const std::vector<double>& from) {
    NodeId best = 0;
    for (NodeId v = 1; v < n; ++v)
      if (from[v] > from[best]) best = v;
    return best;
  };
  NodeId next = farthest(distance);
  for (int k = 0; k < kLandmarks; ++k) {
    dijkstra(next);
    for (NodeId v = 0; v < n; ++v) {
      landmarkDistance[v][static_cast<std::size_t>(k)] = distance[v];
      nearest[v] = std::min(nearest[v], distance[v]);
    }
    ++landmarkCount;
    next = farthest(nearest);
    if (nearest[next] == 0.0) break;  // every subgoal is a landmark already
  }
}

}  // namespace astar
