// Subgoal graph build: the subgoals (convex corners), the clearances the scan reads, and the
// edges (the scan from every subgoal, kept both ways). See subgoal_graph.h for the rules.
#include <algorithm>
#include <chrono>
#include <utility>

#include "subgoal_graph_impl.h"

namespace astar {

namespace {

// A passable cell beside a convex corner: a blocked diagonal neighbour whose two sides are open.
bool besideConvexCorner(const Grid& grid, int x, int y) {
  for (int d = NorthEast; d <= NorthWest; ++d) {
    const int dx = kDirectionX[d], dy = kDirectionY[d];
    if (!grid.passable(x + dx, y + dy) && grid.passable(x + dx, y) && grid.passable(x, y + dy)) return true;
  }
  return false;
}

}  // namespace

const char* subgoalGraphUnsupported(const Grid& grid) {
  if (grid.hex()) return "hex cells";
  if (grid.diagonal() == DiagonalMovement::Never) return "4-connected movement";
  if (grid.diagonal() != DiagonalMovement::OnlyWhenNoObstacles) return "diagonal moves that cut corners";
  if (grid.wrapX() || grid.wrapY()) return "wrap-around";
  if (!grid.portals().empty()) return "portals";
  if (grid.hasOneWayCells()) return "one-way cells";
  if (!grid.uniformCost()) return "terrain costs (more than one entry cost)";
  // The scan's argument needs a diagonal step dearer than a straight one, cheaper than two.
  if (!(grid.diagonalCost() >= grid.straightCost() && grid.diagonalCost() < 2 * grid.straightCost()))
    return "step costs outside straight <= diagonal < 2 x straight";
  return nullptr;
}

SubgoalGraph::SubgoalGraph(const Grid& grid) : impl_(std::make_unique<Impl>(grid)) {}
SubgoalGraph::~SubgoalGraph() = default;

Error SubgoalGraph::build() {
  Impl& m = *impl_;
  if (const char* why = subgoalGraphUnsupported(m.grid)) {
    m.message = std::string("the subgoal graph does not apply to ") + why;
    return Error{m.message};
  }
  const auto began = std::chrono::steady_clock::now();
  const Grid& grid = m.grid;
  const int w = grid.width(), h = grid.height();
  const NodeId cells = grid.cellCount();
  m.width = w;
  m.height = h;
  m.straightStep = grid.straightCost() * grid.minCost();
  m.diagonalStep = grid.diagonalCost() * grid.minCost();

  m.nodeOf.assign(cells, kNoNode);
  m.subgoalCells.clear();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (grid.passable(x, y) && besideConvexCorner(grid, x, y)) {
        m.nodeOf[grid.index(x, y)] = static_cast<NodeId>(m.subgoalCells.size());
        m.subgoalCells.push_back(grid.index(x, y));
      }

  // Clearance of a cell = 1 + its neighbour's when that neighbour is passable and no subgoal.
  m.clearance.assign(cells, {});
  auto open = [&](int x, int y) { return grid.passable(x, y) && !m.isSubgoal(grid.index(x, y)); };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (open(x, y - 1))
        m.clearance[grid.index(x, y)][North] = static_cast<std::uint16_t>(1 + m.clearance[grid.index(x, y - 1)][North]);
      if (open(x - 1, y))
        m.clearance[grid.index(x, y)][West] = static_cast<std::uint16_t>(1 + m.clearance[grid.index(x - 1, y)][West]);
    }
  for (int y = h - 1; y >= 0; --y)
    for (int x = w - 1; x >= 0; --x) {
      if (open(x, y + 1))
        m.clearance[grid.index(x, y)][South] = static_cast<std::uint16_t>(1 + m.clearance[grid.index(x, y + 1)][South]);
      if (open(x + 1, y))
        m.clearance[grid.index(x, y)][East] = static_cast<std::uint16_t>(1 + m.clearance[grid.index(x + 1, y)][East]);
    }

