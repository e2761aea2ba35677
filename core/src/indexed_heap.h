// IndexedHeap: a 4-ary min-heap that tells its owner where each entry moved, so the owner
// can store the position per node and decrease a key in O(log n) (warthog-style).
// Four children of a node are 64 contiguous bytes (one cache line), and an entry compares
// as one 128-bit integer (key, then tie, then node), so ordering is total and branch-light.
// Internal to core; reserve() once per map size, then push/pop never allocate.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
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
static_assert(std::is_trivially_default_constructible_v<HeapEntry>);  // new[] leaves it untouched

// Non-negative doubles and floats order like their bit patterns.
inline std::uint64_t orderKey(double nonNegative) { return bitCast<std::uint64_t>(nonNegative + 0.0); }
inline std::uint32_t orderTie(float nonNegative) { return bitCast<std::uint32_t>(nonNegative + 0.0f); }
inline HeapEntry makeEntry(NodeId node, std::uint64_t key, std::uint32_t tie) {
  return HeapEntry{(static_cast<HeapRank>(key) << 64) | (static_cast<HeapRank>(tie) << 32) | node};
}
inline HeapEntry makeEntry(NodeId node, double key, std::uint32_t tie = 0) {
  return makeEntry(node, orderKey(key), tie);
}

inline bool heapBefore(const HeapEntry& a, const HeapEntry& b) { return a.rank < b.rank; }

// OnMove(NodeId node, std::uint32_t position) is called whenever an entry lands in a slot.
template <class OnMove>
class IndexedHeap {
 public:
  static constexpr std::uint32_t kArity = 4;

  explicit IndexedHeap(OnMove onMove) : onMove_(onMove) {}
  // Room for n entries; push grows the storage only past it.
  void reserve(std::size_t n) {
    if (n > capacity_) grow(n);
  }
  void clear() { size_ = 0; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  const HeapEntry& top() const { return data()[0]; }
  const HeapEntry& at(std::uint32_t position) const { return data()[position]; }
  OnMove& onMove() { return onMove_; }

  void push(const HeapEntry& e) {
    if (size_ == capacity_) grow(capacity_ * 2 + 16);
    siftUp(size_++, e);
  }
  HeapEntry pop() {
    HeapEntry* d = data();
    const HeapEntry top = d[0];
    if (--size_ > 0) siftDown(0, d[size_]);
    return top;
  }
  // The entry at `position` gets a rank no later than its old one.
  void decrease(std::uint32_t position, std::uint64_t key, std::uint32_t tie) {
    siftUp(position, makeEntry(data()[position].node(), key, tie));
  }

 private:
  // Position p lives at storage index offset_ + p, with offset_ chosen so that the children
  // of p (4p+1 .. 4p+4) start on a 64-byte boundary: a sift-down level reads one cache line.
  HeapEntry* data() { return storage_.get() + offset_; }
  const HeapEntry* data() const { return storage_.get() + offset_; }
  void grow(std::size_t n) {
    // new[] of a trivial type leaves the memory untouched: reserving room for every node of a
    // big map costs address space, not resident pages, until the heap really grows there.
    std::unique_ptr<HeapEntry[]> bigger(new HeapEntry[n + kArity + kArity]);
    const auto address = reinterpret_cast<std::uintptr_t>(bigger.get());
    const std::size_t aligned = ((64 - address % 64) % 64) / sizeof(HeapEntry);  // entries to a boundary
    const std::size_t offset = aligned + kArity - 1;
    if (size_ > 0) std::copy_n(data(), size_, bigger.get() + offset);
    storage_ = std::move(bigger);
    offset_ = offset;
    capacity_ = n;
  }
  void place(HeapEntry* d, std::uint32_t i, const HeapEntry& e) {
    d[i] = e;
    onMove_(e.node(), i);
  }
  void siftUp(std::uint32_t i, const HeapEntry& e) {
    HeapEntry* d = data();
    const HeapRank rank = e.rank;
    while (i > 0) {
      const std::uint32_t parent = (i - 1) / kArity;
      if (!(rank < d[parent].rank)) break;
      place(d, i, d[parent]);
      i = parent;
    }
    place(d, i, e);
  }
  void siftDown(std::uint32_t i, const HeapEntry& e) {
    HeapEntry* d = data();
    const std::uint32_t n = static_cast<std::uint32_t>(size_);
    const HeapRank rank = e.rank;
    for (;;) {
      const std::uint32_t first = kArity * i + 1;
      std::uint32_t best;
      HeapRank bestRank;
      if (first + kArity <= n) {
        // All four children: a two-round tournament (shorter dependency chain than a scan).
        const HeapRank r0 = d[first].rank, r1 = d[first + 1].rank, r2 = d[first + 2].rank, r3 = d[first + 3].rank;
        const std::uint32_t a = r1 < r0 ? first + 1 : first, b = r3 < r2 ? first + 3 : first + 2;
        const HeapRank ra = r1 < r0 ? r1 : r0, rb = r3 < r2 ? r3 : r2;
        best = rb < ra ? b : a;
        bestRank = rb < ra ? rb : ra;
      } else {
        if (first >= n) break;
        best = first;
        bestRank = d[first].rank;
        for (std::uint32_t c = first + 1; c < n; ++c)
          if (d[c].rank < bestRank) best = c, bestRank = d[c].rank;
      }
      if (!(bestRank < rank)) break;
      place(d, i, d[best]);
      i = best;
    }
    place(d, i, e);
  }

  std::unique_ptr<HeapEntry[]> storage_;
  std::size_t offset_ = 0, size_ = 0, capacity_ = 0;
  OnMove onMove_;
};

}  // namespace astar::detail
