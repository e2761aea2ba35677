// dijkstraFill: distances from (or, Reverse = true, to) a set of source nodes over any Space
// (Grid or Graph), through its neighbour generator. Used by the exact heuristic and landmarks.
// The workspace keeps its buffers, so repeated fills of the same size do not allocate.
// Header-only: a template over the space.
#pragma once
#include <limits>
#include <span>
#include <vector>

#include "indexed_heap.h"

namespace astar::detail {

struct PositionWriter {
  std::vector<std::uint32_t>* position;
  void operator()(NodeId node, std::uint32_t i) const { (*position)[node] = i; }
};

struct DijkstraWorkspace {
  std::vector<std::uint32_t> position;  // heap slot, or kDone / kUnseen
  IndexedHeap<PositionWriter> heap{PositionWriter{&position}};
  DijkstraWorkspace() = default;
  DijkstraWorkspace(const DijkstraWorkspace&) = delete;
  DijkstraWorkspace& operator=(const DijkstraWorkspace&) = delete;
};

template <bool Reverse, class Space>
void dijkstraFill(const Space& space, std::span<const NodeId> sources, std::vector<double>& dist,
                  DijkstraWorkspace& work) {
  constexpr std::uint32_t kUnseen = 0xFFFFFFFFu, kDone = 0xFFFFFFFEu;
  const NodeId n = space.cellCount();
  dist.assign(n, std::numeric_limits<double>::infinity());
  work.position.assign(n, kUnseen);
  auto& heap = work.heap;
  heap.clear();
  heap.reserve(n);
  for (NodeId s : sources) {
    if (s >= n || !space.passable(s) || work.position[s] != kUnseen) continue;
    dist[s] = 0.0;
    heap.push(orderKey(0.0), s);
  }
  while (!heap.empty()) {
    const NodeId u = heap.pop();
    work.position[u] = kDone;
    const double du = dist[u];
    auto relax = [&](NodeId v, double c) {
      const double dv = du + c;
      if (work.position[v] == kDone || !(dv < dist[v])) return;
      dist[v] = dv;
      if (work.position[v] == kUnseen)
        heap.push(orderKey(dv), v);
      else
        heap.decrease(work.position[v], orderKey(dv));
    };
    if constexpr (Reverse)
      space.forEachPredecessor(u, relax);
    else
      space.forEachNeighbor(u, relax);
  }
}

}  // namespace astar::detail
