// astar lab MAP [SX SY GX GY] --method ga|aco [--seed S] [--generations N] [parameters] [--json]:
// runs the genetic algorithm (genetic.h) or the ant colony (ant_colony.h) on one query and
// prints, per generation, the best cost so far, the generation's best and mean fitness and how
// many individuals reached the goal, with A*'s optimal cost for reference. The map's first goal
// is used when it has several. Seeded: the same command prints the same numbers everywhere
// (the page's lab gives the same per generation).
#include <cstdio>
#include <iostream>
#include <string>

#include "astar/ant_colony.h"
#include "astar/genetic.h"
#include "astar/lab_methods.h"
#include "astar/search.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

namespace {

// Exact (round-trip) number text, or null for "no path yet".
std::string number(double x) {
  if (x == kNoLabCost) return "null";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return buffer;
}

// A parameter's value from the command line, in the range its row gives (lab_methods.h).
bool countArg(const Args& args, const LabMethodInfo& method, const char* option, std::uint32_t& out) {
  const std::string name = std::string("--") + option;
  if (!args.has(name)) return true;
  const LabParamInfo* p = findLabParam(method, option);
  long long v = 0;
  if (!parseIntArg(args.get(name), name.c_str(), static_cast<long long>(p->min), static_cast<long long>(p->max), v))
    return false;
  out = static_cast<std::uint32_t>(v);
  return true;
}

bool realArg(const Args& args, const char* option, double& out) {
  const std::string name = std::string("--") + option;
  return !args.has(name) || parseNumberArg(args.get(name), name.c_str(), out);
}

// An option of the other method is refused: "lab: aco does not take --crossover (ga does)".
bool refuseOtherMethodsOptions(const Args& args, const LabMethodInfo& method) {
  for (const auto& [option, value] : args.options) {
    if (option.size() < 3 || findLabParam(method, option.c_str() + 2)) continue;
    std::string takers;
    for (const LabMethodInfo& other : labMethods())
      if (findLabParam(other, option.c_str() + 2)) takers += (takers.empty() ? "" : ", ") + std::string(other.name);
    if (takers.empty()) continue;  // the command's own options (--method, --json)
    fail(std::string("lab: ") + method.name + " does not take " + option + " (" + takers + " does)");
    return false;
  }
  return true;
}

template <class Lab>
int report(Lab& lab, const Query& q, const std::string& method, std::uint64_t seed, double optimal, bool json) {
  while (lab.stepGeneration()) {
  }
  const Grid& g = q.doc.grid;
  if (json) {
    std::cout << "{\"method\": \"" << method << "\", \"seed\": " << seed << ", \"optimal\": " << number(optimal)
              << ", \"bestCost\": " << number(lab.bestCost()) << ", \"generations\": [";
    bool first = true;
    for (const GenerationStats& s : lab.history()) {
      std::cout << (first ? "" : ", ") << "{\"generation\": " << s.generation << ", \"best\": " << number(s.bestCost)
                << ", \"generationBest\": " << number(s.generationBest) << ", \"mean\": " << number(s.meanFitness)
                << ", \"reached\": " << s.reached << "}";
      first = false;
    }
    std::cout << "], \"path\": [";
    first = true;
    for (NodeId n : lab.best()) {
      std::cout << (first ? "" : ", ") << "[" << g.xOf(n) << ", " << g.yOf(n) << "]";
      first = false;
    }
    std::cout << "]}\n";
  } else {
    std::printf("method: %s\nseed: %llu\noptimal (A*): %s\n", method.c_str(), static_cast<unsigned long long>(seed),
                number(optimal).c_str());
    std::printf("%10s %12s %12s %12s %9s %9s\n", "generation", "best", "gen. best", "mean fitness", "reached",
                "/optimal");
    for (const GenerationStats& s : lab.history()) {
      char ratio[32] = "-";
      if (s.bestCost >= 0.0 && optimal > 0.0) std::snprintf(ratio, sizeof ratio, "%.3f", s.bestCost / optimal);
      auto cell = [](double x) {
        char text[32] = "-";
        if (x != kNoLabCost) std::snprintf(text, sizeof text, "%.6g", x);
        return std::string(text);
      };
      std::printf("%10u %12s %12s %12.6g %9u %9s\n", s.generation, cell(s.bestCost).c_str(),
                  cell(s.generationBest).c_str(), s.meanFitness, s.reached, ratio);
    }
  }
  return lab.bestCost() >= 0.0 ? kExitOk : kExitMismatch;
}

}  // namespace

