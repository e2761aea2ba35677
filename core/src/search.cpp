// Search: the one search loop (A*, weighted A*, Dijkstra, greedy, BFS, DFS, JPS, JPS+) over
// any space. The algorithms differ only in the key they order the open list by and in whether
// a better path to a seen node updates it; JPS and JPS+ differ in their successor generators.
#include "astar/search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "astar/graph.h"
#include "astar/jump_point.h"
#include "astar/jump_point_plus.h"
#include "astar/landmarks.h"
#include "estimator.h"
#include "indexed_heap.h"

namespace astar {

namespace {

// A node's tag: generation (32 bits) | heap slot (32 bits), with the two top slot values
// meaning "closed" and "on the ready stack". A heap position is below the node count, which
// kMaxSearchNodes keeps below both. 32 generation bits: the O(nodes) clear of every tag comes
// once in 4 billion queries, so a query's cost does not grow with the map (7 bits beside a
// 25-bit slot in one 32-bit word cost 20 us per query on a 4096 x 4096 map, amortised).
using Tag = std::uint64_t;
constexpr std::uint32_t kSlotBits = 32;
constexpr Tag kSlotMask = 0xFFFFFFFFu;
constexpr std::uint32_t kClosedSlot = 0xFFFFFFFFu;
constexpr std::uint32_t kReadySlot = 0xFFFFFFFEu;
// Open-list keys are 64 bits: the primary value (f, or h for greedy) keeps its top 45 bits
// (11 exponent + 33 mantissa bits: a relative 2^-33, so two path costs closer than 1.2e-10
// may be expanded in either order), then the top 16 bits of the tie (g as a float: 8
// exponent + 7 mantissa bits), and the low 3 bits stay clear for the heap (IndexedHeap's
// KeysLeaveLowBits). Measured on the Moving AI sample: 25 tie bits (and f to 2^-27) gave the
// same expansions within 0.2 %; f to 2^-33 instead of 2^-36, the same expansions exactly.
constexpr std::uint32_t kTieBits = 16;
constexpr std::uint32_t kHeapSlotBits = 3;
constexpr std::uint64_t kPrimaryMask = ~((std::uint64_t{1} << (kTieBits + kHeapSlotBits)) - 1);
constexpr std::uint32_t kMaxGeneration = 0xFFFFFFFFu;
static_assert(kMaxSearchNodes <= kReadySlot, "heap positions must stay below the closed and ready slots");

// 20 bytes per node in three dense arrays: g (8), parent (4), and a tag (8) = generation
// (32 bits) | heap slot, ready or closed (32 bits). Apart, not as one struct: the heap rewrites
// a node's tag each time the node moves, and two tags share a 16-byte stretch of cache.
constexpr std::size_t kBytesPerNode = sizeof(double) + sizeof(NodeId) + sizeof(Tag);
static_assert(kBytesPerNode == 20);

// Kept by value in the heap and refreshed per query, so the hot write needs no indirection.
struct SlotWriter {
  Tag* tags = nullptr;
  Tag generationTag = 0;
  void operator()(NodeId node, std::uint32_t slot) const { tags[node] = generationTag | slot; }
};
using OpenHeap = detail::IndexedHeap<SlotWriter, true>;
static_assert(OpenHeap::kChildBits == kHeapSlotBits);

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
struct Search<Space>::Impl {
  explicit Impl(const Space& s) : space(s) { goals.reserve(static_cast<std::size_t>(kMaxGoals)); }

