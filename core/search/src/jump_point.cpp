// Jump point search: bitset construction and goal marks. The scans are inline in jump_point.h.
#include "jump_point.h"

#include <algorithm>

namespace astar {

bool JumpPointSuccessors::uniformRules(const Grid& grid, double& cellCost) {
  return grid.diagonal() == DiagonalMovement::OnlyWhenNoObstacles && uniformCost(grid, cellCost);
}

// Uniform cost over passable cells, and the map features under which the pruning is exact.
bool JumpPointSuccessors::uniformCost(const Grid& grid, double& cellCost) {
  if (grid.hex() || grid.wrapX() || grid.wrapY() || !grid.portals().empty() || grid.hasOneWayCells()) return false;
  cellCost = 0.0;
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    if (!grid.passable(n)) continue;
    if (cellCost == 0.0)
      cellCost = grid.cost(n);
    else if (grid.cost(n) != cellCost)
      return false;
  }
  if (cellCost == 0.0) cellCost = 1.0;  // no passable cell: any cost will do
  return true;
}

bool JumpPointSuccessors::rules(const Grid& grid, double& cellCost) {
  if (grid.diagonal() == DiagonalMovement::Never) return uniformCost(grid, cellCost);
  return uniformRules(grid, cellCost);
}

bool JumpPointSuccessors::applicable(const Grid& grid) {
  double cellCost = 0.0;
  return rules(grid, cellCost);
}

bool JumpPointSuccessors::prepare(const Grid& grid) {
  if (grid_ == &grid && seen_ == grid.journalMark() && width_ == grid.width() && height_ == grid.height())
    return applicable_;
  grid_ = &grid;
  seen_ = grid.journalMark();
  width_ = grid.width();
  height_ = grid.height();
  goals_.clear();
  double cellCost = 1.0;
  applicable_ = rules(grid, cellCost);
  fourConnected_ = grid.diagonal() == DiagonalMovement::Never;
  straightStep_ = grid.straightCost() * cellCost;
  diagonalStep_ = grid.diagonalCost() * cellCost;

  // Lines are padded with a zero word on each side; lines -1 and size are all zero.
  rowStride_ = static_cast<std::size_t>((width_ + 63) / 64) + 2;
  colStride_ = static_cast<std::size_t>((height_ + 63) / 64) + 2;
  const std::size_t rowWords = rowStride_ * static_cast<std::size_t>(height_ + 2);
  const std::size_t colWords = colStride_ * static_cast<std::size_t>(width_ + 2);
  rows_.assign(rowWords, 0);
  cols_.assign(colWords, 0);
  goalRows_.assign(rowWords, 0);
  goalCols_.assign(colWords, 0);
  if (!applicable_) return false;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      if (!grid.passable(grid.index(x, y))) continue;
      rows_[static_cast<std::size_t>(y + 1) * rowStride_ + static_cast<std::size_t>(x / 64 + 1)] |= Word{1} << (x % 64);
      cols_[static_cast<std::size_t>(x + 1) * colStride_ + static_cast<std::size_t>(y / 64 + 1)] |= Word{1} << (y % 64);
    }
  }
  return true;
}

void JumpPointSuccessors::markGoal(NodeId n, bool on) {
  const int x = grid_->xOf(n), y = grid_->yOf(n);
  const std::size_t r = static_cast<std::size_t>(y + 1) * rowStride_ + static_cast<std::size_t>(x / 64 + 1);
  const std::size_t c = static_cast<std::size_t>(x + 1) * colStride_ + static_cast<std::size_t>(y / 64 + 1);
  const Word rb = Word{1} << (x % 64), cb = Word{1} << (y % 64);
  if (on) {
    goalRows_[r] |= rb;
    goalCols_[c] |= cb;
  } else {
    goalRows_[r] &= ~rb;
    goalCols_[c] &= ~cb;
  }
}

void JumpPointSuccessors::setGoals(std::span<const NodeId> goals) {
  if (grid_ == nullptr) return;
  for (NodeId g : goals_) markGoal(g, false);
  goals_.clear();
  const NodeId cells = static_cast<NodeId>(width_) * static_cast<NodeId>(height_);
  for (NodeId g : goals) {
    if (g >= cells) continue;
    markGoal(g, true);
    goals_.push_back(g);
  }
}

std::size_t JumpPointSuccessors::bytes() const {
  return (rows_.size() + cols_.size() + goalRows_.size() + goalCols_.size()) * sizeof(Word) +
         goals_.capacity() * sizeof(NodeId);
}

}  // namespace astar
