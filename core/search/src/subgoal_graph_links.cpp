// Subgoal graph link lists: per cell, the subgoals its clearance scan finds, which a query joins
// the start and the goal to. Read from a list, a query's two joins cost a few contiguous reads
// instead of two scans, whose diagonal steps each read another row (on open maps, half of a
// query with cold caches). The lists cost 4 bytes a link (AR0011SR 37 links a cell, 17 MiB;
// Paris_0_1024 66, 200 MiB), so they are kept only while they fit linkListLimit bytes; a map
// whose lists would not fit is joined by its scans, as before. A list leaves out the other end of
// the query (the scans treat it as a subgoal): the query only joins after refine() found no open
// octile path between the two, and a scan that found the other end would have walked one.
#include <algorithm>
#include <limits>
#include <vector>

#include "subgoal_graph_impl.h"

namespace astar {

void SubgoalGraph::Impl::cellLinks(NodeId cell, std::vector<NodeId>& out) const {
  out.clear();
  scan(cell, kNoNode, [&](NodeId found) { out.push_back(nodeOf[found]); });
  std::sort(out.begin(), out.end());  // the scan may find a subgoal twice
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void SubgoalGraph::Impl::computeLinks() {
  std::vector<std::uint32_t>().swap(linkBegin);
  std::vector<NodeId>().swap(linkTo);
  const NodeId cells = grid.cellCount();
  if (linkListLimit == 0 || cells == 0) return;
  // First a sample of the cells (every 61st: a prime stride, so the sample does not keep to a few
  // columns) estimates the lists' size, so a map whose lists would not fit is not scanned whole
  // for nothing.
  constexpr NodeId kSampleStride = 61;
  std::vector<NodeId> links;
  std::uint64_t sampled = 0;
  for (NodeId c = 0; c < cells; c += kSampleStride)
    if (grid.passable(c)) {
      cellLinks(c, links);
      sampled += links.size();
    }
  const double estimate = static_cast<double>(sampled) * kSampleStride * sizeof(NodeId) +
                          (static_cast<double>(cells) + 1) * sizeof(std::uint32_t);
  if (estimate > static_cast<double>(linkListLimit)) return;
  linkBegin.assign(static_cast<std::size_t>(cells) + 1, 0);
  for (NodeId c = 0; c < cells; ++c) {
    if (grid.passable(c)) {
      cellLinks(c, links);
      linkTo.insert(linkTo.end(), links.begin(), links.end());
      if (!withinLimit(linkTo.size())) break;  // the sample was off: finishLinks drops them
    }
    linkBegin[c + 1] = static_cast<std::uint32_t>(linkTo.size());
  }
  finishLinks();
}

void SubgoalGraph::Impl::repairLinks(const std::vector<std::uint8_t>& touched, std::span<const NodeId> cellsBefore) {
  if (linkBegin.empty()) return;  // not kept: the query scans
  const NodeId cells = grid.cellCount();
  // Each old subgoal index's new one; the others' lists are copied as they are when no subgoal
  // came or went (most edits: a wall inside a room).
  std::vector<NodeId> renumbered(cellsBefore.size());
  bool same = cellsBefore.size() == subgoalCells.size();
  for (std::size_t old = 0; old < cellsBefore.size(); ++old) {
    renumbered[old] = nodeOf[cellsBefore[old]];
    same = same && renumbered[old] == old;
  }
  std::vector<std::uint32_t> begin(static_cast<std::size_t>(cells) + 1, 0);
  std::vector<NodeId> to, links;
  to.reserve(linkTo.size() + linkTo.size() / 64);
  for (NodeId c = 0; c < cells;) {
    if (touched[c]) {
      if (grid.passable(c)) {
        cellLinks(c, links);
        to.insert(to.end(), links.begin(), links.end());
        if (!withinLimit(to.size())) {  // grown past the limit: the query scans from now on
          std::vector<std::uint32_t>().swap(linkBegin);
          std::vector<NodeId>().swap(linkTo);
          return;
        }
      }
      begin[++c] = static_cast<std::uint32_t>(to.size());
      continue;
    }
    // A run of cells whose scans read no changed cell: they find the same subgoals, renumbered
    // (in the same order: subgoals stay in ascending cell order).
    NodeId end = c;
    while (end < cells && !touched[end]) ++end;
    const std::uint32_t from = linkBegin[c], shift = static_cast<std::uint32_t>(to.size()) - from;
    if (same) {
      to.insert(to.end(), linkTo.begin() + from, linkTo.begin() + linkBegin[end]);
    } else {
      for (std::uint32_t e = from; e < linkBegin[end]; ++e) to.push_back(renumbered[linkTo[e]]);
    }
    for (; c < end; ++c) begin[c + 1] = linkBegin[c + 1] + shift;
  }
  linkBegin.swap(begin);
  linkTo.swap(to);
  finishLinks();
}

bool SubgoalGraph::Impl::withinLimit(std::size_t links) const {
  // Offsets are 32-bit, whatever the limit.
  return links <= std::numeric_limits<std::uint32_t>::max() &&
         links * sizeof(NodeId) + linkBegin.size() * sizeof(std::uint32_t) <= linkListLimit;
}

void SubgoalGraph::Impl::finishLinks() {
  if (!withinLimit(linkTo.size())) {
    std::vector<std::uint32_t>().swap(linkBegin);  // over the limit after all: the query scans
    std::vector<NodeId>().swap(linkTo);
    return;
  }
  linkTo.shrink_to_fit();
  // The longest list, so that a query's copy of the start's never allocates.
  std::uint32_t longest = 0;
  for (std::size_t c = 0; c + 1 < linkBegin.size(); ++c) longest = std::max(longest, linkBegin[c + 1] - linkBegin[c]);
  startLinks.reserve(std::size_t{longest} + 1);
}

}  // namespace astar
