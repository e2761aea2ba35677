// Subgoal graph build: the subgoals (convex corners), the clearances the scan reads, and the
// edges (the scan from every subgoal, kept both ways). See subgoal_graph.h for the rules; the
// local repair after edits is in subgoal_graph_repair.cpp.
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

bool SubgoalGraph::Impl::subgoalAt(int x, int y) const { return grid.passable(x, y) && besideConvexCorner(grid, x, y); }

// The run (in direction c) of a cell whose neighbour that way is (x, y): it continues the
// neighbour's run, and ends where that ends, when the neighbour is open; else it ends there.
std::uint16_t SubgoalGraph::Impl::runBefore(int x, int y, std::size_t c) const {
  if (!grid.contains(x, y) || !grid.passable(grid.index(x, y))) return 0;
  const NodeId next = grid.index(x, y);
  if (isSubgoal(next)) return kEndsAtSubgoal;
  const std::uint16_t run = clearance[next][c];
  return static_cast<std::uint16_t>(((run & kRunMask) + 1) | (run & kEndsAtSubgoal));
}

void SubgoalGraph::Impl::clearanceColumn(int x) {
  for (int y = 0; y < height; ++y) {
    const NodeId cell = grid.index(x, y);
    const std::uint16_t state = grid.passable(cell) ? kCellPassable : 0;
    clearance[cell][North] = static_cast<std::uint16_t>(runBefore(x, y - 1, North) | state);
  }
  for (int y = height - 1; y >= 0; --y) clearance[grid.index(x, y)][South] = runBefore(x, y + 1, South);
}

void SubgoalGraph::Impl::clearanceRow(int y) {
  for (int x = 0; x < width; ++x) clearance[grid.index(x, y)][West] = runBefore(x - 1, y, West);
  for (int x = width - 1; x >= 0; --x) {
    const NodeId cell = grid.index(x, y);
    const std::uint16_t state = isSubgoal(cell) ? kCellSubgoal : 0;
    clearance[cell][East] = static_cast<std::uint16_t>(runBefore(x + 1, y, East) | state);
  }
}

void SubgoalGraph::Impl::rescan(NodeId s) {
  std::vector<NodeId>& cells = finds[s];
  cells.clear();
  const NodeId self = subgoalCells[s];
  scan(self, kNoNode, [&](NodeId cell) {
    if (cell != self) cells.push_back(cell);
  });
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
}

void SubgoalGraph::Impl::assembleEdges() {
  // Each scan's finds, both ways: count per row, fill, then sort each (short) row without repeats.
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  std::vector<std::uint32_t> begin(static_cast<std::size_t>(n) + 1, 0);
  for (NodeId s = 0; s < n; ++s)
    for (NodeId cell : finds[s]) {
      ++begin[s + 1];
      ++begin[nodeOf[cell] + 1];
    }
  for (NodeId s = 0; s < n; ++s) begin[s + 1] += begin[s];
  std::vector<NodeId> to(begin[n]);
  std::vector<std::uint32_t> fill(begin.begin(), begin.end() - 1);
  for (NodeId s = 0; s < n; ++s)
    for (NodeId cell : finds[s]) {
      const NodeId t = nodeOf[cell];
      to[fill[s]++] = t;
      to[fill[t]++] = s;
    }
  edgeBegin.assign(static_cast<std::size_t>(n) + 1, 0);
  edgeTo.clear();
  edgeCost.clear();
  for (NodeId s = 0; s < n; ++s) {
    const auto first = to.begin() + begin[s], last = to.begin() + begin[s + 1];
    std::sort(first, last);
    for (auto it = first; it != last; ++it)
      if (it == first || *it != *(it - 1)) {
        edgeTo.push_back(*it);
        edgeCost.push_back(octile(subgoalCells[s], subgoalCells[*it]));
      }
    edgeBegin[s + 1] = static_cast<std::uint32_t>(edgeTo.size());
  }
}

