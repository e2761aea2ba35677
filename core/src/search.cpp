// Search: the one search loop (A*, weighted A*, Dijkstra, greedy, BFS, DFS, JPS) over any
// space. The algorithms differ only in the key they order the open list by and in whether
// a better path to a seen node updates it; JPS differs in its successor generator.
#include "astar/search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "astar/graph.h"
#include "astar/jump_point.h"
#include "astar/landmarks.h"
#include "estimator.h"
#include "indexed_heap.h"

namespace astar {

namespace {

constexpr std::uint32_t kSlotBits = 24;
constexpr std::uint32_t kSlotMask = (1u << kSlotBits) - 1;
constexpr std::uint32_t kClosedSlot = kSlotMask;  // the heap never holds all nodes at once
constexpr std::uint32_t kMaxGeneration = 255;
constexpr NodeId kMaxNodes = kSlotMask;  // 4096 x 4096 grids fit exactly

// 16 bytes per node: g, parent, and a tag = generation (8 bits) | heap slot or closed (24 bits).
struct NodeRecord {
  double g;
  NodeId parent;
  std::uint32_t tag;
};
static_assert(sizeof(NodeRecord) == 16);

// Kept by value in the heap and refreshed per query, so the hot write needs no indirection.
struct SlotWriter {
  NodeRecord* records = nullptr;
  std::uint32_t generationTag = 0;
  void operator()(NodeId node, std::uint32_t slot) const { records[node].tag = generationTag | slot; }
};

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
  explicit Impl(const Space& s) : space(s) { goals.reserve(detail::kMaxGoals); }

  const Space& space;
  std::vector<NodeRecord> records;
  std::uint32_t generation = 0;
  std::uint32_t generationTag = 0;  // generation << kSlotBits
  detail::IndexedHeap<SlotWriter> heap{SlotWriter{}};
  detail::Estimator<Space> estimate;
  std::vector<NodeId> goals;  // sorted
  NodeId start = kNoNode;
  SearchOptions options;
  double weight = 1.0;
  bool greedy = false, fifo = false, lifo = false, updateOpen = true, reopenClosed = false;
  bool jump = false;
  JumpPointSuccessors jps;  // grids only; its bitsets are rebuilt when the grid changes
  std::uint64_t sequence = 0;

  bool seen(NodeId n) const { return (records[n].tag & ~kSlotMask) == generationTag && generation != 0; }
  bool isGoal(NodeId n) const {
    if (goals.size() <= 8) {
      for (NodeId g : goals)
        if (g == n) return true;
      return false;
    }
    return std::binary_search(goals.begin(), goals.end(), n);
  }

  ASTAR_FORCE_INLINE detail::HeapEntry entryFor(NodeId n, double g) {
    // Ties: A* prefers the deeper node (larger g), greedy the cheaper one; then node index.
    if (fifo) return detail::makeEntry(n, static_cast<double>(sequence++));
    if (lifo) return detail::makeEntry(n, 9007199254740992.0 - static_cast<double>(sequence++));
    const double h = estimate(n);
    const std::uint32_t gBits = detail::orderTie(static_cast<float>(g));
    if (greedy) return detail::makeEntry(n, h, gBits);
    return detail::makeEntry(n, g + weight * h, ~gBits);
  }

  void prepare() {
    const NodeId n = space.cellCount();
    if (records.size() != n) {
      records.assign(n, NodeRecord{0.0, kNoNode, 0});
      heap.clear();
      heap.reserve(n);
      generation = 0;
    }
    if (++generation > kMaxGeneration) {
      for (NodeRecord& r : records) r.tag = 0;
      generation = 1;
    }
    generationTag = generation << kSlotBits;
    heap.onMove() = SlotWriter{records.data(), generationTag};
    heap.clear();
    sequence = 0;
  }

  // The path from the start to `end`, start first. JPS parents are jump points on a straight
  // or diagonal line from each other: the cells between them are filled in.
  void buildPath(NodeId end, std::vector<NodeId>& path) const {
    for (NodeId n = end; n != kNoNode; n = records[n].parent) {
      path.push_back(n);
      if constexpr (std::is_same_v<Space, Grid>) {
        const NodeId p = records[n].parent;
        if (!jump || p == kNoNode) continue;
        const int px = space.xOf(p), py = space.yOf(p);
        int x = space.xOf(n), y = space.yOf(n);
        const int dx = (px > x) - (px < x), dy = (py > y) - (py < y);
        for (x += dx, y += dy; x != px || y != py; x += dx, y += dy) path.push_back(space.index(x, y));
      }
    }
    std::reverse(path.begin(), path.end());
  }

