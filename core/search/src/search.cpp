// Search: the one search loop (A*, weighted A*, Dijkstra, greedy, BFS, DFS, JPS, JPS+, Theta*,
// Lazy Theta*) over any space. The algorithms differ only in the key they order the open list
// by and in whether a better path to a seen node updates it; JPS and JPS+ differ in their
// successor generators, Theta* and Lazy Theta* in the parent a relaxation gives (any_angle.h).
// begin() checks a query and sets the loop up for its algorithm (search_begin.cpp).
#include "astar/search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "any_angle.h"
#include "astar/graph.h"
#include "astar/landmarks.h"
#include "grid_pruning.h"
#include "jump_point.h"
#include "search_impl.h"

namespace astar {

template <class Space>
Search<Space>::Search(const Space& space) : impl_(new Impl(space)) {}

template <class Space>
Search<Space>::~Search() {
  delete impl_;
}

template <class Space>
SearchStatus Search<Space>::step(std::uint32_t maxExpansions) {
  if (status_ != SearchStatus::InProgress) return status_;
  // Two instances of the loop: the traced one for the playground's code pane, and the plain
  // one without a single instruction of tracing (callgrind: the same count as before tracing
  // existed; one loop with a branch on the flag around each relaxation cost 1.9 % more).
  return impl_->options.traceExpansions ? stepLoop<true>(maxExpansions) : stepLoop<false>(maxExpansions);
}

template <class Space>
template <bool kTrace>
SearchStatus Search<Space>::stepLoop(std::uint32_t maxExpansions) {
  Impl& s = *impl_;
  // The loop's state in locals for the duration of the call, written back by leave(): it
  // keeps stores into the node arrays from forcing reloads of same-typed members and
  // counters (a guard; callgrind showed the compiler mostly managed without it).
  Tag* const tags = s.tags.data();
  double* const gs = s.gs.data();
  NodeId* const parents = s.parents.data();
  const Tag generationTag = s.generationTag;
  const bool updateOpen = s.updateOpen, reopenClosed = s.reopenClosed, bypass = s.bypass;
  const bool recordExpansions = s.options.recordExpansions;
  std::uint64_t expanded = stats_.expanded, generated = stats_.generated, reopened = stats_.reopened;
  std::uint64_t maxOpen = stats_.maxOpen;
  auto leave = [&](SearchStatus status) {
    stats_.expanded = expanded;
    stats_.generated = generated;
    stats_.reopened = reopened;
    stats_.maxOpen = maxOpen;
    return status_ = status;
  };
  auto open = [&](NodeId n, double g, NodeId parent) ASTAR_FORCE_INLINE_LAMBDA {
    const std::uint64_t key = s.keyFor(n, g);
    gs[n] = g;
    parents[n] = parent;
    if (bypass && (s.heap.empty() || key < s.heap.topKey()) && (s.ready.empty() || key < s.ready.back().key)) {
      tags[n] = generationTag | kReadySlot;
      s.ready.push_back({key, n});
    } else {
      s.heap.push(key, n);  // sets the tag (generation | heap slot)
    }
  };

  for (std::uint32_t budget = maxExpansions; budget > 0; --budget) {
    NodeId u;
    while (!s.ready.empty() && tags[s.ready.back().node] != (generationTag | kReadySlot)) {
      s.ready.pop_back();  // stale: the node moved to the heap
      --s.staleReady;
    }
    if constexpr (kTrace) {
      // The open list before the expansion a code pane may show line by line (openListDuring).
      if (budget == 1 || (s.nextToTake() != kNoNode && s.isGoal(s.nextToTake()))) s.snapshotOpen();
    }
    if (!s.ready.empty() && (s.heap.empty() || s.ready.back().key < s.heap.topKey())) {
      u = s.ready.back().node;
      s.ready.pop_back();
    } else if (s.heap.empty()) {
      // No path: lead to the expanded node closest (geometrically) to a goal, ties by lower g.
      // The candidates are the expanded nodes listed in path_ (a scan of the map only if a
      // search with reopening overflowed the list).
      NodeId best = s.start;
      double bestCloseness = s.estimate.closeness(best), bestG = 0.0;
      auto consider = [&](NodeId n) {
        if (n >= s.space.cellCount()) return;  // a corner of the lattice: its partial path is the start
        const double c = s.estimate.closeness(n), g = gs[n];
        if (c < bestCloseness || (c == bestCloseness && g < bestG)) best = n, bestCloseness = c, bestG = g;
      };
      if (!closedListFull_) {
        for (NodeId n : path_) consider(n);
      } else {
        for (NodeId n = 0; n < s.space.cellCount(); ++n)
          if (s.seen(n) && (tags[n] & kSlotMask) == kClosedSlot) consider(n);
      }
      stats_.fallbackVisited = closedListFull_ ? s.tags.size() : path_.size();
      path_.clear();
      s.buildPath(best, path_);
      stats_.pathCost = gs[best];
      stats_.pathCells = path_.size();
      stats_.partial = true;
      return leave(SearchStatus::NoPath);
    } else {
      u = s.heap.pop();
    }
    tags[u] = generationTag | kClosedSlot;
    if constexpr (std::is_same_v<Space, Grid>)
      if (s.lazyAngle) s.lazyThetaCheckParent(u);
    ++expanded;
    if (recordExpansions) expansions_.push_back(s.corners ? s.lattice.cellShowing(u) : u);
    if (path_.size() < path_.capacity()) [[likely]]
      path_.push_back(u);
    else
      closedListFull_ = true;  // only with reopening: more expansions than nodes
    if constexpr (kTrace) s.traceExpansion(u, s.isGoal(u));
    if (s.isGoal(u)) {
      path_.clear();
      s.buildPath(u, path_);
      if constexpr (std::is_same_v<Space, Grid>) {
        if (s.corners) {  // the path is the points; path() the cells they cross
          s.lattice.points(path_, points_);
          cellsAlong(s.space, points_, path_);
        }
      }
      stats_.pathCost = gs[u];
      stats_.pathCells = path_.size();
      reachedGoal_ = u;
      return leave(SearchStatus::Found);
    }
    const double gu = gs[u];
    // from: the parent v gets (u, or u's parent for an any-angle shortcut) at cost g(u) + stepCost.
    auto relaxFrom = [&](NodeId v, double stepCost, NodeId from) ASTAR_FORCE_INLINE_LAMBDA {
      ++generated;
      const Tag tag = tags[v];
      const double gv = gu + stepCost;
      if ((tag & ~kSlotMask) != generationTag) {
        open(v, gv, from);
        return;
      }
      const std::uint32_t slot = static_cast<std::uint32_t>(tag & kSlotMask);
      if (slot == kClosedSlot && !reopenClosed) return;  // most seen neighbours: no g to read
      if (!(gv < gs[v])) return;
      if (!updateOpen) {
        // Breadth- and depth-first keep their order and their parents; but a second, cheaper
        // edge from the same parent (a portal beside a step) is the same cells at a lower
        // cost, and the path's cost is that of its cells.
        if (parents[v] == from) gs[v] = gv;
        return;
      }
      if (slot == kClosedSlot) {
        if (!reopenClosed || !(gv < gs[v] - 1e-9 * gs[v])) return;
        ++reopened;
        open(v, gv, from);
        return;
      }
      gs[v] = gv;
      parents[v] = from;
      const std::uint64_t key = s.keyFor(v, gv);
      if (slot != kReadySlot) {
        s.heap.decrease(slot, key);
      } else if (s.ready.back().node == v) {
        s.ready.back().key = key;  // still the smallest on the stack
      } else {
        ++s.staleReady;
        s.heap.push(key, v);  // sets the tag: the stack's entry goes stale
      }
    };
    auto relaxTraced = [&](NodeId v, double stepCost, NodeId from) ASTAR_FORCE_INLINE_LAMBDA {
      if constexpr (kTrace) s.traceBefore(v, gu, stepCost);
      relaxFrom(v, stepCost, from);
      if constexpr (kTrace) s.traceAfter();
    };
    if constexpr (std::is_same_v<Space, Grid>) {
      // Neighbours are gathered first and relaxed in one loop: the generator is inlined once
      // per movement rule and the relaxation (heap code included) only once, which keeps the
      // loop a few kilobytes of code instead of hundreds (it matters most in WebAssembly:
      // a second copy of the relaxation, for forEachNeighborFrom alone, cost 15 % in node).
      typename Impl::Successor successors[Impl::kMaxSuccessors];
      std::uint32_t count = 0;
      if (s.jump) {
        // Its own counter: this lambda escapes into the (not inlined) jump scans, and a
        // shared counter would then live in memory on the plain path too.
        std::uint32_t jumps = 0;
        auto collectJump = [&](NodeId v, double stepCost) { successors[jumps++] = {v, stepCost, u}; };
        s.jps.forEachSuccessor(u, parents[u], collectJump);
        count = jumps;
      } else if (s.plusJump) {
        std::uint32_t jumps = 0;
        auto collectJump = [&](NodeId v, double stepCost) { successors[jumps++] = {v, stepCost, u}; };
        s.jpsPlus.forEachSuccessor(u, parents[u], collectJump);
        count = jumps;
      } else {
        auto collect = [&](NodeId v, double stepCost) ASTAR_FORCE_INLINE_LAMBDA {
          successors[count++] = {v, stepCost, u};
        };
        if (s.corners) [[unlikely]]
          s.lattice.forEachNeighbour(u, collect);
        else if (s.footprint) [[unlikely]]
          s.clearance.forEachMove(s.space, u, s.agentSize, collect);
        else if (s.skipDominated)
          s.space.forEachNeighborFrom(u, parents[u], collect);
        else
          s.space.forEachNeighbor(u, collect);
      }
      if (s.anyAngle) [[unlikely]]
        s.anyAngleParents(u, std::span(successors, count));
      for (std::uint32_t i = 0; i < count; ++i) relaxTraced(successors[i].node, successors[i].cost, successors[i].from);
    } else {
      s.space.forEachNeighbor(u, [&](NodeId v, double stepCost) { relaxTraced(v, stepCost, u); });
    }
    if (s.openSize() > maxOpen) maxOpen = s.openSize();
  }
  return leave(status_);
}

template <class Space>
SearchStatus Search<Space>::run() {
  while (step(0xFFFFFFFFu) == SearchStatus::InProgress) {
  }
  return status_;
}

template <class Space>
std::size_t Search<Space>::copyPath(std::span<NodeId> out) const {
  const std::span<const NodeId> whole = path();
  const std::size_t n = std::min(out.size(), whole.size());
  std::copy_n(whole.begin(), n, out.begin());
  return whole.size();
}

template class Search<Grid>;
template class Search<Graph>;
template class Search<TurnSpace>;  // turn-aware search (astar/turn_space.h)

PathResult findPath(const Grid& grid, NodeId start, NodeId goal, const SearchOptions& options) {
  GridSearch search(grid);
  search.begin(start, goal, options);
  PathResult result;
  result.status = search.run();
  result.stats = search.stats();
  result.path.assign(search.path().begin(), search.path().end());
  result.points.assign(search.pathPoints().begin(), search.pathPoints().end());
  return result;
}

}  // namespace astar