void SubgoalGraph::Impl::finishBuild(bool whole, std::chrono::steady_clock::time_point began) {
  const auto contracting = std::chrono::steady_clock::now();
  contract();
  // A failure is a bug; unpack then reports it on every query rather than return a broken path.
  if (!computeLeaves()) leafSpans.clear();
  const auto contracted = std::chrono::steady_clock::now();
  computeCoreTable();
  computeLandmarks();
  computeLabels();
  if (whole) computeLinks();  // a repair mended them already (repairLinks)
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  subgoalXY.resize(n);
  for (NodeId s = 0; s < n; ++s) subgoalXY[s] = pointOf(subgoalCells[s]);
  // The query's buffers, sized once per build so a query does not allocate for them.
  states.assign(static_cast<std::size_t>(n) + 2, {});
  upward.assign(static_cast<std::size_t>(n) + 2, {});
  generation = 0;
  open.reserve(64);
  startLinks.reserve(64);

  mark = grid.journalMark();
  built = true;
  SubgoalGraphStats& s = stats;
  const std::uint32_t builds = s.builds, rescanned = s.rescanned;
  s = SubgoalGraphStats{};
  s.builds = builds + 1;
  s.fullBuild = whole;
  s.rescanned = whole ? n : rescanned;
  s.subgoals = n;
  s.edges = edgeTo.size();
  s.coreSubgoals = coreSize;
  s.searchArcs = upArcs.size();
  s.coreTableBytes = coreTable.capacity() * sizeof(double);
  s.linkListBytes = linkBegin.capacity() * sizeof(std::uint32_t) + linkTo.capacity() * sizeof(NodeId);
  std::size_t foundBytes = finds.capacity() * sizeof(std::vector<NodeId>);
  for (const auto& cells : finds) foundBytes += cells.capacity() * sizeof(NodeId);
  s.bytes = nodeOf.capacity() * sizeof(NodeId) + subgoalCells.capacity() * sizeof(NodeId) +
            edgeBegin.capacity() * sizeof(std::uint32_t) + edgeTo.capacity() * sizeof(NodeId) +
            edgeCost.capacity() * sizeof(double) + clearance.capacity() * sizeof(clearance[0]) + foundBytes +
            rank.capacity() * sizeof(std::uint32_t) + landmarkDistance.capacity() * sizeof(LandmarkRow) +
            upBegin.capacity() * sizeof(std::uint32_t) + upArcs.capacity() * sizeof(SearchArc) +
            leafSpans.capacity() * sizeof(LeafSpan) + leaves.capacity() * sizeof(Leaf) +
            labelBegin.capacity() * sizeof(std::uint32_t) + labels.capacity() * sizeof(LabelEntry) +
            subgoalXY.capacity() * sizeof(Point) + states.capacity() * sizeof(NodeState) +
            upward.capacity() * sizeof(GoalSide) + s.coreTableBytes +
            (coreNodes.capacity() + coreIndex.capacity()) * sizeof(NodeId) + coreFromGoal.capacity() * sizeof(NodeId) +
            goalCore.capacity() * sizeof(GoalCore) + s.linkListBytes + startLinks.capacity() * sizeof(NodeId);
  const auto done = std::chrono::steady_clock::now();
  s.contractMilliseconds = std::chrono::duration<double, std::milli>(contracted - contracting).count();
  s.buildMilliseconds = std::chrono::duration<double, std::milli>(done - began).count();
}

Error SubgoalGraph::build() {
  Impl& m = *impl_;
  if (const char* why = subgoalGraphUnsupported(m.grid)) {
    m.message = std::string("the subgoal graph does not apply to ") + why;
    return Error{m.message};
  }
  const auto began = std::chrono::steady_clock::now();
  const Grid& grid = m.grid;
  const int w = grid.width(), h = grid.height();
  m.width = w;
  m.height = h;
  m.straightStep = grid.straightCost() * grid.minCost();
  m.diagonalStep = grid.diagonalCost() * grid.minCost();

  m.nodeOf.assign(grid.cellCount(), kNoNode);
  m.subgoalCells.clear();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (m.subgoalAt(x, y)) {
        m.nodeOf[grid.index(x, y)] = static_cast<NodeId>(m.subgoalCells.size());
        m.subgoalCells.push_back(grid.index(x, y));
      }
  // Clearance of a cell = 1 + its neighbour's when that neighbour is passable and no subgoal.
  m.clearance.assign(grid.cellCount(), {});
  for (int x = 0; x < w; ++x) m.clearanceColumn(x);
  for (int y = 0; y < h; ++y) m.clearanceRow(y);

  const NodeId n = static_cast<NodeId>(m.subgoalCells.size());
  m.finds.assign(n, {});
  for (NodeId s = 0; s < n; ++s) m.rescan(s);
  m.assembleEdges();
  m.finishBuild(true, began);
  return {};
}

Error SubgoalGraph::refresh() {
  Impl& m = *impl_;
  if (!m.built) {
    m.message = "the subgoal graph was not built";
    return Error{m.message};
  }
  const MapChanges changes = m.grid.changesSince(m.mark);
  if (changes.none()) return {};
  if (!changes.everything && changes.portalEnds.empty() && !subgoalGraphUnsupported(m.grid) &&
      m.grid.straightCost() * m.grid.minCost() == m.straightStep &&
      m.grid.diagonalCost() * m.grid.minCost() == m.diagonalStep) {
    m.repair(changes.cells);
    return {};
  }
  Error e = build();
  if (e) m.built = false;  // the map no longer suits the graph: queries refuse until it does
  return e;
}

bool SubgoalGraph::built() const { return impl_->built; }
void SubgoalGraph::setCoreTableLimit(std::uint32_t maxCoreSubgoals) { impl_->coreTableLimit = maxCoreSubgoals; }
void SubgoalGraph::setLinkListLimit(std::size_t bytes) { impl_->linkListLimit = bytes; }
void SubgoalGraph::links(NodeId cell, std::vector<NodeId>& out) const {
  const Impl& m = *impl_;
  out.clear();
  if (!m.built || cell >= m.grid.cellCount() || !m.grid.passable(cell)) return;
  if (m.linksKept())
    out.assign(m.linkTo.begin() + m.linkBegin[cell], m.linkTo.begin() + m.linkBegin[cell + 1]);
  else
    m.cellLinks(cell, out);
  for (NodeId& s : out) s = m.subgoalCells[s];
}
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
