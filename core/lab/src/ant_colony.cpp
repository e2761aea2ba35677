// Ant colony optimisation for a grid path: see ant_colony.h for the walk and the pheromone rules.
#include "astar/ant_colony.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "astar/path_cost.h"

namespace astar {

namespace {

double power(double x, std::uint32_t k) {
  double r = 1.0;
  for (std::uint32_t i = 0; i < k; ++i) r *= x;
  return r;
}

bool inRange(double x, double lo, double hi) { return std::isfinite(x) && x >= lo && x <= hi; }

}  // namespace

Error validateAntColonyParams(const AntColonyParams& p) {
  if (p.ants < 1 || p.ants > kLabMaxPopulation)
    return Error{"ants must be 1 .. " + std::to_string(kLabMaxPopulation) + " (got " + std::to_string(p.ants) + ")"};
  if (p.generations < 1 || p.generations > kLabMaxGenerations)
    return Error{"generations must be 1 .. " + std::to_string(kLabMaxGenerations) + " (got " +
                 std::to_string(p.generations) + ")"};
  if (p.alpha > kLabMaxExponent) return Error{"alpha must be an integer 0 .. " + std::to_string(kLabMaxExponent)};
  if (p.beta > kLabMaxExponent) return Error{"beta must be an integer 0 .. " + std::to_string(kLabMaxExponent)};
  if (!inRange(p.evaporation, 0.0, 1.0) || p.evaporation <= 0.0 || p.evaporation >= 1.0)
    return Error{"evaporation must be a number between 0 and 1 (both excluded)"};
  if (!inRange(p.deposit, 0.0, 1000.0) || p.deposit <= 0.0) return Error{"deposit must be a number in (0, 1000]"};
  if (!inRange(p.eliteWeight, 0.0, 1000.0)) return Error{"elite weight must be a number from 0 to 1000"};
  if (!inRange(p.minPheromone, 0.0, 1.0) || p.minPheromone <= 0.0)
    return Error{"minimum pheromone must be a number in (0, 1]"};
  if (p.maxSteps > 4 * kLabMaxCells)
    return Error{"ant walk length must be at most " + std::to_string(4 * kLabMaxCells)};
  return {};
}

Error AntColony::init(NodeId start, NodeId goal, const AntColonyParams& params) {
  ready_ = false;
  if (Error e = validateAntColonyParams(params)) return e;
  if (Error e = labQueryProblem(grid_, start, goal)) return e;
  maxSteps_ = params.maxSteps != 0 ? params.maxSteps : labDefaultSteps(grid_);
  if (Error e = labWorkProblem("ants", params.ants, maxSteps_)) return e;
  params_ = params;
  start_ = start;
  goal_ = goal;
  rng_.reseed(params.seed);
  const double unit = grid_.straightCost() * grid_.minCost();
  tau_.assign(grid_.cellCount(), 0.0);
  etaPow_.assign(grid_.cellCount(), 0.0);
  for (NodeId n = 0; n < grid_.cellCount(); ++n) {
    if (!grid_.passable(n)) continue;
    tau_[n] = 1.0;
    etaPow_[n] = power(1.0 / (1.0 + labDistance(grid_, n, goal) / unit), params.beta);
  }
  seenStamp_.assign(grid_.cellCount(), 0);
  stamp_ = 0;
  paths_.resize(params.ants);
  costs_.resize(params.ants);
  history_.clear();
  best_.clear();
  bestCost_ = kNoLabCost;
  generation_ = 0;
  wave();
  ready_ = true;
  return {};
}

double AntColony::attraction(NodeId m) const { return power(tau_[m], params_.alpha) * etaPow_[m]; }

void AntColony::walkAnt(std::vector<NodeId>& path) {
  if (++stamp_ == 0) {
    std::fill(seenStamp_.begin(), seenStamp_.end(), 0);
    stamp_ = 1;
  }
  path.assign(1, start_);
  seenStamp_[start_] = stamp_;
  for (std::uint32_t s = 0; s < maxSteps_ && !path.empty() && path.back() != goal_; ++s) {
    options_.clear();
    weights_.clear();
    double total = 0.0;
    grid_.forEachNeighbor(path.back(), [&](NodeId m, double) {
      if (seenStamp_[m] == stamp_) return;
      options_.push_back(m);
      total += attraction(m);
      weights_.push_back(total);  // running sums, in the generator's order
    });
    if (options_.empty()) {
      path.pop_back();  // dead end: step back (the cell stays visited)
      continue;
    }
    std::size_t pick = options_.size() - 1;
    if (total > 0.0) {
      const double r = rng_.unit() * total;
      for (std::size_t i = 0; i < weights_.size(); ++i)
        if (r < weights_[i]) {
          pick = i;
          break;
        }
    } else {
      pick = rng_.below(static_cast<std::uint32_t>(options_.size()));
    }
    path.push_back(options_[pick]);
    seenStamp_[options_[pick]] = stamp_;
  }
  if (path.empty()) path.assign(1, start_);  // every cell reachable was tried: no way to the goal
}

void AntColony::wave() {
  GenerationStats s;
  s.generation = generation_;
  double sum = 0.0;
  std::uint32_t bestAnt = params_.ants;
  for (std::uint32_t k = 0; k < params_.ants; ++k) {
    walkAnt(paths_[k]);
    costs_[k] = pathCost(grid_, paths_[k]);
    sum += labFitness(grid_, paths_[k], costs_[k], goal_);
    if (paths_[k].back() != goal_) continue;
    ++s.reached;
    if (bestAnt == params_.ants || costs_[k] < costs_[bestAnt]) bestAnt = k;
  }
  s.meanFitness = sum / static_cast<double>(params_.ants);
  if (bestAnt != params_.ants) {
    s.generationBest = costs_[bestAnt];
    if (bestCost_ == kNoLabCost || s.generationBest < bestCost_) {
      bestCost_ = s.generationBest;
      best_ = paths_[bestAnt];
    }
  }
  s.bestCost = bestCost_;
  history_.push_back(s);
  // Pheromone: evaporate everywhere (index order), then deposit.
  const double keep = 1.0 - params_.evaporation;
  for (NodeId n = 0; n < grid_.cellCount(); ++n)
    if (grid_.passable(n)) tau_[n] = std::max(params_.minPheromone, tau_[n] * keep);
  if (bestCost_ == kNoLabCost) return;
  for (std::uint32_t k = 0; k < params_.ants; ++k) {
    if (paths_[k].back() != goal_) continue;
    const double amount = costs_[k] > 0.0 ? params_.deposit * (bestCost_ / costs_[k]) : params_.deposit;
    for (NodeId c : paths_[k]) tau_[c] += amount;
  }
  for (NodeId c : best_) tau_[c] += params_.eliteWeight * params_.deposit;
}

bool AntColony::stepGeneration() {
  if (finished()) return false;
  ++generation_;
  wave();
  return true;
}

}  // namespace astar
