// IndexedHeap (core-internal): random pushes, pops and decreases against a sorted reference,
// in both key modes, with the positions it reports checked after every operation.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "indexed_heap.h"
#include "reference.h"

namespace {

using astar::NodeId;

constexpr std::uint32_t kNowhere = 0xFFFFFFFFu;

struct PositionWriter {
  std::vector<std::uint32_t>* positions;
  void operator()(NodeId node, std::uint32_t position) const { (*positions)[node] = position; }
};

template <bool KeysLeaveLowBits>
void runAgainstReference(std::uint64_t seed) {
  using Heap = astar::detail::IndexedHeap<PositionWriter, KeysLeaveLowBits>;
  astar::testing::Rng rng(seed);
  constexpr NodeId kNodes = 3000;
  std::vector<std::uint32_t> positions(kNodes, kNowhere);
  std::vector<std::uint64_t> keyOf(kNodes, 0);
  Heap heap{PositionWriter{&positions}};
  std::set<std::pair<std::uint64_t, NodeId>> reference;
  // Few distinct keys, so ties are common; in low-bits mode the low 3 bits stay clear.
  auto randomKey = [&](std::uint64_t below) {
    std::uint64_t key = rng.next() % below;
    return KeysLeaveLowBits ? key << Heap::kChildBits : key;
  };
  for (int round = 0; round < 4; ++round) {
    heap.clear();
    reference.clear();
    std::fill(positions.begin(), positions.end(), kNowhere);
    if (round % 2 == 0) heap.reserve(kNodes);  // and the other rounds grow as they go
    for (int op = 0; op < 40000; ++op) {
      const int what = rng.below(10);
      if (what < 4) {
        const NodeId n = static_cast<NodeId>(rng.below(kNodes));
        if (positions[n] != kNowhere) continue;
        keyOf[n] = randomKey(round < 2 ? 50 : std::uint64_t{1} << 60);
        heap.push(keyOf[n], n);
        reference.insert({keyOf[n], n});
      } else if (what < 7) {
        if (reference.empty()) {
          ASSERT_TRUE(heap.empty());
          continue;
        }
        const std::uint64_t top = heap.topKey();
        const NodeId n = heap.pop();
        ASSERT_EQ(top, reference.begin()->first) << "op " << op;
        ASSERT_EQ(keyOf[n], top) << "op " << op << ": popped a node that does not hold the smallest key";
        ASSERT_EQ(reference.erase({keyOf[n], n}), 1u);
        positions[n] = kNowhere;
      } else {
        if (reference.empty()) continue;
        auto it = reference.begin();
        std::advance(it, rng.below(static_cast<int>(std::min<std::size_t>(reference.size(), 50))));
        const NodeId n = it->second;
        const std::uint64_t lower = randomKey(1 + (keyOf[n] >> (KeysLeaveLowBits ? Heap::kChildBits : 0)));
        reference.erase(it);
        keyOf[n] = lower;
        reference.insert({lower, n});
        heap.decrease(positions[n], lower);
      }
      ASSERT_EQ(heap.size(), reference.size());
    }
    // Every entry sits where the heap said it put it: decrease(position) relies on it.
    for (const auto& [key, n] : reference) {
      ASSERT_NE(positions[n], kNowhere);
      ASSERT_LT(positions[n], heap.size());
    }
    std::uint64_t last = 0;
    while (!heap.empty()) {
      const NodeId n = heap.pop();
      ASSERT_GE(keyOf[n], last);
      last = keyOf[n];
      ASSERT_EQ(reference.erase({keyOf[n], n}), 1u);
    }
    EXPECT_TRUE(reference.empty());
  }
}

}  // namespace

TEST(IndexedHeap, PopsTheSmallestKeyThroughPushesAndDecreasesWithExactKeys) { runAgainstReference<false>(31); }

TEST(IndexedHeap, PopsTheSmallestKeyThroughPushesAndDecreasesWithKeysThatLeaveLowBits) {
  runAgainstReference<true>(37);
}
