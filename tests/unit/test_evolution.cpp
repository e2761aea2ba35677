// The evolution lab (genetic.h, ant_colony.h): seeded runs repeat exactly, every best path is
// a legal move sequence whose cost (recomputed from the test's own move rules) is the one
// reported, both methods get within 1.5 x optimal on the bundled arcade maze within the
// generation counts the README states, and bad parameters are refused with a clear message.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "astar/ant_colony.h"
#include "astar/formats.h"
#include "astar/genetic.h"
#include "read_file.h"
#include "reference.h"

namespace {

using astar::AntColony;
using astar::AntColonyParams;
using astar::GenerationStats;
using astar::GeneticParams;
using astar::GeneticPathfinder;
using astar::NodeId;

// The generation counts the README states: with the default parameters, on the arcade maze
// from the map's start (1, 1) to its goal (26, 29), every seed tested reaches a path within
// 1.5 x optimal by then.
constexpr std::uint32_t kGaGenerationsTo150 = 5;
constexpr std::uint32_t kAcoGenerationsTo150 = 10;
constexpr std::uint64_t kSeeds[] = {1, 2, 3, 4, 5};

astar::MapDocument arcade() {
  astar::MapDocument doc;
  const astar::Error e =
      astar::readPlaygroundMap(astar::testing::readFile(std::filesystem::path(ASTAR_MAPS_DIR) / "arcade.map.txt"), doc);
  EXPECT_TRUE(e.ok()) << e.describe();
  return doc;
}

// Cost of a path by the test's own move rules (reference.h): the cheapest move joining each
// consecutive pair, or -1 when a pair is not one legal move (or the path is empty).
double referenceCost(const astar::Grid& grid, std::span<const NodeId> path) {
  if (path.empty()) return -1.0;
  double total = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    double step = std::numeric_limits<double>::infinity();
    for (const astar::testing::Edge& e : astar::testing::referenceMoves(grid, path[i - 1]))
      if (e.to == path[i] && e.cost < step) step = e.cost;
    if (step == std::numeric_limits<double>::infinity()) return -1.0;
    total += step;
  }
  return total;
}

double optimal(const astar::Grid& grid, NodeId start, NodeId goal) {
  return astar::testing::referenceDistances(grid, start)[goal];
}

// First generation whose best-so-far cost is within ratio x optimal, or the history's size.
std::size_t generationsTo(std::span<const GenerationStats> history, double limit) {
  for (std::size_t g = 0; g < history.size(); ++g)
    if (history[g].bestCost >= 0.0 && history[g].bestCost <= limit) return g;
  return history.size();
}

template <class Lab, class Params>
std::vector<GenerationStats> run(const astar::Grid& grid, NodeId start, NodeId goal, const Params& params,
                                 std::vector<NodeId>* best = nullptr) {
  Lab lab(grid);
  const astar::Error e = lab.init(start, goal, params);
  EXPECT_TRUE(e.ok()) << e.message;
  while (lab.stepGeneration()) {
  }
  if (best) best->assign(lab.best().begin(), lab.best().end());
  return {lab.history().begin(), lab.history().end()};
}

bool same(const std::vector<GenerationStats>& a, const std::vector<GenerationStats>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].bestCost != b[i].bestCost || a[i].generationBest != b[i].generationBest ||
        a[i].meanFitness != b[i].meanFitness || a[i].reached != b[i].reached)
      return false;
  return true;
}

TEST(Evolution, RngIsSeededAndUniformEnough) {
  astar::Rng a(7), b(7), c(8), d(9);
  bool differs = false;
  std::vector<int> counts(10, 0);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
    ++counts[d.below(10)];
  }
  EXPECT_TRUE(differs);
  for (int n : counts) EXPECT_NEAR(n, 1000, 150);
}

TEST(Evolution, RemoveLoopsKeepsALoopFreeSubsequence) {
  std::vector<std::uint32_t> mark;
  std::vector<NodeId> path = {0, 1, 2, 3, 1, 4, 5, 4, 6};
  astar::removeLoops(path, mark);
  EXPECT_EQ(path, (std::vector<NodeId>{0, 1, 4, 6}));
  for (std::uint32_t m : mark) EXPECT_EQ(m, 0u);
}

