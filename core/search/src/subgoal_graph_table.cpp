// Subgoal graph core table: the exact distance between every two subgoals of the contraction
// hierarchy's core, as transit-node routing keeps between its transit nodes (Bast, Funke,
// Matijevic, Sanders & Schultes, 2007). Built with one Dijkstra over the core per core subgoal
// (the core's arcs keep its distances: every subgoal contracted below it was bypassed by a
// shortcut or a witness). A query then does not search the core: the goal's labels end at the
// core subgoals they reach (b, at g'(b)), the start's upward A* stops at those it reaches
// (a, at g(a)), and the cheapest path either meets below the core or costs
// g(a) + table(a, b) + g'(b) for some pair; the table is read only for the core subgoals the A*
// takes off its open list, and the octile distance between a and b rules most b out first. Only
// built while the core is small enough (coreTableLimit: 8 bytes a pair); otherwise the query's
// A* crosses the core (subgoal_graph_query.cpp).
#include <algorithm>
#include <functional>
#include <limits>
#include <utility>

#include "subgoal_graph_impl.h"

namespace astar {

namespace {

constexpr double kUnreached = std::numeric_limits<double>::infinity();

}  // namespace

void SubgoalGraph::Impl::computeCoreTable() {
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  coreNodes.clear();
  if (coreSize == 0 || coreSize > coreTableLimit) {
    std::vector<double>().swap(coreTable);  // an earlier build's table is freed
    std::vector<NodeId>().swap(coreIndex);
    return;
  }
  coreIndex.assign(n, kNoNode);
  for (NodeId v = 0; v < n; ++v)
    if (rank[v] == kCoreRank) coreNodes.push_back(v);
  // In Z order of their cells (x and y bits interleaved), not row order: a query reads a row at
  // the columns of core subgoals near the goal, which then share fewer cache lines.
  auto zOrder = [&](NodeId v) {
    const Point p = pointOf(subgoalCells[v]);
    std::uint64_t z = 0;
    for (int bit = 0; bit < 16; ++bit)
      z |= (std::uint64_t{(static_cast<std::uint32_t>(p.x) >> bit) & 1u} << (2 * bit)) |
           (std::uint64_t{(static_cast<std::uint32_t>(p.y) >> bit) & 1u} << (2 * bit + 1));
    return z;
  };
  std::sort(coreNodes.begin(), coreNodes.end(), [&](NodeId a, NodeId b) { return zOrder(a) < zOrder(b); });
  for (std::size_t i = 0; i < coreNodes.size(); ++i) coreIndex[coreNodes[i]] = static_cast<NodeId>(i);
  const std::size_t side = coreNodes.size();
  coreTable.assign(side * side, kUnreached);
  std::vector<std::pair<double, NodeId>> heap;  // core indices
  for (std::size_t i = 0; i < side; ++i) {
    double* row = &coreTable[i * side];
    row[i] = 0.0;
    heap.assign(1, {0.0, static_cast<NodeId>(i)});
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), std::greater<>());
      const auto [d, u] = heap.back();
      heap.pop_back();
      if (d > row[u]) continue;
      const NodeId v = coreNodes[u];
      for (std::uint32_t e = upBegin[v]; e < upBegin[v + 1]; ++e) {  // a core subgoal's arcs stay in the core
        const NodeId w = coreIndex[upArcs[e].to];
        const double next = d + upArcs[e].cost;
        if (next >= row[w]) continue;
        row[w] = next;
        heap.emplace_back(next, w);
        std::push_heap(heap.begin(), heap.end(), std::greater<>());
      }
    }
  }
  coreFromGoal.reserve(side);
  goalCore.reserve(side);
}