  ASTAR_FORCE_INLINE void open(NodeId n, double g, NodeId parent) {
    records[n] = NodeRecord{g, parent, generationTag};
    heap.push(entryFor(n, g));
  }
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
  char where[64], space[64];
  describeSpace(s.space, space, sizeof space);
  const NodeId count = s.space.cellCount();
  if (count == 0) return fail("the map is empty");
  if (count > kMaxNodes) return fail("the map has too many nodes for one search (at most 16777215)");
  if (static_cast<int>(options.algorithm) >= kAlgorithmCount) return fail("unknown algorithm");
  if (static_cast<int>(options.heuristic) >= kHeuristicCount) return fail("unknown heuristic");
  const bool weighted = options.algorithm == Algorithm::WeightedAStar;
  if (weighted && !(options.weight >= 1.0 && options.weight <= 1e6))
    return fail("weight must be a number from 1 to 1000000");
  describeNode(s.space, start, where, sizeof where);
  if (start >= count) return fail("start %s is outside %s", where, space);
  if (!s.space.passable(start)) return fail("start %s is a wall", where);
  if (goals.empty()) return fail("no goal given");
  if (goals.size() > detail::kMaxGoals) return fail("too many goals (at most 64)");
  for (NodeId g : goals) {
    describeNode(s.space, g, where, sizeof where);
    if (g >= count) return fail("goal %s is outside %s", where, space);
    if (!s.space.passable(g)) return fail("goal %s is a wall", where);
    s.goals.push_back(g);
  }
  std::sort(s.goals.begin(), s.goals.end());
  s.goals.erase(std::unique(s.goals.begin(), s.goals.end()), s.goals.end());

  const Algorithm a = options.algorithm;
  const bool blind = a == Algorithm::Dijkstra || a == Algorithm::BreadthFirst || a == Algorithm::DepthFirst;
  s.weight = weighted ? options.weight : 1.0;
  s.greedy = a == Algorithm::GreedyBestFirst;
  s.fifo = a == Algorithm::BreadthFirst;
  s.lifo = a == Algorithm::DepthFirst;
  s.updateOpen = !(s.fifo || s.lifo);
  s.reopenClosed = weighted;
  s.jump = false;
  if (a == Algorithm::JumpPoint) {
    if constexpr (std::is_same_v<Space, Grid>) s.jump = s.jps.prepare(s.space);
    stats_.fellBack = !s.jump;  // terrain, portals, one-way cells, wrap or other corner rules: plain A*
    if (s.jump) s.jps.setGoals(s.goals);
  }

  if (const char* problem = s.estimate.configure(s.space, s.goals, blind ? Heuristic::Zero : options.heuristic,
                                                 options.wrapAware, options.portalAware, landmarks))
    return fail("%s", problem);