  const Space& space;
  std::vector<Tag> tags;
  std::vector<double> gs;
  std::vector<NodeId> parents;
  std::uint32_t generation = 0;
  Tag generationTag = 0;  // generation << kSlotBits
  OpenHeap heap{SlotWriter{}};
  detail::Estimator<Space> estimate;
  std::vector<NodeId> goals;  // sorted
  NodeId start = kNoNode;
  SearchOptions options;
  double weight = 1.0;
  bool greedy = false, fifo = false, lifo = false, updateOpen = true, reopenClosed = false;
  bool otherKey = false;  // greedy, fifo or lifo
  bool jump = false;
  bool skipDominated = false;  // grids: Grid::forEachNeighborFrom after the first expansion
  // The open list is the heap plus a ready stack: a new node that ranks before the heap's top
  // and before the stack's top goes on the stack (slot kReadySlot), and each expansion takes
  // the smaller of the two tops. The stack stays sorted (smallest on top), so the order is
  // exactly the heap's order, while a node that is next anyway (a straight run toward the
  // goal, the best child after a detour) skips a push and a pop. A better path to a stacked
  // node that is not on top moves it to the heap and leaves a stale entry, skipped when it
  // surfaces. Off when closed nodes reopen (a reopened node could revive a stale entry).
  bool bypass = false;
  std::vector<detail::OpenEntry> ready;
  std::size_t staleReady = 0;  // entries in `ready` whose node has left it
  JumpPointSuccessors jps;     // grids only; its bitsets are rebuilt when the grid changes
  bool plusJump = false;       // JPS+ successors (jpsPlus), a single goal on a grid it applies to
  JumpPointPlus jpsPlus;       // grids only; its tables are rebuilt when the grid changes
  struct Successor {
    NodeId node;
    double cost;
  };
  // One expansion's successors on a grid: 8 moves plus at most two edges per portal.
  static constexpr std::size_t kMaxSuccessors = 8 + 2 * kMaxPortals;
  std::uint64_t sequence = 0;

  bool seen(NodeId n) const { return (tags[n] & ~kSlotMask) == generationTag && generation != 0; }
  NodeId firstGoal = kNoNode;  // goals[0], and the only one when !multipleGoals
  bool multipleGoals = false;
  bool isGoal(NodeId n) const {
    if (!multipleGoals) return n == firstGoal;
    if (goals.size() <= 8) {
      for (NodeId g : goals)
        if (g == n) return true;
      return false;
    }
    return std::binary_search(goals.begin(), goals.end(), n);
  }

  ASTAR_FORCE_INLINE std::uint64_t keyFor(NodeId n, double g) {
    // Ties: A* prefers the deeper node (larger g), greedy the cheaper one.
    // Truncating f also makes sums of the same true length that were taken in different
    // orders (a few ulps apart) tie, so the tie rule decides between them and not rounding
    // noise (measured: 10 % fewer expansions on Paris). Truncation keeps the order of any two
    // keys or makes them equal; it never swaps them.
    if (otherKey) [[unlikely]]
      return otherKeyFor(n, g);
    const double h = estimate(n);
    const std::uint32_t gBits = detail::orderTie(static_cast<float>(g));
    return (detail::orderKey(g + weight * h) & kPrimaryMask) | (~gBits >> (32 - kTieBits) << kHeapSlotBits);
  }
  // Greedy, breadth-first and depth-first keys (one test on the A* / Dijkstra path).
  std::uint64_t otherKeyFor(NodeId n, double g) {
    if (fifo) return sequence++ << kHeapSlotBits;
    if (lifo) return ~++sequence << kHeapSlotBits;
    const std::uint32_t gBits = detail::orderTie(static_cast<float>(g));
    return (detail::orderKey(estimate(n)) & kPrimaryMask) | (gBits >> (32 - kTieBits) << kHeapSlotBits);
  }

  void prepare() {
    const NodeId n = space.cellCount();
    if (tags.size() != n) {
      tags.assign(n, 0);
      gs.assign(n, 0.0);
      parents.assign(n, kNoNode);
      heap.clear();
      heap.reserve(n);
      ready.clear();
      ready.reserve(n);
      generation = 0;
    }
    if (generation == kMaxGeneration) {  // the last stamp was used: clear every tag (0 = never seen)
      std::fill(tags.begin(), tags.end(), Tag{0});
      generation = 0;
    }
    ++generation;
    generationTag = static_cast<Tag>(generation) << kSlotBits;
    heap.onMove() = SlotWriter{tags.data(), generationTag};
    heap.clear();
    ready.clear();
    staleReady = 0;
    sequence = 0;
  }

  // The path from the start to `end`, start first. JPS parents are jump points on a straight
  // or diagonal line from each other: the cells between them are filled in.
  void buildPath(NodeId end, std::vector<NodeId>& path) const {
    for (NodeId n = end; n != kNoNode; n = parents[n]) {
      path.push_back(n);
      if constexpr (std::is_same_v<Space, Grid>) {
        const NodeId p = parents[n];
        if (!(jump || plusJump) || p == kNoNode) continue;
        const int px = space.xOf(p), py = space.yOf(p);
        int x = space.xOf(n), y = space.yOf(n);
        const int dx = (px > x) - (px < x), dy = (py > y) - (py < y);
        for (x += dx, y += dy; x != px || y != py; x += dx, y += dy) path.push_back(space.index(x, y));
      }
    }
    std::reverse(path.begin(), path.end());
  }

