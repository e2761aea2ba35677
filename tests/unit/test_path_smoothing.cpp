// Path smoothing: on random maps, string-pulled and smoothed paths never enter a wall, never
// cut a corner the grid's rule forbids, never cost more than the raw path and keep every
// portal and wrap jump. The checks below split each segment at every grid line it crosses
// (their own geometry, not the library's traversal).
#include "astar/path_smoothing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "agents_test_maps.h"
#include "astar/flow_field.h"
#include "astar/search.h"

namespace astar {
namespace {

bool openCell(const Grid& g, long x, long y) {
  return x >= 0 && y >= 0 && x < g.width() && y < g.height() && g.passable(static_cast<int>(x), static_cast<int>(y));
}

// Checks one straight piece p -> q; returns "" or what is wrong, and adds its continuous cost.
std::string checkSegment(const Grid& g, const PathPoint& p, const PathPoint& q, double& cost) {
  const double dx = q.x - p.x, dy = q.y - p.y, length = std::hypot(dx, dy);
  std::vector<double> cuts = {0.0, 1.0};
  std::vector<std::pair<double, double>> vertices;  // (t, unused) where an x and a y line are crossed together
  std::vector<double> xCuts, yCuts;
  for (long k = static_cast<long>(std::ceil(std::min(p.x, q.x)));
       k <= static_cast<long>(std::floor(std::max(p.x, q.x))); ++k)
    if (dx != 0.0) xCuts.push_back((static_cast<double>(k) - p.x) / dx);
  for (long k = static_cast<long>(std::ceil(std::min(p.y, q.y)));
       k <= static_cast<long>(std::floor(std::max(p.y, q.y))); ++k)
    if (dy != 0.0) yCuts.push_back((static_cast<double>(k) - p.y) / dy);
  cuts.insert(cuts.end(), xCuts.begin(), xCuts.end());
  cuts.insert(cuts.end(), yCuts.begin(), yCuts.end());
  std::sort(cuts.begin(), cuts.end());
  long lastX = 0, lastY = 0;
  bool first = true;
  for (std::size_t i = 1; i < cuts.size(); ++i) {
    const double a = cuts[i - 1], b = cuts[i];
    if ((b - a) * length < 1e-12) continue;
    const double mx = p.x + dx * (a + b) / 2, my = p.y + dy * (a + b) / 2;
    const long cx = static_cast<long>(std::floor(mx)), cy = static_cast<long>(std::floor(my));
    if (!openCell(g, cx, cy)) return "enters wall (" + std::to_string(cx) + ", " + std::to_string(cy) + ")";
    if (!first && (cx != lastX || cy != lastY)) {
      // Entering a one-way cell: the move's direction must be one it accepts.
      const int sx = static_cast<int>(cx - lastX), sy = static_cast<int>(cy - lastY);
      int direction = 0;
      while (kDirectionX[direction] != sx || kDirectionY[direction] != sy) ++direction;
      if (!(g.entryMask(g.index(static_cast<int>(cx), static_cast<int>(cy))) & (1u << direction)))
        return "enters one-way cell (" + std::to_string(cx) + ", " + std::to_string(cy) + ") the wrong way";
    }
    first = false;
    lastX = cx;
    lastY = cy;
    // A piece running along a grid line touches the cells on both sides.
    if (std::abs(mx - std::round(mx)) < 1e-12 && !openCell(g, std::lround(mx) - 1, cy)) return "slides along a wall";
    if (std::abs(my - std::round(my)) < 1e-12 && !openCell(g, cx, std::lround(my) - 1)) return "slides along a wall";
    cost += (b - a) * length * static_cast<double>(g.cost(g.index(static_cast<int>(cx), static_cast<int>(cy))));
  }
  // Vertices: an x line and a y line crossed at the same point.
  for (const double tx : xCuts) {
    for (const double ty : yCuts) {
      if (std::abs(tx - ty) * length > 1e-9) continue;
      const double t = (tx + ty) / 2;
      const long vx = std::lround(p.x + dx * t), vy = std::lround(p.y + dy * t);
      const int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
      const long fromX = sx > 0 ? vx - 1 : vx, fromY = sy > 0 ? vy - 1 : vy;
      const long toX = sx > 0 ? vx : vx - 1, toY = sy > 0 ? vy : vy - 1;
      const bool sideA = openCell(g, toX, fromY), sideB = openCell(g, fromX, toY);
      bool allowed = true;
      switch (g.diagonal()) {
        case DiagonalMovement::Never:
        case DiagonalMovement::OnlyWhenNoObstacles: allowed = sideA && sideB; break;
        case DiagonalMovement::IfAtMostOneObstacle: allowed = sideA || sideB; break;
        case DiagonalMovement::Always: break;
      }
      if (!allowed) return "cuts the corner at vertex (" + std::to_string(vx) + ", " + std::to_string(vy) + ")";
    }
  }
  return "";
}

// Walk cost of a point list (jumps excluded), checking every walked piece on the way.
double checkedWalkCost(const Grid& g, const std::vector<PathPoint>& points, std::string& problem) {
  double cost = 0.0;
  for (std::size_t i = 1; i < points.size() && problem.empty(); ++i) {
    if (points[i].join != PathJoin::Walk) continue;
    problem = checkSegment(g, points[i - 1], points[i], cost);
    if (!problem.empty()) problem += " on piece " + std::to_string(i);
  }
  return cost * g.straightCost();
}

struct Jump {
  PathPoint from, to;
  friend bool operator==(const Jump&, const Jump&) = default;
};

std::vector<Jump> jumpsOf(const std::vector<PathPoint>& points) {
  std::vector<Jump> jumps;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (points[i].join == PathJoin::Portal || points[i].join == PathJoin::Wrap)
      jumps.push_back({points[i - 1], points[i]});
  return jumps;
}

// An optimal raw path from the flow field's next steps.
std::vector<NodeId> pathFromField(const FlowField& field, NodeId start) {
  std::vector<NodeId> path = {start};
  while (field.next(path.back()) != kNoNode) path.push_back(field.next(path.back()));
  return path;
}

TEST(PathSmoothing, RandomMapsNeverEnterWallsCutCornersOrCostMore) {
  testing::Rng rng(2024);
  testing::RandomMapOptions options;
  options.minSide = 6;
  options.maxSide = 40;
  options.wallDensity = 0.22;
  int maps = 0, portalJumps = 0, wrapJumps = 0, curved = 0;
  std::size_t rawPoints = 0, pulledPoints = 0;
  double rawTotal = 0.0, smoothTotal = 0.0;
  const SmoothingOptions configs[] = {{true, false, 4.0}, {false, true, 4.0}, {true, true, 4.0}, {true, true, 1.0}};
  const SmoothingOptions rawOnly{false, false, 4.0};
  for (int trial = 0; maps < 1200 && trial < 5000; ++trial) {
    const Grid grid = testing::randomGrid(rng, options);
    const NodeId goal = testing::randomPassable(rng, grid);
    const NodeId start = testing::randomPassable(rng, grid);
    if (goal == kNoNode || start == goal) continue;
    // Raw paths from the engine's A* and, on every third map, from a flow field.
    std::vector<NodeId> path;
    if (trial % 3 == 0) {
      FlowField field;
      const NodeId goals[] = {goal};
      ASSERT_TRUE(field.build(grid, goals).ok());
      if (!field.reachable(start)) continue;
      path = pathFromField(field, start);
    } else {
      const PathResult found = findPath(grid, start, goal);
      if (found.status != SearchStatus::Found) continue;
      path = found.path;
    }
    ++maps;
    std::vector<PathPoint> raw, smooth;
    ASSERT_TRUE(smoothPath(grid, path, rawOnly, raw).ok());
    ASSERT_EQ(raw.size(), path.size());
    std::string problem;
    const double rawCost = checkedWalkCost(grid, raw, problem);
    ASSERT_EQ(problem, "") << "raw path of map " << trial;
    const std::vector<Jump> rawJumps = jumpsOf(raw);
    for (const Jump& j : rawJumps) (j.to.join == PathJoin::Portal ? portalJumps : wrapJumps)++;
    for (const SmoothingOptions& config : configs) {
      ASSERT_TRUE(smoothPath(grid, path, config, smooth).ok());
      const std::string where = "map " + std::to_string(trial) + " pull " + std::to_string(config.stringPull) +
                                " spline " + std::to_string(config.spline);
      ASSERT_GE(smooth.size(), 2u) << where;
      EXPECT_EQ(smooth.front(), raw.front()) << where;
      EXPECT_EQ(smooth.back().x, raw.back().x) << where;
      EXPECT_EQ(smooth.back().y, raw.back().y) << where;
      EXPECT_EQ(jumpsOf(smooth), rawJumps) << where;
      const double cost = checkedWalkCost(grid, smooth, problem);
      ASSERT_EQ(problem, "") << where;
      ASSERT_LE(cost, rawCost + 1e-9 * std::max(1.0, rawCost)) << where;
      EXPECT_NEAR(walkCost(grid, smooth), cost, 1e-9 * std::max(1.0, cost)) << where;
      if (config.stringPull && !config.spline) {
        pulledPoints += smooth.size();
        for (const PathPoint& p : smooth) {
          ASSERT_EQ(p.x - std::floor(p.x), 0.5) << where << ": waypoints are cell centres";
          ASSERT_EQ(p.y - std::floor(p.y), 0.5) << where;
        }
      }
      if (config.spline) {
        curved += std::any_of(smooth.begin(), smooth.end(), [](const PathPoint& p) {
          return p.x - std::floor(p.x) != 0.5 || p.y - std::floor(p.y) != 0.5;
        });
        smoothTotal += cost;
      }
    }
    rawPoints += raw.size();
    rawTotal += rawCost;
  }
  EXPECT_GE(maps, 1000);
  // The generator produced jumps of both kinds, and smoothing really changed the paths.
  EXPECT_GT(portalJumps, 100);
  EXPECT_GT(wrapJumps, 50);
  EXPECT_LT(pulledPoints * 3, rawPoints * 2);
  EXPECT_GT(curved, maps);
  EXPECT_LT(smoothTotal, 3 * rawTotal);
  std::printf("maps %d, raw points %zu, string-pulled %zu, curved paths %d, portal jumps %d, wrap jumps %d\n", maps,
              rawPoints, pulledPoints, curved, portalJumps, wrapJumps);
}

TEST(PathSmoothing, OpenRoomPullsToOneSegment) {
  Grid grid(10, 10);
  std::vector<NodeId> path;
  for (int i = 0; i < 5; ++i) path.push_back(grid.index(i, i));  // diagonal run
  for (int x = 5; x < 9; ++x) path.push_back(grid.index(x, 4));  // then east
  std::vector<PathPoint> out;
  ASSERT_TRUE(smoothPath(grid, path, {true, false, 4.0}, out).ok());
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], (PathPoint{0.5, 0.5, PathJoin::Start}));
  EXPECT_EQ(out[1], (PathPoint{8.5, 4.5, PathJoin::Walk}));
}