  // Edges: every scan's finds, both ways, then sorted into rows without repeats.
  std::vector<std::pair<NodeId, NodeId>> pairs;
  const NodeId n = static_cast<NodeId>(m.subgoalCells.size());
  for (NodeId s = 0; s < n; ++s)
    m.scan(m.subgoalCells[s], kNoNode, [&](NodeId cell) {
      const NodeId t = m.nodeOf[cell];
      if (t == s) return;
      pairs.emplace_back(s, t);
      pairs.emplace_back(t, s);
    });
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  m.edgeBegin.assign(static_cast<std::size_t>(n) + 1, 0);
  m.edgeTo.resize(pairs.size());
  m.edgeCost.resize(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    ++m.edgeBegin[pairs[i].first + 1];
    m.edgeTo[i] = pairs[i].second;
    m.edgeCost[i] = m.octile(m.subgoalCells[pairs[i].first], m.subgoalCells[pairs[i].second]);
  }
  for (NodeId s = 0; s < n; ++s) m.edgeBegin[s + 1] += m.edgeBegin[s];

  m.contract();

  // The query's buffers, sized once per build so a query does not allocate for them.
  m.states.assign(static_cast<std::size_t>(n) + 2, {});
  m.upward.assign(static_cast<std::size_t>(n) + 2, {});
  m.upwardOpen.reserve(64);
  m.unpackStack.reserve(64);
  m.generation = 0;
  m.open.reserve(64);
  m.startLinks.reserve(64);

  m.mark = grid.journalMark();
  m.built = true;
  SubgoalGraphStats& s = m.stats;
  const std::uint32_t builds = s.builds;
  s = SubgoalGraphStats{};
  s.builds = builds + 1;
  s.fullBuild = true;
  s.subgoals = n;
  s.edges = m.edgeTo.size();
  s.coreSubgoals = m.coreSize;
  s.searchArcs = m.upTo.size();
  s.bytes = m.nodeOf.capacity() * sizeof(NodeId) + m.subgoalCells.capacity() * sizeof(NodeId) +
            m.edgeBegin.capacity() * sizeof(std::uint32_t) + m.edgeTo.capacity() * sizeof(NodeId) +
            m.edgeCost.capacity() * sizeof(double) + m.clearance.capacity() * sizeof(m.clearance[0]) +
            m.rank.capacity() * sizeof(std::uint32_t) + m.upBegin.capacity() * sizeof(std::uint32_t) +
            m.upTo.capacity() * (sizeof(NodeId) + sizeof(double) + sizeof(NodeId)) +
            (m.states.capacity() + m.upward.capacity()) * sizeof(Impl::NodeState);
  s.buildMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return {};
}

Error SubgoalGraph::refresh() {
  Impl& m = *impl_;
  if (!m.built) {
    m.message = "the subgoal graph was not built";
    return Error{m.message};
  }
  if (!stale()) return {};
  Error e = build();
  if (e) m.built = false;  // the map no longer suits the graph: queries refuse until it does
  return e;
}

bool SubgoalGraph::built() const { return impl_->built; }
bool SubgoalGraph::stale() const { return impl_->built && !impl_->grid.changesSince(impl_->mark).none(); }
const char* SubgoalGraph::message() const { return impl_->message.c_str(); }
const SubgoalGraphStats& SubgoalGraph::stats() const { return impl_->stats; }
std::span<const NodeId> SubgoalGraph::subgoals() const { return impl_->subgoalCells; }

void SubgoalGraph::edges(std::vector<std::pair<NodeId, NodeId>>& out) const {
  const Impl& m = *impl_;
  out.clear();
  for (NodeId s = 0; s + 1 < m.edgeBegin.size(); ++s)
    for (std::uint32_t e = m.edgeBegin[s]; e < m.edgeBegin[s + 1]; ++e)
      out.emplace_back(m.subgoalCells[s], m.subgoalCells[m.edgeTo[e]]);
}

}  // namespace astar
