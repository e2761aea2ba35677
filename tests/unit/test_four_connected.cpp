// The benchmark's 4-connected set (bench/four_connected_set.cpp) takes its optimal lengths
// from our Dijkstra on the 4-connected grid. Here that Dijkstra, and A* and JPS+ (which falls
// back to A* on 4-connected grids), are checked against a breadth-first search written from
// the rules alone (4 neighbours, unit steps, wrap where the grid wraps) on Moving AI maps and on
// arcade mazes with wrap-around tunnels.
#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/generators.h"
#include "astar/search.h"
#include "bench_maps.h"

namespace {

using astar::Grid;
using astar::NodeId;

// Steps from `source` to every cell (-1: unreachable).
std::vector<int> bfs(const Grid& g, NodeId source) {
  std::vector<int> steps(g.cellCount(), -1);
  std::deque<NodeId> queue{source};
  steps[source] = 0;
  const int w = g.width(), h = g.height();
  while (!queue.empty()) {
    const NodeId u = queue.front();
    queue.pop_front();
    const int x = static_cast<int>(u % static_cast<NodeId>(w)), y = static_cast<int>(u / static_cast<NodeId>(w));
    const int moves[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& m : moves) {
      int nx = x + m[0], ny = y + m[1];
      if (g.wrapX()) nx = (nx + w) % w;
      if (g.wrapY()) ny = (ny + h) % h;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const NodeId v = static_cast<NodeId>(ny) * static_cast<NodeId>(w) + static_cast<NodeId>(nx);
      if (!g.passable(v) || steps[v] >= 0) continue;
      steps[v] = steps[u] + 1;
      queue.push_back(v);
    }
  }
  return steps;
}

void checkAgainstBfs(const Grid& g, int sources, const std::string& what) {
  for (NodeId n = 0; n < g.cellCount(); ++n) {
    if (g.passable(n)) {
      ASSERT_EQ(g.cost(n), 1.0) << what << ": the BFS reference needs unit costs";
    }
  }
  ASSERT_EQ(g.straightCost(), 1.0);
  std::vector<NodeId> open;
  for (NodeId n = 0; n < g.cellCount(); ++n)
    if (g.passable(n)) open.push_back(n);
  ASSERT_FALSE(open.empty());
  astar::GridSearch search(g);
  int checked = 0;
  for (int i = 0; i < sources; ++i) {
    const NodeId s = open[(static_cast<std::size_t>(i) * 7919u) % open.size()];
    const std::vector<int> steps = bfs(g, s);
    for (int j = 0; j < 8; ++j) {
      const NodeId t =
          open[(static_cast<std::size_t>(i) * 104729u + static_cast<std::size_t>(j) * 15485863u) % open.size()];
      for (astar::Algorithm a :
           {astar::Algorithm::Dijkstra, astar::Algorithm::AStar, astar::Algorithm::JumpPointPlus}) {
        astar::SearchOptions o;
        o.algorithm = a;
        search.begin(s, t, o);
        const astar::SearchStatus status = search.run();
        if (steps[t] < 0) {
          ASSERT_EQ(status, astar::SearchStatus::NoPath) << what;
          continue;
        }
        ASSERT_EQ(status, astar::SearchStatus::Found) << what;
        ASSERT_EQ(search.stats().pathCost, static_cast<double>(steps[t]))
            << what << ": " << astar::algorithmName(a) << " from " << s << " to " << t;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, sources * 8);
}

TEST(FourConnected, DijkstraMatchesBreadthFirstOnMovingAiMaps) {
  for (const char* name : {"arena", "den312d", "Berlin_0_256"}) {
    astar::MapDocument doc;
    astar::Scenario scen;
    const std::string problem = astar::testing::loadBenchMap(name, doc, scen);
    if (!problem.empty()) GTEST_SKIP() << "needs ../shared/maps-bench (" << problem << ")";
    doc.grid.setDiagonal(astar::DiagonalMovement::Never);
    checkAgainstBfs(doc.grid, 12, name);
  }
}

TEST(FourConnected, DijkstraMatchesBreadthFirstOnArcadeMazesWithWrap) {
  for (int k = 0; k < 3; ++k) {
    astar::GeneratorOptions o;
    o.width = 28 << k;
    o.height = 31 << k;
    o.seed = static_cast<std::uint64_t>(k + 1);
    o.tunnels = 2;
    astar::MapDocument doc;
    ASSERT_FALSE(astar::generateMap("arcade", o, doc)) << "arcade " << k;
    ASSERT_EQ(doc.grid.diagonal(), astar::DiagonalMovement::Never);
    ASSERT_TRUE(doc.grid.wrapX()) << "the tunnels wrap";
    checkAgainstBfs(doc.grid, 10, "arcade " + std::to_string(o.width));
  }
}

}  // namespace
