// The flow field of a k x k agent (FlowField::setAgentSize): on random maps without wrap (walls,
// terrain, portals, one-way cells, every movement rule) and sizes 1-4 its distances equal a
// reference Dijkstra over the anchors with clearance >= k (tests/support/reference.h: the map
// with every cell a k x k square does not fit on walled, moves from the documented rules), its
// next steps are moves of that agent, it follows edits, and it refuses hex and wrapping maps.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents_test_maps.h"
#include "astar/flow_field.h"
#include "reference.h"

namespace astar {
namespace {

using testing::nearlyEqual;

// Distances against the reference, and every next step is one of the agent's moves with
// d(n) = d(next) + its cost.
void expectAgentField(const Grid& grid, const FlowField& field, const std::vector<NodeId>& goals, int k,
                      const std::string& where) {
  const Grid agentGrid = testing::referenceAgentGrid(grid, k);
  const std::vector<double> expected =
      testing::referenceDistancesToGoals(agentGrid, testing::passableGoals(agentGrid, goals));
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    ASSERT_TRUE(nearlyEqual(expected[n], field.distance(n)))
        << where << " cell " << n << ": reference " << expected[n] << ", field " << field.distance(n);
    const NodeId v = field.next(n);
    if (v == kNoNode) continue;
    bool tight = false;
    for (const testing::Edge& e : testing::referenceMoves(agentGrid, n))
      tight = tight || (e.to == v && nearlyEqual(field.distance(v) + e.cost, field.distance(n)));
    ASSERT_TRUE(tight) << where << " cell " << n << " -> " << v << " is not a tight move of a " << k << " x " << k
                       << " agent";
  }
}

TEST(FlowFieldAgentSize, EqualsReferenceDijkstraOverTheAnchorsThatFit) {
  testing::Rng rng(34);
  testing::RandomMapOptions options;
  options.wrap = false;
  options.minSide = 6;
  options.maxSide = 22;
  int reachedBySize[5] = {};
  for (int map = 0; map < 150; ++map) {
    options.wallDensity = map % 2 == 0 ? 0.04 : 0.15;  // open maps, where big agents reach far, and cluttered ones
    const Grid grid = testing::randomGrid(rng, options);
    std::vector<NodeId> goals;
    for (int i = 0, count = 1 + rng.below(3); i < count; ++i)
      goals.push_back(static_cast<NodeId>(rng.below(static_cast<int>(grid.cellCount()))));
    for (int k = 1; k <= 4; ++k) {
      FlowField field;
      ASSERT_TRUE(field.setAgentSize(grid, k).ok());
      ASSERT_TRUE(field.build(grid, goals).ok());
      EXPECT_EQ(field.agentSize(), k);
      const std::string where = "map " + std::to_string(map) + " size " + std::to_string(k);
      expectAgentField(grid, field, goals, k, where);
      for (NodeId n = 0; n < grid.cellCount(); ++n) reachedBySize[k] += field.reachable(n) && field.next(n) != kNoNode;
    }
  }
  // Seed 34 gives 24,816 / 12,357 / 5,019 / 1,787 for sizes 1 to 4: every size is exercised.
  for (int k = 1; k <= 4; ++k) EXPECT_GT(reachedBySize[k], 1000) << "size " << k << " reached few cells";
}

TEST(FlowFieldAgentSize, FollowsEditsAndSizeChanges) {
  testing::Rng rng(35);
  testing::RandomMapOptions options;
  options.wrap = false;
  options.maxPortals = 0;
  for (int map = 0; map < 40; ++map) {
    Grid grid = testing::randomGrid(rng, options);
    const std::vector<NodeId> goals = {static_cast<NodeId>(rng.below(static_cast<int>(grid.cellCount())))};
    FlowField field;
    ASSERT_TRUE(field.build(grid, goals).ok());
    ASSERT_TRUE(field.setAgentSize(grid, 2).ok());  // an existing field is rebuilt for the new size
    expectAgentField(grid, field, goals, 2, "map " + std::to_string(map) + " after setAgentSize");
    for (int edit = 0; edit < 3; ++edit) {
      const int x = rng.below(grid.width()), y = rng.below(grid.height());
      if (grid.passable(x, y))
        (void)grid.setWall(x, y);
      else
        (void)grid.setCost(x, y, 1.0);
      field.update(grid);
      expectAgentField(grid, field, goals, 2, "map " + std::to_string(map) + " edit " + std::to_string(edit));
    }
    const std::uint64_t builds = field.stats().builds;
    field.update(grid);  // nothing changed: no rebuild
    EXPECT_EQ(field.stats().builds, builds);
    ASSERT_TRUE(field.setAgentSize(grid, 1).ok());
    expectAgentField(grid, field, goals, 1, "map " + std::to_string(map) + " back to size 1");
  }
}

TEST(FlowFieldAgentSize, RefusesWhatTheSearchRefuses) {
  Grid wrapping(10, 8);
  ASSERT_TRUE(wrapping.setWrap(true, false).ok());
  FlowField field;
  const Error refused = field.setAgentSize(wrapping, 2);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message, agentSizeProblem(wrapping, 2));
  EXPECT_EQ(field.agentSize(), 1);
  EXPECT_TRUE(field.setAgentSize(wrapping, 1).ok());

  Grid hex(10, 8);
  ASSERT_TRUE(hex.setTopology(Topology::Hex).ok());
  EXPECT_FALSE(field.setAgentSize(hex, 3).ok());
  EXPECT_FALSE(field.setAgentSize(Grid(4, 4), kMaxAgentSize + 1).ok());

  // A sized field whose map then wraps has no route (the search refuses that agent there too).
  Grid grid(10, 8);
  ASSERT_TRUE(field.setAgentSize(grid, 2).ok());
  const std::vector<NodeId> goals = {grid.index(5, 5)};
  ASSERT_TRUE(field.build(grid, goals).ok());
  EXPECT_TRUE(field.reachable(grid.index(0, 0)));
  ASSERT_TRUE(grid.setWrap(true, false).ok());
  field.update(grid);
  for (NodeId n = 0; n < grid.cellCount(); ++n) EXPECT_FALSE(field.reachable(n)) << "cell " << n;
}

}  // namespace
}  // namespace astar