TEST(PathSmoothing, CornerRuleDecidesDiagonalSqueeze) {
  // Walls at (1, 0) and (0, 1): the move (0, 0) -> (1, 1) passes between them.
  Grid grid(3, 3);
  ASSERT_TRUE(grid.setWall(1, 0).ok());
  ASSERT_TRUE(grid.setWall(0, 1).ok());
  const NodeId a = grid.index(0, 0), b = grid.index(2, 2);
  grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  EXPECT_FALSE(lineOfSight(grid, a, b));
  grid.setDiagonal(DiagonalMovement::IfAtMostOneObstacle);
  EXPECT_FALSE(lineOfSight(grid, a, b));
  grid.setDiagonal(DiagonalMovement::Always);
  EXPECT_TRUE(lineOfSight(grid, a, b));
  // One wall only: allowed unless the rule wants both sides free.
  ASSERT_TRUE(grid.setCost(0, 1, 1.0).ok());
  grid.setDiagonal(DiagonalMovement::IfAtMostOneObstacle);
  EXPECT_TRUE(lineOfSight(grid, a, b));
  grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  EXPECT_FALSE(lineOfSight(grid, a, b));
  // A shallow line touches cells a Bresenham line would skip: (1, 0) is a wall on the way.
  Grid wide(5, 2);
  ASSERT_TRUE(wide.setWall(2, 0).ok());
  EXPECT_FALSE(lineOfSight(wide, wide.index(0, 0), wide.index(4, 1)));
}

