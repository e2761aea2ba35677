// Search: the one search loop (A*, weighted A*, Dijkstra, greedy, BFS, DFS, JPS, JPS+, Theta*,
// Lazy Theta*) over any space. The algorithms differ only in the key they order the open list
// by and in whether a better path to a seen node updates it; JPS and JPS+ differ in their
// successor generators, Theta* and Lazy Theta* in the parent a relaxation gives (any_angle.h).
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

namespace {

void describeNode(const Grid& grid, NodeId n, char* out, std::size_t size) {
  if (n < grid.cellCount())
    std::snprintf(out, size, "(%d, %d)", grid.xOf(n), grid.yOf(n));
  else
    std::snprintf(out, size, "index %u", static_cast<unsigned>(n));
}
void describeNode(const Graph&, NodeId n, char* out, std::size_t size) {
  std::snprintf(out, size, "node %u", static_cast<unsigned>(n));
}
void describeSpace(const Grid& grid, char* out, std::size_t size) {
  std::snprintf(out, size, "the %d x %d grid", grid.width(), grid.height());
}
void describeSpace(const Graph& graph, char* out, std::size_t size) {
  std::snprintf(out, size, "the graph of %u nodes", static_cast<unsigned>(graph.cellCount()));
}

}  // namespace

template <class Space>
Search<Space>::Search(const Space& space) : impl_(new Impl(space)) {}

template <class Space>
Search<Space>::~Search() {
  delete impl_;
}

template <class Space>
SearchStatus Search<Space>::begin(NodeId start, NodeId goal, const SearchOptions& options,
                                  const LandmarkTable<Space>* landmarks) {
  return begin(start, std::span<const NodeId>(&goal, 1), options, landmarks);
}

