// Subgoal graph unpacking: each search arc's subgoal-graph edges, flat (computeLeaves), and a
// query's path read off them (unpack). A shortcut bypasses a subgoal contracted before both its
// ends, so arcs are done in the order their owners were contracted (the core last): a
// shortcut's two halves, the bypassed subgoal's arcs to its ends, are done by then. From an
// edge's other end its moves are reversed (reversedLeaf).
#include <algorithm>
#include <numeric>

#include "subgoal_graph_impl.h"

namespace astar {

bool SubgoalGraph::Impl::computeLeaves() {
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  std::vector<NodeId> byRank(n);
  std::iota(byRank.begin(), byRank.end(), 0);
  std::stable_sort(byRank.begin(), byRank.end(), [&](NodeId a, NodeId b) { return rank[a] < rank[b]; });
  leafSpans.assign(upArcs.size(), {0, 0, 0});
  leaves.clear();
  auto arcTo = [&](NodeId owner, NodeId head) {
    for (std::uint32_t e = upBegin[owner]; e < upBegin[owner + 1]; ++e)
      if (upArcs[e].to == head) return e;
    return std::uint32_t{kNoNode};
  };
  for (NodeId owner : byRank)
    for (std::uint32_t e = upBegin[owner]; e < upBegin[owner + 1]; ++e) {
      const SearchArc& arc = upArcs[e];
      const auto begin = static_cast<std::uint32_t>(leaves.size());
      std::uint32_t cells = 0;
      if (arc.middle == kNoNode) {
        const NodeId from = subgoalCells[owner], to = subgoalCells[arc.to];
        const bool diagonalFirst = shapeOpen(from, to, true);
        if (!diagonalFirst && !shapeOpen(from, to, false)) return false;
        const Leaf leaf = shapeLeaf(grid.xOf(to) - grid.xOf(from), grid.yOf(to) - grid.yOf(from), diagonalFirst);
        leaves.push_back(leaf);
        cells = static_cast<std::uint32_t>(leafLength(leaf));
      } else {
        const std::uint32_t toOwner = arcTo(arc.middle, owner), toHead = arcTo(arc.middle, arc.to);
        if (toOwner == kNoNode || toHead == kNoNode) return false;
        const LeafSpan down = leafSpans[toOwner], up = leafSpans[toHead];
        if (down.count == 0 || up.count == 0) return false;
        // The middle's arc to the owner, walked from the owner (its edges in reverse order, each
        // reversed), then the middle's arc to the head.
        for (std::uint32_t j = down.count; j-- > 0;) leaves.push_back(reversedLeaf(leaves[down.begin + j]));
        for (std::uint32_t j = 0; j < up.count; ++j) leaves.push_back(leaves[up.begin + j]);
        cells = down.cells + up.cells;
      }
      leafSpans[e] = {begin, static_cast<std::uint32_t>(leaves.size()) - begin, cells};
    }
  return true;
}

bool SubgoalGraph::Impl::unpack(NodeId a, NodeId b, std::vector<NodeId>& out) const {
  if (leafSpans.size() != upArcs.size()) return false;
  std::uint32_t arc = kNoNode;
  bool fromOwner = true;
  for (const auto& [owner, head] : {std::pair{a, b}, std::pair{b, a}}) {
    for (std::uint32_t e = upBegin[owner]; e < upBegin[owner + 1] && arc == kNoNode; ++e)
      if (upArcs[e].to == head) arc = e;
    if (arc != kNoNode) break;
    fromOwner = false;
  }
  if (arc == kNoNode) return false;
  const LeafSpan span = leafSpans[arc];
  const Leaf* arcLeaves = leaves.data() + span.begin;
  // The path grows once per arc and each edge's moves are written in place, from its leaf
  // alone: on maze512-1-0 a query's path is about 2,400 cells over 800 edges, and growing it
  // edge by edge (a resize, a call and the shape's coordinates per edge) was most of the query.
  const std::size_t at = out.size();
  out.resize(at + span.cells + kShapeSlack);
  NodeId* cell = out.data() + at;
  NodeId* const end = cell + span.cells;
  const DirectionSteps steps = directionSteps(grid.width());
  std::int64_t index = subgoalCells[a];
  bool fits = true;
  auto walk = [&](Leaf leaf) {
    if (end - cell < leafLength(leaf)) {
      fits = false;
      return;
    }
    cell = writeLeaf(cell, index, steps, leaf);
  };
  if (fromOwner) {
    for (std::uint32_t j = 0; j < span.count && fits; ++j) walk(arcLeaves[j]);
  } else {
    for (std::uint32_t j = span.count; j-- > 0 && fits;) walk(reversedLeaf(arcLeaves[j]));
  }
  out.resize(at + span.cells);
  // The spans were counted at build from the same edges: a mismatch would be a bug.
  return fits && cell == end && index == subgoalCells[b];
}

}  // namespace astar
