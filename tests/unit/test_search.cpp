// Search: one scenario table run against every algorithm x heuristic x movement rule, random
// maps against an independent Dijkstra, the sliced API against the one-shot call, reuse,
// the seeds' cases (tutorial maze, tunnel, water, escalator) and input checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "astar/graph.h"
#include "astar/landmarks.h"
#include "astar/path_cost.h"
#include "astar/search.h"
#include "reference.h"
#include "search_checks.h"

using namespace astar;
using astar::testing::gridFromRows;
using astar::testing::isValidPath;

namespace {

constexpr double kNone = -1.0;  // no path
const double kRoot2 = std::sqrt(2.0);

struct Scenario {
  const char* name;
  std::vector<const char*> rows;  // '#' wall, '.' floor, digits cost, '~' water (10)
  int sx, sy, gx, gy;
  double expected[4];  // optimal cost for Never, OnlyWhenNoObstacles, IfAtMostOneObstacle, Always
  bool wrapX = false;
  std::vector<Portal> portals = {};  // cells given as x + 100 * y, converted below
  std::vector<std::pair<int, int>> escalatorsNorth = {};
};

const std::vector<Scenario>& scenarios() {
  static const std::vector<Scenario> table = {
      {"open", {".....", ".....", ".....", ".....", "....."}, 0, 0, 4, 4, {8, 4 * kRoot2, 4 * kRoot2, 4 * kRoot2}},
      {"start is goal", {"..", ".."}, 1, 1, 1, 1, {0, 0, 0, 0}},
      {"corner between two walls", {".#", "#."}, 0, 0, 1, 1, {kNone, kNone, kNone, kRoot2}},
      {"corner by one wall", {"..", "#."}, 0, 0, 1, 1, {2, 2, kRoot2, kRoot2}},
      {"water detour", {"S~G", "..."}, 0, 0, 2, 0, {4, 2 * kRoot2, 2 * kRoot2, 2 * kRoot2}},
      {"walled off", {".#.", ".#.", ".#."}, 0, 1, 2, 1, {kNone, kNone, kNone, kNone}},
      {"wall with a gap", {".....", "###.#", "....."}, 0, 0, 0, 2, {8, 8, 4 + 2 * kRoot2, 4 + 2 * kRoot2}},
      {"terrain costs", {"1191", "1111", "1911"}, 0, 0, 3, 0, {5, 1 + 2 * kRoot2, 1 + 2 * kRoot2, 1 + 2 * kRoot2}},
      {"tunnel", {"#####", "S...G", "#####"}, 0, 1, 4, 1, {1, 1, 1, 1}, true},
      {"portal one way", {"........"}, 0, 0, 7, 0, {0.5, 0.5, 0.5, 0.5}, false, {{0, 7, 0.5, false}}},
      {"portal not backwards", {"........"}, 7, 0, 0, 0, {7, 7, 7, 7}, false, {{0, 7, 0.5, false}}},
      {"escalator up", {".....", ".#.#.", "....."}, 2, 2, 2, 0, {2, 2, 2, 2}, false, {}, {{2, 1}}},
      {"escalator not down",
       {".....", ".#.#.", "....."},
       2,
       0,
       2,
       2,
       {6, 6, 2 + 2 * kRoot2, 2 + 2 * kRoot2},
       false,
       {},
       {{2, 1}}},
  };
  return table;
}

Grid buildScenario(const Scenario& s, DiagonalMovement rule) {
  std::vector<const char*> rows = s.rows;
  Grid grid = gridFromRows(rows);
  grid.setDiagonal(rule);
  grid.setWrap(s.wrapX, false);
  for (const Portal& p : s.portals) {
    EXPECT_TRUE(grid.addPortal(static_cast<int>(p.from % 100), static_cast<int>(p.from / 100),
                               static_cast<int>(p.to % 100), static_cast<int>(p.to / 100), p.cost, p.twoWay)
                    .ok());
  }
  for (auto [x, y] : s.escalatorsNorth) EXPECT_TRUE(grid.setEntryMask(x, y, directionBit(North)).ok());
  return grid;
}

}  // namespace

