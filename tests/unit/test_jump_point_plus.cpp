// JPS+ with goal bounding (jump_point_plus.h, Algorithm::JumpPointPlus): its successors are
// online JPS's cell by cell, its costs are Dijkstra's (tests/support/reference.h) on random
// maps and the Moving AI scenarios' optima, it falls back and says so, and it rebuilds its
// tables when the map changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "astar/search.h"
#include "bench_maps.h"
#include "jump_point.h"
#include "jump_point_plus.h"
#include "reference.h"

namespace {

using astar::Algorithm;
using astar::Grid;
using astar::NodeId;
using astar::testing::Rng;

Grid jpsGrid(Rng& rng, int maxSide, double walls) {
  Grid g = astar::testing::randomGrid(rng, astar::testing::plainMapOptions(2, maxSide, walls));
  g.setDiagonal(astar::DiagonalMovement::OnlyWhenNoObstacles);
  return g;
}

astar::SearchOptions optionsFor(Algorithm a) {
  astar::SearchOptions o;
  o.algorithm = a;
  return o;
}

using Successors = std::vector<std::pair<NodeId, double>>;

TEST(JumpPointPlus, SuccessorsAreOnlineJpsSuccessorsWithoutGoalBounding) {
  Rng rng(2026);
  int compared = 0;
  for (int round = 0; round < 40; ++round) {
    const Grid g = jpsGrid(rng, 40, 0.05 * (round % 8));
    astar::JumpPointSuccessors jps;
    astar::JumpPointPlus plus;
    ASSERT_TRUE(jps.prepare(g));
    ASSERT_TRUE(plus.beginBuild(g, 0));  // no goal bounding: the bare successor rule
    ASSERT_TRUE(plus.buildSome(1));
    EXPECT_FALSE(plus.goalBounded());
    const NodeId goal = astar::testing::randomPassable(rng, g);
    if (goal == astar::kNoNode) continue;
    const std::vector<NodeId> goals = {goal};
    jps.setGoals(goals);
    plus.setGoal(goal);
    for (NodeId n = 0; n < g.cellCount(); ++n) {
      if (!g.passable(n)) continue;
      // Every arrival direction (the parent's position along it does not matter), and none.
      for (int d = -1; d < 8; ++d) {
        NodeId parent = astar::kNoNode;
        if (d >= 0) {
          const int px = g.xOf(n) - astar::kDirectionX[d], py = g.yOf(n) - astar::kDirectionY[d];
          if (!g.contains(px, py)) continue;
          parent = g.index(px, py);
        }
        Successors want, got;
        jps.forEachSuccessor(n, parent, [&](NodeId v, double c) { want.emplace_back(v, c); });
        plus.forEachSuccessor(n, parent, [&](NodeId v, double c) { got.emplace_back(v, c); });
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        ASSERT_EQ(got, want) << "round " << round << ", cell (" << g.xOf(n) << ", " << g.yOf(n) << "), arrival " << d;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 20000);
}

TEST(JumpPointPlus, OptimalCostsAgainstDijkstraOnRandomMaps) {
  Rng rng(77);
  int found = 0, noPath = 0;
  for (int round = 0; round < 40; ++round) {
    const Grid g = jpsGrid(rng, 48, 0.05 * (round % 9));
    astar::GridSearch search(g);
    for (int q = 0; q < 15; ++q) {
      const NodeId s = astar::testing::randomPassable(rng, g), t = astar::testing::randomPassable(rng, g);
      if (s == astar::kNoNode || t == astar::kNoNode) continue;
      const std::vector<double> dist = astar::testing::referenceDistances(g, s);
      search.begin(s, t, optionsFor(Algorithm::JumpPointPlus));
      const astar::SearchStatus status = search.run();
      EXPECT_FALSE(search.stats().fellBack);
      EXPECT_EQ(search.stats().ranAs, Algorithm::JumpPointPlus);
      EXPECT_TRUE(search.preprocessing().goalBounding);
      if (std::isinf(dist[t])) {
        ASSERT_EQ(status, astar::SearchStatus::NoPath);
        ++noPath;
        continue;
      }
      ASSERT_EQ(status, astar::SearchStatus::Found) << "round " << round;
      ASSERT_NEAR(search.stats().pathCost, dist[t], 1e-9) << "round " << round << " " << s << " -> " << t;
      const auto path = search.path();
      ASSERT_EQ(path.front(), s);
      ASSERT_EQ(path.back(), t);
      double walked = 0;
      for (std::size_t i = 1; i < path.size(); ++i) {
        bool legal = false;
        g.forEachNeighbor(path[i - 1], [&](NodeId m, double c) {
          if (m == path[i] && !legal) legal = true, walked += c;
        });
        ASSERT_TRUE(legal) << "every cell of the path, one move apart";
      }
      EXPECT_NEAR(walked, dist[t], 1e-9);
      ++found;
    }
  }
  EXPECT_GT(found, 300);
  EXPECT_GT(noPath, 3);
}

// Every row of the small Moving AI maps (goal-bounded) and a spread of rows of a larger one
// (above kGoalBoundingMaxCells: jump distances only), against the scenario's optimum.
TEST(JumpPointPlus, MovingAiScenarioOptima) {
  for (const auto& [name, goalBounded, rows] : {std::tuple<const char*, bool, std::size_t>{"arena", true, 0},
                                                {"den312d", true, 0},
                                                {"Berlin_0_256", false, 200}}) {
    astar::MapDocument doc;
    astar::Scenario scen;
    const std::string problem = astar::testing::loadBenchMap(name, doc, scen);
    if (!problem.empty()) GTEST_SKIP() << "needs ../shared/maps-bench (" << problem << ")";
    doc.grid.setDiagonal(astar::DiagonalMovement::OnlyWhenNoObstacles);
    astar::GridSearch search(doc.grid);
    const std::size_t count = rows == 0 ? scen.rows.size() : std::min(rows, scen.rows.size());
    for (std::size_t i = 0; i < count; ++i) {
      const astar::ScenarioRow& row = scen.rows[i * scen.rows.size() / count];
      search.begin(doc.grid.index(row.startX, row.startY), doc.grid.index(row.goalX, row.goalY),
                   optionsFor(Algorithm::JumpPointPlus));
      ASSERT_EQ(search.run(), astar::SearchStatus::Found) << name << " line " << row.line;
      ASSERT_NEAR(search.stats().pathCost, row.optimalLength, row.tolerance) << name << " line " << row.line;
      EXPECT_FALSE(search.stats().fellBack);
    }
    const astar::Preprocessing pre = search.preprocessing();
    EXPECT_EQ(pre.goalBounding, goalBounded) << name;
    EXPECT_GT(pre.bytes, doc.grid.cellCount() * 16) << name;
    EXPECT_GE(pre.milliseconds, 0.0);
  }
}

TEST(JumpPointPlus, FallsBackAndSaysSo) {
  Rng rng(9);
  Grid g = jpsGrid(rng, 30, 0.2);
  g.setDiagonal(astar::DiagonalMovement::OnlyWhenNoObstacles);
  const NodeId s = astar::testing::randomPassable(rng, g), t = astar::testing::randomPassable(rng, g);
  astar::GridSearch a(g);
  a.begin(s, t, optionsFor(Algorithm::AStar));
  a.run();
  // Several goals: online JPS.
  astar::GridSearch j(g);
  const std::vector<NodeId> goals = {t, astar::testing::randomPassable(rng, g)};
  j.begin(s, goals, optionsFor(Algorithm::JumpPointPlus));
  j.run();
  EXPECT_TRUE(j.stats().fellBack);
  EXPECT_EQ(j.stats().ranAs, Algorithm::JumpPoint) << "several goals: online JPS";
  // 4-connected: no JPS+ tables, so online (4-connected) JPS; same cost as A* on that grid.
  Grid four = g;
  four.setDiagonal(astar::DiagonalMovement::Never);
  astar::GridSearch a4(four), j4(four);
  a4.begin(s, t, optionsFor(Algorithm::AStar));
  j4.begin(s, t, optionsFor(Algorithm::JumpPointPlus));
  ASSERT_EQ(j4.run(), a4.run());
  EXPECT_TRUE(j4.stats().fellBack);
  EXPECT_EQ(j4.stats().ranAs, Algorithm::JumpPoint);
  EXPECT_NEAR(j4.stats().pathCost, a4.stats().pathCost, 1e-9);
  EXPECT_EQ(j4.preprocessing().bytes, 0u);
}

TEST(JumpPointPlus, RebuildsWhenTheMapChanges) {
  Grid g(30, 20);
  astar::GridSearch search(g);
  search.begin(g.index(0, 10), g.index(29, 10), optionsFor(Algorithm::JumpPointPlus));
  ASSERT_EQ(search.run(), astar::SearchStatus::Found);
  EXPECT_NEAR(search.stats().pathCost, 29.0, 1e-9);
  for (int y = 0; y < 20; ++y) {
    if (y != 3) {
      ASSERT_TRUE(g.setWall(15, y).ok());
    }
  }
  search.begin(g.index(0, 10), g.index(29, 10), optionsFor(Algorithm::JumpPointPlus));
  ASSERT_EQ(search.run(), astar::SearchStatus::Found);
  const std::vector<double> dist = astar::testing::referenceDistances(g, g.index(0, 10));
  EXPECT_NEAR(search.stats().pathCost, dist[g.index(29, 10)], 1e-9);
  ASSERT_TRUE(g.setWall(15, 3).ok());
  search.begin(g.index(0, 10), g.index(29, 10), optionsFor(Algorithm::JumpPointPlus));
  EXPECT_EQ(search.run(), astar::SearchStatus::NoPath);
}

TEST(JumpPointPlus, IncrementalBuildReportsProgress) {
  Rng rng(4);
  const Grid g = jpsGrid(rng, 40, 0.1);
  astar::GridSearch search(g);
  double last = 0.0;
  int calls = 0;
  for (double p = search.preprocessSome(16); p < 1.0; p = search.preprocessSome(16), ++calls) {
    EXPECT_GE(p, last);
    last = p;
  }
  EXPECT_GT(calls, 0);
  EXPECT_TRUE(search.preprocessing().goalBounding);
}

}  // namespace
