// Random obstacle fields at a given density.
#include <cmath>
#include <string>

#include "astar/generators.h"
#include "generate_common.h"

namespace astar {

Error generateRandomObstacles(int width, int height, double density, std::uint64_t seed, MapDocument& out) {
  if (Error e = generate::checkSize(width, height, 1)) return e;
  if (!(density >= 0.0 && density <= 1.0)) return Error{"obstacle density must be between 0 and 1"};
  MapDocument doc;
  Grid& g = doc.grid;
  (void)g.reset(width, height);
  SplitMix64 rng(seed);
  const NodeId last = g.cellCount() - 1;
  for (NodeId n = 0; n < g.cellCount(); ++n)
    if (rng.unit() < density && n != 0 && n != last) (void)g.setWall(g.xOf(n), g.yOf(n));
  doc.start = 0;
  doc.goals = {last};
  const int percent = static_cast<int>(std::lround(density * 100.0));
  generate::finish(
      doc, "Random obstacles " + std::to_string(percent) + "% seed " + std::to_string(seed),
      "Each cell a wall with probability " + std::to_string(percent) + "%, seed " + std::to_string(seed) + ".");
  out = std::move(doc);
  return {};
}

}  // namespace astar