TEST(SearchScenarios, EveryAlgorithmHeuristicAndMovementRule) {
  int runs = 0;
  for (const Scenario& s : scenarios()) {
    for (int rule = 0; rule < 4; ++rule) {
      const Grid grid = buildScenario(s, static_cast<DiagonalMovement>(rule));
      LandmarkTable<Grid> landmarks;
      landmarks.build(grid, 3);
      GridSearch search(grid);
      const NodeId start = grid.index(s.sx, s.sy), goal = grid.index(s.gx, s.gy);
      const double expected = s.expected[rule];
      for (int a = 0; a < kAlgorithmCount; ++a) {
        if (algorithmInfo(static_cast<Algorithm>(a)).anyAngle) continue;  // paths of segments: test_theta.cpp
        for (int h = 0; h < kHeuristicCount; ++h) {
          SearchOptions options;
          options.algorithm = static_cast<Algorithm>(a);
          options.heuristic = static_cast<Heuristic>(h);
          options.weight = 1.5;
          const std::string what = std::string(s.name) + " rule " + std::to_string(rule) + " " +
                                   algorithmName(options.algorithm) + " " + heuristicName(options.heuristic);
          search.begin(start, goal, options, &landmarks);
          const SearchStatus status = search.run();
          ++runs;
          if (expected == kNone) {
            EXPECT_EQ(status, SearchStatus::NoPath) << what;
            EXPECT_TRUE(search.stats().partial) << what;
            continue;
          }
          ASSERT_EQ(status, SearchStatus::Found) << what;
          const double cost = search.stats().pathCost;
          EXPECT_TRUE(isValidPath(grid, search.path(), start, goal, cost)) << what;
          const bool admissible = heuristicProperties(options.heuristic, grid, true, true).admissible;
          const bool usesHeuristic = options.algorithm != Algorithm::Dijkstra;
          if (astar::testing::isOptimalAlgorithm(options.algorithm) && (admissible || !usesHeuristic))
            EXPECT_NEAR(cost, expected, 1e-9) << what;
          else if (options.algorithm == Algorithm::WeightedAStar && admissible)
            EXPECT_LE(cost, 1.5 * expected + 1e-9) << what;
          else
            EXPECT_GE(cost, expected - 1e-9) << what;
        }
      }
    }
  }
  int moveAlgorithms = 0;
  for (const AlgorithmInfo& info : algorithms()) moveAlgorithms += !info.anyAngle;
  EXPECT_EQ(runs, static_cast<int>(scenarios().size()) * 4 * moveAlgorithms * kHeuristicCount);
}

TEST(SearchScenarios, TableAgreesWithTheReferenceDijkstra) {
  for (const Scenario& s : scenarios())
    for (int rule = 0; rule < 4; ++rule) {
      const Grid grid = buildScenario(s, static_cast<DiagonalMovement>(rule));
      const double d = astar::testing::referenceDistances(grid, grid.index(s.sx, s.sy))[grid.index(s.gx, s.gy)];
      if (s.expected[rule] == kNone) {
        EXPECT_TRUE(std::isinf(d)) << s.name << " rule " << rule;
      } else {
        EXPECT_NEAR(d, s.expected[rule], 1e-9) << s.name << " rule " << rule;
      }
    }
}

// A* with every admissible heuristic returns Dijkstra's cost; weighted A* stays within w;
// every heuristic called consistent is consistent on every edge and admissible at every node.
TEST(SearchRandom, OptimalAndBoundedOnTwoThousandRandomMaps) {
  astar::testing::Rng rng(42);
  int comparisons = 0, edgesChecked = 0;
  for (int map = 0; map < 2000; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    if (start == kNoNode) continue;
    const std::vector<double> toGoal = astar::testing::referenceDistancesTo(grid, goal);
    const double optimal = toGoal[start];
    LandmarkTable<Grid> landmarks;
    landmarks.build(grid, 2, static_cast<NodeId>(map) % grid.cellCount());
    GridSearch search(grid);
    for (int h = 0; h < kHeuristicCount; ++h) {
      SearchOptions options;
      options.heuristic = static_cast<Heuristic>(h);
      const HeuristicProperties props = heuristicProperties(options.heuristic, grid, true, true);
      const std::string what = "map " + std::to_string(map) + " " + heuristicName(options.heuristic);
      search.begin(start, goal, options, &landmarks);
      if (props.consistent) {
        EXPECT_EQ(search.h(goal), 0.0) << what;
        for (NodeId n = 0; n < grid.cellCount(); ++n) {
          if (!grid.passable(n)) continue;
          const double hn = search.h(n);
          ASSERT_LE(hn, toGoal[n] + 1e-9) << what << " inadmissible at " << n;
          for (const astar::testing::Edge& e : astar::testing::referenceMoves(grid, n)) {
            ASSERT_LE(hn, e.cost + search.h(e.to) + 1e-9) << what << " inconsistent on edge " << n << "->" << e.to;
            ++edgesChecked;
          }
        }
      }
      const SearchStatus status = search.run();
      if (std::isinf(optimal)) {
        ASSERT_EQ(status, SearchStatus::NoPath) << what;
        continue;
      }
      ASSERT_EQ(status, SearchStatus::Found) << what;
      ASSERT_TRUE(isValidPath(grid, search.path(), start, goal, search.stats().pathCost)) << what;
      if (props.admissible) {
        ASSERT_NEAR(search.stats().pathCost, optimal, 1e-9 * std::max(1.0, optimal)) << what;
        ++comparisons;
        for (double w : {1.5, 3.0}) {
          SearchOptions weighted = options;
          weighted.algorithm = Algorithm::WeightedAStar;
          weighted.weight = w;
          search.begin(start, goal, weighted, &landmarks);
          ASSERT_EQ(search.run(), SearchStatus::Found) << what;
          ASSERT_LE(search.stats().pathCost, w * optimal + 1e-9) << what << " weight " << w;
          ASSERT_GE(search.stats().pathCost, optimal - 1e-9) << what;
        }
      }
    }
    SearchOptions dijkstra;
    dijkstra.algorithm = Algorithm::Dijkstra;
    search.begin(start, goal, dijkstra);
    search.run();
    if (!std::isinf(optimal)) {
      ASSERT_NEAR(search.stats().pathCost, optimal, 1e-9 * std::max(1.0, optimal)) << "dijkstra map " << map;
    }
  }
  EXPECT_GT(comparisons, 2000 * 3);
  EXPECT_GT(edgesChecked, 1000000);
}

