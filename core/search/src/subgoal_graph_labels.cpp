// Subgoal graph upward labels: per subgoal, the search a query would otherwise run from it up the
// contraction hierarchy (a Dijkstra over upward arcs, stalling on demand, stopping at the core),
// kept as a list of (subgoal, cost, parent) in the order it settled them, as hub labels keep a
// contraction hierarchy's search spaces (Abraham, Delling, Goldberg & Werneck, 2011). A query then
// reads the labels of the subgoals the goal's scan joins instead of searching from them: the same
// distances, from a few contiguous entries (9-22 a subgoal on the shared maps, with the drops
// below) rather than a heap and the arcs of every subgoal settled. A stalled subgoal is left
// out: a higher neighbour reaches it more cheaply, so it tops no cheapest rising path, and
// nothing is reached through it.
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
  std::vector<std::uint32_t> kept;
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
    if (!coreTable.empty()) dropDominatedCoreEntries(first, kept);
    labelBegin[source + 1] = static_cast<std::uint32_t>(labels.size());
  }
  labels.shrink_to_fit();  // the drops leave room that stats().bytes would count
}

// With the core table, a label's core subgoal b is left out when another of its core subgoals b'
// costs no more through the table: cost(b') + table(b', b) <= cost(b). A path that crosses the
// core into b can cross it into b' instead at no more cost (the table is exact, so
// table(a, b') <= table(a, b) + table(b, b')). Core entries are settled last on their way and
// are nobody's parent, so only the later entries' parent indices move.
void SubgoalGraph::Impl::dropDominatedCoreEntries(std::uint32_t first, std::vector<std::uint32_t>& kept) {
  const std::size_t side = coreNodes.size();
  const auto size = static_cast<std::uint32_t>(labels.size()) - first;
  kept.assign(size, kNoNode);  // per entry: its index after the drop, or kNoNode
  std::uint32_t next = 0;
  for (std::uint32_t i = 0; i < size; ++i) {
    const LabelEntry& entry = labels[first + i];
    bool dominated = false;
    if (rank[entry.subgoal] == kCoreRank) {
      const double* toEntry = &coreTable[coreIndex[entry.subgoal] * side];  // symmetric
      // Entries come by rising cost, so a dominating one is earlier and was kept.
      for (std::uint32_t k = 0; k < i && !dominated; ++k) {
        const LabelEntry& other = labels[first + k];
        dominated = kept[k] != kNoNode && rank[other.subgoal] == kCoreRank &&
                    other.cost + toEntry[coreIndex[other.subgoal]] <= entry.cost;
      }
    }
    if (!dominated) kept[i] = next++;
  }
  for (std::uint32_t i = 0; i < size; ++i) {
    if (kept[i] == kNoNode) continue;
    LabelEntry entry = labels[first + i];
    if (entry.parent != kNoNode) entry.parent = kept[entry.parent];
    labels[first + kept[i]] = entry;
  }
  labels.resize(first + next);
}

}  // namespace astar
