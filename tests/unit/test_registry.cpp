// The registries of core (algorithms, planners, generators, names): every row is reachable by its
// name, and each algorithm behaves as its traits say.
#include <gtest/gtest.h>

#include <string>

#include "astar/ant_colony.h"
#include "astar/generators.h"
#include "astar/genetic.h"
#include "astar/lab_methods.h"
#include "astar/limits.h"
#include "astar/planners.h"
#include "astar/search.h"
#include "reference.h"

using namespace astar;

TEST(Registry, EveryAlgorithmRowIsFoundByItsNameAndFollowsTheEnum) {
  ASSERT_EQ(algorithms().size(), static_cast<std::size_t>(kAlgorithmCount));
  for (int i = 0; i < kAlgorithmCount; ++i) {
    const AlgorithmInfo& info = algorithms()[static_cast<std::size_t>(i)];
    EXPECT_EQ(static_cast<int>(info.algorithm), i);
    Algorithm parsed{};
    ASSERT_TRUE(parseAlgorithm(info.name, parsed)) << info.name;
    EXPECT_EQ(parsed, info.algorithm);
    EXPECT_STREQ(algorithmName(info.algorithm), info.name);
    EXPECT_GT(std::string(info.label).size(), 0u);
    EXPECT_GT(std::string(info.note).size(), 10u);
  }
  Algorithm unused{};
  EXPECT_FALSE(parseAlgorithm("a-star", unused));
}

TEST(Registry, AlgorithmTraitsMatchWhatTheSearchDoes) {
  astar::testing::Rng rng(22);
  for (int round = 0; round < 300; ++round) {
    astar::testing::RandomMapOptions o;
    o.hexChance = 0.2;
    const Grid grid = astar::testing::randomGrid(rng, o);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    const double optimal = astar::testing::referenceDistances(grid, start)[goal];
    for (const AlgorithmInfo& info : algorithms()) {
      SearchOptions options;
      options.algorithm = info.algorithm;
      options.weight = 2.0;
      options.heuristic = Heuristic::Euclidean;  // admissible and consistent on every grid here
      GridSearch a(grid), b(grid);
      if (info.anyAngle && grid.hex()) {  // square grids only: refused, not run as something else
        EXPECT_EQ(a.begin(start, goal, options), SearchStatus::InvalidInput) << info.name;
        continue;
      }
      ASSERT_EQ(a.begin(start, goal, options), SearchStatus::InProgress) << a.message();
      a.run();
      options.heuristic = Heuristic::Zero;
      ASSERT_EQ(b.begin(start, goal, options), SearchStatus::InProgress);
      b.run();
      if (!info.usesHeuristic) {
        EXPECT_EQ(a.stats().expanded, b.stats().expanded) << info.name << " ignores the heuristic";
      }
      if (a.status() != SearchStatus::Found) continue;
      if (info.optimal) {
        EXPECT_NEAR(a.stats().pathCost, optimal, 1e-9 * (1 + optimal)) << info.name << " round " << round;
      }
      if (info.weighted) {
        EXPECT_LE(a.stats().pathCost, 2.0 * optimal + 1e-9 * (1 + optimal)) << info.name;
      }
      if (info.squareUniformGrids && grid.hex()) {
        EXPECT_TRUE(a.stats().fellBack) << info.name << " on hex cells";
      }
    }
  }
}

// The preprocessed trait: such an algorithm's search holds per-map tables after a query that
// ran it (not fallen back to JPS or A*), on the maps its tables apply to; no other builds any.
TEST(Registry, PreprocessedAlgorithmsAndOnlyThemBuildTables) {
  astar::testing::Rng rng(23);
  astar::testing::RandomMapOptions o;
  o.terrainChance = 0.0;
  o.wrap = false;
  o.maxPortals = 0;
  o.oneWayChance = 0.0;
  int ranWithTables = 0;
  for (int round = 0; round < 100; ++round) {
    const Grid grid = astar::testing::randomGrid(rng, o);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    for (const AlgorithmInfo& info : algorithms()) {
      SearchOptions options;
      options.algorithm = info.algorithm;
      GridSearch search(grid);
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
      search.run();
      if (info.preprocessed && search.stats().fellBack) continue;
      EXPECT_EQ(search.preprocessing().bytes > 0, info.preprocessed) << info.name << " round " << round;
      ranWithTables += info.preprocessed;
    }
  }
  EXPECT_GT(ranWithTables, 20);
}

