// IndexedHeap: a 4-ary min-heap that tells its owner where each entry moved, so the owner
// can store the position per node and decrease a key in O(log n) (warthog-style).
// Four children of a node are 64 contiguous bytes (one cache line), and an entry compares
// as one 128-bit integer (key, then tie, then node), so ordering is total and branch-light.
// Internal to core; reserve() once per map size, then push/pop never allocate.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "astar/grid.h"

namespace astar::detail {

__extension__ typedef unsigned __int128 HeapRank;  // g++, clang and em++ all have it

// std::bit_cast is missing from em++ 3.1.6's libc++ 13; memcpy compiles to the same move.
template <class To, class From>
inline To bitCast(const From& from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

// One 128-bit integer: key (high 64 bits), tie (32), node (low 32). Comparing two entries
// is one integer comparison.
struct HeapEntry {
  HeapRank rank;

  NodeId node() const { return static_cast<NodeId>(rank); }
  std::uint32_t tie() const { return static_cast<std::uint32_t>(rank >> 32); }
  std::uint64_t key() const { return static_cast<std::uint64_t>(rank >> 64); }
  double keyValue() const { return bitCast<double>(key()); }
};
static_assert(sizeof(HeapEntry) == 16);

// Non-negative doubles and floats order like their bit patterns.
inline std::uint64_t orderKey(double nonNegative) { return bitCast<std::uint64_t>(nonNegative + 0.0); }
inline std::uint32_t orderTie(float nonNegative) { return bitCast<std::uint32_t>(nonNegative + 0.0f); }
inline HeapEntry makeEntry(NodeId node, std::uint64_t key, std::uint32_t tie) {
  return HeapEntry{(static_cast<HeapRank>(key) << 64) | (static_cast<HeapRank>(tie) << 32) | node};
}
inline HeapEntry makeEntry(NodeId node, double key, std::uint32_t tie = 0) { return makeEntry(node, orderKey(key), tie); }

inline bool heapBefore(const HeapEntry& a, const HeapEntry& b) { return a.rank < b.rank; }

// OnMove(NodeId node, std::uint32_t position) is called whenever an entry lands in a slot.
template <class OnMove>
class IndexedHeap {
 public:
  static constexpr std::uint32_t kArity = 4;

  explicit IndexedHeap(OnMove onMove) : onMove_(onMove) {}
  void reserve(std::size_t n) { entries_.reserve(n); }
  void clear() { entries_.clear(); }
  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }
  const HeapEntry& top() const { return entries_.front(); }
  const HeapEntry& at(std::uint32_t position) const { return entries_[position]; }
  OnMove& onMove() { return onMove_; }

  void push(const HeapEntry& e) {
    entries_.push_back(e);
    siftUp(static_cast<std::uint32_t>(entries_.size() - 1), e);
  }
  HeapEntry pop() {
    const HeapEntry top = entries_.front();
    const HeapEntry last = entries_.back();
    entries_.pop_back();
    if (!entries_.empty()) siftDown(0, last);
    return top;
  }
  // The entry at `position` gets a rank no later than its old one.
  void decrease(std::uint32_t position, std::uint64_t key, std::uint32_t tie) {
    siftUp(position, makeEntry(entries_[position].node(), key, tie));
  }

 private:
  void place(std::uint32_t i, const HeapEntry& e) {
    entries_[i] = e;
    onMove_(e.node(), i);
  }
  void siftUp(std::uint32_t i, const HeapEntry& e) {
    const HeapRank rank = e.rank;
    while (i > 0) {
      const std::uint32_t parent = (i - 1) / kArity;
      if (!(rank < entries_[parent].rank)) break;
      place(i, entries_[parent]);
      i = parent;
    }
    place(i, e);
  }
  void siftDown(std::uint32_t i, const HeapEntry& e) {
    const std::uint32_t n = static_cast<std::uint32_t>(entries_.size());
    const HeapRank rank = e.rank;
    for (;;) {
      const std::uint32_t first = kArity * i + 1;
      if (first >= n) break;
      const std::uint32_t last = first + kArity < n ? first + kArity : n;
      std::uint32_t best = first;
      HeapRank bestRank = entries_[first].rank;
      for (std::uint32_t c = first + 1; c < last; ++c) {
        const HeapRank r = entries_[c].rank;
        if (r < bestRank) best = c, bestRank = r;
      }
      if (!(bestRank < rank)) break;
      place(i, entries_[best]);
      i = best;
    }
    place(i, e);
  }

  std::vector<HeapEntry> entries_;
  OnMove onMove_;
};

}  // namespace astar::detail
