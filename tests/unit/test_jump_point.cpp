// Jump point successors: applicability, single jumps on hand-made maps, and optimal costs of
// a small A* over jump points (written here only as a reference harness) against Dijkstra
// over the grid's own neighbour generator on random maps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "astar/grid.h"
#include "astar/search.h"
#include "jump_point.h"

namespace {

using astar::Grid;
using astar::JumpPointSuccessors;
using astar::NodeId;
constexpr double kInf = std::numeric_limits<double>::infinity();

Grid gridFrom(const std::vector<const char*>& rows) {
  Grid g(static_cast<int>(std::string(rows[0]).size()), static_cast<int>(rows.size()));
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (rows[static_cast<std::size_t>(y)][x] == '@') {
        EXPECT_TRUE(g.setWall(x, y).ok());
      }
  return g;
}

Grid randomGrid(std::mt19937& rng, int w, int h, double wallShare) {
  Grid g(w, h);
  std::bernoulli_distribution wall(wallShare);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (wall(rng)) {
        EXPECT_TRUE(g.setWall(x, y).ok());
      }
  return g;
}

void setUniformCost(Grid& g, double cost) {
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g.passable(x, y)) {
        EXPECT_TRUE(g.setCost(x, y, cost).ok());
      }
}

// Nearest-goal costs by Dijkstra over Grid::forEachNeighbor (the reference).
double dijkstra(const Grid& g, NodeId start, const std::vector<NodeId>& goals) {
  std::vector<double> dist(g.cellCount(), kInf);
  std::vector<char> isGoal(g.cellCount(), 0);
  for (NodeId t : goals) isGoal[t] = 1;
  using Item = std::pair<double, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[start] = 0;
  open.push({0, start});
  while (!open.empty()) {
    // Plain names, not a structured binding: clang 14 cannot capture those in a lambda.
    const double d = open.top().first;
    const NodeId n = open.top().second;
    open.pop();
    if (d > dist[n]) continue;
    if (isGoal[n]) return d;
    g.forEachNeighbor(n, [&](NodeId m, double c) {
      if (d + c < dist[m]) {
        dist[m] = d + c;
        open.push({dist[m], m});
      }
    });
  }
  return kInf;
}

// JPS's two movement rules: 8-connected without corner cutting, and 4-connected.
constexpr astar::DiagonalMovement kRules[] = {astar::DiagonalMovement::OnlyWhenNoObstacles,
                                              astar::DiagonalMovement::Never};

double octile(const Grid& g, NodeId a, NodeId b) {
  const double dx = std::abs(g.xOf(a) - g.xOf(b)), dy = std::abs(g.yOf(a) - g.yOf(b));
  return g.straightCost() * (std::max(dx, dy) - std::min(dx, dy)) + g.diagonalCost() * std::min(dx, dy);
}

struct JpsResult {
  double cost = kInf;
  std::vector<NodeId> path;  // jump points, start first
};

// A throwaway A* over jump points with an octile heuristic to the nearest goal; lazy deletion.
JpsResult jpsReference(const Grid& g, JumpPointSuccessors& jps, NodeId start, const std::vector<NodeId>& goals) {
  JpsResult result;
  if (!jps.prepare(g)) return result;
  jps.setGoals(goals);
  const double scale = g.minCost();
  auto h = [&](NodeId n) {
    double best = kInf;
    for (NodeId t : goals) best = std::min(best, scale * octile(g, n, t));
    return best;
  };
  std::vector<double> dist(g.cellCount(), kInf);
  std::vector<NodeId> parent(g.cellCount(), astar::kNoNode);
  std::vector<char> closed(g.cellCount(), 0);
  using Item = std::pair<double, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[start] = 0;
  open.push({h(start), start});
  while (!open.empty()) {
    const NodeId n = open.top().second;
    open.pop();
    if (closed[n]) continue;
    closed[n] = 1;
    if (std::find(goals.begin(), goals.end(), n) != goals.end()) {
      result.cost = dist[n];
      for (NodeId c = n; c != astar::kNoNode; c = parent[c]) result.path.push_back(c);
      std::reverse(result.path.begin(), result.path.end());
      return result;
    }
    jps.forEachSuccessor(n, parent[n], [&](NodeId m, double c) {
      if (!closed[m] && dist[n] + c < dist[m]) {
        dist[m] = dist[n] + c;
        parent[m] = n;
        open.push({dist[m] + h(m), m});
      }
    });
  }
  return result;
}

