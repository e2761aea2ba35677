// Search inspection: what the playground's inspector, open-list table and code pane, and the
// tests, read between steps, and the JPS+ tables' report and step-by-step build. Nothing here
// runs inside the search loop.
#include <algorithm>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "astar/graph.h"
#include "search_impl.h"

namespace astar {

template <class Space>
NodeState Search<Space>::state(NodeId n) const {
  const Impl& s = *impl_;
  n = s.inspected(n);
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput) return NodeState::Unseen;
  if (n >= s.tags.size() || !s.seen(n)) return NodeState::Unseen;
  return (s.tags[n] & kSlotMask) == kClosedSlot ? NodeState::Closed : NodeState::Open;
}

template <class Space>
double Search<Space>::g(NodeId n) const {
  return state(n) == NodeState::Unseen ? detail::kInfinity : impl_->gs[impl_->inspected(n)];
}

template <class Space>
double Search<Space>::h(NodeId n) const {
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput) return 0.0;
  if (impl_->corners)  // a cell's shown node, or a corner's id (openListDuring)
    return n < impl_->lattice.nodeCount() ? impl_->lattice.toGoal(impl_->inspected(n)) : 0.0;
  if (n >= impl_->space.cellCount()) return 0.0;
  return impl_->estimate(n);
}

template <class Space>
double Search<Space>::f(NodeId n) const {
  if (state(n) == NodeState::Unseen) return detail::kInfinity;
  return fAt(n, g(n));
}

template <class Space>
double Search<Space>::fAt(NodeId n, double g) const {
  const Impl& s = *impl_;
  if (s.greedy) return h(n);
  return g + s.weight * h(n);
}

template <class Space>
NodeId Search<Space>::parent(NodeId n) const {
  if (state(n) == NodeState::Unseen) return kNoNode;
  const Impl& s = *impl_;
  const NodeId p = s.parents[s.inspected(n)];
  if (!s.corners || p == kNoNode) return p;
  // Only a parent its cell shows: then the cells' chain is the nodes' chain, so it ends (a corner
  // on the map's last line or a start or goal cell's corner shows on a cell showing another node).
  const NodeId cell = s.lattice.cellShowing(p);
  return s.lattice.nodeShownAt(cell) == p ? cell : kNoNode;
}

template <class Space>
std::size_t Search<Space>::openSize() const {
  return impl_->openSize();
}

template <class Space>
void Search<Space>::fillStates(std::span<std::uint8_t> out) const {
  const Impl& s = *impl_;
  const bool valid = status_ != SearchStatus::Idle && status_ != SearchStatus::InvalidInput;
  const std::size_t n = valid ? std::min(out.size(), static_cast<std::size_t>(s.space.cellCount())) : 0;
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(n), out.end(), std::uint8_t{0});
  for (std::size_t i = 0; i < n; ++i) {
    const Tag tag = s.tags[s.inspected(static_cast<NodeId>(i))];
    out[i] = (tag & ~kSlotMask) != s.generationTag || s.generation == 0 ? 0 : (tag & kSlotMask) == kClosedSlot ? 2 : 1;
  }
}

template <class Space>
std::size_t Search<Space>::bytesPerNode() const {
  return kBytesPerNode;
}

template <class Space>
std::size_t Search<Space>::openList(std::span<NodeId> out) const {
  const Impl& s = *impl_;
  if (status_ != SearchStatus::InProgress || out.empty()) return 0;
  const std::size_t written = s.openListInOrder(out);
  for (std::size_t i = 0; i < written; ++i) out[i] = s.shown(out[i]);
  return written;
}

template <class Space>
ExpansionTrace Search<Space>::lastExpansion() const {
  Impl& s = *impl_;
  ExpansionTrace trace;
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput || !s.options.traceExpansions)
    return trace;
  trace.node = s.shown(s.tracedNode);
  trace.goal = s.tracedGoal;
  trace.relaxations = s.trace;
  if (s.corners) {
    s.shownTrace = s.trace;
    for (Relaxation& r : s.shownTrace) r.node = s.shown(r.node);
    trace.relaxations = s.shownTrace;
  }
  return trace;
}

