// ReplanQueue: D* Lite's priority queue (internal to core). A binary min-heap of two-part keys
// (k1, k2) with a heap position per cell, so that a cell's key can rise as well as fall and any
// cell can be removed in O(log n). The shared IndexedHeap (indexed_heap.h) orders one 64-bit
// key and only decreases it, which D* Lite's lexicographic, rising keys do not fit.
// reset() sizes it once per map size; after that nothing allocates.
// Header-only: inlined into D* Lite's loop.
#pragma once
#include <cstdint>
#include <vector>

#include "astar/grid.h"

namespace astar::detail {

struct ReplanKey {
  double k1 = 0.0;  // min(g, rhs) + h(start, cell) + km
  double k2 = 0.0;  // min(g, rhs)
  friend bool operator<(const ReplanKey& a, const ReplanKey& b) { return a.k1 < b.k1 || (a.k1 == b.k1 && a.k2 < b.k2); }
};

class ReplanQueue {
 public:
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

  // Empty, for cells 0 .. cells - 1.
  void reset(std::size_t cells) {
    position_.assign(cells, kAbsent);
    entries_.clear();
    entries_.reserve(cells);
  }
  // Empties it in O(size), keeping the room.
  void clear() {
    for (const Entry& e : entries_) position_[e.node] = kAbsent;
    entries_.clear();
  }
  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }
  bool contains(NodeId n) const { return position_[n] != kAbsent; }
  NodeId top() const { return entries_[0].node; }
  ReplanKey topKey() const { return entries_[0].key; }

  // Inserts n or changes its key (up or down).
  void set(NodeId n, ReplanKey key) {
    std::uint32_t i = position_[n];
    if (i == kAbsent) {
      i = static_cast<std::uint32_t>(entries_.size());
      entries_.push_back({key, n});
      siftUp(i);
      return;
    }
    const bool lower = key < entries_[i].key;
    entries_[i].key = key;
    if (lower) {
      siftUp(i);
    } else {
      siftDown(i);
    }
  }
  void remove(NodeId n) {
    const std::uint32_t i = position_[n];
    if (i == kAbsent) return;
    position_[n] = kAbsent;
    const std::uint32_t last = static_cast<std::uint32_t>(entries_.size() - 1);
    if (i != last) {
      const NodeId moved = entries_[last].node;
      entries_[i] = entries_[last];
      entries_.pop_back();
      position_[moved] = i;
      siftUp(i);
      siftDown(position_[moved]);
    } else {
      entries_.pop_back();
    }
  }

 private:
  struct Entry {
    ReplanKey key;
    NodeId node;
  };
  void place(std::uint32_t i, const Entry& e) {
    entries_[i] = e;
    position_[e.node] = i;
  }
  void siftUp(std::uint32_t i) {
    const Entry e = entries_[i];
    while (i > 0) {
      const std::uint32_t parent = (i - 1) / 2;
      if (!(e.key < entries_[parent].key)) break;
      place(i, entries_[parent]);
      i = parent;
    }
    place(i, e);
  }
  void siftDown(std::uint32_t i) {
    const Entry e = entries_[i];
    const std::uint32_t n = static_cast<std::uint32_t>(entries_.size());
    for (;;) {
      std::uint32_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && entries_[child + 1].key < entries_[child].key) ++child;
      if (!(entries_[child].key < e.key)) break;
      place(i, entries_[child]);
      i = child;
    }
    place(i, e);
  }

  std::vector<Entry> entries_;
  std::vector<std::uint32_t> position_;  // heap slot per cell, or kAbsent
};

}  // namespace astar::detail
