// The evolution lab's shared pieces: fitness, distance estimate and loop removal (evolution.h).
#include "astar/evolution.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace astar {

namespace {

// Distance in steps between two cells given as coordinates (no wrap).
double stepsBetween(const Grid& grid, int ax, int ay, int bx, int by) {
  if (grid.hex()) {
    // odd-r offset to cube coordinates (Red Blob Games), then the cube distance.
    const int aq = ax - (ay - (ay & 1)) / 2, bq = bx - (by - (by & 1)) / 2;
    const int dq = aq - bq, dr = ay - by;
    return 0.5 * static_cast<double>(std::abs(dq) + std::abs(dr) + std::abs(dq + dr));  // the sum is even
  }
  const int dx = std::abs(ax - bx), dy = std::abs(ay - by);
  if (grid.diagonal() == DiagonalMovement::Never) return static_cast<double>(dx + dy);
  const int lo = std::min(dx, dy), hi = std::max(dx, dy);
  return static_cast<double>(hi - lo) + static_cast<double>(lo) * (grid.diagonalCost() / grid.straightCost());
}

}  // namespace

double labDistance(const Grid& grid, NodeId a, NodeId b) {
  const int ax = grid.xOf(a), ay = grid.yOf(a), bx = grid.xOf(b), by = grid.yOf(b);
  double best = stepsBetween(grid, ax, ay, bx, by);
  const int w = grid.width(), h = grid.height();
  for (int sx = -1; sx <= 1; ++sx) {
    if (sx != 0 && !grid.wrapX()) continue;
    for (int sy = -1; sy <= 1; ++sy) {
      if (sy != 0 && !grid.wrapY()) continue;
      best = std::min(best, stepsBetween(grid, ax, ay, bx + sx * w, by + sy * h));
    }
  }
  return best * grid.straightCost() * grid.minCost();
}

double labFitness(const Grid& grid, std::span<const NodeId> path, double cost, NodeId goal) {
  if (!path.empty() && path.back() == goal) return cost;
  const NodeId end = path.empty() ? goal : path.back();
  return cost + kLabMissPenalty * (labDistance(grid, end, goal) + grid.straightCost() * grid.minCost());
}

Error labQueryProblem(const Grid& grid, NodeId start, NodeId goal) {
  if (grid.cellCount() > kLabMaxCells)
    return Error{"the lab runs on maps of at most " + std::to_string(kLabMaxCells) + " cells"};
  if (start >= grid.cellCount() || !grid.passable(start)) return Error{"the start must be a passable cell"};
  if (goal >= grid.cellCount() || !grid.passable(goal)) return Error{"the goal must be a passable cell"};
  return {};
}

Error labWorkProblem(const char* who, std::uint32_t population, std::uint32_t steps) {
  const std::uint64_t work = static_cast<std::uint64_t>(population) * steps;
  if (work <= kLabMaxWorkPerGeneration) return {};
  return Error{std::string(who) + " x walk length must be at most " + std::to_string(kLabMaxWorkPerGeneration) +
               " per generation (got " + std::to_string(work) + ")"};
}

std::uint32_t labDefaultSteps(const Grid& grid) {
  std::uint32_t passable = 0;
  for (NodeId n = 0; n < grid.cellCount(); ++n) passable += grid.passable(n) ? 1u : 0u;
  return std::max<std::uint32_t>(4 * passable, 1);
}

void removeLoops(std::vector<NodeId>& path, std::vector<std::uint32_t>& mark) {
  // mark[cell] = 1 + the cell's index in the loop-free prefix written so far (0: not in it).
  if (mark.size() < path.size() || mark.empty()) mark.resize(std::max<std::size_t>(mark.size(), 1), 0);
  std::size_t out = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const NodeId c = path[i];
    if (c >= mark.size()) mark.resize(static_cast<std::size_t>(c) + 1, 0);
    if (mark[c] != 0) {
      const std::size_t keep = mark[c];  // c stays at index keep - 1
      for (std::size_t j = keep; j < out; ++j) mark[path[j]] = 0;
      out = keep;
      continue;
    }
    path[out++] = c;
    mark[c] = static_cast<std::uint32_t>(out);
  }
  path.resize(out);
  for (NodeId c : path) mark[c] = 0;
}

}  // namespace astar
