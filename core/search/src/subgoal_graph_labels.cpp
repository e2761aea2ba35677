// Subgoal graph upward labels: per subgoal, the search a query would otherwise run from it up the
// contraction hierarchy (a Dijkstra over upward arcs, stalling on demand, stopping at the core),
// kept as a list of (subgoal, cost, parent) in the order it settled them, as hub labels keep a
// contraction hierarchy's search spaces (Abraham, Delling, Goldberg & Werneck, 2011). A query then
// reads the labels of the subgoals the goal's scan joins instead of searching from them: the same
// distances, from a few contiguous entries (13-27 a subgoal on the shared maps) rather than a heap
// and the arcs of every subgoal settled. A stalled subgoal is left out: a higher neighbour reaches
// it more cheaply, so it tops no cheapest rising path, and nothing is reached through it.
#include <algorithm>
#include <functional>
#include <utility>

#include "subgoal_graph_impl.h"

namespace astar {

void SubgoalGraph::Impl::computeLabels() {
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  labelBegin.assign(static_cast<std::size_t>(n) + 1, 0);
  labels.clear();
  // Per subgoal, for the search of the moment (stamp): its cost, the subgoal that reached it,
  // and its entry in the label (kNoNode until settled).
  struct Reached {
    double cost = 0.0;
    NodeId from = kNoNode;
    std::uint32_t entry = kNoNode;
    std::uint32_t stamp = 0;
  };
  std::vector<Reached> reached(n);
  std::vector<std::pair<double, NodeId>> heap;
  for (NodeId source = 0; source < n; ++source) {
    const auto first = static_cast<std::uint32_t>(labels.size());
    const std::uint32_t stamp = source + 1;
    reached[source] = {0.0, kNoNode, kNoNode, stamp};
    heap.assign(1, {0.0, source});
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), std::greater<>());
      const auto [cost, v] = heap.back();
      heap.pop_back();
      Reached& here = reached[v];
      if (here.entry != kNoNode || cost > here.cost) continue;
      const bool core = rank[v] == kCoreRank;
      if (!core && v != source) {
        bool stalledHere = false;
        for (std::uint32_t e = upBegin[v]; e < upBegin[v + 1] && !stalledHere; ++e) {
          const Reached& w = reached[upArcs[e].to];
          stalledHere = w.stamp == stamp && w.cost + upArcs[e].cost < cost;
        }
        if (stalledHere) continue;
      }
      here.entry = static_cast<std::uint32_t>(labels.size()) - first;
      labels.push_back({cost, v, here.from == kNoNode ? kNoNode : reached[here.from].entry});
      if (core) continue;  // the core's side is the table's or the query's core search
      for (std::uint32_t e = upBegin[v]; e < upBegin[v + 1]; ++e) {
        Reached& w = reached[upArcs[e].to];
        const double next = cost + upArcs[e].cost;
        if (w.stamp == stamp && (w.entry != kNoNode || w.cost <= next)) continue;
        w = {next, v, kNoNode, stamp};
        heap.emplace_back(next, upArcs[e].to);
        std::push_heap(heap.begin(), heap.end(), std::greater<>());
      }
    }
    labelBegin[source + 1] = static_cast<std::uint32_t>(labels.size());
  }
}

}  // namespace astar
