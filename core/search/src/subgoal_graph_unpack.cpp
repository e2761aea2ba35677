// Subgoal graph unpacking: each search arc's subgoal-graph edges, flat (computeLeaves), and a
// query's path read off them (unpack). A shortcut bypasses a subgoal contracted before both its
// ends, so arcs are done in the order their owners were contracted (the core last): a
// shortcut's two halves, the bypassed subgoal's arcs to its ends, are done by then. From an
// edge's other end its shape is reversed: the straight moves come first where the diagonal
// ones did.
#include <algorithm>
#include <numeric>

#include "subgoal_graph_impl.h"

namespace astar {

bool SubgoalGraph::Impl::computeLeaves() {
  const NodeId n = static_cast<NodeId>(subgoalCells.size());
  std::vector<NodeId> byRank(n);
  std::iota(byRank.begin(), byRank.end(), 0);
  std::stable_sort(byRank.begin(), byRank.end(), [&](NodeId a, NodeId b) { return rank[a] < rank[b]; });
  leafSpans.assign(upArcs.size(), {0, 0});
  leafCells.clear();
  auto arcTo = [&](NodeId owner, NodeId head) {
    for (std::uint32_t e = upBegin[owner]; e < upBegin[owner + 1]; ++e)
      if (upArcs[e].to == head) return e;
    return std::uint32_t{kNoNode};
  };
  for (NodeId owner : byRank)
    for (std::uint32_t e = upBegin[owner]; e < upBegin[owner + 1]; ++e) {
      const SearchArc& arc = upArcs[e];
      const auto begin = static_cast<std::uint32_t>(leafCells.size());
      if (arc.middle == kNoNode) {
        const NodeId from = subgoalCells[owner], to = subgoalCells[arc.to];
        const bool diagonalFirst = shapeOpen(from, to, true);
        if (!diagonalFirst && !shapeOpen(from, to, false)) return false;
        leafCells.push_back(to | (diagonalFirst ? kDiagonalFirst : 0));
      } else {
        const std::uint32_t toOwner = arcTo(arc.middle, owner), toHead = arcTo(arc.middle, arc.to);
        if (toOwner == kNoNode || toHead == kNoNode) return false;
        const LeafSpan down = leafSpans[toOwner], up = leafSpans[toHead];
        if (down.count == 0 || up.count == 0) return false;
        // The middle's arc to the owner, walked from the owner: its cells backwards, then the
        // middle's own, each edge's shape reversed.
        for (std::uint32_t j = down.count; j-- > 0;) {
          const NodeId to = j > 0 ? leafCells[down.begin + j - 1] & ~kDiagonalFirst : subgoalCells[arc.middle];
          const bool diagonalFirst = (leafCells[down.begin + j] & kDiagonalFirst) == 0;
          leafCells.push_back(to | (diagonalFirst ? kDiagonalFirst : 0));
        }
        for (std::uint32_t j = 0; j < up.count; ++j) {
          const NodeId leaf = leafCells[up.begin + j];
          leafCells.push_back(leaf);
        }
      }
      leafSpans[e] = {begin, static_cast<std::uint32_t>(leafCells.size()) - begin};
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
  const NodeId* leaves = leafCells.data() + span.begin;
  NodeId at = subgoalCells[a];
  if (fromOwner) {
    for (std::uint32_t j = 0; j < span.count; ++j) {
      const NodeId to = leaves[j] & ~kDiagonalFirst;
      appendShape(at, to, (leaves[j] & kDiagonalFirst) != 0, out);
      at = to;
    }
  } else {
    for (std::uint32_t j = span.count; j-- > 0;) {
      const NodeId to = j > 0 ? leaves[j - 1] & ~kDiagonalFirst : subgoalCells[b];
      appendShape(at, to, (leaves[j] & kDiagonalFirst) == 0, out);
      at = to;
    }
  }
  return true;
}

}  // namespace astar