namespace {

// Where each node of the replayed heap is (openListDuring's copy of the open list).
struct PositionWriter {
  std::unordered_map<NodeId, std::uint32_t>* positions;
  void operator()(NodeId node, std::uint32_t position) const { (*positions)[node] = position; }
};

}  // namespace

// The open list before the expansion (Impl::before) with the expansion's first steps done
// again on a copy, the way step() did them: the pop, then each relaxation's push (to the heap
// or the ready stack), key decrease or move from the stack to the heap. Equal keys come out of
// a heap in an order fixed by the sequence of operations, so only doing the same operations
// gives the order the search really had at that point.
template <class Space>
std::size_t Search<Space>::openListDuring(std::size_t relaxations, std::span<OpenRow> out) const {
  Impl& s = *impl_;
  const bool live = status_ == SearchStatus::InProgress || status_ == SearchStatus::Found;
  if (!live || out.empty() || !s.options.traceExpansions || s.tracedNode == kNoNode || !s.before.valid ||
      s.before.node != s.tracedNode)
    return 0;
  std::unordered_map<NodeId, std::uint32_t> positions;
  detail::IndexedHeap<PositionWriter, true> heap{PositionWriter{&positions}};
  heap.reserve(s.before.heap.size() + s.trace.size());
  for (const detail::OpenEntry& e : s.before.heap) heap.push(e.key, e.node);  // position order: the same shape
  std::vector<detail::OpenEntry> ready = s.before.ready;
  std::vector<std::uint8_t> readyLive = s.before.readyLive;
  std::uint64_t sequence = s.before.sequence;
  auto keyOf = [&](NodeId v, double g) -> std::uint64_t {
    if (s.fifo) return sequence++ << kHeapSlotBits;
    if (s.lifo) return ~++sequence << kHeapSlotBits;
    return s.keyFor(v, g);  // (changes no state for other frontiers)
  };
  auto readyIndex = [&](NodeId v) -> std::size_t {
    for (std::size_t i = ready.size(); i-- > 0;)
      if (readyLive[i] && ready[i].node == v) return i;
    return ready.size();
  };
  // The take.
  NodeId u = kNoNode;
  if (!ready.empty() && (heap.empty() || ready.back().key < heap.topKey())) {
    u = ready.back().node;
    ready.pop_back();
    readyLive.pop_back();
  } else if (!heap.empty()) {
    u = heap.pop();
    positions.erase(u);
  }
  if (u != s.tracedNode) return 0;
  // g at that point: before the expansion (each relaxed node's g before its first relaxation),
  // then as the first relaxations set it.
  std::unordered_map<NodeId, double> gs;
  for (std::size_t j = s.trace.size(); j-- > 0;) gs[s.trace[j].node] = s.trace[j].previousG;
  const std::size_t done = std::min(relaxations, s.trace.size());
  for (std::size_t j = 0; j < done; ++j) {
    const Relaxation& r = s.trace[j];
    const NodeId v = r.node;
    if (r.outcome == RelaxOutcome::Opened || r.outcome == RelaxOutcome::Reopened) {
      gs[v] = r.tentativeG;
      const std::uint64_t key = keyOf(v, r.tentativeG);
      if (s.bypass && (heap.empty() || key < heap.topKey()) && (ready.empty() || key < ready.back().key)) {
        ready.push_back({key, v});
        readyLive.push_back(1);
      } else {
        heap.push(key, v);
      }
    } else if (r.outcome == RelaxOutcome::Improved) {
      gs[v] = r.tentativeG;
      const std::uint64_t key = keyOf(v, r.tentativeG);
      const std::size_t at = readyIndex(v);
      if (at == ready.size()) {
        const auto position = positions.find(v);
        if (position == positions.end()) return 0;  // not what the search did: show nothing rather than guess
        heap.decrease(position->second, key);
      } else if (ready.back().node == v) {
        ready.back().key = key;
      } else {
        readyLive[at] = 0;  // the stack's entry goes stale
        heap.push(key, v);
      }
    }
  }
  // The merge, as openListInOrder does it.
  std::size_t written = 0, readyAt = ready.size();
  while (written < out.size()) {
    while (readyAt > 0 && !readyLive[readyAt - 1]) --readyAt;
    NodeId v;
    if (readyAt > 0 && (heap.empty() || ready[readyAt - 1].key < heap.topKey())) {
      v = ready[--readyAt].node;
    } else if (!heap.empty()) {
      v = heap.pop();
    } else {
      break;
    }
    const auto changed = gs.find(v);
    const double g = changed != gs.end() ? changed->second : s.gs[v];
    out[written++] = {s.shown(v), g, fAt(v, g)};
  }
  return written;
}