TEST(SearchRandom, HeuristicsThatIgnoreTopologyAreReportedInadmissible) {
  // Not an academic flag: on these maps the plain heuristics really overestimate.
  Grid tunnel = gridFromRows({"S.........G"});
  tunnel.setWrap(true, false);
  GridSearch search(tunnel);
  SearchOptions plain;
  plain.wrapAware = false;
  search.begin(tunnel.index(0, 0), tunnel.index(10, 0), plain);
  EXPECT_GT(search.h(tunnel.index(0, 0)), 1.0);  // true distance is 1 through the tunnel
  EXPECT_FALSE(heuristicProperties(Heuristic::Octile, tunnel, false, true).admissible);
  EXPECT_TRUE(heuristicProperties(Heuristic::Octile, tunnel, true, true).admissible);

  Grid portal(11, 1);
  ASSERT_TRUE(portal.addPortal(0, 0, 10, 0, 0.0, true).ok());
  GridSearch portalSearch(portal);
  plain = SearchOptions{};
  plain.portalAware = false;
  portalSearch.begin(portal.index(0, 0), portal.index(10, 0), plain);
  EXPECT_GT(portalSearch.h(portal.index(0, 0)), 0.0);
  EXPECT_FALSE(heuristicProperties(Heuristic::Octile, portal, true, false).admissible);
  plain.portalAware = true;
  portalSearch.begin(portal.index(1, 0), portal.index(10, 0), plain);
  EXPECT_LE(portalSearch.h(portal.index(1, 0)), 1.0);  // one step to the portal, then free

  Grid open(5, 5);
  GridSearch openSearch(open);
  SearchOptions manhattan;
  manhattan.heuristic = Heuristic::Manhattan;
  openSearch.begin(open.index(0, 0), open.index(4, 4), manhattan);
  EXPECT_GT(openSearch.h(open.index(0, 0)), 4 * std::sqrt(2.0));
  EXPECT_FALSE(heuristicProperties(Heuristic::Manhattan, open, true, true).admissible);
  open.setDiagonal(DiagonalMovement::Never);
  EXPECT_TRUE(heuristicProperties(Heuristic::Manhattan, open, true, true).admissible);
}

namespace {

struct Outcome {
  SearchStatus status;
  std::vector<NodeId> path;
  std::vector<NodeId> order;
  std::uint64_t expanded, generated;
  double cost;
  bool operator==(const Outcome&) const = default;
};

Outcome runSliced(GridSearch& search, NodeId start, NodeId goal, SearchOptions options, std::uint32_t budget) {
  options.recordExpansions = true;
  search.begin(start, goal, options);
  int calls = 0;
  while (search.step(budget) == SearchStatus::InProgress) ++calls;
  if (budget == 1) {
    EXPECT_GE(calls + 1, static_cast<int>(search.stats().expanded));
  }
  return {search.status(),
          {search.path().begin(), search.path().end()},
          {search.expansionOrder().begin(), search.expansionOrder().end()},
          search.stats().expanded,
          search.stats().generated,
          search.stats().pathCost};
}

}  // namespace

TEST(SearchSliced, StepBudgetsGiveTheSameResultAsOneShot) {
  astar::testing::Rng rng(7);
  for (int map = 0; map < 300; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    GridSearch search(grid);
    SearchOptions options;
    options.algorithm = static_cast<Algorithm>(map % kAlgorithmCount);
    options.weight = 2.0;
    const Outcome oneShot = runSliced(search, start, goal, options, 0xFFFFFFFFu);
    EXPECT_EQ(runSliced(search, start, goal, options, 1), oneShot) << "map " << map;
    EXPECT_EQ(runSliced(search, start, goal, options, 7), oneShot) << "map " << map;
    search.begin(start, goal, options);
    search.run();
    EXPECT_EQ(search.stats().expanded, oneShot.expanded);
  }
}

