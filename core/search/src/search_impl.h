// Search's private state, shared by its two source files: search.cpp (begin and the search
// loop) and search_inspect.cpp (what the playground and the tests read between steps).
// Internal to core.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "any_angle.h"
#include "astar/clearance.h"
#include "astar/search.h"
#include "estimator.h"
#include "graph_geometry.h"
#include "grid_geometry.h"
#include "indexed_heap.h"
#include "jump_point.h"
#include "jump_point_plus.h"
#include "turn_geometry.h"

namespace astar::detail {

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

}  // namespace astar::detail

namespace astar {

using detail::kBytesPerNode;
using detail::kClosedSlot;
using detail::kHeapSlotBits;
using detail::kMaxGeneration;
using detail::kPrimaryMask;
using detail::kReadySlot;
using detail::kSlotBits;
using detail::kSlotMask;
using detail::kTieBits;
using detail::OpenHeap;
using detail::SlotWriter;
using detail::Tag;

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
  bool anyAngle = false;       // Theta* or Lazy Theta* (grids only): parents by line of sight
  bool lazyAngle = false;      // Lazy Theta*: line of sight assumed when opening, checked when expanding
  bool corners = false;        // Theta* over the corner lattice (any_angle.h): node ids past the cells are corners
  detail::CornerLattice lattice;
  // Inspection on the corner lattice: the node a cell shows, and the cell showing a node.
  NodeId inspected(NodeId cell) const { return corners && cell < space.cellCount() ? lattice.nodeShownAt(cell) : cell; }
  NodeId shown(NodeId n) const { return corners && n != kNoNode ? lattice.cellShowing(n) : n; }
  std::vector<Relaxation> shownTrace;  // lastExpansion()'s relaxations with their nodes shown
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
  bool footprint = false;      // an agent above one cell (grids only): moves from the clearance map
  int agentSize = 1;
  ClearanceMap clearance;  // grids only; repaired through the journal before a query that needs it
  struct Successor {
    NodeId node;
    double cost;  // g(node) would be g(expanded) + cost
    NodeId from;  // its parent: the expanded node, or that node's parent for an any-angle shortcut
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
  // Greedy, breadth-first, depth-first and corner-lattice keys (one test on the A* / Dijkstra path).
  std::uint64_t otherKeyFor(NodeId n, double g) {
    if (corners) {  // Euclidean distance to the goal's centre: the lattice's nodes are points
      const std::uint32_t gBits = detail::orderTie(static_cast<float>(g));
      return (detail::orderKey(g + lattice.toGoal(n)) & kPrimaryMask) | (~gBits >> (32 - kTieBits) << kHeapSlotBits);
    }
    if (fifo) return sequence++ << kHeapSlotBits;
    if (lifo) return ~++sequence << kHeapSlotBits;
    const std::uint32_t gBits = detail::orderTie(static_cast<float>(g));
    return (detail::orderKey(estimate(n)) & kPrimaryMask) | (gBits >> (32 - kTieBits) << kHeapSlotBits);
  }

  // The per-node records are grown toward the nodes a query may touch (the space's, or the
  // corner lattice's: more than the cells) in pieces (Search::prepareRecords), so a 16 M-node
  // map's 320 MB need not be written in one call. Room is reserved first (address space, not
  // pages); the records' room, their growth and the open list's room come in calls of their own
  // (each reservation grows the wasm heap by hundreds of MB). Appended tags are 0, never seen
  // under any generation, so growing needs no new stamp. A space of another size starts them over.
  std::size_t recordsFor = 0;  // the space's node count the records were started for
  std::size_t openRoom = 0;    // the nodes the heap and the ready stack have room for
  // nodes: at most this many records grown in this call; need: the nodes the query may touch.
  bool growRecords(std::size_t nodes, std::size_t need = 0) {
    const std::size_t cells = space.cellCount();
    const std::size_t n = std::max(cells, need);
    const bool all = nodes >= n;  // begin(): everything at once
    if (recordsFor != cells) {
      tags.clear();
      gs.clear();
      parents.clear();
      tags.reserve(n);
      gs.reserve(n);
      parents.reserve(n);
      heap.clear();
      ready.clear();
      generation = 0;
      recordsFor = cells;
      openRoom = 0;
      if (!all) return false;
    }
    if (tags.size() < n) {
      const std::size_t size = nodes >= n - tags.size() ? n : tags.size() + nodes;
      tags.resize(size, Tag{0});
      gs.resize(size, 0.0);
      parents.resize(size, kNoNode);
      if (!all) return false;
    }
    if (openRoom < n) {
      heap.reserve(n);
      ready.reserve(n);
      openRoom = n;
    }
    return true;
  }