const char* relaxOutcomeName(RelaxOutcome o) {
  static constexpr const char* kNames[kRelaxOutcomeCount] = {"opened", "improved", "not-better", "skipped-closed",
                                                             "reopened"};
  const auto i = static_cast<std::size_t>(o);
  return i < std::size(kNames) ? kNames[i] : "unknown";
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

template <class Space>
double Search<Space>::prepareRecords(std::size_t nodes) {
  Impl& s = *impl_;
  if (s.growRecords(nodes)) return 1.0;
  // Below 1 until the open list's room is made too (the call after the last records).
  return std::min(0.99, static_cast<double>(s.tags.size()) / static_cast<double>(s.space.cellCount()));
}

template NodeState Search<Grid>::state(NodeId) const;
template double Search<Grid>::g(NodeId) const;
template double Search<Grid>::h(NodeId) const;
template double Search<Grid>::f(NodeId) const;
template NodeId Search<Grid>::parent(NodeId) const;
template std::size_t Search<Grid>::openSize() const;
template void Search<Grid>::fillStates(std::span<std::uint8_t>) const;
template std::size_t Search<Grid>::bytesPerNode() const;
template std::size_t Search<Grid>::openList(std::span<NodeId>) const;
template ExpansionTrace Search<Grid>::lastExpansion() const;
template std::size_t Search<Grid>::openListDuring(std::size_t, std::span<OpenRow>) const;
template double Search<Grid>::fAt(NodeId, double) const;
template Preprocessing Search<Grid>::preprocessing() const;
template double Search<Grid>::preprocessSome(std::uint32_t);
template double Search<Grid>::prepareRecords(std::size_t);
template NodeState Search<Graph>::state(NodeId) const;
template double Search<Graph>::g(NodeId) const;
template double Search<Graph>::h(NodeId) const;
template double Search<Graph>::f(NodeId) const;
template NodeId Search<Graph>::parent(NodeId) const;
template std::size_t Search<Graph>::openSize() const;
template void Search<Graph>::fillStates(std::span<std::uint8_t>) const;
template std::size_t Search<Graph>::bytesPerNode() const;
template std::size_t Search<Graph>::openList(std::span<NodeId>) const;
template ExpansionTrace Search<Graph>::lastExpansion() const;
template std::size_t Search<Graph>::openListDuring(std::size_t, std::span<OpenRow>) const;
template double Search<Graph>::fAt(NodeId, double) const;
template Preprocessing Search<Graph>::preprocessing() const;
template double Search<Graph>::preprocessSome(std::uint32_t);
template double Search<Graph>::prepareRecords(std::size_t);
// ---- turn-aware search (astar/turn_space.h) ----
template NodeState Search<TurnSpace>::state(NodeId) const;
template double Search<TurnSpace>::g(NodeId) const;
template double Search<TurnSpace>::h(NodeId) const;
template double Search<TurnSpace>::f(NodeId) const;
template NodeId Search<TurnSpace>::parent(NodeId) const;
template std::size_t Search<TurnSpace>::openSize() const;
template void Search<TurnSpace>::fillStates(std::span<std::uint8_t>) const;
template std::size_t Search<TurnSpace>::bytesPerNode() const;
template std::size_t Search<TurnSpace>::openList(std::span<NodeId>) const;
template ExpansionTrace Search<TurnSpace>::lastExpansion() const;
template std::size_t Search<TurnSpace>::openListDuring(std::size_t, std::span<OpenRow>) const;
template double Search<TurnSpace>::fAt(NodeId, double) const;
template Preprocessing Search<TurnSpace>::preprocessing() const;
template double Search<TurnSpace>::preprocessSome(std::uint32_t);
template double Search<TurnSpace>::prepareRecords(std::size_t);
// ---- end turn-aware search ----

}  // namespace astar