TEST(SearchSliced, StepReportsProgressAndStopsAtTheBudget) {
  Grid grid(30, 30);
  GridSearch search(grid);
  ASSERT_EQ(search.begin(grid.index(0, 0), grid.index(29, 29), SearchOptions{.algorithm = Algorithm::Dijkstra}),
            SearchStatus::InProgress);
  EXPECT_EQ(search.step(5), SearchStatus::InProgress);
  EXPECT_EQ(search.stats().expanded, 5u);
  EXPECT_EQ(search.step(10), SearchStatus::InProgress);
  EXPECT_EQ(search.stats().expanded, 15u);
  std::size_t closed = 0, open = 0;
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    closed += search.state(n) == NodeState::Closed;
    open += search.state(n) == NodeState::Open;
  }
  EXPECT_EQ(closed, 15u);
  EXPECT_EQ(open, search.openSize());
  EXPECT_EQ(search.run(), SearchStatus::Found);
  EXPECT_EQ(search.step(5), SearchStatus::Found) << "step after the end changes nothing";
}

// The open list is a heap plus a ready stack (core/search/src/search.cpp): together they must still
// hand out nodes in order of f, and openSize must count each open node once, also after a
// better path moved a stacked node into the heap.
TEST(SearchOpenList, ExpandsInOrderOfFAndCountsEveryOpenNodeOnce) {
  astar::testing::Rng rng(23);
  int orderedMaps = 0;
  for (int map = 0; map < 3000; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    SearchOptions options;
    // Mostly A* and Dijkstra, where a better path to a stacked node is most common.
    options.algorithm = map % 3 == 0   ? static_cast<Algorithm>(map / 3 % kAlgorithmCount)
                        : map % 3 == 1 ? Algorithm::AStar
                                       : Algorithm::Dijkstra;
    options.heuristic = map % 3 == 0 ? Heuristic::Exact : Heuristic::Octile;
    options.wrapAware = options.portalAware = map % 5 != 0;
    options.weight = 1.5;
    options.recordExpansions = true;
    // f is nondecreasing for Dijkstra, and for A* under a consistent heuristic
    const bool ordered =
        options.algorithm == Algorithm::Dijkstra ||
        (options.algorithm == Algorithm::AStar &&
         heuristicProperties(options.heuristic, grid, options.wrapAware, options.portalAware).consistent);
    orderedMaps += ordered;
    GridSearch search(grid);
    ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress);
    double lastF = 0.0;
    while (search.step(1) == SearchStatus::InProgress) {
      std::size_t open = 0;
      for (NodeId n = 0; n < grid.cellCount(); ++n) open += search.state(n) == NodeState::Open;
      ASSERT_EQ(open, search.openSize()) << "map " << map << ", expansion " << search.stats().expanded;
      if (!ordered) continue;
      const NodeId u = search.expansionOrder().back();
      const double f = search.f(u);
      // (the exact heuristic is infinite where the goal cannot be reached: such nodes come last)
      if (std::isinf(lastF))
        ASSERT_TRUE(std::isinf(f)) << "map " << map << ", expansion " << search.stats().expanded;
      else
        ASSERT_GE(f, lastF - 1e-9 * std::max(1.0, lastF)) << "map " << map << ", expansion " << search.stats().expanded;
      lastF = f;
    }
    if (!ordered) continue;
    // The path is optimal too (the reference Dijkstra knows nothing of heaps or stacks).
    const double optimum = astar::testing::referenceDistances(grid, start)[goal];
    if (search.status() == SearchStatus::Found)
      EXPECT_NEAR(search.stats().pathCost, optimum, 1e-6 * std::max(1.0, optimum));
    else
      EXPECT_TRUE(std::isinf(optimum)) << "map " << map;
  }
  EXPECT_GT(orderedMaps, 300);
}

