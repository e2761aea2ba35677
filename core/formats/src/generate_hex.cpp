// Perfect hex mazes by the recursive backtracker over "rooms" on a hex grid.
#include <string>
#include <vector>

#include "astar/generators.h"
#include "generate_common.h"

namespace astar {

namespace {

// Axial coordinates of odd-r cells: q = x - floor(y / 2), r = y.
int axialQ(int x, int y) { return x - (y >> 1); }
int offsetX(int q, int r) { return q + (r >> 1); }

// Hex directions in axial coordinates (E, NE, NW, W, SW, SE).
constexpr int kAxialQ[6] = {1, 1, 0, -1, -1, 0};
constexpr int kAxialR[6] = {0, -1, -1, 0, 1, 1};

}  // namespace

Error generateHexMaze(int width, int height, std::uint64_t seed, MapDocument& out) {
  if (Error e = generate::checkSize(width, height, 3)) return e;
  MapDocument doc;
  Grid& g = doc.grid;
  (void)g.reset(width, height);
  (void)g.setTopology(Topology::Hex);
  // Rooms are the cells with even axial q and r. Two steps in a hex direction reach the six
  // neighbouring rooms, and the cell one step along is theirs alone, so carving it joins
  // exactly those two rooms (the hex form of the square maze's odd-coordinate cells).
  auto isRoom = [&](int x, int y) { return y % 2 == 0 && axialQ(x, y) % 2 == 0; };
  std::vector<std::uint8_t> visited(g.cellCount(), 0);
  NodeId first = kNoNode;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      if (isRoom(x, y)) {
        if (first == kNoNode) first = g.index(x, y);
      } else {
        (void)g.setWall(x, y);
      }
    }
  std::vector<NodeId> stack{first};
  visited[first] = 1;
  NodeId deepest = first;
  std::size_t deepestLength = 1;
  SplitMix64 rng(seed);
  while (!stack.empty()) {
    const NodeId c = stack.back();
    const int x = g.xOf(c), y = g.yOf(c), q = axialQ(x, y);
    int options[6], count = 0;
    for (int d = 0; d < 6; ++d) {
      const int r2 = y + 2 * kAxialR[d], x2 = offsetX(q + 2 * kAxialQ[d], r2);
      if (g.contains(x2, r2) && !visited[g.index(x2, r2)]) options[count++] = d;
    }
    if (count == 0) {
      stack.pop_back();
      continue;
    }
    const int d = options[rng.below(static_cast<std::uint32_t>(count))];
    const int r1 = y + kAxialR[d], r2 = y + 2 * kAxialR[d];
    (void)g.setCost(offsetX(q + kAxialQ[d], r1), r1, 1.0);
    const NodeId next = g.index(offsetX(q + 2 * kAxialQ[d], r2), r2);
    visited[next] = 1;
    stack.push_back(next);
    if (stack.size() > deepestLength) deepestLength = stack.size(), deepest = next;
  }
  doc.start = first;
  doc.goals = {deepest};  // the room at the end of the longest corridor the backtracker dug
  generate::finish(doc, "Hex maze " + generate::sizeText(width, height) + " seed " + std::to_string(seed),
                   "A perfect hex maze (one path between any two rooms) from the recursive backtracker, seed " +
                       std::to_string(seed) + ".");
  out = std::move(doc);
  return {};
}

}  // namespace astar
