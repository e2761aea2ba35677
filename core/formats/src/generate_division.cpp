// Mazes by recursive division: an open room split by walls with one gap, recursively.
#include <string>
#include <vector>

#include "astar/generators.h"
#include "generate_common.h"

namespace astar {

Error generateRecursiveDivision(int width, int height, std::uint64_t seed, MapDocument& out) {
  if (Error e = generate::checkSize(width, height, 3)) return e;
  MapDocument doc;
  Grid& g = doc.grid;
  (void)g.reset(width, height);
  g.setDiagonal(DiagonalMovement::Never);
  // Outer walls, and the last line when a side is even so rooms keep odd bounds.
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (x == 0 || y == 0 || x >= width - 1 - (width % 2 == 0) || y >= height - 1 - (height % 2 == 0))
        (void)g.setWall(x, y);
  struct Room {
    int x0, y0, x1, y1;  // inclusive floor bounds, all odd
  };
  const int right = width % 2 ? width - 2 : width - 3, bottom = height % 2 ? height - 2 : height - 3;
  std::vector<Room> rooms = {{1, 1, right, bottom}};
  SplitMix64 rng(seed);
  while (!rooms.empty()) {
    const Room r = rooms.back();
    rooms.pop_back();
    const int w = r.x1 - r.x0 + 1, h = r.y1 - r.y0 + 1;
    if (w < 3 && h < 3) continue;
    const bool horizontal = h > w || (h == w && rng.below(2) == 0);
    if (horizontal) {
      // A wall on an even row between y0 and y1, with a gap on an odd column.
      const int wy = r.y0 + 1 + 2 * static_cast<int>(rng.below(static_cast<std::uint32_t>((r.y1 - r.y0) / 2)));
      const int gx = r.x0 + 2 * static_cast<int>(rng.below(static_cast<std::uint32_t>((r.x1 - r.x0) / 2 + 1)));
      for (int x = r.x0; x <= r.x1; ++x)
        if (x != gx) (void)g.setWall(x, wy);
      rooms.push_back({r.x0, r.y0, r.x1, wy - 1});
      rooms.push_back({r.x0, wy + 1, r.x1, r.y1});
    } else {
      const int wx = r.x0 + 1 + 2 * static_cast<int>(rng.below(static_cast<std::uint32_t>((r.x1 - r.x0) / 2)));
      const int gy = r.y0 + 2 * static_cast<int>(rng.below(static_cast<std::uint32_t>((r.y1 - r.y0) / 2 + 1)));
      for (int y = r.y0; y <= r.y1; ++y)
        if (y != gy) (void)g.setWall(wx, y);
      rooms.push_back({r.x0, r.y0, wx - 1, r.y1});
      rooms.push_back({wx + 1, r.y0, r.x1, r.y1});
    }
  }
  doc.start = g.index(1, 1);
  doc.goals = {g.index(right, bottom)};
  generate::finish(
      doc, "Division maze " + generate::sizeText(width, height) + " seed " + std::to_string(seed),
      "A maze by recursive division (rooms split by walls with one gap), seed " + std::to_string(seed) + ".");
  out = std::move(doc);
  return {};
}

}  // namespace astar
