// Genetic algorithm for a path on a grid, steppable one generation at a time (the lab panel
// draws each one).
//
//   astar::GeneticPathfinder ga(grid);
//   astar::GeneticParams params;  params.seed = 7;
//   if (astar::Error e = ga.init(start, goal, params)) { /* e.message */ }
//   while (ga.stepGeneration()) { ga.history().back().bestCost; ga.best(); }
//
// Encoding: an individual is a move sequence, kept as the cells it visits from the start
// (every consecutive pair one move of Grid::forEachNeighbor, so wrap, portals, one-way cells
// and terrain apply and no individual is ever illegal), ending at the goal or wherever its
// walk stopped. A move sequence rather than waypoints, because on a maze most straight
// segments between waypoints cross walls, and joining them with a search would let A* do the
// work the lab means to compare with.
//  - Initial population: blind random walks from the start (any move but straight back, back
//    only out of a dead end), stopping at the goal or after maxSteps moves; loops cut.
//  - Fitness (lower is better, evolution.h): the path's cost if it reaches the goal, else the
//    cost plus 4 x (estimated distance left + one step).
//  - Selection: tournaments of `tournament` individuals drawn with replacement.
//  - Crossover (probability crossoverRate): a cell both parents visit, chosen at random; the
//    child takes the first parent's moves up to it and the second parent's after it.
//  - Mutation (probability mutationRate per child): from a random cell of the path, a random
//    walk of at most mutationSteps moves; when it meets a later cell of the path the walk
//    replaces the stretch between them (a detour or a shortcut), when the path has not
//    reached the goal it replaces the tail.
//  - Loops are cut after every operator; the `elitism` best individuals pass unchanged.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/evolution.h"
#include "astar/grid.h"

namespace astar {

struct GeneticParams {
  std::uint32_t population = 30;    // 2 .. kLabMaxPopulation
  std::uint32_t generations = 60;   // stepGeneration returns false after this many (1 .. kLabMaxGenerations)
  double crossoverRate = 0.8;       // 0 .. 1
  double mutationRate = 0.5;        // 0 .. 1
  std::uint32_t elitism = 2;        // 0 .. population - 1
  std::uint32_t tournament = 3;     // 1 .. population
  std::uint32_t maxSteps = 0;       // walk length of the initial population; 0: 4 x passable cells
  std::uint32_t mutationSteps = 0;  // walk length of a mutation; 0: 2 x (width + height)
  std::uint64_t seed = 1;
};
// Why params cannot be used (empty when they can).
Error validateGeneticParams(const GeneticParams& params);

class GeneticPathfinder {
 public:
  explicit GeneticPathfinder(const Grid& grid) : grid_(grid) {}
  // Builds and scores generation 0. Errors: bad parameters, start or goal outside or a wall,
  // a map above kLabMaxCells, or population x walk length above kLabMaxWorkPerGeneration.
  Error init(NodeId start, NodeId goal, const GeneticParams& params);
  // Breeds the next generation; false (and nothing done) once params.generations have run
  // or before a successful init.
  bool stepGeneration();
  std::uint32_t generation() const { return generation_; }
  bool finished() const { return !ready_ || generation_ >= params_.generations; }
  // The cheapest path to the goal found so far (empty before any individual reached it) and
  // its cost (kNoLabCost when none).
  std::span<const NodeId> best() const { return best_; }
  double bestCost() const { return bestCost_; }
  // The fittest individual of the current generation (may not reach the goal).
  std::span<const NodeId> fittest() const;
  std::span<const GenerationStats> history() const { return history_; }
  const GeneticParams& params() const { return params_; }

 private:
  struct Individual {
    std::vector<NodeId> path;
    double cost = 0.0;
    double fitness = 0.0;
  };
  void score(Individual& ind);
  void recordGeneration();
  void randomWalk(NodeId from, std::uint32_t steps, std::vector<NodeId>& out, std::size_t stopAfter);
  std::uint32_t select();
  void crossover(const Individual& a, const Individual& b, Individual& child);
  void mutate(Individual& child);

  const Grid& grid_;
  GeneticParams params_;
  Rng rng_;
  NodeId start_ = kNoNode, goal_ = kNoNode;
  bool ready_ = false;
  std::uint32_t generation_ = 0;
  std::uint32_t maxSteps_ = 0, mutationSteps_ = 0;
  std::vector<Individual> population_, next_;
  std::vector<std::uint32_t> order_;  // population indices, fittest first
  std::vector<NodeId> best_;
  double bestCost_ = kNoLabCost;
  std::vector<GenerationStats> history_;
  // Scratch, kept between generations (no allocation once sizes settle).
  std::vector<std::uint32_t> mark_, pathIndex_;
  std::vector<NodeId> walk_, options_;
};

}  // namespace astar