template <class Space>
SearchStatus Search<Space>::begin(NodeId start, std::span<const NodeId> goals, const SearchOptions& options,
                                  const LandmarkTable<Space>* landmarks) {
  Impl& s = *impl_;
  stats_ = SearchStats{};
  path_.clear();
  points_.clear();
  expansions_.clear();
  reachedGoal_ = kNoNode;
  message_[0] = '\0';
  s.goals.clear();
  s.start = start;
  s.options = options;

  auto fail = [&](const char* format, const char* a = "", const char* b = "") {
    std::snprintf(message_, sizeof message_, format, a, b);
    return status_ = SearchStatus::InvalidInput;
  };
  // Node and map descriptions are formatted only on failure (snprintf costs more than a
  // small JPS query).
  char where[64], space[64];
  auto badNode = [&](const char* role, NodeId n, const char* problem) {
    describeNode(s.space, n, where, sizeof where);
    describeSpace(s.space, space, sizeof space);
    char format[64];
    std::snprintf(format, sizeof format, "%s %%s %s", role, problem);
    return fail(format, where, space);
  };
  const NodeId count = s.space.cellCount();
  if (count == 0) return fail("the map is empty");
  auto tooMany = [&](const char* what, unsigned long long limit) {
    char text[24];
    std::snprintf(text, sizeof text, "%llu", limit);
    return fail(what, text);
  };
  if (count > kMaxSearchNodes)
    return tooMany("the map has too many nodes for one search (at most %s)", kMaxSearchNodes);
  if (static_cast<int>(options.algorithm) >= kAlgorithmCount) return fail("unknown algorithm");
  if (static_cast<int>(options.heuristic) >= kHeuristicCount) return fail("unknown heuristic");
  const bool bigAgent = options.agentSize != 1;
  if (bigAgent) {
    const bool inRange = options.agentSize >= kMinAgentSize && options.agentSize <= kMaxAgentSize;
    const char* problem =
        inRange ? "an agent larger than one cell needs a grid (a graph takes agent size 1)" : kAgentSizeRangeMessage;
    if constexpr (std::is_same_v<Space, Grid>) problem = agentSizeProblem(s.space, options.agentSize);
    if (problem) return fail("%s", problem);
  }
  const bool weighted = algorithmInfo(options.algorithm).weighted;
  if (weighted && !(options.weight >= kMinWeight && options.weight <= kMaxWeight)) return fail(kWeightRangeMessage);
  if (start >= count) return badNode("start", start, "is outside %s");
  if (!s.space.passable(start)) return badNode("start", start, "is a wall");
  if (goals.empty()) return fail("no goal given");
  if (goals.size() > static_cast<std::size_t>(kMaxGoals)) return tooMany("too many goals (at most %s)", kMaxGoals);
  for (NodeId g : goals) {
    if (g >= count) return badNode("goal", g, "is outside %s");
    if (!s.space.passable(g)) return badNode("goal", g, "is a wall");
    s.goals.push_back(g);
  }
  std::sort(s.goals.begin(), s.goals.end());
  s.goals.erase(std::unique(s.goals.begin(), s.goals.end()), s.goals.end());
  s.footprint = false;
  if constexpr (std::is_same_v<Space, Grid>) {
    s.footprint = bigAgent;
    s.agentSize = options.agentSize;
    if (bigAgent) {
      s.clearance.refresh(s.space);  // only the cells edits reached since the last query
      for (std::size_t i = 0; i <= s.goals.size(); ++i) {
        const NodeId n = i == 0 ? start : s.goals[i - 1];
        if (s.clearance.at(n) >= options.agentSize) continue;
        describeNode(s.space, n, where, sizeof where);
        std::snprintf(message_, sizeof message_, "%s %s has room for a %d x %d agent at most, not %d x %d",
                      i == 0 ? "start" : "goal", where, s.clearance.at(n), s.clearance.at(n), options.agentSize,
                      options.agentSize);
        return status_ = SearchStatus::InvalidInput;
      }
    }
  }
  s.firstGoal = s.goals[0];
  s.multipleGoals = s.goals.size() > 1;

  // An algorithm that cannot move a bigger agent (JPS's jumps and Theta*'s lines of sight are
  // for one cell) runs as A*, and says so (fellBack, ranAs).
  const bool sizeFallback = bigAgent && !algorithmInfo(options.algorithm).anyAgentSize;
  const Algorithm a = sizeFallback ? Algorithm::AStar : options.algorithm;
  s.anyAngle = algorithmInfo(a).anyAngle;
  s.lazyAngle = a == Algorithm::LazyTheta;
  s.corners = false;
  if (s.anyAngle) {
    bool squareGrid = false;
    if constexpr (std::is_same_v<Space, Grid>) squareGrid = !s.space.hex();
    if (!squareGrid)
      return fail("%s searches square grids only (straight segments between cell centres)", algorithmInfo(a).label);
    if constexpr (std::is_same_v<Space, Grid>) {
      // Plane maps: vertices at cell corners (any_angle.h); elsewhere the centre lattice, whose
      // segments keep to one terrain cost and leave wrap seams and portals to explicit moves.
      s.corners = detail::CornerLattice::applies(s.space, s.goals.size());
      if (s.corners) s.lattice.prepare(s.space, start, s.goals[0]);
    }
  }
  const bool blind = !algorithmInfo(a).usesHeuristic;
  s.weight = weighted ? options.weight : 1.0;
  s.greedy = a == Algorithm::GreedyBestFirst;
  s.fifo = algorithmInfo(a).frontier == Frontier::Queue;
  s.lifo = algorithmInfo(a).frontier == Frontier::Stack;
  s.updateOpen = !(s.fifo || s.lifo);
  s.otherKey = s.greedy || s.fifo || s.lifo || s.corners;
  // Weighted A* reopens closed nodes only when asked: with a consistent heuristic the
  // w x optimal bound holds without it (Likhachev, Gordon and Thrun 2003), and reopening can
  // expand a node many times (over Berlin_0_256's 930 scenario rows at w = 1.5: 5.15 million
  // expansions with reopening, 1.46 million without; A* 4.02 million).
  s.reopenClosed = weighted && options.reopenClosed;
  s.jump = false;
  s.plusJump = false;
  if constexpr (std::is_same_v<Space, Grid>) {
    // JPS+ needs one goal and a grid within its rules and size; otherwise online JPS (or A*).
    if (a == Algorithm::JumpPointPlus && s.goals.size() == 1)
      s.plusJump = s.jpsPlus.prepare(s.space, options.goalBoundingMaxCells);
    if (s.plusJump) s.jpsPlus.setGoal(s.goals[0]);
  }
  if (a == Algorithm::JumpPoint || (a == Algorithm::JumpPointPlus && !s.plusJump)) {
    if constexpr (std::is_same_v<Space, Grid>) s.jump = s.jps.prepare(s.space);
    stats_.fellBack = !s.jump || a == Algorithm::JumpPointPlus;  // terrain, portals, wrap, ...: plain A*
    if (s.jump) s.jps.setGoals(s.goals);
  }
  stats_.fellBack = stats_.fellBack || sizeFallback;
  stats_.ranAs = s.plusJump        ? Algorithm::JumpPointPlus
                 : s.jump          ? Algorithm::JumpPoint
                 : stats_.fellBack ? Algorithm::AStar
                                   : a;

  s.bypass = !s.reopenClosed;
  if constexpr (std::is_same_v<Space, Grid>)
    s.skipDominated = !s.jump && !s.plusJump && !s.anyAngle && !s.footprint && s.space.canSkipDominatedMoves();

  if (const char* problem = s.estimate.configure(s.space, s.goals, blind ? Heuristic::Zero : options.heuristic,
                                                 options.wrapAware, options.portalAware, landmarks))
    return fail("%s", problem);

  const NodeId nodes = s.corners ? s.lattice.nodeCount() : count;
  s.prepare(nodes);
  if (options.recordExpansions) expansions_.reserve(count);
  s.traceExpansion(kNoNode, false);
  s.before.valid = false;
  if (options.traceExpansions) s.trace.reserve(Impl::kMaxSuccessors);
  path_.reserve(nodes);
  closedListFull_ = false;
  s.gs[start] = 0.0;
  s.parents[start] = kNoNode;
  s.heap.push(s.keyFor(start, 0.0), start);  // sets the start's tag
  stats_.generated = 1;
  stats_.maxOpen = 1;
  return status_ = SearchStatus::InProgress;
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
      if (!updateOpen || !(gv < gs[v])) return;
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