TEST(SearchOpenList, ABetterPathToAStackedNodeBelowTheTopMovesItToTheHeap) {
  // S reaches B (1.0) and then X (0.5): both go on the ready stack, X on top. X reaches N
  // (0.6, on top of B) and then B more cheaply (0.7): B is no longer the stack's top.
  Graph graph;
  const NodeId s = graph.addNode(0, 0), b = graph.addNode(0, 0), x = graph.addNode(0, 0), n = graph.addNode(0, 0),
               t = graph.addNode(0, 0);
  ASSERT_TRUE(graph.addEdge(s, b, 1.0, false).ok());
  ASSERT_TRUE(graph.addEdge(s, x, 0.5, false).ok());
  ASSERT_TRUE(graph.addEdge(x, n, 0.1, false).ok());
  ASSERT_TRUE(graph.addEdge(x, b, 0.2, false).ok());
  ASSERT_TRUE(graph.addEdge(b, t, 1.0, false).ok());
  GraphSearch search(graph);
  SearchOptions options;
  options.algorithm = Algorithm::Dijkstra;
  options.recordExpansions = true;
  ASSERT_EQ(search.begin(s, t, options), SearchStatus::InProgress);
  EXPECT_EQ(search.step(2), SearchStatus::InProgress);
  EXPECT_EQ(search.openSize(), 2u);  // B and N, each once
  EXPECT_DOUBLE_EQ(search.g(b), 0.7);
  EXPECT_EQ(search.parent(b), x);
  ASSERT_EQ(search.run(), SearchStatus::Found);
  EXPECT_EQ(std::vector<NodeId>(search.expansionOrder().begin(), search.expansionOrder().end()),
            (std::vector<NodeId>{s, x, n, b, t}));
  EXPECT_DOUBLE_EQ(search.stats().pathCost, 1.7);
  EXPECT_EQ(search.openSize(), 0u);
}

TEST(SearchReuse, TenThousandQueriesOnOneObjectMatchFreshObjects) {
  astar::testing::Rng rng(11);
  astar::testing::RandomMapOptions mapOptions;
  mapOptions.minSide = 24;
  mapOptions.maxSide = 32;
  const Grid grid = astar::testing::randomGrid(rng, mapOptions);
  GridSearch reused(grid);
  for (int q = 0; q < 10000; ++q) {
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    SearchOptions options;
    options.algorithm = static_cast<Algorithm>(q % kAlgorithmCount);
    options.heuristic = q % 3 == 0 ? Heuristic::Exact : Heuristic::Octile;
    options.weight = 1.7;
    reused.begin(start, goal, options);
    reused.run();
    GridSearch fresh(grid);
    fresh.begin(start, goal, options);
    fresh.run();
    ASSERT_EQ(reused.status(), fresh.status()) << "query " << q;
    ASSERT_EQ(reused.stats().expanded, fresh.stats().expanded) << "query " << q;
    ASSERT_EQ(reused.stats().pathCost, fresh.stats().pathCost) << "query " << q;
    ASSERT_TRUE(std::equal(reused.path().begin(), reused.path().end(), fresh.path().begin(), fresh.path().end()))
        << "query " << q;
  }
}

// ---- the seeds' cases ----

TEST(SeedCases, TutorialMazeGivesTheOptimalPath) {
  // A small maze in the spirit of the tutorial's TestGrid1: one winding corridor system.
  const Grid grid = gridFromRows({
      "S.....#.....",
      ".####.#.###.",
      ".#....#...#.",
      ".#.######.#.",
      ".#........#.",
      ".########.#G",
  });
  Grid four = grid;
  four.setDiagonal(DiagonalMovement::Never);
  const NodeId start = grid.index(0, 0), goal = grid.index(11, 5);
  for (const Grid* g : {&grid, static_cast<const Grid*>(&four)}) {
    const PathResult result = findPath(*g, start, goal);
    ASSERT_EQ(result.status, SearchStatus::Found);
    EXPECT_TRUE(isValidPath(*g, result.path, start, goal, result.stats.pathCost));
    EXPECT_NEAR(result.stats.pathCost, astar::testing::referenceDistances(*g, start)[goal], 1e-9);
  }
  // 4-connected, counted by hand: right 5, down 2, left 3, down 2, right 7, up 2, left 2,
  // up 2, right 4, down 5 (the only way round; column 0 and (9,5) are dead ends).
  EXPECT_EQ(findPath(four, start, goal).stats.pathCost, 34.0);
}

namespace {

// A Pac-Man style maze: the tunnel row (y = 5) wraps; the right half of that row is
// reachable through the tunnel (5 steps) or around through the maze (20 steps).
Grid arcade() {
  Grid grid = gridFromRows({
      "#####################",
      "#...................#",
      "#.#######.#######.#.#",
      "#...................#",
      "#########.#####.#####",
      "..........#..........",
      "#########.#####.#####",
      "#...................#",
      "#####################",
  });
  grid.setDiagonal(DiagonalMovement::Never);
  grid.setWrap(true, false);
  return grid;
}

}  // namespace

