// The generator table: one row per generator, dispatching to its own file.
#include <iterator>
#include <string>

#include "astar/generators.h"

namespace astar {

namespace {

Error backtracker(const GeneratorOptions& o, MapDocument& out) {
  return generateBacktrackerMaze(o.width, o.height, o.seed, out);
}
Error division(const GeneratorOptions& o, MapDocument& out) {
  return generateRecursiveDivision(o.width, o.height, o.seed, out);
}
Error hex(const GeneratorOptions& o, MapDocument& out) { return generateHexMaze(o.width, o.height, o.seed, out); }
Error random(const GeneratorOptions& o, MapDocument& out) {
  return generateRandomObstacles(o.width, o.height, o.density, o.seed, out);
}
Error arcade(const GeneratorOptions& o, MapDocument& out) {
  return generateArcadeMaze(ArcadeOptions{o.width, o.height, o.tunnels, o.seed}, out);
}

constexpr GeneratorInfo kGenerators[] = {
    {"backtracker", "Maze (recursive backtracker)", "A perfect maze: one path between any two cells, long corridors.",
     3, 3, 63, 63, false, false, backtracker},
    {"division", "Maze (recursive division)", "An open room split by walls with one gap each, recursively.", 3, 3, 63,
     63, false, false, division},
    {"hex", "Hex maze", "A perfect maze on hex cells (the recursive backtracker over hex rooms).", 3, 3, 63, 63, false,
     false, hex},
    {"random", "Random obstacles", "Each cell a wall with the given probability; corner to corner, 8-connected.", 1, 1,
     63, 63, true, false, random},
    {"arcade", "Arcade maze",
     "A Pac-Man-style maze: symmetric, one-cell corridors between 2-cell walls, a ghost house and tunnels.", 14, 13, 28,
     31, false, true, arcade},
};

}  // namespace

std::span<const GeneratorInfo> generators() { return kGenerators; }

const GeneratorInfo* findGenerator(std::string_view name) {
  for (const GeneratorInfo& g : kGenerators)
    if (name == g.name) return &g;
  return nullptr;
}

Error generateMap(std::string_view name, const GeneratorOptions& options, MapDocument& out) {
  const GeneratorInfo* g = findGenerator(name);
  if (!g) {
    std::string known;
    for (std::size_t i = 0; i < std::size(kGenerators); ++i)
      known += (i == 0 ? "" : i + 1 == std::size(kGenerators) ? " or " : ", ") + std::string(kGenerators[i].name);
    return Error{"unknown generator '" + std::string(name) + "' (" + known + ")"};
  }
  GeneratorOptions o = options;
  if (o.width == 0) o.width = g->defaultWidth;
  if (o.height == 0) o.height = g->defaultHeight;
  if (g->usesTunnels && !(o.tunnels >= 0 && o.tunnels <= 4)) return Error{"tunnels must be 0..4"};
  return g->generate(o, out);
}

}  // namespace astar
