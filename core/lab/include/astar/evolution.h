// Evolution lab: the pieces the genetic algorithm (genetic.h) and the ant colony
// (ant_colony.h) share: a seeded PRNG, the per-generation record, the fitness of a path and
// its limits. Everything here is integer arithmetic or + - * / and sqrt on doubles in a fixed
// order (no pow, exp or log, whose last bits differ between glibc and Emscripten's musl; no
// unordered containers; no sums in varying order), so a seed gives the same run natively and
// in wasm, generation by generation.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"

namespace astar {

// xoshiro256** seeded through splitmix64 (Vigna): fast, 256 bits of state, exact everywhere.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
  void reseed(std::uint64_t seed) {
    for (std::uint64_t& s : state_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      s = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, n) for n >= 1 (multiply-shift on the top 32 bits: bias below 2^-32 * n).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  // Uniform in [0, 1), a multiple of 2^-53.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4] = {};
};

// What one generation did. Costs are path costs as pathCost (path_cost.h) computes them;
// kNoLabCost when no individual has reached the goal yet.
inline constexpr double kNoLabCost = -1.0;
struct GenerationStats {
  std::uint32_t generation = 0;        // 0: the initial population / the first ants
  double bestCost = kNoLabCost;        // cheapest path to the goal found so far (all generations)
  double generationBest = kNoLabCost;  // cheapest path to the goal in this generation
  double meanFitness = 0.0;            // mean fitness of this generation (fitness below)
  std::uint32_t reached = 0;           // individuals / ants of this generation at the goal
};

// Limits of the lab's parameters (the CLI, the bindings and the page read these).
inline constexpr std::uint32_t kLabMaxPopulation = 2000;    // GA individuals, or ants
inline constexpr std::uint32_t kLabMaxGenerations = 10000;  // per run
inline constexpr std::uint32_t kLabMaxExponent = 8;         // ACO alpha and beta
inline constexpr std::uint32_t kLabMaxCells = 1u << 20;     // maps larger than this are refused
// Per generation, population x walk length (steps) is at most this: a generation stays a
// fraction of a second in the page.
inline constexpr std::uint64_t kLabMaxWorkPerGeneration = 50'000'000;

// Fitness of a path (lower is better): its cost when it ends at the goal; otherwise its cost
// plus kLabMissPenalty x (distance(end, goal) + one straight step), so a path that stops
// short always ranks behind the same path carried on to the goal in a straight line.
inline constexpr double kLabMissPenalty = 4.0;
double labFitness(const Grid& grid, std::span<const NodeId> path, double cost, NodeId goal);
// A cheap, wrap-aware estimate of the cost from a to b: octile distance in cells on square
// grids (Manhattan when diagonal moves are off; hex distance on hex grids), on the torus for
// wrapping axes, times the grid's straight step and lowest cell cost. Ignores portals.
double labDistance(const Grid& grid, NodeId a, NodeId b);

// The checks both methods make at init. Query: the map at most kLabMaxCells cells, start and
// goal passable cells inside it. Work: population x walk length at most
// kLabMaxWorkPerGeneration (`who` names the population in the message: "population", "ants").
Error labQueryProblem(const Grid& grid, NodeId start, NodeId goal);
Error labWorkProblem(const char* who, std::uint32_t population, std::uint32_t steps);
// The default walk length: 4 x the passable cells (at least 1).
std::uint32_t labDefaultSteps(const Grid& grid);

// Cuts the loops out of a path in place: whenever a cell comes back, everything between its
// two visits goes. Every move left was a move of the original path, so the result stays legal.
// `mark` is scratch (grown to the grid's cell count; entries are reset before returning).
void removeLoops(std::vector<NodeId>& path, std::vector<std::uint32_t>& mark);

}  // namespace astar