TEST(PathSmoothing, DoesNotCutThroughASwamp) {
  // Going straight across the swamp row is shorter but dearer than the dry detour.
  Grid grid(7, 3);
  for (int x = 1; x < 6; ++x) ASSERT_TRUE(grid.setCost(x, 1, 10.0).ok());
  std::vector<NodeId> path = {grid.index(0, 1)};
  for (int x = 1; x < 6; ++x) path.push_back(grid.index(x, 0));
  path.push_back(grid.index(6, 1));
  std::vector<PathPoint> out;
  ASSERT_TRUE(smoothPath(grid, path, {true, true, 4.0}, out).ok());
  std::string problem;
  std::vector<PathPoint> raw;
  ASSERT_TRUE(smoothPath(grid, path, {false, false, 4.0}, raw).ok());
  const double rawCost = checkedWalkCost(grid, raw, problem), cost = checkedWalkCost(grid, out, problem);
  EXPECT_EQ(problem, "");
  EXPECT_LE(cost, rawCost + 1e-9);
  EXPECT_GT(out.size(), 2u);  // not the straight line (0,1) -> (6,1)
  EXPECT_FALSE(lineOfSight(grid, path.front(), path.back()) && out.size() == 2u);
}

TEST(PathSmoothing, KeepsPortalAndWrapJumps) {
  Grid grid(8, 3);
  grid.setWrap(true, false);
  ASSERT_TRUE(grid.addPortal(4, 2, 6, 0, 0.5, false).ok());
  // (1,1) -> (0,1) -> wrap -> (7,1) -> (6,1) -> (5,1) -> (4,2) -> portal -> (6,0) -> (7,0)
  const std::vector<NodeId> path = {grid.index(1, 1), grid.index(0, 1), grid.index(7, 1), grid.index(6, 1),
                                    grid.index(5, 1), grid.index(4, 2), grid.index(6, 0), grid.index(7, 0)};
  std::vector<PathPoint> out;
  ASSERT_TRUE(smoothPath(grid, path, {}, out).ok());
  std::vector<PathJoin> joins;
  for (const PathPoint& p : out) joins.push_back(p.join);
  const std::vector<PathJoin> expected = {PathJoin::Start, PathJoin::Walk,   PathJoin::Wrap,
                                          PathJoin::Walk,  PathJoin::Portal, PathJoin::Walk};
  EXPECT_EQ(joins, expected);
  EXPECT_EQ(out[2], (PathPoint{7.5, 1.5, PathJoin::Wrap}));
  EXPECT_EQ(out[4], (PathPoint{6.5, 0.5, PathJoin::Portal}));
}

TEST(PathSmoothing, BadInputGivesErrors) {
  Grid grid(4, 4);
  ASSERT_TRUE(grid.setWall(1, 1).ok());
  std::vector<PathPoint> out;
  const std::vector<NodeId> throughWall = {grid.index(0, 0), grid.index(1, 1)};
  Error e = smoothPath(grid, throughWall, {}, out);
  EXPECT_NE(e.message.find("wall"), std::string::npos) << e.message;
  const std::vector<NodeId> jump = {grid.index(0, 0), grid.index(3, 3)};
  e = smoothPath(grid, jump, {}, out);
  EXPECT_NE(e.message.find("not a move"), std::string::npos) << e.message;
  EXPECT_TRUE(out.empty());
  const std::vector<NodeId> outside = {99};
  EXPECT_FALSE(smoothPath(grid, outside, {}, out).ok());
  EXPECT_FALSE(smoothPath(grid, std::vector<NodeId>{0, 1}, {true, true, 0.0}, out).ok());
  EXPECT_TRUE(smoothPath(grid, std::vector<NodeId>{}, {}, out).ok());
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace astar
