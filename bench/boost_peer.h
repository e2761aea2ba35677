// The Boost.Graph peer of the benchmark: astar_search on the same grid, built once per map
// (8-connected, sqrt 2 diagonals, no corner cutting, octile heuristic, stops at the goal).
// Only the benchmark links it, and only when CMake finds Boost (bench/part.cmake).
#pragma once
#include <cstdint>
#include <memory>

#include "astar/grid.h"

namespace astar::bench {

class BoostGridPeer {
 public:
  // Builds the adjacency list from the grid's own neighbour generator.
  explicit BoostGridPeer(const Grid& grid);
  ~BoostGridPeer();
  BoostGridPeer(const BoostGridPeer&) = delete;
  BoostGridPeer& operator=(const BoostGridPeer&) = delete;

  // Cost of a shortest path from start to goal, or -1 when there is none; `expanded` gets the
  // number of vertices astar_search examined.
  double search(NodeId start, NodeId goal, std::uint64_t& expanded);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace astar::bench