// Walks from a to b one grid move at a time along their straight or diagonal line, checking
// each move with the grid's own neighbour generator; returns the summed cost (or -1).
double walkLine(const Grid& g, NodeId a, NodeId b) {
  const int dx = (g.xOf(b) > g.xOf(a)) - (g.xOf(b) < g.xOf(a));
  const int dy = (g.yOf(b) > g.yOf(a)) - (g.yOf(b) < g.yOf(a));
  const int ax = std::abs(g.xOf(b) - g.xOf(a)), ay = std::abs(g.yOf(b) - g.yOf(a));
  if (a == b || (ax != 0 && ay != 0 && ax != ay)) return -1;
  double total = 0;
  for (NodeId at = a; at != b;) {
    const NodeId next = g.index(g.xOf(at) + dx, g.yOf(at) + dy);
    double step = -1;
    g.forEachNeighbor(at, [&](NodeId m, double c) {
      if (m == next) step = c;
    });
    if (step < 0) return -1;
    total += step;
    at = next;
  }
  return total;
}

TEST(JumpPointApplicable, OnlyUniformFourOrNoCornerCuttingGridsWithoutSpecialCells) {
  Grid g(8, 6);
  EXPECT_TRUE(JumpPointSuccessors::applicable(g));
  ASSERT_TRUE(g.setWall(3, 3).ok());
  EXPECT_TRUE(JumpPointSuccessors::applicable(g));

  Grid costly = g;
  ASSERT_TRUE(costly.setCost(1, 1, 3.0).ok());
  EXPECT_FALSE(JumpPointSuccessors::applicable(costly));
  setUniformCost(costly, 3.0);
  EXPECT_TRUE(JumpPointSuccessors::applicable(costly)) << "uniform cost 3 is still uniform";

  Grid portal = g;
  ASSERT_TRUE(portal.addPortal(0, 0, 7, 5, 1.0, true).ok());
  EXPECT_FALSE(JumpPointSuccessors::applicable(portal));

  Grid wrap = g;
  wrap.setWrap(true, false);
  EXPECT_FALSE(JumpPointSuccessors::applicable(wrap));

  Grid oneWay = g;
  ASSERT_TRUE(oneWay.setEntryMask(2, 2, astar::directionBit(astar::East)).ok());
  EXPECT_FALSE(JumpPointSuccessors::applicable(oneWay));

  for (auto d : {astar::DiagonalMovement::IfAtMostOneObstacle, astar::DiagonalMovement::Always}) {
    Grid rules = g;
    rules.setDiagonal(d);
    EXPECT_FALSE(JumpPointSuccessors::applicable(rules));
  }
  Grid four = g;
  four.setDiagonal(astar::DiagonalMovement::Never);
  EXPECT_TRUE(JumpPointSuccessors::applicable(four)) << "4-connected: vertical moves play the diagonals' part";
  double cellCost = 0;
  EXPECT_FALSE(JumpPointSuccessors::uniformRules(four, cellCost)) << "JPS+ precomputes the 8-connected rules only";

  JumpPointSuccessors jps;
  EXPECT_TRUE(jps.prepare(g));
  EXPECT_FALSE(jps.prepare(portal));
  EXPECT_FALSE(jps.ready());
}