TEST(SeedCases, TunnelIsTakenWhenShorterAndTheTunnelAwareHeuristicExpandsLess) {
  const Grid grid = arcade();
  const NodeId start = grid.index(2, 5), goal = grid.index(18, 5);
  GridSearch search(grid);
  SearchOptions aware;
  aware.heuristic = Heuristic::Manhattan;
  ASSERT_EQ(search.begin(start, goal, aware), SearchStatus::InProgress);
  ASSERT_EQ(search.run(), SearchStatus::Found);
  EXPECT_EQ(search.stats().pathCost, 5.0);
  const std::vector<NodeId> path(search.path().begin(), search.path().end());
  EXPECT_NE(std::adjacent_find(path.begin(), path.end(),
                               [&](NodeId a, NodeId b) { return grid.xOf(a) == 0 && grid.xOf(b) == grid.width() - 1; }),
            path.end())
      << "the path goes through the tunnel";
  const std::uint64_t awareExpanded = search.stats().expanded;

  SearchOptions plain = aware;
  plain.wrapAware = false;
  search.begin(start, goal, plain);
  ASSERT_EQ(search.run(), SearchStatus::Found);
  const std::uint64_t plainExpanded = search.stats().expanded;
  EXPECT_EQ(awareExpanded, 6u);
  EXPECT_EQ(plainExpanded, 23u);  // 26 while equal (f, g) keys were ordered by node index
  EXPECT_LT(awareExpanded, plainExpanded);

  // With the tunnel walled up, the long way round is found.
  Grid closed = grid;
  ASSERT_TRUE(closed.setWall(0, 5).ok());
  EXPECT_EQ(findPath(closed, start, goal, aware).stats.pathCost, 20.0);
}

TEST(SeedCases, WaterCostingTenIsAvoided) {
  Grid grid = gridFromRows({
      ".....",
      ".~~~.",
      ".~~~.",
      ".~~~.",
      ".....",
  });
  grid.setDiagonal(DiagonalMovement::Never);
  const NodeId start = grid.index(0, 2), goal = grid.index(4, 2);
  const PathResult result = findPath(grid, start, goal);
  ASSERT_EQ(result.status, SearchStatus::Found);
  EXPECT_EQ(result.stats.pathCost, 8.0);  // around, not 31 across
  for (NodeId n : result.path)
    EXPECT_EQ(grid.cost(n), 1.0f) << "entered water at " << grid.xOf(n) << "," << grid.yOf(n);
}

TEST(SeedCases, EscalatorIsUsedOnlyUpward) {
  Grid grid = gridFromRows({
      ".....",
      ".#.#.",
      ".....",
  });
  grid.setDiagonal(DiagonalMovement::Never);
  ASSERT_TRUE(grid.setEntryMask(2, 1, directionBit(North)).ok());
  const NodeId escalator = grid.index(2, 1);
  const PathResult up = findPath(grid, grid.index(2, 2), grid.index(2, 0));
  EXPECT_EQ(up.stats.pathCost, 2.0);
  EXPECT_NE(std::find(up.path.begin(), up.path.end(), escalator), up.path.end());
  const PathResult down = findPath(grid, grid.index(2, 0), grid.index(2, 2));
  EXPECT_EQ(down.stats.pathCost, 6.0);
  EXPECT_EQ(std::find(down.path.begin(), down.path.end(), escalator), down.path.end());
}

// A portal beside a step is a second, cheaper edge between the same two cells. Breadth- and
// depth-first keep the parent they found first, but the cost they report is that of the cells
// on their path, as pathCost() reads it (found by the hex test's random maps under clang).
TEST(SeedCases, ACheaperPortalBesideAStepIsWhatUninformedSearchesPay) {
  Grid grid(3, 1);
  grid.setDiagonal(DiagonalMovement::Never);
  ASSERT_TRUE(grid.addPortal(0, 0, 1, 0, 0.25, false).ok());
  for (Algorithm a : {Algorithm::BreadthFirst, Algorithm::DepthFirst, Algorithm::AStar}) {
    SearchOptions options;
    options.algorithm = a;
    const PathResult result = findPath(grid, grid.index(0, 0), grid.index(2, 0), options);
    ASSERT_EQ(result.status, SearchStatus::Found) << algorithmName(a);
    EXPECT_EQ(result.stats.pathCost, 1.25) << algorithmName(a);
    EXPECT_EQ(result.stats.pathCost, pathCost(grid, result.path)) << algorithmName(a);
  }
}

// ---- goals, partial paths, input checks, graphs ----

TEST(SearchGoals, NearestOfSeveralGoals) {
  Grid grid(20, 1);
  GridSearch search(grid);
  const NodeId goals[] = {grid.index(0, 0), grid.index(19, 0), grid.index(12, 0)};
  for (int h = 0; h < kHeuristicCount; ++h) {
    if (static_cast<Heuristic>(h) == Heuristic::Landmarks) continue;
    SearchOptions options;
    options.heuristic = static_cast<Heuristic>(h);
    ASSERT_EQ(search.begin(grid.index(8, 0), goals, options), SearchStatus::InProgress);
    ASSERT_EQ(search.run(), SearchStatus::Found);
    EXPECT_EQ(search.reachedGoal(), grid.index(12, 0)) << heuristicName(options.heuristic);
    EXPECT_EQ(search.stats().pathCost, 4.0);
  }
}

