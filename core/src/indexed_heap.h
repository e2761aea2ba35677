// IndexedHeap: a binary min-heap that tells its owner where each entry moved, so the owner
// can store the position per node and decrease a key in O(log n) (warthog-style).
// Internal to core; reserve() once per map size, then push/pop never allocate.
#pragma once
#include <cstdint>
#include <vector>

#include "astar/grid.h"

namespace astar::detail {

struct HeapEntry {
  double key;   // primary order, ascending
  float tie;    // secondary order, ascending (search uses -g: deeper nodes first)
  NodeId node;
};
static_assert(sizeof(HeapEntry) == 16);

inline bool heapBefore(const HeapEntry& a, const HeapEntry& b) {
  return a.key < b.key || (a.key == b.key && a.tie < b.tie);
}

// OnMove(NodeId node, std::uint32_t position) is called whenever an entry lands in a slot.
template <class OnMove>
class IndexedHeap {
 public:
  explicit IndexedHeap(OnMove onMove) : onMove_(onMove) {}
  void reserve(std::size_t n) { entries_.reserve(n); }
  void clear() { entries_.clear(); }
  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }
  const HeapEntry& top() const { return entries_.front(); }
  const HeapEntry& at(std::uint32_t position) const { return entries_[position]; }

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
  // The entry at `position` gets a key that orders no later than its old one.
  void decrease(std::uint32_t position, double key, float tie) {
    HeapEntry e = entries_[position];
    e.key = key;
    e.tie = tie;
    siftUp(position, e);
  }

 private:
  void place(std::uint32_t i, const HeapEntry& e) {
    entries_[i] = e;
    onMove_(e.node, i);
  }
  void siftUp(std::uint32_t i, const HeapEntry& e) {
    while (i > 0) {
      const std::uint32_t parent = (i - 1) / 2;
      if (!heapBefore(e, entries_[parent])) break;
      place(i, entries_[parent]);
      i = parent;
    }
    place(i, e);
  }
  void siftDown(std::uint32_t i, const HeapEntry& e) {
    const std::uint32_t n = static_cast<std::uint32_t>(entries_.size());
    for (;;) {
      std::uint32_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && heapBefore(entries_[child + 1], entries_[child])) ++child;
      if (!heapBefore(entries_[child], e)) break;
      place(i, entries_[child]);
      i = child;
    }
    place(i, e);
  }

  std::vector<HeapEntry> entries_;
  OnMove onMove_;
};

}  // namespace astar::detail