TEST(Evolution, SameSeedSameRunDifferentSeedDifferentRun) {
  const astar::MapDocument doc = arcade();
  GeneticParams ga;
  ga.generations = 15;
  AntColonyParams aco;
  aco.generations = 15;
  ga.seed = aco.seed = 11;
  const auto ga1 = run<GeneticPathfinder>(doc.grid, doc.start, doc.goals[0], ga);
  const auto aco1 = run<AntColony>(doc.grid, doc.start, doc.goals[0], aco);
  EXPECT_TRUE(same(ga1, run<GeneticPathfinder>(doc.grid, doc.start, doc.goals[0], ga)));
  EXPECT_TRUE(same(aco1, run<AntColony>(doc.grid, doc.start, doc.goals[0], aco)));
  ga.seed = aco.seed = 12;
  EXPECT_FALSE(same(ga1, run<GeneticPathfinder>(doc.grid, doc.start, doc.goals[0], ga)));
  EXPECT_FALSE(same(aco1, run<AntColony>(doc.grid, doc.start, doc.goals[0], aco)));
  EXPECT_EQ(ga1.size(), 16u);  // generation 0 and 15 more
}

TEST(Evolution, BothReachWithinOneAndAHalfOptimalOnTheArcadeMaze) {
  const astar::MapDocument doc = arcade();
  const NodeId start = doc.start, goal = doc.goals.at(0);
  const double best = optimal(doc.grid, start, goal);
  ASSERT_GT(best, 0.0);
  for (std::uint64_t seed : kSeeds) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    GeneticParams ga;
    ga.seed = seed;
    ga.generations = kGaGenerationsTo150;
    std::vector<NodeId> path;
    const auto gaRun = run<GeneticPathfinder>(doc.grid, start, goal, ga, &path);
    EXPECT_LE(gaRun.back().bestCost, 1.5 * best);
    EXPECT_EQ(referenceCost(doc.grid, path), gaRun.back().bestCost);
    EXPECT_EQ(path.front(), start);
    EXPECT_EQ(path.back(), goal);
    AntColonyParams aco;
    aco.seed = seed;
    aco.generations = kAcoGenerationsTo150;
    const auto acoRun = run<AntColony>(doc.grid, start, goal, aco, &path);
    EXPECT_LE(acoRun.back().bestCost, 1.5 * best);
    EXPECT_EQ(referenceCost(doc.grid, path), acoRun.back().bestCost);
    EXPECT_EQ(path.front(), start);
    EXPECT_EQ(path.back(), goal);
  }
}

// ASTAR_LAB_MEASURE=N: prints, for seeds 1..N, the generation at which each method first
// holds a path within 1.5 x optimal on the arcade maze (the README's figures).
TEST(Evolution, MeasureGenerationsToOneAndAHalfOptimal) {
  const char* env = std::getenv("ASTAR_LAB_MEASURE");
  if (!env) GTEST_SKIP() << "set ASTAR_LAB_MEASURE=N to measure over N seeds";
  const int seeds = std::atoi(env);
  const astar::MapDocument doc = arcade();
  const NodeId start = doc.start, goal = doc.goals.at(0);
  const double limit = 1.5 * optimal(doc.grid, start, goal);
  std::size_t worstGa = 0, worstAco = 0, sumGa = 0, sumAco = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    GeneticParams ga;
    ga.seed = static_cast<std::uint64_t>(seed);
    ga.generations = 300;
    AntColonyParams aco;
    aco.seed = static_cast<std::uint64_t>(seed);
    aco.generations = 300;
    const auto gaRun = run<GeneticPathfinder>(doc.grid, start, goal, ga);
    const auto acoRun = run<AntColony>(doc.grid, start, goal, aco);
    const std::size_t g = generationsTo(gaRun, limit), a = generationsTo(acoRun, limit);
    std::printf("seed %d: to 1.5x ga %zu aco %zu; to 1.1x ga %zu aco %zu; to 1x ga %zu aco %zu; gen0 ga %g aco %g\n",
                seed, g, a, generationsTo(gaRun, limit / 1.5 * 1.1), generationsTo(acoRun, limit / 1.5 * 1.1),
                generationsTo(gaRun, limit / 1.5), generationsTo(acoRun, limit / 1.5), gaRun[0].bestCost,
                acoRun[0].bestCost);
    worstGa = std::max(worstGa, g);
    worstAco = std::max(worstAco, a);
    sumGa += g;
    sumAco += a;
  }
  std::printf("optimal %.6g; ga mean %.2f worst %zu; aco mean %.2f worst %zu\n", limit / 1.5,
              static_cast<double>(sumGa) / seeds, worstGa, static_cast<double>(sumAco) / seeds, worstAco);
}

}  // namespace
