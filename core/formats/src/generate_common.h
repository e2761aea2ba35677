// Pieces every generator shares (private to core). Header-only: small inline helpers.
#pragma once
#include <string>

#include "astar/generators.h"

namespace astar::generate {

inline Error checkSize(int width, int height, int least) {
  if (width < least || height < least || width > kMaxGridSide || height > kMaxGridSide)
    return Error{"generator size " + std::to_string(width) + " x " + std::to_string(height) + " is outside " +
                 std::to_string(least) + ".." + std::to_string(kMaxGridSide) + " per side"};
  return {};
}

// Fills doc.cells/terrain from the grid ('#' walls, '.' floor) and names the document.
inline void finish(MapDocument& doc, const std::string& name, const std::string& description) {
  doc.terrain = {Terrain{'.', false, 1.0f, "floor"}, Terrain{'#', true, 1.0f, "wall"}};
  doc.cells.assign(doc.grid.cellCount(), '.');
  for (NodeId n = 0; n < doc.grid.cellCount(); ++n)
    if (!doc.grid.passable(n)) doc.cells[n] = '#';
  doc.name = name;
  doc.author = "astar generator";
  doc.description = description;
}

inline std::string sizeText(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

}  // namespace astar::generate
