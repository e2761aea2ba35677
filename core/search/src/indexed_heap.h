// IndexedHeap: a d-ary min-heap of (64-bit key, node) that tells its owner where each entry
// moved, so the owner can store the position per node and decrease a key in O(log n)
// (warthog-style). Keys and nodes live in two arrays: a sift-down level reads the children's
// keys from one 64-byte cache line (8 keys), compares 64-bit integers only, and moves 12 bytes.
// Internal to core; reserve() once per map size, then push/pop never allocate.
// Header-only: inlined into the search loop.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>

#include "astar/grid.h"

namespace astar::detail {

// std::bit_cast is missing from em++ 3.1.6's libc++ 13; memcpy compiles to the same move.
template <class To, class From>
inline To bitCast(const From& from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

// Non-negative doubles and floats order like their bit patterns.
inline std::uint64_t orderKey(double nonNegative) { return bitCast<std::uint64_t>(nonNegative + 0.0); }
inline std::uint32_t orderTie(float nonNegative) { return bitCast<std::uint32_t>(nonNegative + 0.0f); }

// One open-list entry outside the heap arrays (the search's ready stack).
struct OpenEntry {
  std::uint64_t key;
  NodeId node;
};

// OnMove(NodeId node, std::uint32_t position) is called whenever an entry lands in a slot.
// Entries with equal keys come out in an order fixed by the sequence of operations.
// KeysLeaveLowBits: every key has its low kChildBits bits clear. Sift-down then writes each
// child's number there, so the smallest of a family names its own position and the
// tournament is one compare and one select per step (measured: node 14 % faster, native
// 1-2 %). Without it (exact keys, e.g. whole doubles) the tournament tracks positions.
template <class OnMove, bool KeysLeaveLowBits = false>
class IndexedHeap {
 public:
  static constexpr std::uint32_t kArity = 8;
  static constexpr std::uint32_t kChildBits = 3;  // log2(kArity)
  explicit IndexedHeap(OnMove onMove) : onMove_(onMove) {}
  // Room for n entries; push grows the storage only past it.
  void reserve(std::size_t n) {
    if (n > capacity_) grow(n);
  }
  void clear() {
    size_ = 0;
    if (capacity_ > 0) std::fill_n(keys(), kArity, kEmptyKey);
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::uint64_t topKey() const { return keys()[0]; }
  NodeId topNode() const { return nodes()[0]; }
  OnMove& onMove() { return onMove_; }

  void push(std::uint64_t key, NodeId node) {
    if (size_ == capacity_) grow(capacity_ * 2 + 16);
    keys()[size_ + kArity] = kEmptyKey;  // keeps the kArity slots past the last entry empty
    siftUp(static_cast<std::uint32_t>(size_++), key, node);
  }
  NodeId pop() {
    const NodeId top = nodes()[0];
    if (--size_ > 0) {
      const std::uint64_t key = keys()[size_];
      keys()[size_] = kEmptyKey;
      siftDown(key, nodes()[size_]);
    }
    return top;
  }
  // Visits every entry in position order: fn(key, node). Pushing them in this order into an
  // empty heap rebuilds the same heap (each entry ranks no lower than its parent).
  template <class Fn>
  void forEachEntry(Fn&& fn) const {
    for (std::size_t i = 0; i < size_; ++i) fn(keys()[i], nodes()[i]);
  }
  // The entry at `position` gets a key no larger than its old one.
  void decrease(std::uint32_t position, std::uint64_t key) { siftUp(position, key, nodes()[position]); }

 private:
  // Position p lives at storage index offset + p, with the offset chosen so that the children
  // of p (kArity * p + 1 ...) start on a 64-byte boundary of the key array.
  std::uint64_t* keys() { return keys_; }
  const std::uint64_t* keys() const { return keys_; }
  NodeId* nodes() { return nodes_; }
  const NodeId* nodes() const { return nodes_; }
  void grow(std::size_t n) {
    // new[] of a trivial type leaves the memory untouched: reserving room for every node of a
    // big map costs address space, not resident pages, until the heap really grows there.
    constexpr std::size_t kPerLine = 64 / sizeof(std::uint64_t);
    std::unique_ptr<std::uint64_t[]> keys(new std::uint64_t[n + 2 * kPerLine + 2 * kArity]);
    std::unique_ptr<NodeId[]> nodes(new NodeId[n + 2 * kPerLine + 2 * kArity]);
    const auto address = reinterpret_cast<std::uintptr_t>(keys.get());
    const std::size_t aligned = ((64 - address % 64) % 64) / sizeof(std::uint64_t);  // keys to a boundary
    const std::size_t offset = aligned + kPerLine - 1;  // position 1 (first child of 0) on the boundary
    if (size_ > 0) {
      std::memcpy(keys.get() + offset, this->keys(), size_ * sizeof(std::uint64_t));
      std::memcpy(nodes.get() + offset, this->nodes(), size_ * sizeof(NodeId));
    }
    keyStorage_ = std::move(keys);
    nodeStorage_ = std::move(nodes);
    keys_ = keyStorage_.get() + offset;
    nodes_ = nodeStorage_.get() + offset;
    capacity_ = n;
    std::fill_n(this->keys() + size_, kArity + 1, kEmptyKey);
  }
  void place(std::uint32_t i, std::uint64_t key, NodeId node) {
    keys()[i] = key;
    nodes()[i] = node;
    onMove_(node, i);
  }
  void siftUp(std::uint32_t i, std::uint64_t key, NodeId node) {
    const std::uint64_t* k = keys();
    const NodeId* v = nodes();
    while (i > 0) {
      const std::uint32_t parent = (i - 1) / kArity;
      if (!(key < k[parent])) break;
      place(i, k[parent], v[parent]);
      i = parent;
    }
    place(i, key, node);
  }
  void siftDown(std::uint64_t key, NodeId node) {
    const std::uint64_t* k = keys();
    const NodeId* v = nodes();
    const std::uint32_t n = static_cast<std::uint32_t>(size_);
    std::uint32_t i = 0;
    for (;;) {
      const std::uint32_t first = kArity * i + 1;
      if (first >= n) break;
      // Slots past the last entry hold kEmptyKey, so a partly filled family needs no
      // separate scan (a branch that mispredicted once per pop at the bottom level).
      const std::uint32_t best = smallestOf(k, first);
      if (!(k[best] < key)) break;
      place(i, k[best], v[best]);
      i = best;
    }
    place(i, key, node);
  }
  // The smallest of kArity children, as a tournament: a shorter dependency chain than a scan,
  // and every step a compare and a select.
  static std::uint32_t smallestOf(const std::uint64_t* k, std::uint32_t first) {
    std::uint64_t key[kArity];
    if constexpr (KeysLeaveLowBits) {
      for (std::uint32_t c = 0; c < kArity; ++c) key[c] = k[first + c] | c;
      for (std::uint32_t width = kArity; width > 1; width /= 2)
        for (std::uint32_t c = 0; c < width / 2; ++c)
          key[c] = key[2 * c + 1] < key[2 * c] ? key[2 * c + 1] : key[2 * c];
      return first + static_cast<std::uint32_t>(key[0] & (kArity - 1));
    } else {
      std::uint32_t index[kArity];
      for (std::uint32_t c = 0; c < kArity; ++c) index[c] = first + c, key[c] = k[first + c];
      for (std::uint32_t width = kArity; width > 1; width /= 2)
        for (std::uint32_t c = 0; c < width / 2; ++c) {
          const bool right = key[2 * c + 1] < key[2 * c];
          index[c] = right ? index[2 * c + 1] : index[2 * c];
          key[c] = right ? key[2 * c + 1] : key[2 * c];
        }
      return index[0];
    }
  }

  // No real key is all ones (f and h are finite, so their top bit is 0; fifo and lifo keys
  // are sequence numbers from 0 and their complements from ~1, shifted), and ties go to the
  // lower slot, so an empty slot never ranks before an entry.
  static constexpr std::uint64_t kEmptyKey = ~std::uint64_t{0};
  std::unique_ptr<std::uint64_t[]> keyStorage_;
  std::unique_ptr<NodeId[]> nodeStorage_;
  std::uint64_t* keys_ = nullptr;  // storage + offset: position 0
  NodeId* nodes_ = nullptr;
  std::size_t size_ = 0, capacity_ = 0;
  OnMove onMove_;
};

}  // namespace astar::detail
