// FlowField: multi-goal reverse Dijkstra with incremental repair.
//
// Repair after edits (cells, portals, goals): every node whose outgoing edges may have
// changed is a "source". A source whose next step no longer exists, got dearer or lost its
// goal breaks, and so does everything routed through it (found by walking predecessors whose
// next step is a broken node): those are raised to unreachable. Broken nodes and sources are
// then re-seeded from their intact neighbours and a Dijkstra lowers from there. The result
// has the distances of a fresh build (edges only change at sources, so every other node's
// old route is either intact or runs through a broken node).
#include "astar/flow_field.h"

#include <algorithm>
#include <string>

namespace astar {

namespace {
constexpr std::uint32_t kNotInHeap = 0xFFFFFFFFu;

Error checkGoal(const Grid& grid, NodeId goal) {
  if (goal < grid.cellCount()) return {};
  return Error{"goal cell " + std::to_string(goal) + " is outside the " + std::to_string(grid.width()) + " x " +
               std::to_string(grid.height()) + " grid"};
}
}  // namespace

// ---- heap ----

void FlowField::siftUp(std::uint32_t i) {
  const NodeId n = heap_[i];
  const double key = distance_[n];
  while (i > 0) {
    const std::uint32_t parent = (i - 1) / 2;
    const NodeId p = heap_[parent];
    if (!(key < distance_[p])) break;
    heap_[i] = p;
    heapPos_[p] = i;
    i = parent;
  }
  heap_[i] = n;
  heapPos_[n] = i;
}

void FlowField::siftDown(std::uint32_t i) {
  const NodeId n = heap_[i];
  const double key = distance_[n];
  const std::uint32_t size = static_cast<std::uint32_t>(heap_.size());
  for (;;) {
    std::uint32_t child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && distance_[heap_[child + 1]] < distance_[heap_[child]]) ++child;
    if (!(distance_[heap_[child]] < key)) break;
    heap_[i] = heap_[child];
    heapPos_[heap_[i]] = i;
    i = child;
  }
  heap_[i] = n;
  heapPos_[n] = i;
}

void FlowField::heapPush(NodeId n) {
  if (heapPos_[n] == kNotInHeap) {
    heap_.push_back(n);  // capacity reserved for every node at build
    siftUp(static_cast<std::uint32_t>(heap_.size() - 1));
  } else {
    siftUp(heapPos_[n]);  // keys only ever decrease while queued
  }
}

NodeId FlowField::heapPop() {
  const NodeId top = heap_.front();
  heapPos_[top] = kNotInHeap;
  const NodeId last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    heap_[0] = last;
    siftDown(0);
  }
  return top;
}

void FlowField::settle(const Grid& grid) {
  std::uint64_t settled = 0;
  while (!heap_.empty()) {
    const NodeId v = heapPop();
    const double dv = distance_[v];
    ++settled;
    grid.forEachPredecessor(v, [&](NodeId p, double stepCost) {
      const double candidate = dv + stepCost;
      if (candidate < distance_[p]) {
        distance_[p] = candidate;
        next_[p] = v;
        heapPush(p);
      }
    });
  }
  stats_.lastTouched += settled;
}

// ---- build ----

// Whether the field can be repaired from the grid's journal (else it is rebuilt).
// A k x k agent's field has no repair: it is rebuilt.
bool FlowField::follows(const Grid& grid) const {
  return agentSize_ == 1 && !empty() && !grid.changesSince(seen_).everything;
}

