// The lab's method table (lab_methods.h): ranges and defaults taken from the methods' own
// limits (evolution.h) and Params{} defaults, so they are written once.
#include "astar/lab_methods.h"

#include <cstring>

#include "astar/ant_colony.h"
#include "astar/evolution.h"
#include "astar/genetic.h"

namespace astar {

namespace {

constexpr GeneticParams kGa{};
constexpr AntColonyParams kAco{};
constexpr double kMaxSteps = 4.0 * kLabMaxCells;

constexpr LabParamInfo kGeneticParams[] = {
    {"population", "population", true, 2, kLabMaxPopulation, false, false, kGa.population,
     "individuals per generation"},
    {"generations", "generations", true, 1, kLabMaxGenerations, false, false, kGa.generations, "generations to run"},
    {"crossoverRate", "crossover", false, 0, 1, false, false, kGa.crossoverRate,
     "chance that two parents' paths are crossed at a shared cell"},
    {"mutationRate", "mutation", false, 0, 1, false, false, kGa.mutationRate,
     "chance that a child's path is cut and walked anew from a random cell"},
    {"elitism", "elitism", true, 0, kLabMaxPopulation - 1, false, false, kGa.elitism,
     "best individuals kept as they are (below the population)"},
    {"tournament", "tournament", true, 1, kLabMaxPopulation, false, false, kGa.tournament,
     "individuals drawn per parent choice (at most the population)"},
    {"seed", "seed", true, 0, 4294967295.0, false, false, static_cast<double>(kGa.seed), "the random seed"},
    {"maxSteps", "max-steps", true, 0, kMaxSteps, false, false, kGa.maxSteps,
     "walk length of the first generation (0: 4 x the passable cells)"},
};

constexpr LabParamInfo kAntParams[] = {
    {"ants", "ants", true, 1, kLabMaxPopulation, false, false, kAco.ants, "ants per wave"},
    {"generations", "generations", true, 1, kLabMaxGenerations, false, false, kAco.generations,
     "waves of ants to send"},
    {"alpha", "alpha", true, 0, kLabMaxExponent, false, false, kAco.alpha, "pheromone exponent"},
    {"beta", "beta", true, 0, kLabMaxExponent, false, false, kAco.beta, "distance exponent"},
    {"evaporation", "evaporation", false, 0, 1, true, true, kAco.evaporation, "pheromone lost per wave"},
    {"deposit", "deposit", false, 0, 1000, true, false, kAco.deposit, "pheromone an ant at the goal leaves per cell"},
    {"eliteWeight", "elite-weight", false, 0, 1000, false, false, kAco.eliteWeight,
     "extra deposits on the best path so far"},
    {"minPheromone", "min-pheromone", false, 0, 1, true, false, kAco.minPheromone, "the pheromone floor"},
    {"seed", "seed", true, 0, 4294967295.0, false, false, static_cast<double>(kAco.seed), "the random seed"},
    {"maxSteps", "max-steps", true, 0, kMaxSteps, false, false, kAco.maxSteps,
     "moves an ant may make (0: 4 x the passable cells)"},
};

constexpr LabMethodInfo kMethods[] = {
    {"ga", "Genetic algorithm", kGeneticParams,
     "Random walks to the goal, bred by crossover at shared cells and mutated by walking anew; seeded."},
    {"aco", "Ant colony", kAntParams,
     "Ants walk by pheromone and distance; the ones that reach the goal lay pheromone on their path; seeded."},
};

}  // namespace

std::span<const LabMethodInfo> labMethods() { return kMethods; }

const LabMethodInfo* findLabMethod(const char* name) {
  for (const LabMethodInfo& m : kMethods)
    if (std::strcmp(m.name, name) == 0) return &m;
  return nullptr;
}

const LabParamInfo* findLabParam(const LabMethodInfo& method, const char* option) {
  for (const LabParamInfo& p : method.params)
    if (std::strcmp(p.option, option) == 0) return &p;
  return nullptr;
}

}  // namespace astar
