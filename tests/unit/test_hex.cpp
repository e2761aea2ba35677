// Hex grids (odd-r rows): neighbours against the axial-coordinate definition, heuristics
// admissible and consistent edge by edge (wrap and portals included), every search against
// an independent Dijkstra on random hex maps, flow fields, the format line, and the refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "astar/flow_field.h"
#include "astar/formats.h"
#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/landmarks.h"
#include "astar/path_smoothing.h"
#include "astar/search.h"
#include "reference.h"
#include "search_checks.h"

namespace astar {
namespace {

using testing::Edge;
using testing::referenceMoves;

std::vector<Edge> sorted(std::vector<Edge> edges) {
  std::sort(edges.begin(), edges.end(),
            [](const Edge& a, const Edge& b) { return a.to < b.to || (a.to == b.to && a.cost < b.cost); });
  return edges;
}

std::vector<Edge> library(const Grid& grid, NodeId n) {
  std::vector<Edge> out;
  grid.forEachNeighbor(n, [&](NodeId m, double c) { out.push_back({m, c}); });
  return out;
}

std::vector<Edge> libraryPredecessors(const Grid& grid, NodeId n) {
  std::vector<Edge> out;
  grid.forEachPredecessor(n, [&](NodeId m, double c) { out.push_back({m, c}); });
  return out;
}

// Hex distance on an open hex plane, written from cube coordinates (x = q, z = r, y = -q - r).
int cubeDistance(int ax, int ay, int bx, int by) {
  const int aq = ax - (ay - (ay & 1)) / 2, bq = bx - (by - (by & 1)) / 2;
  const int dx = aq - bq, dz = ay - by, dy = -dx - dz;
  return (std::abs(dx) + std::abs(dy) + std::abs(dz)) / 2;
}

TEST(HexGrid, SixNeighboursWithOddRowsShiftedRight) {
  Grid grid(5, 4);
  ASSERT_TRUE(grid.setTopology(Topology::Hex).ok());
  EXPECT_TRUE(grid.hex());
  auto neighbours = [&](int x, int y) {
    std::vector<std::pair<int, int>> out;
    grid.forEachNeighbor(grid.index(x, y), [&](NodeId m, double c) {
      EXPECT_EQ(c, 1.0);
      out.push_back({grid.xOf(m), grid.yOf(m)});
    });
    std::sort(out.begin(), out.end());
    return out;
  };
  // Even row 2: the row above and below reach left (x - 1 and x).
  EXPECT_EQ(neighbours(2, 2), (std::vector<std::pair<int, int>>{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 3}, {3, 2}}));
  // Odd row 1: they reach right (x and x + 1).
  EXPECT_EQ(neighbours(2, 1), (std::vector<std::pair<int, int>>{{1, 1}, {2, 0}, {2, 2}, {3, 0}, {3, 1}, {3, 2}}));
  // Corners lose the cells off the map; the diagonal rule does not matter.
  grid.setDiagonal(DiagonalMovement::Never);
  EXPECT_EQ(neighbours(0, 0), (std::vector<std::pair<int, int>>{{0, 1}, {1, 0}}));
  EXPECT_EQ(neighbours(4, 1), (std::vector<std::pair<int, int>>{{3, 1}, {4, 0}, {4, 2}}));
  ASSERT_TRUE(grid.setTopology(Topology::Square).ok());
  EXPECT_EQ(neighbours(2, 2).size(), 4u);  // back to a 4-connected square grid
}

TEST(HexGrid, NeighboursAndPredecessorsMatchTheAxialDefinitionOnRandomMaps) {
  testing::Rng rng(7);
  testing::RandomMapOptions options;
  options.hexChance = 1.0;
  options.oneWayChance = 0.1;
  int cells = 0;
  for (int map = 0; map < 300; ++map) {
    const Grid grid = testing::randomGrid(rng, options);
    ASSERT_TRUE(grid.hex());
    std::vector<std::vector<Edge>> reverse(grid.cellCount());
    for (NodeId n = 0; n < grid.cellCount(); ++n)
      for (const Edge& e : referenceMoves(grid, n)) reverse[e.to].push_back({n, e.cost});
    for (NodeId n = 0; n < grid.cellCount(); ++n) {
      if (!grid.passable(n)) continue;
      const std::vector<Edge> want = sorted(referenceMoves(grid, n)), got = sorted(library(grid, n));
      ASSERT_EQ(want.size(), got.size()) << "map " << map << " cell " << n;
      for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(want[i].to, got[i].to) << "map " << map << " cell " << n;
        ASSERT_DOUBLE_EQ(want[i].cost, got[i].cost) << "map " << map << " cell " << n;
      }
      const std::vector<Edge> wantIn = sorted(reverse[n]), gotIn = sorted(libraryPredecessors(grid, n));
      ASSERT_EQ(wantIn.size(), gotIn.size()) << "map " << map << " cell " << n;
      for (std::size_t i = 0; i < wantIn.size(); ++i)
        ASSERT_EQ(wantIn[i].to, gotIn[i].to) << "map " << map << " cell " << n;
      ++cells;
    }
  }
  EXPECT_GT(cells, 10000);
}