SearchStatus SubgoalGraph::Impl::searchCoreTable(NodeId start, NodeId goal, const LandmarkRow& toGoal,
                                                 std::uint32_t stamp) {
  const NodeId n = static_cast<NodeId>(subgoalCells.size()), startNode = n, goalNode = n + 1;
  const std::size_t side = coreNodes.size();
  // From core subgoal a to the goal through the core: the cheapest table(a, b) + g'(b) below
  // `limit` over the core subgoals b the goal's labels reached (goalCore: by rising g'), and b
  // (kNoNode: none is below it). The octile distance between a and b rules most b out before
  // the table is read; a tighter limit rules out more (Berlin_0_256: 281 reads a query -> 218).
  auto throughCore = [&](NodeId a, double limit) {
    const double* row = &coreTable[coreIndex[a] * side];
    const Point ax = subgoalXY[a];
    std::pair<double, NodeId> cheapest{limit, kNoNode};
    for (const GoalCore& b : goalCore) {
      if (b.down >= cheapest.first) break;
      if (b.down + octile(ax, b.xy) >= cheapest.first) continue;
      const double rest = b.down + row[b.column];
      if (rest < cheapest.first) cheapest = {rest, b.subgoal};
    }
    return cheapest;
  };
  // The start's side: A* over upward arcs with the octile distance and the landmark bound (both
  // consistent, as in subgoal_graph_query.cpp's search), until nothing left can beat
  // the cheapest path found. A subgoal the goal's search reached is a meeting. A core subgoal is
  // not expanded: when it comes off the open list, the table gives its exact rest of the way, a
  // candidate; most never come off it (the table is read only for those that do).
  double best = kUnreached;
  NodeId meet = kNoNode;
  const Point goalXY = pointOf(goal);
  open.clear();
  auto reach = [&](NodeId from, NodeId to, double g) {
    NodeState& s = states[to];
    if (s.seen == stamp) {
      if (s.closed || s.g <= g) return;
    } else {
      s.seen = stamp;
      s.closed = false;
      s.h = std::max(octile(subgoalXY[to], goalXY), landmarkBound(to, toGoal));
    }
    s.g = g;
    s.parent = from;
    if (g + s.h < best) {
      open.push_back({g + s.h, g, to});
      std::push_heap(open.begin(), open.end(), Later{});
    }
  };
  states[startNode] = {0.0, 0.0, kNoNode, stamp, true};
  const Point startXY = pointOf(start);
  for (NodeId to : startLinks) reach(startNode, to, octile(startXY, subgoalXY[to]));
  while (!open.empty()) {
    std::pop_heap(open.begin(), open.end(), Later{});
    const OpenEntry top = open.back();
    open.pop_back();
    NodeState& s = states[top.node];
    if (s.closed || top.g > s.g) continue;
    if (top.f >= best) break;  // the heuristic is consistent: nothing left is cheaper
    s.closed = true;
    ++stats.expanded;
    if (rank[top.node] == kCoreRank) {
      // Only a way cheaper than the best so far matters.
      const auto [rest, b] = throughCore(top.node, best - top.g);
      if (b != kNoNode && top.g + rest < best) {
        best = top.g + rest;
        meet = top.node;
      }
      continue;
    }
    const GoalSide& back = upward[top.node];
    if (back.seen == stamp && top.g + back.g < best) {
      best = top.g + back.g;
      meet = top.node;
    }
    if (stalled(top.node, top.g, states, stamp)) continue;
    for (std::uint32_t e = upBegin[top.node]; e < upBegin[top.node + 1]; ++e)
      reach(top.node, upArcs[e].to, top.g + upArcs[e].cost);
  }
  if (best == kUnreached) return SearchStatus::NoPath;
  NodeId fromCore = kNoNode, toCore = kNoNode;
  if (rank[meet] == kCoreRank) {
    fromCore = meet;
    toCore = throughCore(meet, kUnreached).second;
    meet = kNoNode;
  }

  // The graph nodes: the start's chain up to the meeting (or to a), then across the core from a
  // to b, each step the arc whose head lies on a cheapest path to b by the table, then the goal's
  // chain down.
  abstractPath.clear();
  for (NodeId v = meet != kNoNode ? meet : fromCore; v != kNoNode; v = states[v].parent) abstractPath.push_back(v);
  std::reverse(abstractPath.begin(), abstractPath.end());
  NodeId down = meet;
  if (meet == kNoNode) {
    const double* toB = &coreTable[coreIndex[toCore] * side];  // symmetric: row b is the distances to b
    for (NodeId u = fromCore; u != toCore;) {
      NodeId next = kNoNode;
      double nextCost = kUnreached;
      // The first arc on a cheapest way to b will do: its cost plus the head's distance is
      // the tail's (the table's Dijkstra added the same two numbers), or the cheapest when
      // rounding made none equal.
      const double here = toB[coreIndex[u]];
      for (std::uint32_t e = upBegin[u]; e < upBegin[u + 1]; ++e) {
        const double via = upArcs[e].cost + toB[coreIndex[upArcs[e].to]];
        if (via < nextCost) {
          nextCost = via;
          next = upArcs[e].to;
          if (via <= here) break;
        }
      }
      // Each step's table distance to b falls by an arc's positive cost, so the walk ends; a
      // longer one would be a bug.
      if (next == kNoNode || abstractPath.size() > n + 2) {
        message = "internal error: the subgoal graph's core table has no path across the core";
        return SearchStatus::InvalidInput;
      }
      abstractPath.push_back(next);
      u = next;
    }
    down = toCore;
  }
  for (NodeId v = upward[down].parent; v != goalNode; v = upward[v].parent) abstractPath.push_back(v);
  abstractPath.push_back(goalNode);
  stats.pathCost = best;
  return SearchStatus::Found;
}

}  // namespace astar