// The frontier trait is how the search picks the next node: a queue expands in order of steps
// from the start (a node's depth never drops below the last one's), a stack expands the node
// its last expansion opened last, and a priority frontier with h = 0 expands in order of g.
TEST(Registry, FrontierTraitIsTheExpansionOrder) {
  astar::testing::Rng rng(24);
  int checked[3] = {};
  for (int round = 0; round < 150; ++round) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    for (const AlgorithmInfo& info : algorithms()) {
      if (info.heuristicOnly) continue;  // ordered by h alone, not by g
      SearchOptions options;
      options.algorithm = info.algorithm;
      options.heuristic = Heuristic::Zero;
      options.traceExpansions = true;
      GridSearch search(grid);
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress) << search.message();
      std::vector<int> depth(grid.cellCount(), 0);
      double lastG = 0.0;
      int lastDepth = 0;
      NodeId openedLast = kNoNode;
      for (;;) {
        const SearchStatus status = search.step(1);
        const ExpansionTrace t = search.lastExpansion();
        const NodeId u = t.node;
        if (u == kNoNode) break;
        const NodeId p = search.parent(u);
        depth[u] = p == kNoNode ? 0 : depth[p] + 1;
        switch (info.frontier) {
          case Frontier::Queue: EXPECT_GE(depth[u], lastDepth) << info.name << " round " << round; break;
          case Frontier::Stack:
            if (openedLast != kNoNode) {
              EXPECT_EQ(u, openedLast) << info.name << " round " << round;
            }
            break;
          case Frontier::Priority:
            // Not for any-angle rows: a node opened through the expanded node's parent may get a
            // g below the expanded node's (and Lazy Theta* raises a g on expansion when the
            // assumed line of sight is blocked).
            if (!info.anyAngle) {
              EXPECT_GE(search.g(u), lastG - 1e-9 * (1 + lastG)) << info.name << " round " << round;
            }
            break;
        }
        ++checked[static_cast<int>(info.frontier)];
        lastDepth = depth[u];
        lastG = search.g(u);
        openedLast = kNoNode;
        for (const Relaxation& r : t.relaxations)
          if (r.outcome == RelaxOutcome::Opened) openedLast = r.node;
        if (status != SearchStatus::InProgress) break;
      }
    }
  }
  for (int kind = 0; kind < 3; ++kind) EXPECT_GT(checked[kind], 1000) << frontierName(static_cast<Frontier>(kind));
}

TEST(Registry, EveryGeneratorRunsByNameAndRefusesWhatItCannotBuild) {
  ASSERT_GE(generators().size(), 5u);
  std::string names;
  for (const GeneratorInfo& g : generators()) {
    names += std::string(g.name) + " ";
    EXPECT_EQ(findGenerator(g.name), &g);
    MapDocument doc;
    GeneratorOptions o;
    o.seed = 3;
    const Error e = generateMap(g.name, o, doc);
    ASSERT_TRUE(e.ok()) << g.name << ": " << e.message;
    EXPECT_EQ(doc.grid.width(), g.defaultWidth) << g.name;
    EXPECT_EQ(doc.grid.height(), g.defaultHeight) << g.name;
    EXPECT_NE(doc.start, kNoNode) << g.name;
    ASSERT_FALSE(doc.goals.empty()) << g.name;
    EXPECT_EQ(findPath(doc.grid, doc.start, doc.goals[0]).status, SearchStatus::Found) << g.name;
    o.width = g.minWidth > 1 ? g.minWidth - 1 : -1;  // 0 would mean the default width
    o.height = g.minHeight;
    EXPECT_FALSE(generateMap(g.name, o, doc).ok()) << g.name << " below its minimum width";
  }
  MapDocument doc;
  EXPECT_EQ(generateMap("caves", GeneratorOptions{}, doc).message,
            "unknown generator 'caves' (backtracker, division, hex, random or arcade)")
      << names;
}

TEST(Registry, NamesOfMovementCostModelCellsAndDirectionsRoundTrip) {
  for (int i = 0; i < kMovementCount; ++i) {
    DiagonalMovement m{};
    ASSERT_TRUE(parseMovement(movementName(static_cast<DiagonalMovement>(i)), m));
    EXPECT_EQ(static_cast<int>(m), i);
  }
  for (int i = 0; i < 2; ++i) {
    CostModel c{};
    Topology t{};
    ASSERT_TRUE(parseCostModel(costModelName(static_cast<CostModel>(i)), c));
    ASSERT_TRUE(parseTopology(topologyName(static_cast<Topology>(i)), t));
    EXPECT_EQ(static_cast<int>(c), i);
    EXPECT_EQ(static_cast<int>(t), i);
  }
  for (int d = 0; d < 8; ++d) {
    Direction parsed{};
    ASSERT_TRUE(parseDirection(directionName(static_cast<Direction>(d)), parsed));
    EXPECT_EQ(static_cast<int>(parsed), d);
  }
  EXPECT_STREQ(statusLabel(SearchStatus::NoPath), "no path");
  EXPECT_STREQ(statusName(SearchStatus::NoPath), "no-path");
}