  std::size_t openSize() const { return heap.size() + ready.size() - staleReady; }
};

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
  const bool weighted = algorithmInfo(options.algorithm).weighted;
  if (weighted && !(options.weight >= 1.0 && options.weight <= 1e6))
    return fail("weight must be a number from 1 to 1000000");
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
  s.firstGoal = s.goals[0];
  s.multipleGoals = s.goals.size() > 1;

  const Algorithm a = options.algorithm;
  const bool blind = !algorithmInfo(a).usesHeuristic;
  s.weight = weighted ? options.weight : 1.0;
  s.greedy = a == Algorithm::GreedyBestFirst;
  s.fifo = a == Algorithm::BreadthFirst;
  s.lifo = a == Algorithm::DepthFirst;
  s.updateOpen = !(s.fifo || s.lifo);
  s.otherKey = s.greedy || s.fifo || s.lifo;
  // Weighted A* reopens closed nodes only when asked: with a consistent heuristic the
  // w x optimal bound holds without it (Likhachev, Gordon and Thrun 2003), and reopening can
  // expand a node many times (over Berlin_0_256's 930 scenario rows at w = 1.5: 5.15 million
  // expansions with reopening, 1.46 million without; A* 4.02 million).
  s.reopenClosed = weighted && options.reopenClosed;
  s.jump = false;
  s.plusJump = false;
  if constexpr (std::is_same_v<Space, Grid>) {
    // JPS+ needs one goal and a grid within its rules and size; otherwise online JPS (or A*).
    if (a == Algorithm::JumpPointPlus && s.goals.size() == 1) s.plusJump = s.jpsPlus.prepare(s.space);
    if (s.plusJump) s.jpsPlus.setGoal(s.goals[0]);
  }
  if (a == Algorithm::JumpPoint || (a == Algorithm::JumpPointPlus && !s.plusJump)) {
    if constexpr (std::is_same_v<Space, Grid>) s.jump = s.jps.prepare(s.space);
    stats_.fellBack = !s.jump || a == Algorithm::JumpPointPlus;  // terrain, portals, wrap, ...: plain A*
    if (s.jump) s.jps.setGoals(s.goals);
  }

  s.bypass = !s.reopenClosed;
  if constexpr (std::is_same_v<Space, Grid>)
    s.skipDominated = !s.jump && !s.plusJump && s.space.canSkipDominatedMoves();

  if (const char* problem = s.estimate.configure(s.space, s.goals, blind ? Heuristic::Zero : options.heuristic,
                                                 options.wrapAware, options.portalAware, landmarks))
    return fail("%s", problem);

