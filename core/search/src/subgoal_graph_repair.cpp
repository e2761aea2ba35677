// Subgoal graph repair after edits (refresh() when the journal lists changed cells under the same
// rules). What an edit can change:
// - subgoals: only the edited cells and their 8 neighbours (corner status reads nothing further);
// - clearances: only along the rows and columns of cells whose state (passable, subgoal) changed;
// - edges: a subgoal's scan is a fixed sequence of reads of cell states, so its finds change only
//   when it reads a changed cell. Every cell a scan reads is one step past a run of open cells
//   (passable, no subgoal) that goes diagonally from the subgoal, then straight along one of that
//   diagonal's two cardinal directions. Walking such runs backwards from each changed cell
//   (straight, then diagonally, through open cells) reaches every subgoal whose scan can read it,
//   and a few more: those are scanned again, and their finds replace the old ones;
// - link lists (subgoal_graph_links.cpp): likewise only of the cells those walks pass (every cell
//   on them may scan through a changed cell) and of the changed cells; the others' are renumbered.
//   On open maps the walks pass many cells: the lists made a repair 74 -> 97 ms on AR0011SR, 313 ->
//   410 ms on Aftershock (subgoal_repair_bench).
// The contraction hierarchy is then built again over the repaired graph (contract(): it is not
// local, since a node's order depends on its neighbours' contraction); stats say how long each took.
#include <algorithm>
#include <chrono>
#include <iterator>
#include <utility>

#include "subgoal_graph_impl.h"

namespace astar {

void SubgoalGraph::Impl::repair(std::span<const NodeId> cells) {
  const auto began = std::chrono::steady_clock::now();
  // 1. Subgoal status around the edited cells; `changed`: cells whose state may differ.
  std::vector<NodeId> changed(cells.begin(), cells.end());
  std::vector<NodeId> added, removed;
  for (NodeId c : cells) {
    const int cx = grid.xOf(c), cy = grid.yOf(c);
    for (int y = cy - 1; y <= cy + 1; ++y)
      for (int x = cx - 1; x <= cx + 1; ++x) {
        if (!grid.contains(x, y)) continue;
        const NodeId cell = grid.index(x, y);
        const bool now = subgoalAt(x, y);
        if (now == isSubgoal(cell)) continue;
        (now ? added : removed).push_back(cell);
        nodeOf[cell] = now ? 0 : kNoNode;  // renumbered below
        changed.push_back(cell);
      }
  }
  std::sort(changed.begin(), changed.end());
  changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
  std::sort(added.begin(), added.end());  // each cell once: it was compared with its final state
  std::sort(removed.begin(), removed.end());

  // 2. Renumber: the subgoals stay in ascending cell order, each keeping its found list.
  std::vector<NodeId> cellsBefore;
  cellsBefore.swap(subgoalCells);
  std::vector<std::vector<NodeId>> foundBefore;
  foundBefore.swap(finds);
  std::vector<NodeId> kept;
  kept.reserve(cellsBefore.size());
  std::set_difference(cellsBefore.begin(), cellsBefore.end(), removed.begin(), removed.end(), std::back_inserter(kept));
  subgoalCells.reserve(kept.size() + added.size());
  std::merge(kept.begin(), kept.end(), added.begin(), added.end(), std::back_inserter(subgoalCells));
  finds.resize(subgoalCells.size());
  for (NodeId old = 0, s = 0; old < cellsBefore.size(); ++old) {
    const NodeId cell = cellsBefore[old];
    if (std::binary_search(removed.begin(), removed.end(), cell)) continue;
    while (subgoalCells[s] != cell) ++s;
    finds[s].swap(foundBefore[old]);
  }
  for (NodeId s = 0; s < subgoalCells.size(); ++s) nodeOf[subgoalCells[s]] = s;

  // 3. Clearances along the rows and columns of changed cells.
  std::vector<int> columns, rows;
  for (NodeId c : changed) {
    columns.push_back(grid.xOf(c));
    rows.push_back(grid.yOf(c));
  }
  for (std::vector<int>* lines : {&columns, &rows}) {
    std::sort(lines->begin(), lines->end());
    lines->erase(std::unique(lines->begin(), lines->end()), lines->end());
  }
  for (int x : columns) clearanceColumn(x);
  for (int y : rows) clearanceRow(y);

  // 4. The subgoals whose scans may read a changed cell, found backwards through open cells;
  // and every new subgoal.
  // The same walks find the cells whose link lists may change (`touched`): every cell they pass
  // scans through them.
  std::vector<std::uint8_t> again(subgoalCells.size(), 0);
  for (NodeId cell : added) again[nodeOf[cell]] = 1;
  std::vector<std::uint8_t> touched(linksKept() ? grid.cellCount() : 0, 0);
  auto touch = [&](NodeId cell) {
    if (!touched.empty()) touched[cell] = 1;
  };
  for (NodeId c : changed) touch(c);
  auto openCell = [&](int x, int y) { return grid.passable(x, y) && !isSubgoal(grid.index(x, y)); };
  auto backDiagonally = [&](int x, int y, int dx, int dy) {  // from (x, y), excluded, along -(dx, dy)
    for (x -= dx, y -= dy; grid.contains(x, y); x -= dx, y -= dy) {
      const NodeId cell = grid.index(x, y);
      if (isSubgoal(cell)) {
        again[nodeOf[cell]] = 1;
        touch(cell);
        return;
      }
      if (!grid.passable(cell)) return;
      touch(cell);
    }
  };
  for (NodeId c : changed) {
    const int cx = grid.xOf(c), cy = grid.yOf(c);
    for (int d = NorthEast; d <= NorthWest; ++d) {
      const int dx = kDirectionX[d], dy = kDirectionY[d];
      backDiagonally(cx, cy, dx, dy);  // read as the next diagonal cell
      for (const auto& [sx, sy] : {std::pair{dx, 0}, std::pair{0, dy}}) {
        // Read at the end of a straight run: its cells, back from c, then the diagonal before each.
        for (int x = cx - sx, y = cy - sy; grid.contains(x, y); x -= sx, y -= sy) {
          const NodeId cell = grid.index(x, y);
          if (isSubgoal(cell)) {
            again[nodeOf[cell]] = 1;
            touch(cell);
            break;
          }
          if (!openCell(x, y)) break;
          touch(cell);
          backDiagonally(x, y, dx, dy);
        }
      }
    }
  }
  std::uint32_t rescanned = 0;
  for (NodeId s = 0; s < subgoalCells.size(); ++s)
    if (again[s]) {
      rescan(s);
      ++rescanned;
    }
  assembleEdges();
  repairLinks(touched, cellsBefore);
  stats.rescanned = rescanned;
  finishBuild(false, began);
}

}  // namespace astar
