// Subgoal graph contraction: a contraction hierarchy with a core over the subgoal graph. In
// order of rising degree, a subgoal is contracted when that adds no more shortcuts than it has
// neighbours (a second pass over the core may allow more: kTablePass below): for each pair of
// its remaining neighbours, a shortcut (its cost: the two edges through it) unless a witness
// path avoiding it is as short (a bounded Dijkstra; a witness it misses only adds a shortcut).
// The rest are the core. A query then searches upward edges from the start, every edge among
// the core, and reaches the goal through the upward labels of the goal's subgoals (what an upward
// search from them settles, subgoal_graph_labels.cpp; the query is in subgoal_graph_query.cpp):
// by the contraction-hierarchy argument, some shortest path rises, crosses the core and falls,
// since every lower node between two higher ones was bypassed.
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

// When a subgoal is contracted: at most maxDegree remaining neighbours (larger neighbourhoods
// have many pairs, rarely all witnessed), at most growth x that many shortcuts, and witness
// searches that settle at most witnessSettled subgoals (then give up: a shortcut is added).
struct ContractionRules {
  std::size_t maxDegree;
  double growth;
  int witnessSettled;
};
// The pass over every subgoal: the graph never grows.
constexpr ContractionRules kFirstPass{16, 1.0, 32};
// A second pass over the core, only when the first leaves one of up to kTableReach times the
// core table's limit (subgoal_graph_table.cpp): contracting harder is worth its shortcuts and
// seconds when the table then spares the query the core (Paris_0_1024: a core of 3,404 became
// 1,438, a query 1.4x faster, the build 0.3 -> 1.8 s). Where the first pass's core already has a
// table, a smaller core makes queries slower (the upward searches climb longer: Berlin_0_256
// 23 -> 42 µs), so the pass does not run there.
constexpr ContractionRules kTablePass{32, 2.0, 64};
constexpr std::uint32_t kTableReach = 2;

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
  auto contractIfCheap = [&](NodeId v, const ContractionRules& rules) {
    std::vector<Arc>& around = adjacent[v];
    around.erase(std::remove_if(around.begin(), around.end(), [&](const Arc& a) { return !live(a.to); }), around.end());
    if (around.size() > rules.maxDegree) return;
    const double allowed = rules.growth * static_cast<double>(around.size());
    shortcuts.clear();
    for (std::size_t i = 0; i + 1 < around.size() && static_cast<double>(shortcuts.size()) <= allowed; ++i) {
      // Witnesses from around[i] to the later neighbours, avoiding v, no longer than through v.
      double bound = 0.0;
      for (std::size_t k = i + 1; k < around.size(); ++k) bound = std::max(bound, around[i].cost + around[k].cost);
      ++search;
      heap.clear();
      heap.emplace_back(0.0, around[i].to);
      distance[around[i].to] = 0.0;
      reached[around[i].to] = search;
      for (int settled = 0; !heap.empty() && settled < rules.witnessSettled; ++settled) {
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
    if (static_cast<double>(shortcuts.size()) > allowed) return;  // too many shortcuts: core
    rank[v] = nextRank++;
    up[v] = around;
    for (const Shortcut& s : shortcuts) {
      keepCheapest(adjacent[s.a], s.b, s.cost, v);
      keepCheapest(adjacent[s.b], s.a, s.cost, v);
    }
  };
  for (NodeId v : order) contractIfCheap(v, kFirstPass);
  const NodeId firstCore = n - nextRank;
  if (firstCore > coreTableLimit && firstCore <= std::uint64_t{kTableReach} * coreTableLimit) {
    // The core by rising remaining degree, as the first pass ordered every subgoal.
    order.clear();
    for (NodeId v = 0; v < n; ++v)
      if (live(v)) order.push_back(v);
    std::vector<std::size_t> degree(n, 0);
    for (NodeId v : order)
      degree[v] = static_cast<std::size_t>(
          std::count_if(adjacent[v].begin(), adjacent[v].end(), [&](const Arc& a) { return live(a.to); }));
    std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return degree[a] < degree[b]; });
    for (NodeId v : order) contractIfCheap(v, kTablePass);
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

}  // namespace astar
