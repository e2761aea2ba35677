// The Boost.Graph peer of the benchmark: astar_search on the same grid, built once per map from
// the grid's own neighbour generator (8-connected with sqrt 2 diagonals and no corner cutting on
// the Moving AI maps, 4-connected on the 4-connected set, wrap edges where the map wraps),
// stopped at the goal. Two graph types: compressed_sparse_row_graph (edges in one array, the
// representation Boost documents for static graphs: the peer at its best) and
// adjacency_list<vecS, vecS> (the earlier peer, kept as a labelled second column).
// Only the benchmark links it, and only when CMake finds Boost (bench/part.cmake).
#pragma once
#include <cstdint>
#include <memory>

#include "astar/grid.h"

namespace astar::bench {

enum class BoostGraphKind : std::uint8_t { CompressedSparseRow, AdjacencyList };

class BoostGridPeer {
 public:
  // Builds the graph; the property maps (predecessor, distance, rank, colour) are allocated
  // here once and reused by every query.
  BoostGridPeer(const Grid& grid, BoostGraphKind kind);
  ~BoostGridPeer();
  BoostGridPeer(const BoostGridPeer&) = delete;
  BoostGridPeer& operator=(const BoostGridPeer&) = delete;

  // Cost of a shortest path from start to goal, or -1 when there is none; `expanded` gets the
  // number of vertices astar_search examined.
  double search(NodeId start, NodeId goal, std::uint64_t& expanded);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace astar::bench
