// HPA* query: start and goal joined to their clusters' nodes (temporary), A* over the abstract
// graph, and refinement of each abstract edge into grid moves inside its cluster.
#include <algorithm>
#include <limits>

#include "astar/heuristic.h"
#include "astar/path_cost.h"
#include "hierarchical_impl.h"

namespace astar {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kUnseen = 0xFFFFFFFFu, kDone = 0xFFFFFFFEu;

// Dijkstra inside one cluster from `source` (over predecessors when Reverse), keeping each
// cell's parent (Reverse: the next cell towards the source); stops once `target` is expanded
// (kNoNode: fills the whole cluster). Returns the cells expanded.
template <bool Reverse>
std::uint64_t clusterDijkstra(const detail::ClusterSpace& space, NodeId source, NodeId target,
                              std::vector<double>& dist, std::vector<NodeId>& parent, detail::DijkstraWorkspace& work) {
  const NodeId n = space.cellCount();
  dist.assign(n, kInf);
  parent.assign(n, kNoNode);
  work.position.assign(n, kUnseen);
  auto& heap = work.heap;
  heap.clear();
  heap.reserve(n);
  dist[source] = 0.0;
  heap.push(detail::orderKey(0.0), source);
  std::uint64_t expanded = 0;
  while (!heap.empty()) {
    const NodeId u = heap.pop();
    work.position[u] = kDone;
    ++expanded;
    if (u == target) break;
    const double du = dist[u];
    auto relax = [&](NodeId v, double c) {
      const double dv = du + c;
      if (work.position[v] == kDone || !(dv < dist[v])) return;
      dist[v] = dv;
      parent[v] = u;
      if (work.position[v] == kUnseen)
        heap.push(detail::orderKey(dv), v);
      else
        heap.decrease(work.position[v], detail::orderKey(dv));
    };
    if constexpr (Reverse)
      space.forEachPredecessor(u, relax);
    else
      space.forEachNeighbor(u, relax);
  }
  return expanded;
}

}  // namespace