  s.prepare();
  if (options.recordExpansions) expansions_.reserve(count);
  path_.reserve(count);
  s.open(start, 0.0, kNoNode);
  stats_.generated = 1;
  stats_.maxOpen = 1;
  return status_ = SearchStatus::InProgress;
}

template <class Space>
SearchStatus Search<Space>::step(std::uint32_t maxExpansions) {
  if (status_ != SearchStatus::InProgress) return status_;
  Impl& s = *impl_;
  for (std::uint32_t budget = maxExpansions; budget > 0; --budget) {
    if (s.heap.empty()) {
      // No path: lead to the expanded node closest (geometrically) to a goal, ties by lower g.
      NodeId best = s.start;
      double bestCloseness = s.estimate.closeness(best), bestG = 0.0;
      for (NodeId n = 0; n < s.records.size(); ++n) {
        if (!s.seen(n) || (s.records[n].tag & kSlotMask) != kClosedSlot) continue;
        const double c = s.estimate.closeness(n), g = s.records[n].g;
        if (c < bestCloseness || (c == bestCloseness && g < bestG)) best = n, bestCloseness = c, bestG = g;
      }
      s.buildPath(best, path_);
      stats_.pathCost = s.records[best].g;
      stats_.pathCells = path_.size();
      stats_.partial = true;
      return status_ = SearchStatus::NoPath;
    }
    const NodeId u = s.heap.pop().node();
    NodeRecord& current = s.records[u];
    current.tag = s.generationTag | kClosedSlot;
    ++stats_.expanded;
    if (s.options.recordExpansions) expansions_.push_back(u);
    if (s.isGoal(u)) {
      s.buildPath(u, path_);
      stats_.pathCost = current.g;
      stats_.pathCells = path_.size();
      reachedGoal_ = u;
      return status_ = SearchStatus::Found;
    }
    const double gu = current.g;
    auto relax = [&](NodeId v, double stepCost) ASTAR_FORCE_INLINE_LAMBDA {
      ++stats_.generated;
      NodeRecord& next = s.records[v];
      const double gv = gu + stepCost;
      if ((next.tag & ~kSlotMask) != s.generationTag) {
        s.open(v, gv, u);
        return;
      }
      if (!s.updateOpen || !(gv < next.g)) return;
      const std::uint32_t slot = next.tag & kSlotMask;
      if (slot == kClosedSlot) {
        if (!s.reopenClosed || !(gv < next.g - 1e-9 * next.g)) return;
        ++stats_.reopened;
        s.open(v, gv, u);
        return;
      }
      next.g = gv;
      next.parent = u;
      const detail::HeapEntry e = s.entryFor(v, gv);
      s.heap.decrease(slot, e.key(), e.tie());
    };
    if constexpr (std::is_same_v<Space, Grid>) {
      if (s.jump)
        s.jps.forEachSuccessor(u, current.parent, relax);
      else
        s.space.forEachNeighbor(u, relax);
    } else {
      s.space.forEachNeighbor(u, relax);
    }
    if (s.heap.size() > stats_.maxOpen) stats_.maxOpen = s.heap.size();
  }
  return status_;
}

template <class Space>
SearchStatus Search<Space>::run() {
  while (step(0xFFFFFFFFu) == SearchStatus::InProgress) {
  }
  return status_;
}

template <class Space>
std::size_t Search<Space>::copyPath(std::span<NodeId> out) const {
  const std::size_t n = std::min(out.size(), path_.size());
  std::copy_n(path_.begin(), n, out.begin());
  return path_.size();
}

template <class Space>
NodeState Search<Space>::state(NodeId n) const {
  const Impl& s = *impl_;
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput) return NodeState::Unseen;
  if (n >= s.records.size() || !s.seen(n)) return NodeState::Unseen;
  return (s.records[n].tag & kSlotMask) == kClosedSlot ? NodeState::Closed : NodeState::Open;
}

template <class Space>
double Search<Space>::g(NodeId n) const {
  return state(n) == NodeState::Unseen ? detail::kInfinity : impl_->records[n].g;
}

template <class Space>
double Search<Space>::h(NodeId n) const {
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput || n >= impl_->space.cellCount()) return 0.0;
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
  return state(n) == NodeState::Unseen ? kNoNode : impl_->records[n].parent;
}

template <class Space>
std::size_t Search<Space>::openSize() const {
  return impl_->heap.size();
}

template <class Space>
void Search<Space>::fillStates(std::span<std::uint8_t> out) const {
  const Impl& s = *impl_;
  const bool valid = status_ != SearchStatus::Idle && status_ != SearchStatus::InvalidInput;
  const std::size_t n = valid ? std::min(out.size(), s.records.size()) : 0;
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(n), out.end(), std::uint8_t{0});
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t tag = s.records[i].tag;
    out[i] = (tag & ~kSlotMask) != s.generationTag || s.generation == 0 ? 0 : (tag & kSlotMask) == kClosedSlot ? 2 : 1;
  }
}

template <class Space>
std::size_t Search<Space>::bytesPerNode() const {
  return sizeof(NodeRecord);
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

const char* algorithmName(Algorithm a) {
  static const char* const names[kAlgorithmCount] = {"astar", "weighted-astar", "dijkstra", "greedy", "bfs", "dfs", "jps"};
  const int i = static_cast<int>(a);
  return i >= 0 && i < kAlgorithmCount ? names[i] : "unknown";
}

bool parseAlgorithm(const char* name, Algorithm& out) {
  for (int i = 0; i < kAlgorithmCount; ++i)
    if (std::strcmp(name, algorithmName(static_cast<Algorithm>(i))) == 0) {
      out = static_cast<Algorithm>(i);
      return true;
    }
  return false;
}

const char* statusName(SearchStatus s) {
  switch (s) {
    case SearchStatus::Idle: return "idle";
    case SearchStatus::InProgress: return "in-progress";
    case SearchStatus::Found: return "found";
    case SearchStatus::NoPath: return "no-path";
    case SearchStatus::InvalidInput: return "invalid-input";
  }
  return "unknown";
}

}  // namespace astar