TEST(HexGrid, OpenFloorCostsAreTheCubeDistanceAndTheHeuristicIsExactThere) {
  Grid grid(9, 8);
  ASSERT_TRUE(grid.setTopology(Topology::Hex).ok());
  GridSearch search(grid);
  const NodeId start = grid.index(4, 3);
  for (NodeId goal = 0; goal < grid.cellCount(); ++goal) {
    for (Heuristic h : {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Chebyshev}) {
      SearchOptions options;
      options.heuristic = h;
      ASSERT_EQ(search.begin(start, goal, options), SearchStatus::InProgress);
      const double distance = cubeDistance(4, 3, grid.xOf(goal), grid.yOf(goal));
      EXPECT_EQ(search.h(start), distance) << heuristicName(h) << " to " << goal;
      ASSERT_EQ(search.run(), SearchStatus::Found);
      EXPECT_EQ(search.stats().pathCost, distance);
      // An exact heuristic with ties broken towards larger g walks straight to the goal.
      if (h == Heuristic::Octile) {
        EXPECT_EQ(search.stats().expanded, static_cast<std::uint64_t>(distance) + 1) << goal;
      }
    }
  }
}

// Every search on 1,500 random hex maps (walls, terrain, wrap in x and in y for even heights,
// portals, one-way cells): optimal ones equal the reference Dijkstra, weighted A* stays within
// its bound, and every heuristic called consistent is consistent on every edge.
TEST(HexGrid, SearchesMatchTheReferenceDijkstraOnRandomHexMaps) {
  testing::Rng rng(2026);
  testing::RandomMapOptions mapOptions;
  mapOptions.hexChance = 1.0;
  int optimalRuns = 0, edgesChecked = 0, wrappedY = 0;
  for (int map = 0; map < 1500; ++map) {
    const Grid grid = testing::randomGrid(rng, mapOptions);
    wrappedY += grid.wrapY();
    const NodeId start = testing::randomPassable(rng, grid), goal = testing::randomPassable(rng, grid);
    if (start == kNoNode) continue;
    const std::vector<double> toGoal = testing::referenceDistancesTo(grid, goal);
    LandmarkTable<Grid> landmarks;
    landmarks.build(grid, 2, start);
    GridSearch search(grid);
    for (int a = 0; a < kAlgorithmCount; ++a)
      for (int h = 0; h < kHeuristicCount; ++h) {
        SearchOptions options;
        options.algorithm = static_cast<Algorithm>(a);
        options.heuristic = static_cast<Heuristic>(h);
        options.weight = 2.0;
        const std::string what = "map " + std::to_string(map) + " " + algorithmName(options.algorithm) + " " +
                                 heuristicName(options.heuristic);
        if (algorithmInfo(options.algorithm).anyAngle) {  // straight segments need square cells: refused
          EXPECT_EQ(search.begin(start, goal, options, &landmarks), SearchStatus::InvalidInput) << what;
          continue;
        }
        ASSERT_EQ(search.begin(start, goal, options, &landmarks), SearchStatus::InProgress) << what;
        const HeuristicProperties props = heuristicProperties(options.heuristic, grid, true, true);
        EXPECT_TRUE(props.admissible && props.consistent) << what;  // hex: every heuristic, wrap- and portal-aware
        if (a == 0) {
          for (NodeId n = 0; n < grid.cellCount(); ++n) {
            if (!grid.passable(n)) continue;
            ASSERT_LE(search.h(n), toGoal[n] + 1e-9) << what << " inadmissible at " << n;
            for (const Edge& e : referenceMoves(grid, n)) {
              ASSERT_LE(search.h(n), e.cost + search.h(e.to) + 1e-9) << what << " inconsistent " << n << "->" << e.to;
              ++edgesChecked;
            }
          }
        }
        const SearchStatus status = search.run();
        if (std::isinf(toGoal[start])) {
          ASSERT_EQ(status, SearchStatus::NoPath) << what;
          continue;
        }
        ASSERT_EQ(status, SearchStatus::Found) << what;
        ASSERT_TRUE(testing::isValidPath(grid, search.path(), start, goal, search.stats().pathCost)) << what;
        if (options.algorithm == Algorithm::JumpPoint) {
          EXPECT_TRUE(search.stats().fellBack) << what;
        }
        if (testing::isOptimalAlgorithm(options.algorithm)) {
          ASSERT_NEAR(search.stats().pathCost, toGoal[start], 1e-9 * std::max(1.0, toGoal[start])) << what;
          ++optimalRuns;
        } else if (options.algorithm == Algorithm::WeightedAStar) {
          ASSERT_LE(search.stats().pathCost, 2.0 * toGoal[start] + 1e-9) << what;
        }
      }
  }
  EXPECT_GT(optimalRuns, 20000);
  EXPECT_GT(edgesChecked, 500000);
  EXPECT_GT(wrappedY, 100);
}