SearchStatus HierarchicalMap::Layer::findPath(NodeId start, NodeId goal, std::vector<NodeId>& path) {
  Layer& m = *this;
  path.clear();
  m.abstractPath.clear();
  HierarchicalStats& st = m.stats;
  st.abstractExpanded = st.insertExpanded = st.refineExpanded = 0;
  st.abstractPathNodes = 0;
  st.pathCost = 0.0;
  if (start == goal) {
    path.push_back(start);
    m.abstractPath.push_back(start);
    st.abstractPathNodes = 1;
    return SearchStatus::Found;
  }
  const int startCluster = m.clusterOf(start), goalCluster = m.clusterOf(goal);
  const detail::ClusterSpace goalSpace = m.space(goalCluster);
  // Start side: the start's cluster, or the 3 x 3 clusters around it when the goal lies there:
  // then one Dijkstra also offers a direct start -> goal edge (short queries stay near optimal).
  detail::ClusterSpace startSpace = m.space(startCluster);
  {
    detail::ClusterSpace near = startSpace;
    near.x0 = std::max(0, startSpace.x0 - m.size);
    near.y0 = std::max(0, startSpace.y0 - m.size);
    near.w = std::min(grid.width(), startSpace.x0 + 2 * m.size) - near.x0;
    near.h = std::min(grid.height(), startSpace.y0 + 2 * m.size) - near.y0;
    NodeId local;
    if (near.inside(goal, local)) startSpace = near;
  }
  st.insertExpanded +=
      clusterDijkstra<false>(startSpace, startSpace.local(start), kNoNode, m.startDist, m.startParent, m.localWork);
  st.insertExpanded +=
      clusterDijkstra<true>(goalSpace, goalSpace.local(goal), kNoNode, m.goalDist, m.goalNext, m.localWork);

  // A* over the nodes plus two temporary ones: S = start, G = goal.
  const auto n = static_cast<std::uint32_t>(m.nodeCells.size());
  const std::uint32_t startNode = n, goalNode = n + 1;
  m.abstractG.assign(n + 2, kInf);
  m.abstractParent.assign(n + 2, kUnseen);
  auto& position = m.abstractWork.position;
  position.assign(n + 2, kUnseen);
  auto& heap = m.abstractWork.heap;
  heap.clear();
  heap.reserve(n + 2);
  estimate.configure(grid, std::span<const NodeId>(&goal, 1), defaultHeuristic(grid.topology(), grid.diagonal()), true,
                     true);
  auto cellOf = [&](std::uint32_t v) { return v == startNode ? start : v == goalNode ? goal : m.nodeCells[v]; };
  m.abstractG[startNode] = 0.0;
  heap.push(detail::orderKey(estimate(start)), startNode);
  bool found = false;
  while (!heap.empty()) {
    const std::uint32_t u = heap.pop();
    position[u] = kDone;
    ++st.abstractExpanded;
    if (u == goalNode) {
      found = true;
      break;
    }
    const double gu = m.abstractG[u];
    auto relax = [&](std::uint32_t v, double c) {
      const double gv = gu + c;
      if (position[v] == kDone || !(gv < m.abstractG[v])) return;
      m.abstractG[v] = gv;
      m.abstractParent[v] = u;
      const std::uint64_t key = detail::orderKey(gv + (v == goalNode ? 0.0 : estimate(cellOf(v))));
      if (position[v] == kUnseen)
        heap.push(key, v);
      else
        heap.decrease(position[v], key);
    };
    if (u == startNode) {
      for (std::uint32_t v = m.clusterFirst[startCluster]; v < m.clusterFirst[startCluster + 1]; ++v)
        if (const double d = m.startDist[startSpace.local(m.nodeCells[v])]; d < kInf) relax(v, d);
      if (NodeId g; startSpace.inside(goal, g) && m.startDist[g] < kInf) relax(goalNode, m.startDist[g]);
      continue;
    }
    for (std::uint32_t e = m.edgeFirst[u]; e < m.edgeFirst[u + 1]; ++e) relax(m.linkEdges[e].to, m.linkEdges[e].cost);
    if (u >= m.clusterFirst[goalCluster] && u < m.clusterFirst[goalCluster + 1])
      if (const double d = m.goalDist[goalSpace.local(m.nodeCells[u])]; d < kInf) relax(goalNode, d);
  }
  if (!found) return SearchStatus::NoPath;

  for (std::uint32_t v = goalNode; v != kUnseen; v = m.abstractParent[v]) m.abstractPath.push_back(cellOf(v));
  std::reverse(m.abstractPath.begin(), m.abstractPath.end());
  st.abstractPathNodes = static_cast<std::uint32_t>(m.abstractPath.size());

  // Refinement. The first and last legs come from the insertion searches' parents.
  auto appendBackwards = [&](const detail::ClusterSpace& s, const std::vector<NodeId>& parent, NodeId from,
                             NodeId to) {  // cells after `from` up to `to`, following parent back from `to`
    m.segmentCells.clear();
    for (NodeId l = s.local(to); l != s.local(from); l = parent[l]) m.segmentCells.push_back(s.global(l));
    path.insert(path.end(), m.segmentCells.rbegin(), m.segmentCells.rend());
  };
  path.push_back(start);
  const std::size_t legs = m.abstractPath.size() - 1;
  for (std::size_t i = 0; i < legs; ++i) {
    const NodeId from = m.abstractPath[i], to = m.abstractPath[i + 1];
    if (i == 0) {
      appendBackwards(startSpace, m.startParent, from, to);
    } else if (i + 1 == legs) {
      for (NodeId l = m.goalNext[goalSpace.local(from)]; l != kNoNode; l = m.goalNext[l])
        path.push_back(goalSpace.global(l));
    } else if (m.clusterOf(from) != m.clusterOf(to)) {
      path.push_back(to);  // a kept crossing: one move
    } else {
      const detail::ClusterSpace s = m.space(m.clusterOf(from));
      st.refineExpanded +=
          clusterDijkstra<false>(s, s.local(from), s.local(to), m.segmentDist, m.segmentParent, m.localWork);
      appendBackwards(s, m.segmentParent, from, to);
    }
  }
  if (moves.size == 1) {
    st.pathCost = pathCost(grid, path);
  } else {  // the agent's own moves (a diagonal step it cannot take is not priced as the grid's)
    st.pathCost = 0.0;
    for (std::size_t i = 1; i < path.size(); ++i) {
      double step = kInf;
      moves.forEachNeighbor(path[i - 1], [&](NodeId next, double cost) {
        if (next == path[i] && cost < step) step = cost;
      });
      st.pathCost += step;
    }
  }
  return SearchStatus::Found;
}

}  // namespace astar