TEST(SearchGoals, UnreachableGoalGivesAPartialPathToTheClosestCell) {
  const Grid grid = gridFromRows({
      "......#...",
      "......#.G.",
      "......#...",
  });
  GridSearch search(grid);
  search.begin(grid.index(0, 1), grid.index(8, 1), SearchOptions{});
  EXPECT_EQ(search.run(), SearchStatus::NoPath);
  EXPECT_TRUE(search.stats().partial);
  ASSERT_FALSE(search.path().empty());
  EXPECT_EQ(search.path().front(), grid.index(0, 1));
  EXPECT_EQ(search.path().back(), grid.index(5, 1));
  EXPECT_EQ(search.stats().pathCost, 5.0);
}

TEST(SearchInput, BadQueriesGiveAStatusAndAMessage) {
  Grid grid = gridFromRows({"..#", "..."});
  GridSearch search(grid);
  struct Case {
    NodeId start, goal;
    SearchOptions options;
    const char* message;
  };
  SearchOptions badWeight;
  badWeight.algorithm = Algorithm::WeightedAStar;
  badWeight.weight = std::nan("");
  SearchOptions lowWeight = badWeight;
  lowWeight.weight = 0.5;
  SearchOptions badAlgorithm;
  badAlgorithm.algorithm = static_cast<Algorithm>(99);
  SearchOptions badHeuristic;
  badHeuristic.heuristic = static_cast<Heuristic>(42);
  SearchOptions landmarks;
  landmarks.heuristic = Heuristic::Landmarks;
  const Case cases[] = {
      {99, 0, {}, "start index 99 is outside the 3 x 2 grid"},
      {0, 6, {}, "goal index 6 is outside the 3 x 2 grid"},
      {2, 0, {}, "start (2, 0) is a wall"},
      {0, 2, {}, "goal (2, 0) is a wall"},
      {0, 1, badWeight, "weight must be a number from 1 to 1000000"},
      {0, 1, lowWeight, "weight must be a number from 1 to 1000000"},
      {0, 1, badAlgorithm, "unknown algorithm"},
      {0, 1, badHeuristic, "unknown heuristic"},
      {0, 1, landmarks, "the landmarks heuristic needs a built LandmarkTable"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(search.begin(c.start, c.goal, c.options), SearchStatus::InvalidInput) << c.message;
    EXPECT_STREQ(search.message(), c.message);
    EXPECT_EQ(search.step(10), SearchStatus::InvalidInput);
    EXPECT_TRUE(search.path().empty());
  }
  EXPECT_EQ(search.begin(0, std::span<const NodeId>(), SearchOptions{}), SearchStatus::InvalidInput);
  EXPECT_STREQ(search.message(), "no goal given");
  Grid empty;
  GridSearch emptySearch(empty);
  EXPECT_EQ(emptySearch.begin(0, 0, SearchOptions{}), SearchStatus::InvalidInput);
  EXPECT_STREQ(emptySearch.message(), "the map is empty");
  // After bad input a good query works.
  EXPECT_EQ(search.begin(0, 4, SearchOptions{}), SearchStatus::InProgress);
  EXPECT_EQ(search.run(), SearchStatus::Found);
}

TEST(SearchGraph, JunctionsAndRoadsMatchDijkstraOnRandomGraphs) {
  astar::testing::Rng rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    Graph graph;
    const int nodes = 5 + rng.below(60);
    for (int i = 0; i < nodes; ++i) graph.addNode(rng.unit() * 100, rng.unit() * 100);
    const int edges = nodes * 2;
    for (int e = 0; e < edges; ++e) {
      const NodeId a = static_cast<NodeId>(rng.below(nodes)), b = static_cast<NodeId>(rng.below(nodes));
      if (a == b) continue;
      const Graph::Position pa = graph.position(a), pb = graph.position(b);
      const double length = std::hypot(pa.x - pb.x, pa.y - pb.y);
      ASSERT_TRUE(graph.addEdge(a, b, length * (0.5 + rng.unit()), rng.chance(0.7)).ok());
    }
    const NodeId start = static_cast<NodeId>(rng.below(nodes)), goal = static_cast<NodeId>(rng.below(nodes));
    GraphSearch search(graph);
    search.begin(start, goal, SearchOptions{.algorithm = Algorithm::Dijkstra});
    const SearchStatus reference = search.run();
    const double optimal = search.stats().pathCost;
    LandmarkTable<Graph> landmarks;
    landmarks.build(graph, 3);
    for (int h = 0; h < kHeuristicCount; ++h) {
      SearchOptions options;
      options.heuristic = static_cast<Heuristic>(h);
      search.begin(start, goal, options, &landmarks);
      ASSERT_EQ(search.run(), reference) << "trial " << trial << " " << heuristicName(options.heuristic);
      if (reference == SearchStatus::Found) {
        ASSERT_NEAR(search.stats().pathCost, optimal, 1e-9)
            << "trial " << trial << " " << heuristicName(options.heuristic);
      }
    }
  }
}

