// The libtcod peer of the benchmark (Debian libtcod-dev): TCOD_path_compute, libtcod's A*, on
// a cost callback that says which moves the grid allows (walls, and diagonal moves only when
// both side cells are open: no corner cutting). Set up once per map; the returned path is
// walked to give its length (1 per straight step, the grid's diagonal cost per diagonal one).
// libtcod has no wrap-around and no expansion count.
#pragma once
#include <cstdint>

#include "astar/grid.h"

struct TCOD_Path;

namespace astar::bench {

class LibtcodGridPeer {
 public:
  explicit LibtcodGridPeer(const Grid& grid);
  ~LibtcodGridPeer();
  LibtcodGridPeer(const LibtcodGridPeer&) = delete;
  LibtcodGridPeer& operator=(const LibtcodGridPeer&) = delete;

  // True for the grids libtcod can search as the scenario means them (no wrap, no portals,
  // uniform cost, 4- or 8-connected without corner cutting).
  static bool applicable(const Grid& grid);

  // Length of the path libtcod returns, or -1 when it finds none; `expanded` is set to 0
  // (libtcod does not report it).
  double search(NodeId start, NodeId goal, std::uint64_t& expanded);

 private:
  static float moveCost(int xFrom, int yFrom, int xTo, int yTo, void* self);
  const Grid& grid_;
  TCOD_Path* path_ = nullptr;
};

}  // namespace astar::bench