  s.prepare();
  if (options.recordExpansions) expansions_.reserve(count);
  path_.reserve(count);
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
        const double c = s.estimate.closeness(n), g = gs[n];
        if (c < bestCloseness || (c == bestCloseness && g < bestG)) best = n, bestCloseness = c, bestG = g;
      };
      if (!closedListFull_) {
        for (NodeId n : path_) consider(n);
      } else {
        for (NodeId n = 0; n < s.tags.size(); ++n)
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
    ++expanded;
    if (recordExpansions) expansions_.push_back(u);
    if (path_.size() < path_.capacity()) [[likely]]
      path_.push_back(u);
    else
      closedListFull_ = true;  // only with reopening: more expansions than nodes
    if (s.isGoal(u)) {
      path_.clear();
      s.buildPath(u, path_);
      stats_.pathCost = gs[u];
      stats_.pathCells = path_.size();
      reachedGoal_ = u;
      return leave(SearchStatus::Found);
    }
    const double gu = gs[u];
    auto relax = [&](NodeId v, double stepCost) ASTAR_FORCE_INLINE_LAMBDA {
      ++generated;
      const Tag tag = tags[v];
      const double gv = gu + stepCost;
      if ((tag & ~kSlotMask) != generationTag) {
        open(v, gv, u);
        return;
      }
      const std::uint32_t slot = static_cast<std::uint32_t>(tag & kSlotMask);
      if (slot == kClosedSlot && !reopenClosed) return;  // most seen neighbours: no g to read
      if (!updateOpen || !(gv < gs[v])) return;
      if (slot == kClosedSlot) {
        if (!reopenClosed || !(gv < gs[v] - 1e-9 * gs[v])) return;
        ++reopened;
        open(v, gv, u);
        return;
      }
      gs[v] = gv;
      parents[v] = u;
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
        auto collectJump = [&](NodeId v, double stepCost) { successors[jumps++] = {v, stepCost}; };
        s.jps.forEachSuccessor(u, parents[u], collectJump);
        count = jumps;
      } else if (s.plusJump) {
        std::uint32_t jumps = 0;
        auto collectJump = [&](NodeId v, double stepCost) { successors[jumps++] = {v, stepCost}; };
        s.jpsPlus.forEachSuccessor(u, parents[u], collectJump);
        count = jumps;
      } else {
        auto collect = [&](NodeId v, double stepCost) ASTAR_FORCE_INLINE_LAMBDA {
          successors[count++] = {v, stepCost};
        };
        if (s.skipDominated)
          s.space.forEachNeighborFrom(u, parents[u], collect);
        else
          s.space.forEachNeighbor(u, collect);
      }
      for (std::uint32_t i = 0; i < count; ++i) relax(successors[i].node, successors[i].cost);
    } else {
      s.space.forEachNeighbor(u, relax);
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

template <class Space>
NodeState Search<Space>::state(NodeId n) const {
  const Impl& s = *impl_;
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput) return NodeState::Unseen;
  if (n >= s.tags.size() || !s.seen(n)) return NodeState::Unseen;
  return (s.tags[n] & kSlotMask) == kClosedSlot ? NodeState::Closed : NodeState::Open;
}

template <class Space>
double Search<Space>::g(NodeId n) const {
  return state(n) == NodeState::Unseen ? detail::kInfinity : impl_->gs[n];
}

template <class Space>
double Search<Space>::h(NodeId n) const {
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput || n >= impl_->space.cellCount())
    return 0.0;
  return impl_->estimate(n);
}

template <class Space>
double Search<Space>::f(NodeId n) const {
  const Impl& s = *impl_;
  if (state(n) == NodeState::Unseen) return detail::kInfinity;
  if (s.greedy) return h(n);
  return g(n) + s.weight * h(n);
}

template <class Space>
NodeId Search<Space>::parent(NodeId n) const {
  return state(n) == NodeState::Unseen ? kNoNode : impl_->parents[n];
}

template <class Space>
std::size_t Search<Space>::openSize() const {
  return impl_->openSize();
}

template <class Space>
void Search<Space>::fillStates(std::span<std::uint8_t> out) const {
  const Impl& s = *impl_;
  const bool valid = status_ != SearchStatus::Idle && status_ != SearchStatus::InvalidInput;
  const std::size_t n = valid ? std::min(out.size(), s.tags.size()) : 0;
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(n), out.end(), std::uint8_t{0});
  for (std::size_t i = 0; i < n; ++i) {
    const Tag tag = s.tags[i];
    out[i] = (tag & ~kSlotMask) != s.generationTag || s.generation == 0 ? 0 : (tag & kSlotMask) == kClosedSlot ? 2 : 1;
  }
}

template <class Space>
std::size_t Search<Space>::bytesPerNode() const {
  return kBytesPerNode;
}

template <class Space>
Preprocessing Search<Space>::preprocessing() const {
  Preprocessing p;
  if constexpr (std::is_same_v<Space, Grid>) {
    const JumpPointPlus& plus = impl_->jpsPlus;
    if (plus.built(impl_->space) && plus.ready()) {
      p.milliseconds = plus.buildMilliseconds();
      p.bytes = plus.bytes();
      p.goalBounding = plus.goalBounded();
    }
  }
  return p;
}

template <class Space>
double Search<Space>::preprocessSome(std::uint32_t sources) {
  if constexpr (std::is_same_v<Space, Grid>) {
    JumpPointPlus& plus = impl_->jpsPlus;
    if (!plus.current(impl_->space) && !plus.beginBuild(impl_->space)) return 1.0;
    if (!plus.ready()) return 1.0;
    plus.buildSome(sources);
    return plus.buildProgress();
  } else {
    (void)sources;
    return 1.0;
  }
}

template class Search<Grid>;
template class Search<Graph>;

PathResult findPath(const Grid& grid, NodeId start, NodeId goal, const SearchOptions& options) {
  GridSearch search(grid);
  search.begin(start, goal, options);
  PathResult result;
  result.status = search.run();
  result.stats = search.stats();
  result.path.assign(search.path().begin(), search.path().end());
  return result;
}

}  // namespace astar