TEST(JumpPointJump, StraightJumpStopsBesideAnObstacleCorner) {
  // Moving east along row 2: at x = 3 the cell above opens up behind the wall at (2, 1).
  const Grid g = gridFrom({
      ".......",
      "..@....",
      ".......",
      ".......",
  });
  JumpPointSuccessors jps;
  ASSERT_TRUE(jps.prepare(g));
  EXPECT_EQ(jps.jump(0, 2, 1, 0), g.index(3, 2));
  // Westward from (6, 2): the mirror corner is at x = 1.
  EXPECT_EQ(jps.jump(6, 2, -1, 0), g.index(1, 2));
  // Row 3 sees no obstacle next to it: the jump runs off the map.
  EXPECT_EQ(jps.jump(0, 3, 1, 0), astar::kNoNode);
  // Vertical: going south along column 3 from row 0, the cell to the west opens at y = 2.
  EXPECT_EQ(jps.jump(3, 0, 0, 1), g.index(3, 2));
}

TEST(JumpPointJump, FourConnectedVerticalJumpStopsWhereAHorizontalScanFindsATurn) {
  // 4-connected. Going north from (1, 5): no cell of column 1 is a jump point itself, but
  // from (1, 2) a scan east meets (4, 2), where the cell above opens up behind the wall at
  // (3, 1): the vertical jump stops at (1, 2). The 8-connected rules would go on.
  Grid g = gridFrom({
      "........",
      "...@....",
      "........",
      "........",
      "........",
      "........",
  });
  g.setDiagonal(astar::DiagonalMovement::Never);
  JumpPointSuccessors jps;
  ASSERT_TRUE(jps.prepare(g));
  ASSERT_TRUE(jps.fourConnected());
  EXPECT_EQ(jps.jump(1, 5, 0, -1), g.index(1, 2));
  EXPECT_EQ(jps.jump(1, 2, 1, 0), g.index(4, 2)) << "the turn north past the wall's corner";
  EXPECT_EQ(jps.jump(1, 0, 0, 1), g.index(1, 2)) << "southward the same turn is seen from the same row";
  EXPECT_EQ(jps.jump(6, 3, 0, 1), astar::kNoNode) << "nothing to turn for in column 6, then the map edge";
  // Reached horizontally from the west, (4, 2) turns north (forced) and keeps going east;
  // reached vertically, a node goes on vertically and turns both ways.
  std::vector<NodeId> successors;
  jps.forEachSuccessor(g.index(4, 2), g.index(1, 2), [&](NodeId n, double) { successors.push_back(n); });
  EXPECT_EQ(successors, (std::vector<NodeId>{g.index(4, 0)})) << "east runs into the map edge: only the turn";
  successors.clear();
  jps.setGoals(std::vector<NodeId>{g.index(7, 4)});
  jps.forEachSuccessor(g.index(1, 2), g.index(1, 5), [&](NodeId n, double) { successors.push_back(n); });
  EXPECT_EQ(successors, (std::vector<NodeId>{g.index(1, 0), g.index(4, 2)}));
}

TEST(JumpPointJump, GoalsAreJumpPointsAndCanBeMovedWithoutRebuilding) {
  Grid g(100, 70);  // wider than one 64-bit word in both directions
  JumpPointSuccessors jps;
  ASSERT_TRUE(jps.prepare(g));
  EXPECT_EQ(jps.jump(0, 5, 1, 0), astar::kNoNode);
  const NodeId goals[] = {g.index(80, 5)};
  jps.setGoals(goals);
  EXPECT_EQ(jps.jump(0, 5, 1, 0), g.index(80, 5));
  EXPECT_EQ(jps.jump(80, 69, 0, -1), g.index(80, 5));
  // A diagonal jump stops where a straight scan would reach the goal: (5, 0) + 5 * (1, 1) = (10, 5).
  EXPECT_EQ(jps.jump(5, 0, 1, 1), g.index(10, 5));
  const NodeId other[] = {g.index(3, 60)};
  jps.setGoals(other);
  EXPECT_EQ(jps.jump(0, 5, 1, 0), astar::kNoNode) << "the previous goal mark must be gone";
  EXPECT_EQ(jps.jump(99, 60, -1, 0), g.index(3, 60));
}