TEST(Registry, PlannersStartWithEveryAlgorithmOfTheLoopAndHaveUniqueNames) {
  const auto all = planners();
  ASSERT_GE(all.size(), static_cast<std::size_t>(kAlgorithmCount) + 3);
  for (int i = 0; i < kAlgorithmCount; ++i) {
    const PlannerInfo& p = all[static_cast<std::size_t>(i)];
    const AlgorithmInfo& a = algorithms()[static_cast<std::size_t>(i)];
    EXPECT_EQ(p.kind, PlannerKind::Search);
    EXPECT_EQ(p.algorithm, a.algorithm);
    EXPECT_STREQ(p.name, a.name);  // the row is made from the algorithm's, not typed again
    EXPECT_EQ(p.optimal, a.optimal);
    EXPECT_EQ(p.usesHeuristic, a.usesHeuristic);
    EXPECT_EQ(&plannerFor(a.algorithm), &p);
  }
  for (const PlannerInfo& p : all) {
    ASSERT_EQ(findPlanner(p.name), &p) << p.name;
    EXPECT_GT(std::string(p.label).size(), 0u);
    EXPECT_GT(std::string(p.note).size(), 10u) << p.name;
    EXPECT_FALSE(p.optimal && p.bounded) << p.name;
    // A heuristic option exactly when the planner reads the heuristic.
    EXPECT_EQ(plannerTakes(p, PlannerOption::Heuristic), p.usesHeuristic) << p.name;
    // A size exactly for the search loop's rows and HPA* (test_agent_size.cpp and
    // test_hierarchical_agent_size.cpp check what each does with it).
    EXPECT_EQ(plannerTakes(p, PlannerOption::AgentSize),
              p.kind == PlannerKind::Search || p.kind == PlannerKind::Hierarchical)
        << p.name;
  }
  for (const char* name : {"hpa", "d-star-lite", "turn-aware"}) EXPECT_NE(findPlanner(name), nullptr) << name;
  EXPECT_EQ(findPlanner("a-star"), nullptr);
  for (int i = 0; i < kPlannerOptionCount; ++i) {
    const auto o = static_cast<PlannerOption>(i);
    bool someoneTakesIt = false;
    for (const PlannerInfo& p : all) someoneTakesIt = someoneTakesIt || plannerTakes(p, o);
    EXPECT_TRUE(someoneTakesIt) << plannerOptionName(o);
  }
  // plannerRefusal: empty exactly when the row takes the option, else a sentence naming both.
  for (const PlannerInfo& p : all) {
    for (int i = 0; i < kPlannerOptionCount; ++i) {
      const auto o = static_cast<PlannerOption>(i);
      const std::string why = plannerRefusal(p, o);
      EXPECT_EQ(why.empty(), plannerTakes(p, o)) << p.name << " " << plannerOptionName(o);
      if (!why.empty()) {
        EXPECT_NE(why.find(p.label), std::string::npos) << why;
        EXPECT_NE(why.find(plannerOptionName(o)), std::string::npos) << why;
      }
    }
  }
}

TEST(Registry, BoundedPlannersStateABoundForEveryParameterTheyAccept) {
  const PlannerInfo& weighted = plannerFor(Algorithm::WeightedAStar);
  ASSERT_TRUE(weighted.bounded);
  EXPECT_EQ(plannerBound(weighted, kMinWeight), kMinWeight);
  EXPECT_EQ(plannerBound(weighted, 3.0), 3.0);  // the weight itself
  EXPECT_EQ(plannerBound(weighted, kMaxWeight), kMaxWeight);
  const PlannerInfo& hpa = *findPlanner("hpa");
  ASSERT_TRUE(hpa.bounded);
  // Stated at the sizes where it was measured, from the smallest to the largest accepted and
  // the default, and nowhere else.
  int stated = 0;
  for (int size = kMinClusterSize; size <= kMaxClusterSize; ++size) {
    const double bound = plannerBound(hpa, size);
    EXPECT_TRUE(bound == 0.0 || bound >= 1.0) << size;
    stated += bound > 0.0;
  }
  EXPECT_EQ(stated, static_cast<int>(hpa.bounds.size()));
  EXPECT_GE(plannerBound(hpa, kMinClusterSize), 1.0);
  EXPECT_GE(plannerBound(hpa, kDefaultClusterSize), 1.0);
  EXPECT_GE(plannerBound(hpa, kMaxClusterSize), 1.0);
  EXPECT_EQ(plannerBound(hpa, 13), 0.0);
  EXPECT_EQ(plannerBound(hpa, kMinClusterSize - 1), 0.0);
  EXPECT_EQ(plannerBound(hpa, kMaxClusterSize + 1), 0.0);
  EXPECT_EQ(plannerBound(plannerFor(Algorithm::AStar), 7.0), 1.0);
  EXPECT_EQ(plannerBound(plannerFor(Algorithm::GreedyBestFirst), 1.0), 0.0);  // no bound
}