TEST(HexGrid, WrapAwareHeuristicSeesTheSeamsAndPlainOneIsReportedInadmissible) {
  Grid grid(12, 10);
  ASSERT_TRUE(grid.setTopology(Topology::Hex).ok());
  ASSERT_TRUE(grid.setWrap(true, true).ok());
  const std::vector<double> exact = testing::referenceDistancesTo(grid, grid.index(0, 0));
  GridSearch search(grid);
  for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean}) {
    SearchOptions options;
    options.heuristic = h;
    ASSERT_EQ(search.begin(grid.index(11, 9), grid.index(0, 0), options), SearchStatus::InProgress);
    EXPECT_LE(search.h(grid.index(11, 9)), exact[grid.index(11, 9)]);
    if (h == Heuristic::Octile) {
      // On an open torus the wrap-aware hex distance is exact everywhere.
      for (NodeId n = 0; n < grid.cellCount(); ++n) EXPECT_EQ(search.h(n), exact[n]) << n;
    }
    EXPECT_FALSE(heuristicProperties(h, grid, false, true).admissible);
  }
  EXPECT_EQ(exact[grid.index(11, 9)], 1.0);  // (11, 9) touches (0, 0) across both seams
}

TEST(HexGrid, OddHeightRefusesAVerticalWrap) {
  Grid grid(6, 5);
  ASSERT_TRUE(grid.setWrap(true, true).ok());  // square: fine
  const Error e = grid.setTopology(Topology::Hex);
  EXPECT_FALSE(e.ok());
  EXPECT_NE(e.message.find("even height"), std::string::npos) << e.message;
  EXPECT_FALSE(grid.hex());
  ASSERT_TRUE(grid.setWrap(true, false).ok());
  ASSERT_TRUE(grid.setTopology(Topology::Hex).ok());
  EXPECT_FALSE(grid.setWrap(true, true).ok());
  EXPECT_TRUE(grid.wrapX());
  EXPECT_FALSE(grid.wrapY());
  EXPECT_FALSE(grid.setTopology(static_cast<Topology>(7)).ok());
}

TEST(HexGrid, FlowFieldMatchesTheReferenceOnRandomHexMaps) {
  testing::Rng rng(99);
  testing::RandomMapOptions options;
  options.hexChance = 1.0;
  FlowField field;
  for (int map = 0; map < 300; ++map) {
    const Grid grid = testing::randomGrid(rng, options);
    const NodeId goal = testing::randomPassable(rng, grid);
    if (goal == kNoNode) continue;
    const NodeId goals[] = {goal};
    ASSERT_TRUE(field.build(grid, goals).ok());
    const std::vector<double> want = testing::referenceDistancesTo(grid, goal);
    for (NodeId n = 0; n < grid.cellCount(); ++n) {
      if (std::isinf(want[n])) {
        EXPECT_TRUE(std::isinf(field.distance(n))) << map << " " << n;
      } else {
        ASSERT_NEAR(field.distance(n), want[n], 1e-9 * std::max(1.0, want[n])) << map << " " << n;
      }
    }
  }
}