TEST(JumpPointJump, RebuildsWhenTheGridChanges) {
  Grid g(130, 3);
  JumpPointSuccessors jps;
  ASSERT_TRUE(jps.prepare(g));
  EXPECT_EQ(jps.jump(0, 1, 1, 0), astar::kNoNode);
  ASSERT_TRUE(g.setWall(70, 0).ok());
  ASSERT_TRUE(jps.prepare(g));
  EXPECT_EQ(jps.jump(0, 1, 1, 0), g.index(71, 1));
  ASSERT_TRUE(g.setWall(100, 1).ok());
  ASSERT_TRUE(jps.prepare(g));
  EXPECT_EQ(jps.jump(72, 1, 1, 0), astar::kNoNode) << "a wall ahead ends the line with no jump point";
  const std::size_t before = jps.bytes();
  ASSERT_TRUE(jps.prepare(g));
  EXPECT_EQ(jps.bytes(), before);
}

TEST(JumpPointSuccessors, EverySuccessorIsOnAWalkableLineWithTheRightCost) {
  std::mt19937 rng(7);
  JumpPointSuccessors jps;
  int checked = 0;
  for (int round = 0; round < 60; ++round) {
    const int w = 1 + static_cast<int>(rng() % 140), h = 1 + static_cast<int>(rng() % 90);
    Grid g = randomGrid(rng, w, h, 0.05 * static_cast<double>(round % 8));
    g.setDiagonal(kRules[round % 2]);
    ASSERT_TRUE(jps.prepare(g));
    for (int probe = 0; probe < 40; ++probe) {
      const NodeId n = static_cast<NodeId>(rng() % g.cellCount());
      if (!g.passable(n)) continue;
      // As the start, and as reached from each passable neighbour.
      std::vector<NodeId> parents = {astar::kNoNode};
      g.forEachNeighbor(n, [&](NodeId m, double) { parents.push_back(m); });
      for (NodeId p : parents) {
        jps.forEachSuccessor(n, p, [&](NodeId s, double c) {
          const double walked = walkLine(g, n, s);
          ASSERT_GE(walked, 0) << "successor not reachable along its line";
          EXPECT_NEAR(walked, c, 1e-9);
          ++checked;
        });
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(JumpPointSuccessors, AStarOverJumpPointsMatchesDijkstraOnRandomMaps) {
  std::mt19937 rng(2024);
  JumpPointSuccessors jps;
  int found = 0, unreachable = 0;
  for (int round = 0; round < 240; ++round) {
    const int w = 1 + static_cast<int>(rng() % 150), h = 1 + static_cast<int>(rng() % 100);
    Grid g = randomGrid(rng, w, h, 0.05 * static_cast<double>(round / 2 % 9));
    g.setDiagonal(kRules[round % 2]);
    if (round % 5 == 1) g.setCostModel(astar::CostModel::Integer);
    for (int q = 0; q < 10; ++q) {
      const NodeId s = static_cast<NodeId>(rng() % g.cellCount());
      const NodeId t = static_cast<NodeId>(rng() % g.cellCount());
      if (!g.passable(s) || !g.passable(t)) continue;
      const std::vector<NodeId> goals = {t};
      const double expected = dijkstra(g, s, goals);
      const JpsResult got = jpsReference(g, jps, s, goals);
      if (expected == kInf) {
        EXPECT_EQ(got.cost, kInf);
        ++unreachable;
        continue;
      }
      ASSERT_NEAR(got.cost, expected, 1e-6)
          << "map " << w << "x" << h << " round " << round << " from " << s << " to " << t;
      double walked = 0;
      for (std::size_t i = 1; i < got.path.size(); ++i) walked += walkLine(g, got.path[i - 1], got.path[i]);
      EXPECT_NEAR(walked, expected, 1e-6);
      ++found;
    }
  }
  EXPECT_GT(found, 800);
  EXPECT_GT(unreachable, 10);
}

TEST(JumpPointSuccessors, NearestOfSeveralGoalsAndUniformCellCost) {
  std::mt19937 rng(99);
  JumpPointSuccessors jps;
  int found = 0;
  for (int round = 0; round < 80; ++round) {
    Grid g = randomGrid(rng, 20 + static_cast<int>(rng() % 120), 20 + static_cast<int>(rng() % 80), 0.25);
    g.setDiagonal(kRules[round / 2 % 2]);
    if (round % 2) setUniformCost(g, 2.5);
    for (int q = 0; q < 5; ++q) {
      std::vector<NodeId> goals;
      for (int k = 0; k < 4; ++k) {
        const NodeId t = static_cast<NodeId>(rng() % g.cellCount());
        if (g.passable(t)) goals.push_back(t);
      }
      const NodeId s = static_cast<NodeId>(rng() % g.cellCount());
      if (goals.empty() || !g.passable(s)) continue;
      const double expected = dijkstra(g, s, goals);
      const double got = jpsReference(g, jps, s, goals).cost;
      if (expected == kInf) {
        EXPECT_EQ(got, kInf);
      } else {
        ASSERT_NEAR(got, expected, 1e-6);
        ++found;
      }
    }
  }
  EXPECT_GT(found, 120);
}

// ---- through the search engine: Algorithm::JumpPoint ----

astar::SearchOptions optionsFor(astar::Algorithm a) {
  astar::SearchOptions o;
  o.algorithm = a;
  return o;
}

// Every consecutive pair of path cells is one legal move; returns the summed cost (or -1).
double pathCost(const Grid& g, std::span<const NodeId> path) {
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int ax = std::abs(g.xOf(path[i]) - g.xOf(path[i - 1])), ay = std::abs(g.yOf(path[i]) - g.yOf(path[i - 1]));
    if (ax > 1 || ay > 1) return -1;
    const double step = walkLine(g, path[i - 1], path[i]);
    if (step < 0) return -1;
    total += step;
  }
  return total;
}

TEST(JumpPointSearch, SameCostAsAStarWithAFullCellPathOnRandomMaps) {
  std::mt19937 rng(31337);
  int found = 0, noPath = 0;
  for (int round = 0; round < 120; ++round) {
    Grid g = randomGrid(rng, 2 + static_cast<int>(rng() % 160), 2 + static_cast<int>(rng() % 110),
                        0.05 * static_cast<double>(round / 2 % 9));
    g.setDiagonal(kRules[round % 2]);
    if (round % 7 == 3) g.setCostModel(astar::CostModel::Integer);
    astar::GridSearch astarSearch(g), jpsSearch(g);
    for (int q = 0; q < 12; ++q) {
      const NodeId s = static_cast<NodeId>(rng() % g.cellCount()), t = static_cast<NodeId>(rng() % g.cellCount());
      if (!g.passable(s) || !g.passable(t)) continue;
      astarSearch.begin(s, t, optionsFor(astar::Algorithm::AStar));
      jpsSearch.begin(s, t, optionsFor(astar::Algorithm::JumpPoint));
      const astar::SearchStatus want = astarSearch.run(), got = jpsSearch.run();
      ASSERT_EQ(got, want);
      EXPECT_FALSE(jpsSearch.stats().fellBack);
      if (got != astar::SearchStatus::Found) {
        ++noPath;
        continue;
      }
      ++found;
      ASSERT_NEAR(jpsSearch.stats().pathCost, astarSearch.stats().pathCost, 1e-6)
          << "round " << round << " " << s << " -> " << t;
      const auto path = jpsSearch.path();
      ASSERT_FALSE(path.empty());
      EXPECT_EQ(path.front(), s);
      EXPECT_EQ(path.back(), t);
      EXPECT_EQ(jpsSearch.stats().pathCells, path.size());
      EXPECT_NEAR(pathCost(g, path), jpsSearch.stats().pathCost, 1e-6) << "the path must be every cell, one move apart";
    }
  }
  EXPECT_GT(found, 600);
  EXPECT_GT(noPath, 10);
}

TEST(JumpPointSearch, FallsBackToAStarAndSaysSo) {
  std::mt19937 rng(5);
  Grid g = randomGrid(rng, 40, 30, 0.2);
  ASSERT_TRUE(g.setCost(0, 0, 1.0).ok());
  ASSERT_TRUE(g.setCost(39, 29, 1.0).ok());
  Grid terrain = g, portal = g;
  for (int x = 5; x < 35; ++x) ASSERT_TRUE(terrain.setCost(x, 15, 4.0).ok());
  ASSERT_TRUE(portal.addPortal(0, 29, 39, 0, 0.5, true).ok());
  for (const Grid* grid : {&terrain, &portal}) {
    astar::GridSearch a(*grid), j(*grid);
    a.begin(0, grid->index(39, 29), optionsFor(astar::Algorithm::AStar));
    j.begin(0, grid->index(39, 29), optionsFor(astar::Algorithm::JumpPoint));
    ASSERT_EQ(j.run(), a.run());
    EXPECT_TRUE(j.stats().fellBack);
    EXPECT_EQ(j.stats().ranAs, astar::Algorithm::AStar);
    EXPECT_NEAR(j.stats().pathCost, a.stats().pathCost, 1e-9);
  }
  // The plain grid does not fall back; a wall edit between queries is seen.
  astar::GridSearch j(g);
  j.begin(0, g.index(39, 29), optionsFor(astar::Algorithm::JumpPoint));
  const astar::SearchStatus before = j.run();
  EXPECT_FALSE(j.stats().fellBack);
  EXPECT_EQ(j.stats().ranAs, astar::Algorithm::JumpPoint);
  for (int y = 0; y < 30; ++y) ASSERT_TRUE(g.setWall(20, y).ok());
  j.begin(0, g.index(39, 29), optionsFor(astar::Algorithm::JumpPoint));
  EXPECT_EQ(j.run(), astar::SearchStatus::NoPath) << "status before the wall: " << astar::statusName(before);
}

TEST(JumpPointSearch, FourConnectedExpandsFewerNodesThanAStarOnOpenGround) {
  std::mt19937 rng(404);
  Grid g = randomGrid(rng, 120, 90, 0.08);
  g.setDiagonal(astar::DiagonalMovement::Never);
  astar::GridSearch a(g), j(g);
  std::uint64_t aExpanded = 0, jExpanded = 0;
  int found = 0;
  for (int q = 0; q < 40; ++q) {
    const NodeId s = static_cast<NodeId>(rng() % g.cellCount()), t = static_cast<NodeId>(rng() % g.cellCount());
    if (!g.passable(s) || !g.passable(t)) continue;
    a.begin(s, t, optionsFor(astar::Algorithm::AStar));
    j.begin(s, t, optionsFor(astar::Algorithm::JumpPoint));
    ASSERT_EQ(j.run(), a.run());
    EXPECT_FALSE(j.stats().fellBack);
    if (a.status() != astar::SearchStatus::Found) continue;
    ++found;
    ASSERT_NEAR(j.stats().pathCost, a.stats().pathCost, 1e-9);
    aExpanded += a.stats().expanded;
    jExpanded += j.stats().expanded;
  }
  EXPECT_GT(found, 30);
  EXPECT_LT(jExpanded * 3, aExpanded * 2) << "A* " << aExpanded << ", JPS " << jExpanded;
  std::printf("4-connected, 120 x 90, 8 %% walls, %d paths: A* expanded %llu, JPS %llu\n", found,
              static_cast<unsigned long long>(aExpanded), static_cast<unsigned long long>(jExpanded));
}

}  // namespace
