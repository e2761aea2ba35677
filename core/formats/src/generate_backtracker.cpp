// Perfect mazes by the recursive backtracker (an iterative depth-first search).
#include <string>
#include <vector>

#include "astar/generators.h"
#include "generate_common.h"

namespace astar {

Error generateBacktrackerMaze(int width, int height, std::uint64_t seed, MapDocument& out) {
  if (Error e = generate::checkSize(width, height, 3)) return e;
  MapDocument doc;
  Grid& g = doc.grid;
  (void)g.reset(width, height);
  g.setDiagonal(DiagonalMovement::Never);
  // Maze cells are the odd coordinates; carving opens the wall between two of them. With an
  // even side the last line has no cells and stays wall.
  const int cw = (width - 1) / 2, ch = (height - 1) / 2;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (x % 2 == 0 || y % 2 == 0 || x >= 2 * cw || y >= 2 * ch) (void)g.setWall(x, y);
  std::vector<std::uint8_t> visited(static_cast<std::size_t>(cw) * static_cast<std::size_t>(ch), 0);
  std::vector<std::uint32_t> stack;
  SplitMix64 rng(seed);
  stack.push_back(0);
  visited[0] = 1;
  while (!stack.empty()) {
    const std::uint32_t c = stack.back();
    const int cx = static_cast<int>(c % static_cast<std::uint32_t>(cw)),
              cy = static_cast<int>(c / static_cast<std::uint32_t>(cw));
    int options[4], count = 0;
    for (int d = 0; d < 4; ++d) {
      const int nx = cx + kDirectionX[d], ny = cy + kDirectionY[d];
      if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
      if (!visited[static_cast<std::size_t>(ny) * static_cast<std::size_t>(cw) + static_cast<std::size_t>(nx)])
        options[count++] = d;
    }
    if (count == 0) {
      stack.pop_back();
      continue;
    }
    const int d = options[rng.below(static_cast<std::uint32_t>(count))];
    const int nx = cx + kDirectionX[d], ny = cy + kDirectionY[d];
    (void)g.setCost(2 * cx + 1 + kDirectionX[d], 2 * cy + 1 + kDirectionY[d], 1.0);
    const std::uint32_t next = static_cast<std::uint32_t>(ny * cw + nx);
    visited[next] = 1;
    stack.push_back(next);
  }
  doc.start = g.index(1, 1);
  doc.goals = {g.index(2 * cw - 1, 2 * ch - 1)};
  generate::finish(doc, "Backtracker maze " + generate::sizeText(width, height) + " seed " + std::to_string(seed),
                   "A perfect maze (one path between any two cells) from the recursive backtracker, seed " +
                       std::to_string(seed) + ".");
  out = std::move(doc);
  return {};
}

}  // namespace astar
