// Subgoal graphs (subgoal_graph.h): costs equal Dijkstra's (tests/support/reference.h) on random
// 8-connected maps and the Moving AI scenario optima, paths are real moves, the graph refuses
// the maps it does not apply to, and after random edits it answers like a fresh build.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "astar/limits.h"
#include "astar/subgoal_graph.h"
#include "bench_maps.h"
#include "reference.h"
#include "sampling.h"
#include "search_checks.h"

namespace {

using astar::DiagonalMovement;
using astar::Grid;
using astar::NodeId;
using astar::SearchStatus;
using astar::SubgoalGraph;
using astar::testing::Rng;

Grid subgoalGrid(Rng& rng, int maxSide, double walls) {
  Grid g = astar::testing::randomGrid(rng, astar::testing::plainMapOptions(1, maxSide, walls));
  g.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  return g;
}

// Every query from `starts` random cells to every cell: the cost is Dijkstra's, the path is real.
void expectOptimal(const Grid& g, SubgoalGraph& sg, Rng& rng, int starts, int& compared) {
  std::vector<NodeId> path;
  for (int i = 0; i < starts; ++i) {
    const NodeId start = astar::testing::randomPassable(rng, g);
    if (start == astar::kNoNode) return;
    const std::vector<double> distance = astar::testing::referenceDistances(g, start);
    for (NodeId goal = 0; goal < g.cellCount(); ++goal) {
      if (!g.passable(goal)) continue;
      const SearchStatus status = sg.findPath(start, goal, path);
      if (std::isinf(distance[goal])) {
        ASSERT_EQ(status, SearchStatus::NoPath) << "goal " << goal;
        continue;
      }
      ASSERT_EQ(status, SearchStatus::Found) << sg.message();
      ASSERT_NEAR(sg.stats().pathCost, distance[goal], 1e-9 * std::max(1.0, distance[goal]))
          << "from (" << g.xOf(start) << "," << g.yOf(start) << ") to (" << g.xOf(goal) << "," << g.yOf(goal)
          << ") on a " << g.width() << " x " << g.height() << " map";
      ASSERT_TRUE(astar::testing::isValidPath(g, path, start, goal, sg.stats().pathCost));
      ++compared;
    }
  }
}

TEST(SubgoalGraph, CostsEqualDijkstraOnFiveHundredRandomMaps) {
  Rng rng(36);
  int compared = 0, withTable = 0;
  for (int round = 0; round < 500; ++round) {
    Grid g = subgoalGrid(rng, 32, 0.05 * (round % 9));
    if (round % 5 == 1) g.setCostModel(astar::CostModel::Integer);
    if (round % 7 == 2) {  // one cost everywhere, not 1: every step scales
      for (NodeId n = 0; n < g.cellCount(); ++n)
        if (g.passable(n)) (void)g.setCost(g.xOf(n), g.yOf(n), 2.5);
    }
    SubgoalGraph sg(g);
    // Odd rounds without the core's distance table: the A* then crosses the core. Every third
    // round without link lists: the query scans from start and goal.
    const bool table = round % 2 == 0, lists = round % 3 != 2;
    if (!table) sg.setCoreTableLimit(0);
    if (!lists) sg.setLinkListLimit(0);
    ASSERT_FALSE(sg.build()) << sg.message();
    const astar::SubgoalGraphStats& stats = sg.stats();
    ASSERT_EQ(stats.linkListBytes > 0, lists);
    if (!table || stats.coreSubgoals == 0) {
      ASSERT_EQ(stats.coreTableBytes, 0u);
    } else {
      ASSERT_EQ(stats.coreTableBytes, std::size_t{stats.coreSubgoals} * stats.coreSubgoals * sizeof(double));
      ++withTable;
    }
    expectOptimal(g, sg, rng, 2, compared);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(compared, 50000);
  EXPECT_GT(withTable, 100);  // maps whose core the table crossed
}

TEST(SubgoalGraph, KeepsTheCoreTableOnlyUpToItsLimit) {
  Rng rng(7);
  Grid g = subgoalGrid(rng, 32, 0.3);
  SubgoalGraph sg(g);
  ASSERT_FALSE(sg.build());
  const std::uint32_t core = sg.stats().coreSubgoals;
  ASSERT_GT(core, 2u);
  EXPECT_EQ(sg.stats().coreTableBytes, std::size_t{core} * core * sizeof(double));
  sg.setCoreTableLimit(core / 3);  // out of the second pass's reach (twice the limit)
  ASSERT_FALSE(sg.build());
  EXPECT_EQ(sg.stats().coreTableBytes, 0u);
  int compared = 0;
  expectOptimal(g, sg, rng, 1, compared);
  EXPECT_GT(compared, 0);
}

// A first core of up to twice the table's limit is contracted further (a second pass with
// looser rules); the answers stay Dijkstra's, after repairs too, and the core never grows.
// The link lists are kept only when they fit their limit; without them the query scans, and
// both join a cell to the same subgoals.
TEST(SubgoalGraph, KeepsTheLinkListsOnlyUpToTheirLimit) {
  Rng rng(3608);
  Grid g = subgoalGrid(rng, 32, 0.2);
  SubgoalGraph listed(g), scanned(g);
  ASSERT_FALSE(listed.build());
  const std::size_t bytes = listed.stats().linkListBytes;
  ASSERT_GT(bytes, std::size_t{g.cellCount()} * sizeof(std::uint32_t));  // the offsets and some links
  scanned.setLinkListLimit(bytes - 1);
  ASSERT_FALSE(scanned.build());
  EXPECT_EQ(scanned.stats().linkListBytes, 0u);
  EXPECT_EQ(scanned.stats().bytes + bytes, listed.stats().bytes) << "the lists' bytes are counted";
  std::vector<NodeId> a, b;
  std::size_t links = 0;
  for (NodeId c = 0; c < g.cellCount(); ++c) {
    listed.links(c, a);
    scanned.links(c, b);
    ASSERT_EQ(a, b) << "cell " << c;
    links += a.size();
  }
  EXPECT_GT(links, std::size_t{g.cellCount()});
  int compared = 0;
  expectOptimal(g, scanned, rng, 1, compared);
  expectOptimal(g, listed, rng, 1, compared);
  // A repair that finds the lists over a lowered limit drops them: the queries scan again.
  listed.setLinkListLimit(bytes / 2);  // one wall does not halve them
  const NodeId wall = astar::testing::randomPassable(rng, g);
  ASSERT_NE(wall, astar::kNoNode);
  (void)g.setWall(g.xOf(wall), g.yOf(wall));
  ASSERT_FALSE(listed.refresh()) << listed.message();
  EXPECT_FALSE(listed.stats().fullBuild);
  EXPECT_EQ(listed.stats().linkListBytes, 0u);
  expectOptimal(g, listed, rng, 1, compared);
  EXPECT_GT(compared, 0);
}

TEST(SubgoalGraph, ContractsHarderWhenTheCoreIsWithinReachOfTheTable) {
  Rng rng(3607);
  int compared = 0, eligible = 0, shrunk = 0, tabled = 0;
  for (int round = 0; round < 120; ++round) {
    Grid g = subgoalGrid(rng, 48, 0.05 * (1 + round % 8));
    SubgoalGraph sg(g);
    ASSERT_FALSE(sg.build()) << sg.message();
    const std::uint32_t firstCore = sg.stats().coreSubgoals;
    if (firstCore < 4) continue;
    ++eligible;
    const std::uint32_t limit = (firstCore + 1) / 2;  // firstCore is over it and within twice it
    sg.setCoreTableLimit(limit);
    ASSERT_FALSE(sg.build()) << sg.message();
    const astar::SubgoalGraphStats& stats = sg.stats();
    ASSERT_LE(stats.coreSubgoals, firstCore);
    shrunk += stats.coreSubgoals < firstCore;
    if (stats.coreSubgoals <= limit) {
      ASSERT_EQ(stats.coreTableBytes, std::size_t{stats.coreSubgoals} * stats.coreSubgoals * sizeof(double));
      ++tabled;
    } else {
      ASSERT_EQ(stats.coreTableBytes, 0u);
    }
    expectOptimal(g, sg, rng, 1, compared);
    if (HasFatalFailure()) return;
    // A few walls added: the repair contracts again under the same limit.
    for (int i = 0; i < 3; ++i) (void)g.setWall(rng.below(g.width()), rng.below(g.height()));
    if (sg.stale()) {
      ASSERT_FALSE(sg.refresh()) << sg.message();
    }
    expectOptimal(g, sg, rng, 1, compared);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(eligible, 40);
  EXPECT_GT(shrunk, eligible * 3 / 4);  // 51 of 51 when written
  EXPECT_GT(tabled, eligible / 2);      // 51 of 51
  EXPECT_GT(compared, 20000);
}

// A 2 x 2 block in a 6 x 4 room: four convex corners.
Grid blockGrid() {
  return astar::testing::gridFromRows({
      "......",
      ".##...",
      ".##...",
      "......",
  });
}

TEST(SubgoalGraph, SubgoalsAreTheCellsBesideConvexCorners) {
  const Grid g = blockGrid();
  SubgoalGraph sg(g);
  ASSERT_FALSE(sg.build());
  const std::vector<NodeId> expected = {g.index(0, 0), g.index(3, 0), g.index(0, 3), g.index(3, 3)};
  EXPECT_EQ(std::vector<NodeId>(sg.subgoals().begin(), sg.subgoals().end()), expected);
  // Around the block, over the top: the abstract path turns at the two subgoals there.
  std::vector<NodeId> path;
  ASSERT_EQ(sg.findPath(g.index(0, 1), g.index(3, 1), path), SearchStatus::Found);
  const std::vector<NodeId> turns = {g.index(0, 1), g.index(0, 0), g.index(3, 0), g.index(3, 1)};
  EXPECT_EQ(std::vector<NodeId>(sg.abstractPath().begin(), sg.abstractPath().end()), turns);
  EXPECT_NEAR(sg.stats().pathCost, 5.0, 1e-12);
  EXPECT_EQ(path.size(), 6u);
}

TEST(SubgoalGraph, AnOpenOctilePathIsTheAnswerWithoutScanOrSearch) {
  const Grid g = blockGrid();
  SubgoalGraph sg(g);
  ASSERT_FALSE(sg.build());
  std::vector<NodeId> path;
  // One diagonal and two straight moves are open: nothing is shorter, so no subgoal is joined.
  ASSERT_EQ(sg.findPath(g.index(4, 0), g.index(5, 3), path), SearchStatus::Found);
  EXPECT_EQ(sg.stats().startEdges, 0u);
  EXPECT_EQ(sg.stats().goalEdges, 0u);
  EXPECT_EQ(sg.stats().expanded, 0u);
  EXPECT_NEAR(sg.stats().pathCost, 2.0 + std::sqrt(2.0), 1e-12);
  EXPECT_EQ(path, (std::vector<NodeId>{g.index(4, 0), g.index(5, 1), g.index(5, 2), g.index(5, 3)}));
  EXPECT_EQ(sg.abstractPath().size(), 2u);
  // The block is in the way of both shapes: the start is joined to the subgoals it sees.
  ASSERT_EQ(sg.findPath(g.index(0, 1), g.index(3, 2), path), SearchStatus::Found);
  EXPECT_GT(sg.stats().startEdges, 0u);
  EXPECT_NEAR(sg.stats().pathCost, 6.0, 1e-12);  // round the block: no diagonal past its corners
}

// An edge as long as a grid can be wide (kMaxGridSide - 5 moves between the subgoals beside two
// walls at either end of a 3-row map): the path unpacked from the graph, both ways, is real
// and as short as Dijkstra's.
TEST(SubgoalGraph, UnpacksEdgesAsLongAsTheWidestGrid) {
  Grid g(astar::kMaxGridSide, 3);
  g.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  ASSERT_FALSE(g.setWall(1, 1));
  ASSERT_FALSE(g.setWall(astar::kMaxGridSide - 2, 1));
  SubgoalGraph sg(g);
  ASSERT_FALSE(sg.build());
  const NodeId west = g.index(0, 1), east = g.index(astar::kMaxGridSide - 1, 1);
  std::vector<NodeId> path;
  for (const auto& [from, to] : {std::pair{west, east}, std::pair{east, west}}) {
    ASSERT_EQ(sg.findPath(from, to, path), SearchStatus::Found) << sg.message();
    const double optimum = astar::testing::referenceDistances(g, from)[to];
    EXPECT_NEAR(sg.stats().pathCost, optimum, 1e-9 * optimum);
    EXPECT_TRUE(astar::testing::isValidPath(g, path, from, to, sg.stats().pathCost));
    EXPECT_GE(sg.stats().abstractPathNodes, 4u);  // through the subgoals, not one octile walk
  }
}

TEST(SubgoalGraph, ContractsCorridorSubgoalsOutOfTheCore) {
  // A comb of one-cell corridors: every corridor's corners are subgoals of few neighbours, so
  // most are contracted; the answers stay Dijkstra's (the random-map test covers the rest).
  std::vector<std::string> rows(21, std::string(41, '.'));
  for (int x = 2; x < 40; x += 2)
    for (int y = (x % 4 == 0 ? 0 : 2); y < (x % 4 == 0 ? 19 : 21); ++y)
      rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '#';
  std::vector<const char*> lines;
  for (const std::string& r : rows) lines.push_back(r.c_str());
  const Grid g = astar::testing::gridFromRows(lines);
  SubgoalGraph sg(g);
  ASSERT_FALSE(sg.build());
  const astar::SubgoalGraphStats& s = sg.stats();
  EXPECT_GE(s.subgoals, 38u);  // both corners at each wall's open end
  EXPECT_LT(s.coreSubgoals, s.subgoals / 2);
  Rng rng(7);
  int compared = 0;
  expectOptimal(g, sg, rng, 5, compared);
  EXPECT_GT(compared, 500);
}

TEST(SubgoalGraph, RefusesMapsItDoesNotApplyToAndSaysWhy) {
  struct Case {
    const char* why;
    void (*change)(Grid&);
  };
  const Case cases[] = {
      {"4-connected", [](Grid& g) { g.setDiagonal(DiagonalMovement::Never); }},
      {"cut corners", [](Grid& g) { g.setDiagonal(DiagonalMovement::Always); }},
      {"terrain", [](Grid& g) { (void)g.setCost(1, 1, 3.0); }},
      {"wrap", [](Grid& g) { (void)g.setWrap(true, false); }},
      {"portals", [](Grid& g) { (void)g.addPortal(0, 0, 5, 5, 1.0, true); }},
      {"one-way", [](Grid& g) { (void)g.setEntryMask(2, 2, astar::directionBit(astar::North)); }},
      {"hex", [](Grid& g) { (void)g.setTopology(astar::Topology::Hex); }},
  };
  for (const Case& c : cases) {
    Grid g(8, 8);
    ASSERT_EQ(astar::subgoalGraphUnsupported(g), nullptr);
    c.change(g);
    const char* why = astar::subgoalGraphUnsupported(g);
    ASSERT_NE(why, nullptr) << c.why;
    SubgoalGraph sg(g);
    const astar::Error e = sg.build();
    EXPECT_TRUE(e) << c.why;
    EXPECT_NE(e.message.find(why), std::string::npos) << e.message;
    std::vector<NodeId> path;
    EXPECT_EQ(sg.findPath(0, 1, path), SearchStatus::InvalidInput) << c.why;
  }
}

// The graph as cells: subgoals, every edge and every cell's links. Equal between two graphs: the
// same graph. `fresh` scans for its links (setLinkListLimit(0)), so a repaired graph's kept
// lists are compared with what the scans find now.
void expectSameGraph(const Grid& g, const SubgoalGraph& kept, const SubgoalGraph& fresh) {
  ASSERT_TRUE(
      std::equal(kept.subgoals().begin(), kept.subgoals().end(), fresh.subgoals().begin(), fresh.subgoals().end()));
  std::vector<std::pair<NodeId, NodeId>> keptEdges, freshEdges;
  kept.edges(keptEdges);
  fresh.edges(freshEdges);
  ASSERT_EQ(keptEdges, freshEdges);
  ASSERT_GT(kept.stats().linkListBytes, 0u);
  ASSERT_EQ(fresh.stats().linkListBytes, 0u);
  std::vector<NodeId> keptLinks, freshLinks;
  for (NodeId c = 0; c < g.cellCount(); ++c) {
    kept.links(c, keptLinks);
    fresh.links(c, freshLinks);
    ASSERT_EQ(keptLinks, freshLinks) << "the links of cell (" << g.xOf(c) << "," << g.yOf(c) << ")";
  }
}

TEST(SubgoalGraph, AfterRandomEditsTheLocalRepairEqualsAFreshBuild) {
  Rng rng(3636);
  int compared = 0, repairs = 0;
  for (int round = 0; round < 80; ++round) {
    Grid g = subgoalGrid(rng, 28, 0.05 * (round % 7));
    SubgoalGraph kept(g);
    ASSERT_FALSE(kept.build());
    std::vector<NodeId> path, freshPath;
    for (int batch = 0; batch < 5; ++batch) {
      // Walls added and removed, single cells and small blocks, anywhere (borders included).
      const int edits = 1 + rng.below(6);
      for (int i = 0; i < edits; ++i) {
        const int x0 = rng.below(g.width()), y0 = rng.below(g.height()), side = 1 + rng.below(3) / 2;
        const bool wall = rng.below(2) == 0;
        for (int y = y0; y < std::min(g.height(), y0 + side); ++y)
          for (int x = x0; x < std::min(g.width(), x0 + side); ++x) {
            if (wall)
              (void)g.setWall(x, y);
            else
              (void)g.setCost(x, y, 1.0);
          }
      }
      if (!kept.stale()) continue;  // every edit set a cell to what it was
      ASSERT_FALSE(kept.refresh()) << kept.message();
      EXPECT_FALSE(kept.stale());
      EXPECT_FALSE(kept.stats().fullBuild);  // repaired, not rebuilt
      ++repairs;
      SubgoalGraph fresh(g);
      fresh.setLinkListLimit(0);
      ASSERT_FALSE(fresh.build());
      expectSameGraph(g, kept, fresh);
      if (HasFatalFailure()) return;
      EXPECT_LE(kept.stats().rescanned, fresh.stats().rescanned);
      for (int q = 0; q < 4; ++q) {
        const NodeId a = astar::testing::randomPassable(rng, g);
        if (a == astar::kNoNode) break;
        const std::vector<double> distance = astar::testing::referenceDistances(g, a);
        for (int k = 0; k < 8; ++k) {
          const NodeId b = astar::testing::randomPassable(rng, g);
          const SearchStatus s = kept.findPath(a, b, path);
          ASSERT_EQ(s, fresh.findPath(a, b, freshPath));
          if (std::isinf(distance[b])) {
            ASSERT_EQ(s, SearchStatus::NoPath);
            continue;
          }
          ASSERT_EQ(s, SearchStatus::Found) << kept.message();
          ASSERT_NEAR(kept.stats().pathCost, distance[b], 1e-9 * std::max(1.0, distance[b]));
          ASSERT_DOUBLE_EQ(kept.stats().pathCost, fresh.stats().pathCost);
          ASSERT_TRUE(astar::testing::isValidPath(g, path, a, b, kept.stats().pathCost));
          ++compared;
        }
      }
    }
    // An edit then a query: the query repairs first.
    const NodeId a = astar::testing::randomPassable(rng, g);
    if (a == astar::kNoNode) continue;
    const std::uint32_t builds = kept.stats().builds;
    (void)g.setWall(g.xOf(a), g.yOf(a));
    const NodeId b = astar::testing::randomPassable(rng, g), c = astar::testing::randomPassable(rng, g);
    if (b == astar::kNoNode) continue;
    const SearchStatus s = kept.findPath(b, c, path);
    EXPECT_EQ(kept.stats().builds, builds + 1);
    const std::vector<double> distance = astar::testing::referenceDistances(g, b);
    if (std::isinf(distance[c])) {
      EXPECT_EQ(s, SearchStatus::NoPath);
    } else {
      ASSERT_EQ(s, SearchStatus::Found);
      EXPECT_NEAR(kept.stats().pathCost, distance[c], 1e-9 * std::max(1.0, distance[c]));
    }
  }
  EXPECT_GT(repairs, 300);
  EXPECT_GT(compared, 5000);
}

TEST(SubgoalGraph, RuleChangesAndMassEditsBuildAgainFromTheWholeMap) {
  Rng rng(37);
  Grid g = subgoalGrid(rng, 24, 0.2);
  SubgoalGraph kept(g);
  ASSERT_FALSE(kept.build());
  (void)g.setDiagonal(DiagonalMovement::Never);
  EXPECT_TRUE(kept.refresh());  // no longer applies
  EXPECT_FALSE(kept.built());
  g.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  ASSERT_FALSE(kept.build());
  // A map-wide cost change (every step scales): the whole map again, equal to a fresh build.
  for (NodeId n = 0; n < g.cellCount(); ++n)
    if (g.passable(n)) (void)g.setCost(g.xOf(n), g.yOf(n), 2.0);
  ASSERT_FALSE(kept.refresh()) << kept.message();
  EXPECT_TRUE(kept.stats().fullBuild);
  SubgoalGraph fresh(g);
  fresh.setLinkListLimit(0);
  ASSERT_FALSE(fresh.build());
  expectSameGraph(g, kept, fresh);
}

// Repairs on a Moving AI map: the repaired graph equals a fresh build after each batch.
TEST(SubgoalGraph, RepairsOnAMovingAiMapEqualAFreshBuild) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  astar::MapDocument map;
  astar::Scenario scenario;
  const std::string problem = astar::testing::loadBenchMap("den312d", map, scenario);
  ASSERT_TRUE(problem.empty()) << problem;
  Grid& g = map.grid;
  g.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  SubgoalGraph kept(g);
  ASSERT_FALSE(kept.build());
  Rng rng(312);
  for (int batch = 0; batch < 20; ++batch) {
    for (int i = 0; i < 3; ++i) {
      const int x = rng.below(g.width()), y = rng.below(g.height());
      if (g.passable(x, y))
        (void)g.setWall(x, y);
      else
        (void)g.setCost(x, y, 1.0);
    }
    ASSERT_FALSE(kept.refresh()) << kept.message();
    EXPECT_FALSE(kept.stats().fullBuild);
    SubgoalGraph fresh(g);
    fresh.setLinkListLimit(0);
    ASSERT_FALSE(fresh.build());
    expectSameGraph(g, kept, fresh);
    if (HasFatalFailure()) return;
  }
}

// Moving AI: a sample of rows per map (every row with ASTAR_LONG_TESTS=1, `make test-long`).
class SubgoalGroundTruth : public ::testing::TestWithParam<const char*> {};

TEST_P(SubgoalGroundTruth, MatchesScenarioOptima) {
  if (!std::filesystem::exists(astar::testing::benchDir()))
    GTEST_SKIP() << "Moving AI maps not found at " << astar::testing::benchDir() << " (set ASTAR_MAPS_BENCH)";
  astar::MapDocument map;
  astar::Scenario scenario;
  const std::string problem = astar::testing::loadBenchMap(GetParam(), map, scenario);
  ASSERT_TRUE(problem.empty()) << problem;
  map.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
  SubgoalGraph sg(map.grid);
  ASSERT_FALSE(sg.build()) << sg.message();
  const bool everyRow = astar::testing::longRun();
  const std::size_t stride = everyRow ? 1 : std::max<std::size_t>(1, scenario.rows.size() / 60);
  std::vector<NodeId> path;
  int checked = 0;
  for (std::size_t i = 0; i < scenario.rows.size(); i += stride) {
    const astar::ScenarioRow& row = scenario.rows[i];
    const NodeId start = map.grid.index(row.startX, row.startY), goal = map.grid.index(row.goalX, row.goalY);
    ASSERT_EQ(sg.findPath(start, goal, path), SearchStatus::Found) << GetParam() << " line " << row.line;
    const double tolerance = std::max(row.tolerance, 1e-4 * row.optimalLength);
    ASSERT_NEAR(sg.stats().pathCost, row.optimalLength, tolerance) << GetParam() << " line " << row.line;
    ASSERT_TRUE(astar::testing::isValidPath(map.grid, path, start, goal, sg.stats().pathCost))
        << GetParam() << " line " << row.line;
    ++checked;
  }
  EXPECT_GE(checked, std::min<int>(60, static_cast<int>(scenario.rows.size())));
}

INSTANTIATE_TEST_SUITE_P(MovingAi, SubgoalGroundTruth,
                         ::testing::Values("arena", "den312d", "ost003d", "maze512-1-0", "lak303d", "brc202d",
                                           "AR0011SR", "Aftershock", "random512-10-0", "random512-40-0", "8room_000",
                                           "Berlin_0_256", "Paris_0_1024"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                           std::string name = param.param;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