void FlowField::rebuild(const Grid& grid) {
  width_ = grid.width();
  height_ = grid.height();
  const NodeId cells = grid.cellCount();
  distance_.assign(cells, kUnreachable);
  next_.assign(cells, kNoNode);
  heapPos_.assign(cells, kNotInHeap);
  heap_.clear();
  heap_.reserve(cells);
  invalid_.clear();
  invalid_.reserve(cells);
  mark_.assign(cells, 0);
  markStamp_ = 0;
  maxSources_ = std::max<std::size_t>(64, cells / 8);
  sources_.clear();
  // A cell edit marks at most 9 cells plus the far ends of its portals.
  sources_.reserve(maxSources_ + 9 + 2 * static_cast<std::size_t>(kMaxPortals) + 2);

  // Goal ids that no longer fit (after a resize) are dropped; duplicates too.
  goalFlag_.assign(cells, 0);
  std::size_t kept = 0;
  for (const NodeId g : goals_) {
    if (g >= cells || goalFlag_[g]) continue;
    goalFlag_[g] = 1;
    goals_[kept++] = g;
  }
  goals_.resize(kept);

  seen_ = grid.journalMark();
  stats_.lastTouched = 0;
  stats_.lastInvalidated = 0;
  if (agentSize_ > 1) clearance_.refresh(grid);
  for (const NodeId g : goals_) {
    if (!standsOn(grid, g)) continue;
    distance_[g] = 0.0;
    heapPush(g);
  }
  if (agentSize_ > 1)
    settleSized(grid);
  else
    settle(grid);
  ++stats_.builds;
  stats_.lastWasRebuild = true;
}

Error FlowField::build(const Grid& grid, std::span<const NodeId> goals) {
  for (const NodeId g : goals) {
    if (Error e = checkGoal(grid, g)) return e;
  }
  goals_.assign(goals.begin(), goals.end());
  rebuild(grid);
  return {};
}

// ---- repair ----

void FlowField::markSource(NodeId n) {
  if (mark_[n] == markStamp_) return;
  mark_[n] = markStamp_;
  sources_.push_back(n);
}

void FlowField::markAroundCell(const Grid& grid, NodeId c) {
  // Edges into c, out of c, and diagonal moves whose corner rule looks at c all start
  // within one step of c; portal edges into c start at the portal's other end.
  const int w = width_, h = height_;
  const int cx = grid.xOf(c), cy = grid.yOf(c);
  for (int dy = -1; dy <= 1; ++dy) {
    int y = cy + dy;
    if (y < 0 || y >= h) {
      if (!grid.wrapY()) continue;
      y = (y + h) % h;
    }
    for (int dx = -1; dx <= 1; ++dx) {
      int x = cx + dx;
      if (x < 0 || x >= w) {
        if (!grid.wrapX()) continue;
        x = (x + w) % w;
      }
      markSource(grid.index(x, y));
    }
  }
  for (const Portal& p : grid.portals()) {
    if (p.to == c) markSource(p.from);
    if (p.twoWay && p.from == c) markSource(p.to);
  }
}

void FlowField::repair(const Grid& grid) {
  stats_.lastTouched = 0;
  stats_.lastWasRebuild = false;
  ++stats_.repairs;

  // 1. Which sources lost their route? (reads only: old distances are still in place)
  invalid_.clear();
  for (const NodeId u : sources_) {
    if (distance_[u] == kUnreachable) continue;
    if (!grid.passable(u) || (next_[u] == kNoNode && !goalFlag_[u])) {
      invalid_.push_back(u);  // now a wall, or a goal no more
      continue;
    }
    if (next_[u] == kNoNode) continue;  // still a goal
    const NodeId v = next_[u];
    const double target = distance_[u];
    bool intact = false;
    grid.forEachNeighbor(u, [&](NodeId m, double stepCost) {
      if (m == v && distance_[v] + stepCost <= target) intact = true;
    });
    if (!intact) invalid_.push_back(u);
  }

  // 2. Raise: everything whose next-step chain runs through a broken node.
  for (const NodeId u : invalid_) {
    distance_[u] = kUnreachable;
    next_[u] = kNoNode;
  }
  for (std::size_t i = 0; i < invalid_.size(); ++i) {
    const NodeId x = invalid_[i];
    if (!grid.passable(x)) continue;  // its old children are sources and were checked above
    grid.forEachPredecessor(x, [&](NodeId p, double) {
      if (next_[p] != x) return;
      distance_[p] = kUnreachable;
      next_[p] = kNoNode;
      invalid_.push_back(p);  // capacity reserved for every node at build
    });
  }
  stats_.lastInvalidated = invalid_.size();
  stats_.lastTouched += invalid_.size();

  // 3. Seed broken nodes and sources from their intact neighbours, then lower.
  auto seed = [&](NodeId u) {
    double best = distance_[u];
    NodeId bestNext = kNoNode;
    grid.forEachNeighbor(u, [&](NodeId m, double stepCost) {
      const double candidate = distance_[m] + stepCost;
      if (candidate < best) {
        best = candidate;
        bestNext = m;
      }
    });
    if (bestNext == kNoNode) return;
    distance_[u] = best;
    next_[u] = bestNext;
    heapPush(u);
  };
  for (const NodeId x : invalid_) {
    if (grid.passable(x) && !goalFlag_[x]) seed(x);
  }
  for (const NodeId u : sources_) {
    if (!grid.passable(u)) continue;
    if (goalFlag_[u]) {
      if (distance_[u] != 0.0 || next_[u] != kNoNode) {
        distance_[u] = 0.0;
        next_[u] = kNoNode;
        heapPush(u);
      }
    } else {
      seed(u);
    }
  }
  settle(grid);
}