int cmdLab(const Args& args) {
  const char* usage =
      "lab MAP [SX SY GX GY] [--method ga|aco] [--seed S] [--generations N] [--population P] [--crossover R] "
      "[--mutation R] [--elitism E] [--tournament K] [--ants A] [--alpha A] [--beta B] [--evaporation R] "
      "[--deposit D] [--elite-weight W] [--min-pheromone P] [--max-steps N] [--json]";
  Query q;
  if (!queryFromArgs(args, "lab", usage, q)) return kExitBadInput;
  const std::string method = args.get("--method", labMethods().front().name);
  const LabMethodInfo* info = findLabMethod(method.c_str());
  if (!info) {
    std::string names;
    for (const LabMethodInfo& m : labMethods()) names += (names.empty() ? "" : " or ") + std::string(m.name);
    fail("lab: --method must be " + names + ", got '" + method + "'");
    return kExitBadInput;
  }
  if (!refuseOtherMethodsOptions(args, *info)) return kExitBadInput;
  long long seed = 1;
  const LabParamInfo* seedRow = findLabParam(*info, "seed");
  if (args.has("--seed") && !parseIntArg(args.get("--seed"), "--seed", static_cast<long long>(seedRow->min),
                                         static_cast<long long>(seedRow->max), seed))
    return kExitBadInput;
  const Grid& g = q.doc.grid;
  const NodeId start = q.start, goal = q.goals.front();
  const PathResult optimal = findPath(g, start, goal);
  const double optimalCost = optimal.status == SearchStatus::Found ? optimal.stats.pathCost : kNoLabCost;
  const bool json = args.has("--json");
  if (method == "ga") {
    GeneticParams p;
    p.seed = static_cast<std::uint64_t>(seed);
    if (!countArg(args, *info, "generations", p.generations) || !countArg(args, *info, "population", p.population) ||
        !realArg(args, "crossover", p.crossoverRate) || !realArg(args, "mutation", p.mutationRate) ||
        !countArg(args, *info, "elitism", p.elitism) || !countArg(args, *info, "tournament", p.tournament) ||
        !countArg(args, *info, "max-steps", p.maxSteps))
      return kExitBadInput;
    GeneticPathfinder lab(g);
    if (const Error e = lab.init(start, goal, p)) {
      fail("lab: " + e.message);
      return kExitBadInput;
    }
    return report(lab, q, method, p.seed, optimalCost, json);
  }
  AntColonyParams p;
  p.seed = static_cast<std::uint64_t>(seed);
  if (!countArg(args, *info, "generations", p.generations) || !countArg(args, *info, "ants", p.ants) ||
      !countArg(args, *info, "alpha", p.alpha) || !countArg(args, *info, "beta", p.beta) ||
      !realArg(args, "evaporation", p.evaporation) || !realArg(args, "deposit", p.deposit) ||
      !realArg(args, "elite-weight", p.eliteWeight) || !realArg(args, "min-pheromone", p.minPheromone) ||
      !countArg(args, *info, "max-steps", p.maxSteps))
    return kExitBadInput;
  AntColony lab(g);
  if (const Error e = lab.init(start, goal, p)) {
    fail("lab: " + e.message);
    return kExitBadInput;
  }
  return report(lab, q, method, p.seed, optimalCost, json);
}

}  // namespace astar::cli