TEST(HexGrid, PlaygroundFormatKeepsTheCellShape) {
  MapDocument doc;
  ASSERT_TRUE(doc.grid.reset(6, 4).ok());
  ASSERT_TRUE(doc.grid.setTopology(Topology::Hex).ok());
  ASSERT_TRUE(doc.grid.setWrap(true, true).ok());
  (void)doc.grid.setWall(2, 1);
  const std::string text = writeMap(doc, MapFormat::Playground);
  EXPECT_NE(text.find("cells: hex\n"), std::string::npos) << text;
  MapDocument back;
  ASSERT_TRUE(readMap(text, back, MapFormat::Playground).ok());
  EXPECT_TRUE(back.grid == doc.grid);
  EXPECT_TRUE(back.grid.hex());
  EXPECT_EQ(writeMap(back, MapFormat::Playground), text);

  // A square map writes no cells line, so files from before hex grids read and write the same.
  MapDocument square;
  ASSERT_TRUE(square.grid.reset(3, 3).ok());
  EXPECT_EQ(writeMap(square, MapFormat::Playground).find("cells:"), std::string::npos);

  std::vector<std::string> lost;
  (void)writeMap(doc, MapFormat::MovingAi, &lost);
  EXPECT_NE(std::find(lost.begin(), lost.end(), "hex cells (the format has square cells only)"), lost.end());
}

TEST(HexGrid, PlaygroundFormatErrorsSayWhere) {
  const std::string head = "astar-map 1\nsize: 3 x 3\n";
  const std::string tail = "terrain: . 1\ngrid:\n...\n...\n...\n";
  MapDocument doc;
  Error e = readMap(head + "cells: triangle\n" + tail, doc, MapFormat::Playground);
  EXPECT_EQ(e.describe(), "line 3, column 8: expected square or hex, got 'triangle'");
  e = readMap(head + "cells: hex\nwrap: y\n" + tail, doc, MapFormat::Playground);
  EXPECT_EQ(e.line, 4);
  EXPECT_NE(e.message.find("even height"), std::string::npos) << e.message;
  e = readMap(head + "cells: hex\ncells: square\n" + tail, doc, MapFormat::Playground);
  EXPECT_EQ(e.line, 4);
  EXPECT_NE(e.message.find("duplicate 'cells'"), std::string::npos) << e.message;
  ASSERT_TRUE(readMap(head + "cells: hex\nwrap: x\n" + tail, doc, MapFormat::Playground).ok());
  EXPECT_TRUE(doc.grid.hex());
  EXPECT_TRUE(doc.grid.wrapX());
}

TEST(HexGrid, SmoothingGivesHexCentresWithTheirJoins) {
  Grid grid(6, 4);
  ASSERT_TRUE(grid.setTopology(Topology::Hex).ok());
  ASSERT_TRUE(grid.setWrap(true, false).ok());
  ASSERT_TRUE(grid.addPortal(0, 3, 3, 0, 1.0, true).ok());
  // (1,0) -> (1,1) is SE from an even row; (1,1) -> (0,1) W; (0,1) -> (5,1) W across the seam;
  // (5,1) -> (5,2) SW from an odd row; (5,2) -> (5,3) SE from an even row; (5,3) -> (0,3) E
  // across the seam; then the portal from (0,3) to (3,0).
  const std::vector<NodeId> path = {grid.index(1, 0), grid.index(1, 1), grid.index(0, 1), grid.index(5, 1),
                                    grid.index(5, 2), grid.index(5, 3), grid.index(0, 3), grid.index(3, 0)};
  std::vector<PathPoint> points;
  ASSERT_TRUE(smoothPath(grid, path, SmoothingOptions{}, points).ok());
  ASSERT_EQ(points.size(), path.size());
  EXPECT_EQ(points[0], (PathPoint{1.5, 0.5, PathJoin::Start}));
  EXPECT_EQ(points[1], (PathPoint{2.0, 1.5, PathJoin::Walk}));
  EXPECT_EQ(points[2], (PathPoint{1.0, 1.5, PathJoin::Walk}));
  EXPECT_EQ(points[3], (PathPoint{6.0, 1.5, PathJoin::Wrap}));
  EXPECT_EQ(points[4], (PathPoint{5.5, 2.5, PathJoin::Walk}));
  EXPECT_EQ(points[5], (PathPoint{6.0, 3.5, PathJoin::Walk}));
  EXPECT_EQ(points[6], (PathPoint{1.0, 3.5, PathJoin::Wrap}));
  EXPECT_EQ(points[7], (PathPoint{3.5, 0.5, PathJoin::Portal}));
  // A step that is no hex move (two rows down) is refused.
  const std::vector<NodeId> bad = {grid.index(1, 0), grid.index(1, 2)};
  EXPECT_FALSE(smoothPath(grid, bad, SmoothingOptions{}, points).ok());
  EXPECT_TRUE(lineOfSight(grid, grid.index(1, 0), grid.index(1, 1)));
  EXPECT_FALSE(lineOfSight(grid, grid.index(1, 0), grid.index(1, 2)));
}

}  // namespace
}  // namespace astar
