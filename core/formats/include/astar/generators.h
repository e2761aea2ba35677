// Seeded, reproducible map generators. Each uses its own small PRNG (SplitMix64), never
// std::uniform_*_distribution, so the same seed gives the same map natively and in wasm.
// Every generator fills a MapDocument (grid, start, goal, letters, a name saying how it was
// made) and rejects sizes it cannot build with an Error.
#pragma once
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "astar/error.h"
#include "astar/map_document.h"

namespace astar {

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and identical on every platform.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in 0..n-1 (n >= 1); the modulo bias is below 2^-40 for the sizes used here.
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
  // Uniform in [0, 1), 53 bits.
  double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

 private:
  std::uint64_t state_;
};

// A perfect maze (one path between any two cells) by the recursive backtracker (iterative
// depth-first search). Corridors on odd coordinates; an even width or height leaves an
// extra wall line. 3 <= width, height <= kMaxGridSide. 4-connected; start top-left, goal
// bottom-right.
Error generateBacktrackerMaze(int width, int height, std::uint64_t seed, MapDocument& out);

// A maze by recursive division: an open room split by walls with one gap each, recursively.
// Same size rules and start/goal as the backtracker.
Error generateRecursiveDivision(int width, int height, std::uint64_t seed, MapDocument& out);

// A perfect hex maze (odd-r hex cells, Topology::Hex): rooms at even rows and even axial q
// (q = x - floor(y / 2)) joined through the one cell between two neighbouring rooms, by the
// recursive backtracker. 3 <= width, height <= kMaxGridSide. Start at the first room (0, 0);
// goal at the room farthest from it along the maze.
Error generateHexMaze(int width, int height, std::uint64_t seed, MapDocument& out);

// Each cell a wall with probability density (0..1), except the start (0, 0) and goal
// (width-1, height-1) corners. Octile movement without corner cutting.
Error generateRandomObstacles(int width, int height, double density, std::uint64_t seed, MapDocument& out);

// A Pac-Man-style arcade maze: left-right symmetric, corridors one cell wide between walls
// 2 (where a size needs it, 3) cells thick, no 4 x 4 block of wall, no dead ends, every floor
// cell reachable, a ghost house in the middle (walls `#`, a door `-` in the middle of its top
// wall, a three-row room inside, a ring of corridor round it) and `tunnels` wrap-around tunnel
// rows (wrap x; the first beside the house, as in the arcade). 4-connected.
// 14 <= width, 13 <= height; the classic size is 28 x 31.
struct ArcadeOptions {
  int width = 28;
  int height = 31;
  int tunnels = 1;  // 0..4
  std::uint64_t seed = 1;
};
// Where the generator put things (for tests and the playground's ghosts).
struct ArcadeLayout {
  int houseLeft = 0, houseTop = 0, houseRight = 0, houseBottom = 0;  // the house's walls, inclusive
  std::vector<NodeId> doors;
  std::vector<int> tunnelRows;
};
Error generateArcadeMaze(const ArcadeOptions& options, MapDocument& out, ArcadeLayout* layout = nullptr);

// The generator registry: one row per generator (core/formats/src/generators.cpp), read by
// `astar generate`, the bindings (and so the page's generator list) and the tests.
struct GeneratorOptions {
  int width = 0, height = 0;  // 0: the generator's default size
  std::uint64_t seed = 1;
  double density = 0.25;  // random: wall probability, 0..1
  int tunnels = 1;        // arcade: wrap-around tunnel rows, 0..4
};
struct GeneratorInfo {
  const char* name;         // "backtracker", "division", "hex", "random", "arcade"
  const char* label;        // for people: "Maze (recursive backtracker)"
  const char* description;  // one sentence
  int minWidth, minHeight;
  int defaultWidth, defaultHeight;
  bool usesDensity, usesTunnels;
  Error (*generate)(const GeneratorOptions& options, MapDocument& out);
};
std::span<const GeneratorInfo> generators();
const GeneratorInfo* findGenerator(std::string_view name);  // nullptr when unknown
// Runs the named generator; an unknown name, a size outside its range or a density outside
// 0..1 gives an Error.
Error generateMap(std::string_view name, const GeneratorOptions& options, MapDocument& out);

}  // namespace astar
