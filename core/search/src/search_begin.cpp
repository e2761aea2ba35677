// Search::begin: a query's checks (the map, the start and goals, the algorithm, heuristic,
// weight and agent size, each refused with a message that says what is wrong) and the set-up
// of the one search loop (search.cpp) for the algorithm: its open-list key and frontier, the
// jump point tables, the corner lattice of Theta*, the heuristic, the first open node.
#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "any_angle.h"
#include "astar/graph.h"
#include "astar/landmarks.h"
#include "astar/search.h"
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

// Explicit instantiations, as search.cpp instantiates the rest of each Search.
template SearchStatus Search<Grid>::begin(NodeId, NodeId, const SearchOptions&, const LandmarkTable<Grid>*);
template SearchStatus Search<Grid>::begin(NodeId, std::span<const NodeId>, const SearchOptions&,
                                          const LandmarkTable<Grid>*);
template SearchStatus Search<Graph>::begin(NodeId, NodeId, const SearchOptions&, const LandmarkTable<Graph>*);
template SearchStatus Search<Graph>::begin(NodeId, std::span<const NodeId>, const SearchOptions&,
                                           const LandmarkTable<Graph>*);
template SearchStatus Search<TurnSpace>::begin(NodeId, NodeId, const SearchOptions&, const LandmarkTable<TurnSpace>*);
template SearchStatus Search<TurnSpace>::begin(NodeId, std::span<const NodeId>, const SearchOptions&,
                                               const LandmarkTable<TurnSpace>*);

}  // namespace astar