void FlowField::beginMarks() {
  sources_.clear();
  if (++markStamp_ == 0) {
    std::fill(mark_.begin(), mark_.end(), 0u);
    markStamp_ = 1;
  }
}

void FlowField::sync(const Grid& grid) {
  if (agentSize_ > 1) {  // rebuilt after any change, and only then
    if (empty() || !grid.changesSince(seen_).none()) rebuild(grid);
    sources_.clear();
    return;
  }
  if (!follows(grid)) {
    rebuild(grid);
    return;
  }
  const MapChanges changes = grid.changesSince(seen_);
  if (sources_.empty() && changes.none()) return;
  // A changed portal adds or removes an edge out of each end.
  for (const NodeId n : changes.portalEnds) markSource(n);
  for (const NodeId n : changes.cells) {
    if (tooManySources()) break;
    markAroundCell(grid, n);
  }
  if (tooManySources()) {
    rebuild(grid);
    return;
  }
  seen_ = grid.journalMark();
  repair(grid);
  sources_.clear();
}

void FlowField::update(const Grid& grid) {
  beginMarks();
  sync(grid);
}

// ---- goals ----

Error FlowField::addGoal(const Grid& grid, NodeId goal) {
  if (Error e = checkGoal(grid, goal)) return e;
  if (!follows(grid)) {
    goals_.push_back(goal);
    rebuild(grid);
    return {};
  }
  beginMarks();
  if (!goalFlag_[goal]) {
    goalFlag_[goal] = 1;
    goals_.push_back(goal);
    markSource(goal);
  }
  sync(grid);
  return {};
}

Error FlowField::removeGoal(const Grid& grid, NodeId goal) {
  if (Error e = checkGoal(grid, goal)) return e;
  const auto it = std::find(goals_.begin(), goals_.end(), goal);
  if (it == goals_.end()) return Error{"cell " + std::to_string(goal) + " is not a goal"};
  goals_.erase(it);
  if (!follows(grid)) {
    rebuild(grid);
    return {};
  }
  beginMarks();
  goalFlag_[goal] = 0;
  markSource(goal);
  sync(grid);
  return {};
}

Error FlowField::setGoals(const Grid& grid, std::span<const NodeId> goals) {
  for (const NodeId g : goals) {
    if (Error e = checkGoal(grid, g)) return e;
  }
  if (!follows(grid)) return build(grid, goals);
  beginMarks();
  for (const NodeId g : goals_) {
    goalFlag_[g] = 0;
    markSource(g);
  }
  goals_.clear();
  for (const NodeId g : goals) {
    if (goalFlag_[g]) continue;
    goalFlag_[g] = 1;
    goals_.push_back(g);
    markSource(g);
  }
  sync(grid);
  return {};
}

}  // namespace astar
