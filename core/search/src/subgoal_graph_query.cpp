// Subgoal graph query: join start and goal to the graph (the build's scan from each), search the
// hierarchy (across the core by its distance table, subgoal_graph_table.cpp, or else by A* with
// the octile distance and landmarks), then refine each edge into grid moves.
#include <algorithm>
#include <limits>

#include "subgoal_graph_impl.h"

namespace astar {

namespace {

int sign(int v) { return (v > 0) - (v < 0); }

// One octile-length move sequence between two cells: `diagonals` diagonal moves (sx, sy) and
// `straights` straight moves (tx, ty), in either order.
struct Shape {
  int x0, y0, sx, sy, tx, ty, diagonals, straights;
};

Shape shapeBetween(const Grid& grid, NodeId from, NodeId to) {
  const int x0 = grid.xOf(from), y0 = grid.yOf(from), dx = grid.xOf(to) - x0, dy = grid.yOf(to) - y0;
  const int sx = sign(dx), sy = sign(dy), diagonals = std::min(std::abs(dx), std::abs(dy));
  const bool wide = std::abs(dx) > std::abs(dy);
  return {x0, y0, sx, sy, wide ? sx : 0, wide ? 0 : sy, diagonals, std::max(std::abs(dx), std::abs(dy)) - diagonals};
}

}  // namespace

bool SubgoalGraph::Impl::shapeOpen(NodeId from, NodeId to, bool diagonalFirst) const {
  const Shape s = shapeBetween(grid, from, to);
  int x = s.x0, y = s.y0;
  auto walk = [&](int count, int mx, int my) {
    for (int i = 0; i < count; ++i, x += mx, y += my)
      if (!(mx != 0 && my != 0 ? diagonalMoveAllowed(x, y, mx, my) : grid.passable(x + mx, y + my))) return false;
    return true;
  };
  return diagonalFirst ? walk(s.diagonals, s.sx, s.sy) && walk(s.straights, s.tx, s.ty)
                       : walk(s.straights, s.tx, s.ty) && walk(s.diagonals, s.sx, s.sy);
}

SubgoalGraph::Impl::Leaf SubgoalGraph::Impl::shapeLeaf(int dx, int dy, bool diagonalFirst) {
  // Directions 0-7 clockwise from east (y grows downwards): east, south-east, south, ...
  auto direction = [](int sx, int sy) {
    static constexpr int kByStep[3][3] = {{5, 6, 7}, {4, 0, 0}, {3, 2, 1}};  // [sy + 1][sx + 1]
    return kByStep[sy + 1][sx + 1];
  };
  const int sx = sign(dx), sy = sign(dy), ax = std::abs(dx), ay = std::abs(dy);
  const int diagonals = std::min(ax, ay), length = std::max(ax, ay);
  const int diagonal = direction(sx, sy), straight = ax > ay ? direction(sx, 0) : direction(0, sy);
  return diagonalFirst ? makeLeaf(length, diagonals, diagonal, straight)
                       : makeLeaf(length, length - diagonals, straight, diagonal);
}

void SubgoalGraph::Impl::appendShape(NodeId from, NodeId to, bool diagonalFirst, std::vector<NodeId>& out) const {
  const Leaf leaf = shapeLeaf(grid.xOf(to) - grid.xOf(from), grid.yOf(to) - grid.yOf(from), diagonalFirst);
  const std::size_t at = out.size(), length = static_cast<std::size_t>(leafLength(leaf));
  out.resize(at + length + kShapeSlack);
  std::int64_t index = from;
  writeLeaf(out.data() + at, index, directionSteps(grid.width()), leaf);
  out.resize(at + length);
}

SearchStatus SubgoalGraph::findPath(NodeId start, NodeId goal, std::vector<NodeId>& path) {
  Impl& m = *impl_;
  path.clear();
  m.abstractPath.clear();
  const Grid& grid = m.grid;
  if (!m.built) {
    if (m.message.empty()) m.message = "the subgoal graph was not built";
    return SearchStatus::InvalidInput;
  }
  if (stale())
    if (refresh()) return SearchStatus::InvalidInput;  // message() says why
  if (start >= grid.cellCount() || goal >= grid.cellCount() || !grid.passable(start) || !grid.passable(goal)) {
    m.message = "start and goal must be passable cells of the grid";
    return SearchStatus::InvalidInput;
  }
  m.message.clear();
  SubgoalGraphStats& stats = m.stats;
  stats.expanded = 0;
  stats.startEdges = stats.goalEdges = stats.abstractPathNodes = 0;
  stats.pathCost = 0.0;
  if (start == goal) {
    path.push_back(start);
    m.abstractPath.push_back(start);
    stats.abstractPathNodes = 1;
    return SearchStatus::Found;
  }

  // An open path of octile length (either shape refine walks) is a shortest one, since no path
  // is shorter than the octile distance: a walk of the distance, not two scans and two searches
  // (arena: most rows; they took 3.7 µs, several times JPS's 0.9).
  path.push_back(start);
  if (m.refine(start, goal, path)) {
    m.abstractPath.assign({start, goal});
    stats.abstractPathNodes = 2;
    stats.pathCost = m.octile(start, goal);
    return SearchStatus::Found;
  }
  path.clear();

  const NodeId n = static_cast<NodeId>(m.subgoalCells.size()), startNode = n, goalNode = n + 1;
  if (++m.generation == 0) {  // the stamps wrapped: clear them once
    for (auto& s : m.states) s.seen = 0;
    for (auto& s : m.upward) s.seen = 0;
    m.generation = 1;
  }
  const std::uint32_t generation = m.generation;
  // An octile-length path between start and goal: nothing is shorter, so no search.
  auto answerDirect = [&]() {
    m.abstractPath.assign({start, goal});
    stats.abstractPathNodes = 2;
    stats.pathCost = m.octile(start, goal);
    path.push_back(start);
    if (m.refine(start, goal, path)) return SearchStatus::Found;
    m.message = "internal error: a subgoal graph edge has no open octile path";
    path.clear();
    return SearchStatus::InvalidInput;
  };
  // Joins: the start to what its scan finds, the goal likewise (each counting the other as a
  // subgoal: when either finds the other, the answer is direct); an end that is a subgoal is
  // also joined to its own subgoal at no cost.
  // With link lists, read the start's (the scan could not find the goal: refine() found no
  // open octile path above).
  m.startLinks.clear();
  bool direct = false;
  const bool listed = m.linksKept();
  if (listed) {
    m.startLinks.assign(m.linkTo.begin() + m.linkBegin[start], m.linkTo.begin() + m.linkBegin[start + 1]);
  } else {
    m.scan(start, goal, [&](NodeId cell) {
      if (cell == goal) direct = true;
      if (!direct) m.startLinks.push_back(m.nodeOf[cell]);
    });
  }
  stats.startEdges = static_cast<std::uint32_t>(m.startLinks.size()) + direct;
  if (direct) return answerDirect();
  if (m.isSubgoal(start)) m.startLinks.push_back(m.nodeOf[start]);

  // The goal's side: the upward labels of the subgoals its scan finds (subgoal_graph_labels.cpp),
  // each entry's cost plus the link's, the cheapest per subgoal: distances to the goal up to the
  // core, which join the forward search to the goal; `parent` leads down towards the goal.
  auto cellOf = [&](NodeId node) { return node < n ? m.subgoalCells[node] : node == startNode ? start : goal; };
  m.coreFromGoal.clear();
  const bool throughTable = !m.coreTable.empty();
  auto joinGoal = [&](NodeId link, double linkCost) {
    const Impl::LabelEntry* label = m.labels.data() + m.labelBegin[link];
    const std::uint32_t size = m.labelBegin[link + 1] - m.labelBegin[link];
    for (std::uint32_t i = 0; i < size; ++i) {
      const Impl::LabelEntry& entry = label[i];
      Impl::GoalSide& s = m.upward[entry.subgoal];
      const double g = linkCost + entry.cost;
      if (s.seen == generation) {
        if (s.g <= g) continue;
      } else if (throughTable && m.rank[entry.subgoal] == Impl::kCoreRank) {
        m.coreFromGoal.push_back(entry.subgoal);
      }
      s = {g, entry.parent == kNoNode ? goalNode : label[entry.parent].subgoal, generation};
    }
  };
  // The landmarks' distances to the goal: through the subgoals its scan finds (an optimal path
  // reaches the goal from one of them), or the goal's own when it is a subgoal.
  Impl::LandmarkRow toGoal;
  toGoal.fill(std::numeric_limits<double>::infinity());
  auto throughLink = [&](NodeId node, double cost) {
    for (int k = 0; k < m.landmarkCount; ++k) {
      double& d = toGoal[static_cast<std::size_t>(k)];
      d = std::min(d, m.landmarkDistance[node][static_cast<std::size_t>(k)] + cost);
    }
  };
  if (listed) {
    const Impl::Point goalXY = m.pointOf(goal);
    for (std::uint32_t e = m.linkBegin[goal]; e < m.linkBegin[goal + 1]; ++e) {
      const NodeId link = m.linkTo[e];
      const double cost = m.octile(goalXY, m.subgoalXY[link]);
      joinGoal(link, cost);
      throughLink(link, cost);
    }
    stats.goalEdges = m.linkBegin[goal + 1] - m.linkBegin[goal];
  } else {
    m.scan(goal, start, [&](NodeId cell) {
      if (cell == start) direct = true;
      ++stats.goalEdges;
      if (direct) return;
      const double cost = m.octile(goal, cell);
      joinGoal(m.nodeOf[cell], cost);
      throughLink(m.nodeOf[cell], cost);
    });
  }
  if (direct) return answerDirect();
  if (m.isSubgoal(goal)) {
    joinGoal(m.nodeOf[goal], 0.0);
    throughLink(m.nodeOf[goal], 0.0);
  }
  // The table's search reads them by rising distance to the goal (it stops at the first that
  // cannot beat its best).
  m.goalCore.clear();
  for (const NodeId b : m.coreFromGoal) m.goalCore.push_back({m.upward[b].g, m.subgoalXY[b], m.coreIndex[b], b});
  std::sort(m.goalCore.begin(), m.goalCore.end(),
            [](const Impl::GoalCore& a, const Impl::GoalCore& b) { return a.down < b.down; });

  if (throughTable) {
    const SearchStatus status = m.searchCoreTable(start, goal, toGoal, generation);
    if (status != SearchStatus::Found) return status;
  } else if (!m.searchCore(start, goal, toGoal, generation)) {
    return SearchStatus::NoPath;
  }
  stats.abstractPathNodes = static_cast<std::uint32_t>(m.abstractPath.size());
  path.push_back(start);
  bool refined = true;
  for (std::size_t i = 1; i < m.abstractPath.size() && refined; ++i) {
    const NodeId a = m.abstractPath[i - 1], b = m.abstractPath[i];
    refined = a < n && b < n ? m.unpack(a, b, path) : m.refine(cellOf(a), cellOf(b), path);
  }
  for (NodeId& node : m.abstractPath) node = cellOf(node);
  if (refined) return SearchStatus::Found;
  // Every edge was walked by a scan, so this would be a bug: say so rather than return a broken path.
  m.message = "internal error: a subgoal graph edge has no open octile path";
  path.clear();
  return SearchStatus::InvalidInput;
}

bool SubgoalGraph::Impl::searchCore(NodeId start, NodeId goal, const LandmarkRow& toGoal, std::uint32_t stamp) {
  const NodeId n = static_cast<NodeId>(subgoalCells.size()), startNode = n, goalNode = n + 1;
  auto cellOf = [&](NodeId node) { return node < n ? subgoalCells[node] : node == startNode ? start : goal; };
  const Point goalXY = pointOf(goal);
  // The start's side: A* (octile distance, consistent on every arc) over upward arcs, the core's
  // arcs, and from each subgoal the goal's labels reached, to the goal.
  auto relax = [&](NodeId from, NodeId to, double g) {
    NodeState& s = states[to];
    if (s.seen == stamp) {
      if (s.closed || s.g <= g) return;
    } else {
      s.h = to < n ? std::max(octile(subgoalXY[to], goalXY), landmarkBound(to, toGoal)) : 0.0;
      s.seen = stamp;
      s.closed = false;
    }
    s.g = g;
    s.parent = from;
    open.push_back({g + s.h, g, to});
    std::push_heap(open.begin(), open.end(), Later{});
  };
  open.clear();
  states[startNode] = {0.0, octile(start, goal), kNoNode, stamp, false};
  open.push_back({octile(start, goal), 0.0, startNode});
  bool found = false;
  while (!open.empty()) {
    std::pop_heap(open.begin(), open.end(), Later{});
    const OpenEntry top = open.back();
    open.pop_back();
    NodeState& s = states[top.node];
    if (s.closed || top.g > s.g) continue;  // an older entry of a node reached more cheaply since
    s.closed = true;
    ++stats.expanded;
    if (top.node == goalNode) {
      found = true;
      break;
    }
    if (top.node == startNode) {
      for (NodeId to : startLinks) relax(startNode, to, octile(start, cellOf(to)));
      continue;
    }
    if (rank[top.node] != kCoreRank && stalled(top.node, top.g, states, stamp)) continue;
    for (std::uint32_t e = upBegin[top.node]; e < upBegin[top.node + 1]; ++e)
      relax(top.node, upArcs[e].to, top.g + upArcs[e].cost);
    const GoalSide& back = upward[top.node];
    if (back.seen == stamp) relax(top.node, goalNode, top.g + back.g);
  }
  if (!found) return false;

  // The subgoals: the forward chain to where the two searches met, then the goal's chain down.
  const NodeId meet = states[goalNode].parent;
  for (NodeId node = meet; node != kNoNode; node = states[node].parent) abstractPath.push_back(node);
  std::reverse(abstractPath.begin(), abstractPath.end());
  for (NodeId node = upward[meet].parent; node != goalNode; node = upward[node].parent) abstractPath.push_back(node);
  abstractPath.push_back(goalNode);
  stats.pathCost = states[goalNode].g;
  return true;
}

std::span<const NodeId> SubgoalGraph::abstractPath() const { return impl_->abstractPath; }

}  // namespace astar
