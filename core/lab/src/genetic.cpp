// Genetic algorithm for a grid path: see genetic.h for the encoding and the operators.
#include <algorithm>
#include <cmath>
#include <string>

#include "astar/genetic.h"
#include "astar/path_cost.h"

namespace astar {

namespace {

bool rate(double r) { return std::isfinite(r) && r >= 0.0 && r <= 1.0; }

}  // namespace

Error validateGeneticParams(const GeneticParams& p) {
  const std::string maxPopulation = std::to_string(kLabMaxPopulation);
  if (p.population < 2 || p.population > kLabMaxPopulation)
    return Error{"population must be 2 .. " + maxPopulation + " (got " + std::to_string(p.population) + ")"};
  if (p.generations < 1 || p.generations > kLabMaxGenerations)
    return Error{"generations must be 1 .. " + std::to_string(kLabMaxGenerations) + " (got " +
                 std::to_string(p.generations) + ")"};
  if (!rate(p.crossoverRate)) return Error{"crossover rate must be a number from 0 to 1"};
  if (!rate(p.mutationRate)) return Error{"mutation rate must be a number from 0 to 1"};
  if (p.elitism >= p.population)
    return Error{"elitism must be below the population (" + std::to_string(p.population) + ")"};
  if (p.tournament < 1 || p.tournament > p.population)
    return Error{"tournament size must be 1 .. the population (" + std::to_string(p.population) + ")"};
  if (p.maxSteps > 4 * kLabMaxCells) return Error{"walk length must be at most " + std::to_string(4 * kLabMaxCells)};
  if (p.mutationSteps > 4 * kLabMaxCells)
    return Error{"mutation walk length must be at most " + std::to_string(4 * kLabMaxCells)};
  return {};
}

Error GeneticPathfinder::init(NodeId start, NodeId goal, const GeneticParams& params) {
  ready_ = false;
  if (Error e = validateGeneticParams(params)) return e;
  if (Error e = labQueryProblem(grid_, start, goal)) return e;
  maxSteps_ = params.maxSteps != 0 ? params.maxSteps : labDefaultSteps(grid_);
  mutationSteps_ = params.mutationSteps != 0 ? params.mutationSteps
                                             : static_cast<std::uint32_t>(2 * (grid_.width() + grid_.height()));
  // The longer of the two walks bounds the work of a generation.
  if (Error e = labWorkProblem("population", params.population, std::max(maxSteps_, mutationSteps_))) return e;
  params_ = params;
  start_ = start;
  goal_ = goal;
  rng_.reseed(params.seed);
  pathIndex_.assign(grid_.cellCount(), 0);
  mark_.assign(grid_.cellCount(), 0);
  population_.resize(params.population);
  next_.resize(params.population);
  history_.clear();
  best_.clear();
  bestCost_ = kNoLabCost;
  generation_ = 0;
  for (Individual& ind : population_) {
    ind.path.assign(1, start_);
    if (start_ != goal_) randomWalk(start_, maxSteps_, ind.path, 0);
    removeLoops(ind.path, mark_);
    score(ind);
  }
  recordGeneration();
  ready_ = true;
  return {};
}

void GeneticPathfinder::score(Individual& ind) {
  ind.cost = pathCost(grid_, ind.path);
  ind.fitness = labFitness(grid_, ind.path, ind.cost, goal_);
}

void GeneticPathfinder::randomWalk(NodeId from, std::uint32_t steps, std::vector<NodeId>& out, std::size_t stopAfter) {
  // Appends up to `steps` moves after `from` (out's last cell). Stops at the goal, or (when
  // stopAfter > 0) on a cell whose pathIndex_ is above stopAfter: a later cell of the path
  // being mutated.
  NodeId previous = kNoNode, current = from;
  for (std::uint32_t s = 0; s < steps; ++s) {
    options_.clear();
    std::size_t forward = 0;
    grid_.forEachNeighbor(current, [&](NodeId m, double) { options_.push_back(m); });
    // Any move but the way back (a blind walker); back only out of a dead end.
    for (std::size_t i = 0; i < options_.size(); ++i)
      if (options_[i] != previous) std::swap(options_[i], options_[forward++]);
    if (options_.empty()) return;
    const std::size_t count = forward != 0 ? forward : options_.size();
    const NodeId next = options_[rng_.below(static_cast<std::uint32_t>(count))];
    out.push_back(next);
    previous = current;
    current = next;
    if (next == goal_ || (stopAfter != 0 && pathIndex_[next] > stopAfter)) return;
  }
}

std::uint32_t GeneticPathfinder::select() {
  std::uint32_t best = rng_.below(params_.population);
  for (std::uint32_t k = 1; k < params_.tournament; ++k) {
    const std::uint32_t other = rng_.below(params_.population);
    const double a = population_[other].fitness, b = population_[best].fitness;
    if (a < b || (a == b && other < best)) best = other;
  }
  return best;
}

void GeneticPathfinder::crossover(const Individual& a, const Individual& b, Individual& child) {
  child.path = a.path;
  if (a.path.size() < 2 || b.path.size() < 2) return;
  for (std::size_t k = 0; k < b.path.size(); ++k) pathIndex_[b.path[k]] = static_cast<std::uint32_t>(k + 1);
  walk_.clear();  // indices into a of cells b also visits (after the start)
  for (std::size_t k = 1; k < a.path.size(); ++k)
    if (pathIndex_[a.path[k]] != 0) walk_.push_back(static_cast<NodeId>(k));
  if (!walk_.empty()) {
    const std::size_t ia = walk_[rng_.below(static_cast<std::uint32_t>(walk_.size()))];
    const std::size_t jb = pathIndex_[a.path[ia]] - 1;
    child.path.resize(ia + 1);
    child.path.insert(child.path.end(), b.path.begin() + static_cast<std::ptrdiff_t>(jb + 1), b.path.end());
  }
  for (NodeId c : b.path) pathIndex_[c] = 0;
  removeLoops(child.path, mark_);
}

void GeneticPathfinder::mutate(Individual& child) {
  std::vector<NodeId>& p = child.path;
  const bool reached = p.back() == goal_;
  if (reached && p.size() < 2) return;
  const std::size_t i = rng_.below(static_cast<std::uint32_t>(reached ? p.size() - 1 : p.size()));
  for (std::size_t k = 0; k < p.size(); ++k) pathIndex_[p[k]] = static_cast<std::uint32_t>(k + 1);
  walk_.assign(1, p[i]);
  randomWalk(p[i], mutationSteps_, walk_, i + 1);
  const NodeId last = walk_.back();
  const std::size_t rejoin = pathIndex_[last] > i + 1 ? pathIndex_[last] - 1 : 0;
  for (NodeId c : p) pathIndex_[c] = 0;
  if (rejoin != 0) {
    // p[0..i] + the walk + p[rejoin+1..]: the walk ends on p[rejoin].
    walk_.insert(walk_.end(), p.begin() + static_cast<std::ptrdiff_t>(rejoin + 1), p.end());
    p.resize(i);
    p.insert(p.end(), walk_.begin(), walk_.end());
  } else if (!reached) {
    p.resize(i);
    p.insert(p.end(), walk_.begin(), walk_.end());
  } else {
    return;
  }
  removeLoops(p, mark_);
}

bool GeneticPathfinder::stepGeneration() {
  if (finished()) return false;
  const std::uint32_t size = params_.population;
  for (std::uint32_t k = 0; k < params_.elitism; ++k) next_[k] = population_[order_[k]];
  for (std::uint32_t k = params_.elitism; k < size; ++k) {
    const std::uint32_t a = select(), b = select();
    if (rng_.unit() < params_.crossoverRate)
      crossover(population_[a], population_[b], next_[k]);
    else
      next_[k].path = population_[a].path;
    if (rng_.unit() < params_.mutationRate) mutate(next_[k]);
    score(next_[k]);
  }
  population_.swap(next_);
  ++generation_;
  recordGeneration();
  return true;
}

void GeneticPathfinder::recordGeneration() {
  const std::uint32_t size = static_cast<std::uint32_t>(population_.size());
  order_.resize(size);
  for (std::uint32_t k = 0; k < size; ++k) order_[k] = k;
  // A total order (fitness, then index): the same ranking with any sort implementation.
  std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
    const double fa = population_[a].fitness, fb = population_[b].fitness;
    return fa < fb || (fa == fb && a < b);
  });
  GenerationStats s;
  s.generation = generation_;
  double sum = 0.0;
  std::uint32_t bestReached = size;
  for (std::uint32_t k = 0; k < size; ++k) {
    const Individual& ind = population_[k];
    sum += ind.fitness;
    if (ind.path.back() != goal_) continue;
    ++s.reached;
    if (bestReached == size || ind.cost < population_[bestReached].cost) bestReached = k;
  }
  s.meanFitness = sum / static_cast<double>(size);
  if (bestReached != size) {
    s.generationBest = population_[bestReached].cost;
    if (bestCost_ == kNoLabCost || s.generationBest < bestCost_) {
      bestCost_ = s.generationBest;
      best_ = population_[bestReached].path;
    }
  }
  s.bestCost = bestCost_;
  history_.push_back(s);
}

std::span<const NodeId> GeneticPathfinder::fittest() const {
  if (order_.empty()) return {};
  return population_[order_.front()].path;
}

}  // namespace astar
