// MapDocument: a map as a file holds it (the Grid plus start, goals, name, author, terrain
// letters). Header-only: plain types that the format readers and writers (formats.h) and the
// generators (generators.h) fill, so a generator needs no format.
#pragma once
#include <string>
#include <vector>

#include "astar/grid.h"

namespace astar {

// One terrain letter: a passable cell with an entry cost, or a wall (wall == true).
struct Terrain {
  char letter = '.';
  bool wall = false;
  double cost = 1.0;  // ignored for walls
  std::string name;   // "floor", "water"; may be empty
  friend bool operator==(const Terrain&, const Terrain&) = default;
};

struct MapDocument {
  Grid grid;
  std::string name;
  std::string author;
  std::string description;
  NodeId start = kNoNode;
  std::vector<NodeId> goals;
  // The letters the cells were written with (row-major, one per cell) and what each letter
  // means. Writers use them when they still agree with the grid (so a Moving AI `T` stays a
  // `T`), and derive fresh letters from the grid's costs when they do not (after an edit).
  std::vector<Terrain> terrain;
  std::string cells;
  int nodeSize = 0;  // Tutorial: the node size line (pixels per cell); 0 when none

  friend bool operator==(const MapDocument&, const MapDocument&) = default;
};

}  // namespace astar