TEST(SearchInspection, GhfParentAndStatesDescribeTheSearch) {
  Grid grid(6, 6);
  GridSearch search(grid);
  SearchOptions options;
  options.recordExpansions = true;
  search.begin(grid.index(0, 0), grid.index(5, 5), options);
  ASSERT_EQ(search.run(), SearchStatus::Found);
  EXPECT_EQ(search.expansionOrder().size(), search.stats().expanded);
  EXPECT_EQ(search.expansionOrder().front(), grid.index(0, 0));
  for (std::size_t i = 1; i < search.path().size(); ++i) {
    const NodeId n = search.path()[i];
    EXPECT_EQ(search.parent(n), search.path()[i - 1]);
    EXPECT_NEAR(search.f(n), search.g(n) + search.h(n), 1e-12);
  }
  EXPECT_EQ(search.parent(grid.index(0, 0)), kNoNode);
  std::vector<std::uint8_t> states(grid.cellCount());
  search.fillStates(states);
  for (NodeId n = 0; n < grid.cellCount(); ++n) EXPECT_EQ(states[n], static_cast<std::uint8_t>(search.state(n)));
  EXPECT_EQ(search.bytesPerNode(), 20u);
}

TEST(SearchOpenList, SkippingDominatedMovesChangesNothingButTheGeneratedCount) {
  // The same map with an unusable portal (between two walls) makes the search generate every
  // move (Grid::canSkipDominatedMoves is false with portals): the expansion order, path and
  // cost must be identical for every algorithm but JPS and JPS+ (which have their own generators)
  // and Theta* / Lazy Theta* (a portal takes them off the corner lattice).
  astar::testing::Rng rng(29);
  int compared = 0;
  std::uint64_t generatedAll = 0, generatedSkipping = 0;
  for (int map = 0; map < 1500; ++map) {
    astar::testing::RandomMapOptions o;
    o.minSide = 3;
    o.maxSide = 40;
    o.wallDensity = 0.05 * (map % 8);
    o.terrainChance = 0;
    o.wrap = false;
    o.maxPortals = 0;
    o.oneWayChance = 0;
    const Grid skipping = astar::testing::randomGrid(rng, o);
    std::vector<NodeId> walls;
    for (NodeId n = 0; n < skipping.cellCount() && walls.size() < 2; ++n)
      if (!skipping.passable(n)) walls.push_back(n);
    if (walls.size() < 2) continue;
    Grid all = skipping;
    ASSERT_TRUE(
        all.addPortal(all.xOf(walls[0]), all.yOf(walls[0]), all.xOf(walls[1]), all.yOf(walls[1]), 0.0, true).ok());
    ASSERT_TRUE(skipping.canSkipDominatedMoves());
    ASSERT_FALSE(all.canSkipDominatedMoves());
    const NodeId start = astar::testing::randomPassable(rng, skipping),
                 goal = astar::testing::randomPassable(rng, skipping);
    SearchOptions options;
    options.algorithm = static_cast<Algorithm>(map % kAlgorithmCount);
    if (options.algorithm == Algorithm::JumpPoint || options.algorithm == Algorithm::JumpPointPlus)
      options.algorithm = Algorithm::AStar;  // own successor generators
    if (algorithmInfo(options.algorithm).anyAngle)
      options.algorithm = Algorithm::AStar;  // a portal moves Theta* off the corner lattice (any_angle.h)
    options.heuristic = static_cast<Heuristic>(map / kAlgorithmCount % kHeuristicCount);
    options.portalAware = false;
    options.weight = 1.7;
    GridSearch a(skipping), b(all);
    const Outcome got = runSliced(a, start, goal, options, 0xFFFFFFFFu);
    const Outcome want = runSliced(b, start, goal, options, 0xFFFFFFFFu);
    ASSERT_EQ(got.status, want.status) << "map " << map;
    ASSERT_EQ(got.order, want.order) << "map " << map << ", " << algorithmName(options.algorithm);
    ASSERT_EQ(got.path, want.path) << "map " << map;
    ASSERT_EQ(got.cost, want.cost) << "map " << map;
    EXPECT_LE(got.generated, want.generated) << "map " << map;
    generatedSkipping += got.generated;
    generatedAll += want.generated;
    ++compared;
  }
  EXPECT_GT(compared, 1000);
  // (measured: about half of the moves are skipped on these maps)
  EXPECT_LT(generatedSkipping, generatedAll * 3 / 4);
}