  // need: the nodes the query may touch (the space's, or the corner lattice's).
  void prepare(std::size_t need) {
    growRecords(std::numeric_limits<std::size_t>::max(), need);
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

  // Theta*: a successor of u takes u's parent p instead when p sees it (any_angle.h: line of
  // sight and the terrain rule) at no greater cost. Lazy Theta* takes p on the assumption that
  // it sees it (at cost(p) per unit of length), and lazyThetaCheckParent checks on expansion.
  void anyAngleParents(NodeId u, std::span<Successor> successors) {
    if constexpr (std::is_same_v<Space, Grid>) {
      const NodeId p = parents[u];
      if (p == kNoNode) return;
      if (corners) {
        const double gp = gs[p], gu = gs[u];
        for (Successor& next : successors) {
          if (next.node == p) continue;
          const double segment = lattice.length(p, next.node);
          if (gp + segment > gu + next.cost || (!lazyAngle && !lattice.clear(p, next.node))) continue;
          next.cost = gp + segment - gu;
          next.from = p;
        }
        return;
      }
      const double gp = gs[p], gu = gs[u];
      const int px = space.xOf(p), py = space.yOf(p);
      for (Successor& next : successors) {
        if (next.node == p) continue;
        double segment;
        if (lazyAngle) {
          const double dx = space.xOf(next.node) - px, dy = space.yOf(next.node) - py;
          segment = space.straightCost() * space.cost(p) * std::sqrt(dx * dx + dy * dy);
        } else {
          segment = detail::segmentCost(space, p, next.node);
        }
        if (segment < 0.0 || gp + segment > gu + next.cost) continue;
        next.cost = gp + segment - gu;
        next.from = p;
      }
    } else {
      (void)u;
      (void)successors;
    }
  }
  // Lazy Theta*, as u is expanded: keep u's parent when it is joined to u by a move or sees u
  // at the cost assumed; otherwise the cheapest expanded neighbour becomes its parent.
  void lazyThetaCheckParent(NodeId u) {
    if constexpr (std::is_same_v<Space, Grid>) {
      const NodeId p = parents[u];
      if (p == kNoNode) return;
      const double gu = gs[u], tolerance = 1e-12 * (1.0 + gu);
      double best = detail::kInfinity;
      NodeId bestParent = kNoNode;
      bool parentMove = false;
      auto consider = [&](NodeId m, double stepCost) {
        if (m == p && std::fabs(gs[p] + stepCost - gu) <= tolerance) parentMove = true;
        if (stateOf(m) == NodeState::Closed && gs[m] + stepCost < best) best = gs[m] + stepCost, bestParent = m;
      };
      if (corners)
        lattice.forEachNeighbour(u, consider);  // the lattice's moves go both ways
      else
        space.forEachPredecessor(u, consider);
      if (parentMove) return;
      if (corners) {
        if (lattice.clear(p, u) && std::fabs(gs[p] + lattice.length(p, u) - gu) <= tolerance) return;
      } else {
        const double segment = detail::segmentCost(space, p, u);
        if (segment >= 0.0 && std::fabs(gs[p] + segment - gu) <= tolerance) return;
      }
      gs[u] = best;  // u was opened from a closed neighbour, so there is one
      parents[u] = bestParent;
    } else {
      (void)u;
    }
  }

  // Tracing (SearchOptions::traceExpansions): the last expansion and its relaxations, written
  // around each relaxation by the traced instance of the search loop only.
  std::vector<Relaxation> trace;
  NodeId tracedNode = kNoNode;
  bool tracedGoal = false;
  Relaxation pending;  // the relaxation being traced, before it happens
  void traceExpansion(NodeId u, bool goal) {
    trace.clear();
    tracedNode = u;
    tracedGoal = goal;
  }
  void traceBefore(NodeId v, double gu, double stepCost) {
    pending = Relaxation{};
    pending.node = v;
    pending.stepCost = stepCost;
    pending.tentativeG = gu + stepCost;
    pending.previousState = stateOf(v);
    pending.previousG = pending.previousState == NodeState::Unseen ? detail::kInfinity : gs[v];
  }
  void traceAfter() {
    const NodeId v = pending.node;
    const NodeState now = stateOf(v);
    switch (pending.previousState) {
      case NodeState::Unseen: pending.outcome = RelaxOutcome::Opened; break;
      case NodeState::Closed:
        pending.outcome = now == NodeState::Open ? RelaxOutcome::Reopened : RelaxOutcome::SkippedClosed;
        break;
      case NodeState::Open:
        pending.outcome = gs[v] < pending.previousG ? RelaxOutcome::Improved : RelaxOutcome::NotBetter;
        break;
    }
    trace.push_back(pending);
  }
  // The open list just before the last traced expansion of a step() call (or before a goal's
  // expansion): openListDuring replays that expansion's relaxations over it. Taken in the traced
  // loop only, once per step() call: O(open list), not per expansion.
  struct Before {
    std::vector<detail::OpenEntry> heap;   // the heap's entries in position order (rebuilds its shape)
    std::vector<detail::OpenEntry> ready;  // the ready stack, stale entries included
    std::vector<std::uint8_t> readyLive;   // per ready entry: 1 when its node is still there
    std::uint64_t sequence = 0;            // queue and stack keys count from here
    NodeId node = kNoNode;                 // the node the expansion was about to take
    bool valid = false;
  } before;
  void snapshotOpen() {
    before.heap.clear();
    before.ready.clear();
    before.readyLive.clear();
    heap.forEachEntry([&](std::uint64_t key, NodeId node) { before.heap.push_back({key, node}); });
    const Tag readyTag = generationTag | kReadySlot;
    for (const detail::OpenEntry& e : ready) {
      before.ready.push_back(e);
      before.readyLive.push_back(tags[e.node] == readyTag ? 1 : 0);
    }
    before.sequence = sequence;
    before.node = nextToTake();
    before.valid = true;
  }
  // The node the next expansion takes (kNoNode: none); stale ready entries on top are gone.
  NodeId nextToTake() const {
    if (!ready.empty() && (heap.empty() || ready.back().key < heap.topKey())) return ready.back().node;
    return heap.empty() ? kNoNode : heap.topNode();
  }

  NodeState stateOf(NodeId n) const {
    if (!seen(n)) return NodeState::Unseen;
    return (tags[n] & kSlotMask) == kClosedSlot ? NodeState::Closed : NodeState::Open;
  }

  // The open list in expansion order: the heap copied into a scratch heap in slot order (each
  // entry already ranks after its parent, so every push stays in place and the copy has the
  // heap's exact shape, ties included), then popped and merged with the live part of the ready
  // stack the way step() merges them.
  struct NoMove {
    void operator()(NodeId, std::uint32_t) const {}
  };
  mutable detail::IndexedHeap<NoMove, true> scratch{NoMove{}};
  std::size_t openListInOrder(std::span<NodeId> out) const {
    scratch.clear();
    scratch.reserve(heap.size());
    heap.forEachEntry([&](std::uint64_t key, NodeId node) { scratch.push(key, node); });
    std::size_t readyAt = ready.size(), written = 0;
    const Tag readyTag = generationTag | kReadySlot;
    while (written < out.size()) {
      while (readyAt > 0 && tags[ready[readyAt - 1].node] != readyTag) --readyAt;  // stale
      if (readyAt > 0 && (scratch.empty() || ready[readyAt - 1].key < scratch.topKey())) {
        out[written++] = ready[--readyAt].node;
      } else if (!scratch.empty()) {
        out[written++] = scratch.pop();
      } else {
        break;
      }
    }
    return written;
  }
};

}  // namespace astar
