// The true-clearance map (clearance.h): a full build is one pass from the bottom-right corner
// (a cell's clearance is one more than the least of its east, south and south-east
// neighbours'); a repair measures each cell an edit can reach straight from the map, so the
// order of the edits does not matter.
#include "astar/clearance.h"

#include <algorithm>

namespace astar {

namespace {

// A batch editing more than one cell in this many repairs by a rebuild: each edit reaches
// kMaxAgentSize^2 cells, so past this the repair costs as much as the one-pass build.
constexpr std::size_t kRebuildFraction = 64;

}  // namespace

void ClearanceMap::refresh(const Grid& grid) {
  const MapChanges changes = grid.changesSince(mark_);
  lastRefreshCells_ = 0;
  if (changes.none()) return;
  const std::size_t cells = grid.cellCount();
  if (changes.everything || clearance_.size() != cells || width_ != grid.width() ||
      changes.cells.size() > cells / kRebuildFraction) {
    rebuild(grid);
  } else {
    // A cell's square reaches at most kMaxAgentSize - 1 cells right of and below it, so an edit
    // at (ex, ey) changes only the cells in the kMaxAgentSize x kMaxAgentSize block ending there.
    // Portal edits change no clearance.
    for (const NodeId changed : changes.cells) {
      const int ex = grid.xOf(changed), ey = grid.yOf(changed);
      for (int y = std::max(0, ey - kMaxAgentSize + 1); y <= ey; ++y)
        for (int x = std::max(0, ex - kMaxAgentSize + 1); x <= ex; ++x) {
          clearance_[grid.index(x, y)] = measure(grid, x, y);
          ++lastRefreshCells_;
        }
    }
  }
  mark_ = grid.journalMark();
}

void ClearanceMap::rebuild(const Grid& grid) {
  width_ = grid.width();
  height_ = grid.height();
  clearance_.assign(grid.cellCount(), 0);
  const auto w = static_cast<std::size_t>(width_);
  for (int y = height_ - 1; y >= 0; --y)
    for (int x = width_ - 1; x >= 0; --x) {
      const std::size_t i = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
      if (!grid.passable(static_cast<NodeId>(i))) continue;
      const bool right = x + 1 < width_, below = y + 1 < height_;
      const int least = std::min(
          {right ? clearance_[i + 1] : 0, below ? clearance_[i + w] : 0, right && below ? clearance_[i + w + 1] : 0});
      clearance_[i] = static_cast<std::uint8_t>(std::min(least + 1, kMaxAgentSize));
    }
  lastRefreshCells_ = clearance_.size();
}

std::uint8_t ClearanceMap::measure(const Grid& grid, int x, int y) const {
  // Grow the square one ring at a time: size k + 1 adds column x + k and row y + k.
  int k = 0;
  while (k < kMaxAgentSize && x + k < width_ && y + k < height_) {
    bool free = true;
    for (int i = 0; i <= k && free; ++i) free = grid.passable(x + k, y + i) && grid.passable(x + i, y + k);
    if (!free) break;
    ++k;
  }
  return static_cast<std::uint8_t>(k);
}

const char* agentSizeProblem(const Grid& grid, int agentSize) {
  if (agentSize < kMinAgentSize || agentSize > kMaxAgentSize) return kAgentSizeRangeMessage;
  if (agentSize == 1) return nullptr;
  if (grid.hex()) return "an agent larger than one cell needs square cells (hex grids take agent size 1)";
  if (grid.wrapX() || grid.wrapY())
    return "an agent larger than one cell needs a map that does not wrap (a wrapping map takes agent size 1)";
  return nullptr;
}

}  // namespace astar
