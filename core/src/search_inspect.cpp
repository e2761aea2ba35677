// Search inspection: what the playground's inspector, open-list table and code pane, and the
// tests, read between steps. Nothing here runs inside the search loop.
#include <algorithm>
#include <span>

#include "astar/graph.h"
#include "search_impl.h"

namespace astar {

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
std::size_t Search<Space>::openList(std::span<NodeId> out) const {
  const Impl& s = *impl_;
  if (status_ != SearchStatus::InProgress || out.empty()) return 0;
  return s.openListInOrder(out);
}

template <class Space>
ExpansionTrace Search<Space>::lastExpansion() const {
  const Impl& s = *impl_;
  ExpansionTrace trace;
  if (status_ == SearchStatus::Idle || status_ == SearchStatus::InvalidInput || !s.options.traceExpansions)
    return trace;
  trace.node = s.tracedNode;
  trace.goal = s.tracedGoal;
  trace.relaxations = s.trace;
  return trace;
}

const char* relaxOutcomeName(RelaxOutcome o) {
  static constexpr const char* kNames[kRelaxOutcomeCount] = {"opened", "improved", "not-better", "skipped-closed",
                                                             "reopened"};
  const auto i = static_cast<std::size_t>(o);
  return i < std::size(kNames) ? kNames[i] : "unknown";
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
// ---- end turn-aware search ----

}  // namespace astar
