// Ant colony optimisation for a path on a grid, steppable one generation (one wave of ants)
// at a time.
//
//   astar::AntColony colony(grid);
//   astar::AntColonyParams params;  params.seed = 7;
//   if (astar::Error e = colony.init(start, goal, params)) { /* e.message */ }
//   while (colony.stepGeneration()) { colony.history().back().bestCost; colony.pheromone(); }
//
// Pheromone lives on cells (the desirability of entering a cell), starting at 1. An ant walks
// from the start over Grid::forEachNeighbor's moves (wrap, portals, one-way cells, terrain)
// to cells it has not visited, choosing move m with probability proportional to
// tau(m)^alpha x eta(m)^beta, where eta(m) = 1 / (1 + distance(m, goal) / step) (the lab's
// wrap-aware estimate, evolution.h); alpha and beta are integers, powers by repeated
// multiplication. An ant with no unvisited neighbour steps back along its own path (the cell
// stays visited), so its path has no loops and it reaches the goal when it can; it gives up
// after maxSteps moves, backward ones included. After each wave: every cell's pheromone is
// multiplied by (1 - evaporation) and kept at least minPheromone; each ant at the goal adds
// deposit x (best cost so far / its cost) to every cell of its path, and the best path so
// far gets eliteWeight x deposit more.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/evolution.h"
#include "astar/grid.h"

namespace astar {

struct AntColonyParams {
  std::uint32_t ants = 10;         // per generation, 1 .. kLabMaxPopulation
  std::uint32_t generations = 60;  // stepGeneration returns false after this many (1 .. kLabMaxGenerations)
  std::uint32_t alpha = 1;         // pheromone exponent, 0 .. kLabMaxExponent
  std::uint32_t beta = 1;          // distance exponent, 0 .. kLabMaxExponent
  double evaporation = 0.1;        // fraction lost per generation, (0, 1)
  double deposit = 1.0;            // pheromone an ant at the goal leaves per cell, (0, 1000]
  double eliteWeight = 2.0;        // extra deposits on the best path so far, 0 .. 1000
  double minPheromone = 0.05;      // floor, (0, 1]
  std::uint32_t maxSteps = 0;      // moves an ant may make; 0: 4 x passable cells
  std::uint64_t seed = 1;
};
// Why params cannot be used (empty when they can).
Error validateAntColonyParams(const AntColonyParams& params);

class AntColony {
 public:
  explicit AntColony(const Grid& grid) : grid_(grid) {}
  // Sends the first wave (generation 0). Errors: bad parameters, start or goal outside or a
  // wall, a map above kLabMaxCells, ants x maxSteps above kLabMaxWorkPerGeneration.
  Error init(NodeId start, NodeId goal, const AntColonyParams& params);
  // Sends the next wave; false (and nothing done) once params.generations have run or
  // before a successful init.
  bool stepGeneration();
  std::uint32_t generation() const { return generation_; }
  bool finished() const { return !ready_ || generation_ >= params_.generations; }
  std::span<const NodeId> best() const { return best_; }      // cheapest path to the goal so far
  double bestCost() const { return bestCost_; }               // kNoLabCost when none
  std::span<const double> pheromone() const { return tau_; }  // per cell (0 on walls)
  std::span<const GenerationStats> history() const { return history_; }
  const AntColonyParams& params() const { return params_; }

 private:
  void wave();  // walks every ant, records the generation, lays pheromone
  void walkAnt(std::vector<NodeId>& path);
  double attraction(NodeId m) const;

  const Grid& grid_;
  AntColonyParams params_;
  Rng rng_;
  NodeId start_ = kNoNode, goal_ = kNoNode;
  bool ready_ = false;
  std::uint32_t generation_ = 0;
  std::uint32_t maxSteps_ = 0;
  std::vector<double> tau_, etaPow_;
  std::vector<std::vector<NodeId>> paths_;
  std::vector<double> costs_;
  std::vector<NodeId> best_;
  double bestCost_ = kNoLabCost;
  std::vector<GenerationStats> history_;
  std::vector<std::uint32_t> seenStamp_;
  std::uint32_t stamp_ = 0;
  std::vector<NodeId> options_;
  std::vector<double> weights_;
};

}  // namespace astar
