// Subgoal graph contraction: a contraction hierarchy with a core over the subgoal graph. In
// order of rising degree, a subgoal is contracted when that adds no more shortcuts than it has
// neighbours: for each pair of its remaining neighbours, a shortcut (its cost: the two edges
// through it) unless a witness path avoiding it is as short (a bounded Dijkstra; a witness it
// misses only adds a shortcut). The rest are the core. A query then searches upward edges from
// the start, every edge among the core, and reaches the goal through an upward search from it
// (subgoal_graph_query.cpp): by the contraction-hierarchy argument, some shortest path rises,
// crosses the core and falls, since every lower node between two higher ones was bypassed.
#include <algorithm>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

#include "subgoal_graph_impl.h"

namespace astar {

namespace {

struct Arc {
  NodeId to;
  double cost;
  NodeId middle;  // kNoNode: an edge of the subgoal graph; else the subgoal the shortcut bypasses
};

// Larger neighbourhoods stay in the core: their pairs are many and rarely all witnessed.
constexpr std::size_t kMaxContractedDegree = 16;
// A witness search settles at most this many subgoals (then it gives up: a shortcut is added).
constexpr int kWitnessSettled = 32;

void keepCheapest(std::vector<Arc>& arcs, NodeId to, double cost, NodeId middle) {
  for (Arc& a : arcs)
    if (a.to == to) {
      if (cost < a.cost) a = {to, cost, middle};
      return;
    }
  arcs.push_back({to, cost, middle});
}

}  // namespace

void SubgoalGraph::Impl::contract() {
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  std::vector<std::vector<Arc>> adjacent(n);
  for (NodeId s = 0; s < n; ++s)
    for (std::uint32_t e = edgeBegin[s]; e < edgeBegin[s + 1]; ++e)
      adjacent[s].push_back({edgeTo[e], edgeCost[e], kNoNode});
  std::vector<NodeId> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](NodeId a, NodeId b) { return adjacent[a].size() < adjacent[b].size(); });

  rank.assign(n, kCoreRank);
  std::vector<std::vector<Arc>> up(n);
  std::vector<double> distance(n, 0.0);
  std::vector<std::uint32_t> reached(n, 0);
  std::uint32_t search = 0;
  std::vector<std::pair<double, NodeId>> heap;
  struct Shortcut {
    NodeId a, b;
    double cost;
  };
  std::vector<Shortcut> shortcuts;
  auto live = [&](NodeId s) { return rank[s] == kCoreRank; };
  std::uint32_t nextRank = 0;
  for (NodeId v : order) {
    std::vector<Arc>& around = adjacent[v];
    around.erase(std::remove_if(around.begin(), around.end(), [&](const Arc& a) { return !live(a.to); }), around.end());
    if (around.size() > kMaxContractedDegree) continue;
    shortcuts.clear();
    for (std::size_t i = 0; i + 1 < around.size() && shortcuts.size() <= around.size(); ++i) {
      // Witnesses from around[i] to the later neighbours, avoiding v, no longer than through v.
      double bound = 0.0;
      for (std::size_t k = i + 1; k < around.size(); ++k) bound = std::max(bound, around[i].cost + around[k].cost);
      ++search;
      heap.clear();
      heap.emplace_back(0.0, around[i].to);
      distance[around[i].to] = 0.0;
      reached[around[i].to] = search;
      for (int settled = 0; !heap.empty() && settled < kWitnessSettled; ++settled) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>());
        const auto [d, u] = heap.back();
        heap.pop_back();
        if (d > distance[u]) continue;
        if (d > bound) break;
        // Arcs to contracted subgoals are dropped on the way (once each): witness searches
        // settle the core's long lists again and again.
        std::vector<Arc>& arcs = adjacent[u];
        std::size_t kept = 0;
        for (std::size_t k = 0; k < arcs.size(); ++k) {
          const Arc a = arcs[k];
          if (!live(a.to)) continue;
          arcs[kept++] = a;
          if (a.to == v) continue;
          const double next = d + a.cost;
          if (next > bound || (reached[a.to] == search && distance[a.to] <= next)) continue;
          reached[a.to] = search;
          distance[a.to] = next;
          heap.emplace_back(next, a.to);
          std::push_heap(heap.begin(), heap.end(), std::greater<>());
        }
        arcs.resize(kept);
      }
      for (std::size_t k = i + 1; k < around.size(); ++k) {
        const double through = around[i].cost + around[k].cost;
        const NodeId w = around[k].to;
        if (!(reached[w] == search && distance[w] <= through)) shortcuts.push_back({around[i].to, w, through});
      }
    }
    if (shortcuts.size() > around.size()) continue;  // contracting would grow the graph: core
    rank[v] = nextRank++;
    up[v] = around;
    for (const Shortcut& s : shortcuts) {
      keepCheapest(adjacent[s.a], s.b, s.cost, v);
      keepCheapest(adjacent[s.b], s.a, s.cost, v);
    }
  }
  for (NodeId v = 0; v < n; ++v)
    if (live(v))
      for (const Arc& a : adjacent[v])
        if (live(a.to)) up[v].push_back(a);

  upBegin.assign(static_cast<std::size_t>(n) + 1, 0);
  for (NodeId v = 0; v < n; ++v) upBegin[v + 1] = upBegin[v] + static_cast<std::uint32_t>(up[v].size());
  upArcs.resize(upBegin[n]);
  for (NodeId v = 0; v < n; ++v)
    for (std::size_t i = 0; i < up[v].size(); ++i)
      upArcs[upBegin[v] + i] = {up[v][i].cost, up[v][i].to, up[v][i].middle};
  coreSize = n - nextRank;
}

// The search's edge between a and b (in either one's list), expanded into subgoal-graph edges
// and refined into cells, appended to `out`.
bool SubgoalGraph::Impl::unpack(NodeId a, NodeId b, std::vector<NodeId>& out) {
  unpackStack.clear();
  unpackStack.emplace_back(a, b);
  while (!unpackStack.empty()) {
    const auto [from, to] = unpackStack.back();
    unpackStack.pop_back();
    NodeId middle = kNoNode;
    bool known = false;
    for (const auto& [owner, other] : {std::pair{from, to}, std::pair{to, from}}) {
      for (std::uint32_t e = upBegin[owner]; e < upBegin[owner + 1] && !known; ++e)
        if (upArcs[e].to == other) {
          middle = upArcs[e].middle;
          known = true;
        }
      if (known) break;
    }
    if (!known) return false;
    if (middle == kNoNode) {
      if (!refine(subgoalCells[from], subgoalCells[to], out)) return false;
    } else {
      unpackStack.emplace_back(middle, to);  // popped second: after from -> middle
      unpackStack.emplace_back(from, middle);
    }
  }
  return true;
}

}  // namespace astar