namespace {

// Sets the parameter called `name` (the table's key) on a method's Params; false when the
// Params have no such field.
bool setLabParam(GeneticParams& p, const std::string& name, double v) {
  const auto whole = static_cast<std::uint32_t>(v);
  if (name == "seed")
    p.seed = static_cast<std::uint64_t>(v);
  else if (name == "generations")
    p.generations = whole;
  else if (name == "population")
    p.population = whole;
  else if (name == "crossoverRate")
    p.crossoverRate = v;
  else if (name == "mutationRate")
    p.mutationRate = v;
  else if (name == "elitism")
    p.elitism = whole;
  else if (name == "tournament")
    p.tournament = whole;
  else if (name == "maxSteps")
    p.maxSteps = whole;
  else
    return false;
  return true;
}

bool setLabParam(AntColonyParams& p, const std::string& name, double v) {
  const auto whole = static_cast<std::uint32_t>(v);
  if (name == "seed")
    p.seed = static_cast<std::uint64_t>(v);
  else if (name == "generations")
    p.generations = whole;
  else if (name == "ants")
    p.ants = whole;
  else if (name == "alpha")
    p.alpha = whole;
  else if (name == "beta")
    p.beta = whole;
  else if (name == "evaporation")
    p.evaporation = v;
  else if (name == "deposit")
    p.deposit = v;
  else if (name == "eliteWeight")
    p.eliteWeight = v;
  else if (name == "minPheromone")
    p.minPheromone = v;
  else if (name == "maxSteps")
    p.maxSteps = whole;
  else
    return false;
  return true;
}

bool valid(const GeneticParams& p) { return validateGeneticParams(p).ok(); }
bool valid(const AntColonyParams& p) { return validateAntColonyParams(p).ok(); }

// Each parameter's default and closed range ends pass the method's own validation, and a value
// just outside (or an open end) fails it: the table and the method agree.
template <class Params>
void checkLabTable(const LabMethodInfo& method) {
  for (const LabParamInfo& row : method.params) {
    const std::string name = row.name;
    Params defaults;
    ASSERT_TRUE(setLabParam(defaults, name, row.defaultValue)) << method.name << " has no parameter " << name;
    EXPECT_TRUE(valid(defaults)) << method.name << " " << name << " default";
    if (name == "seed") continue;  // every seed is fine
    // Elitism and tournament are bounded by the population too: try them with the largest one,
    // and the population with the smallest of them.
    auto with = [&](double v) {
      Params p;
      if constexpr (std::is_same_v<Params, GeneticParams>) {
        p.population = kLabMaxPopulation;
        if (name == "population") p.elitism = 0, p.tournament = 1;  // below the smallest population
      }
      setLabParam(p, name, v);
      return valid(p);
    };
    const double step = row.whole ? 1.0 : 1e-9;
    EXPECT_EQ(with(row.min), !row.openMin) << method.name << " " << name << " at its minimum " << row.min;
    EXPECT_EQ(with(row.max), !row.openMax) << method.name << " " << name << " at its maximum " << row.max;
    if (row.min - step >= 0.0 || !row.whole) {
      EXPECT_FALSE(with(row.min - step)) << method.name << " " << name << " below its minimum";
    }
    EXPECT_FALSE(with(row.max + step)) << method.name << " " << name << " above its maximum";
  }
}

}  // namespace

TEST(Registry, LabMethodTablesAgreeWithTheMethodsValidation) {
  ASSERT_EQ(labMethods().size(), 2u);
  const LabMethodInfo* ga = findLabMethod("ga");
  const LabMethodInfo* aco = findLabMethod("aco");
  ASSERT_NE(ga, nullptr);
  ASSERT_NE(aco, nullptr);
  EXPECT_EQ(findLabMethod("sa"), nullptr);
  checkLabTable<GeneticParams>(*ga);
  checkLabTable<AntColonyParams>(*aco);
  EXPECT_NE(findLabParam(*ga, "crossover"), nullptr);
  EXPECT_EQ(findLabParam(*aco, "crossover"), nullptr);
  EXPECT_EQ(findLabParam(*ga, "ants"), nullptr);
}
