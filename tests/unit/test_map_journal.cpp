// The grid's change journal (map_journal.h): what a mark sees, and every incremental structure
// that reads it (flow field, HPA*, D* Lite, JPS+ tables, the navigation mesh, the clearance map) equal to one built
// from scratch after each random batch of edits (cells, rules, wrap, portals).
#include "astar/map_journal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "astar/clearance.h"
#include "astar/flow_field.h"
#include "astar/grid.h"
#include "astar/hierarchical.h"
#include "astar/navmesh.h"
#include "astar/replanner.h"
#include "astar/search.h"
#include "reference.h"

namespace astar {
namespace {

using testing::Rng;

TEST(MapJournal, AMarkSeesTheCellsAndPortalEndsEditedSinceIt) {
  Grid grid(8, 6);
  const JournalMark before = grid.journalMark();
  EXPECT_TRUE(grid.changesSince(before).none());
  ASSERT_TRUE(grid.setWall(2, 3).ok());
  ASSERT_TRUE(grid.setCost(4, 1, 3.0).ok());
  const JournalMark middle = grid.journalMark();
  ASSERT_TRUE(grid.setEntryMask(5, 5, directionBit(North)).ok());
  ASSERT_TRUE(grid.addPortal(0, 0, 7, 5, 1.0, true).ok());

  const MapChanges all = grid.changesSince(before);
  EXPECT_FALSE(all.everything);
  EXPECT_EQ(std::vector<NodeId>(all.cells.begin(), all.cells.end()),
            (std::vector<NodeId>{grid.index(2, 3), grid.index(4, 1), grid.index(5, 5)}));
  EXPECT_EQ(std::vector<NodeId>(all.portalEnds.begin(), all.portalEnds.end()),
            (std::vector<NodeId>{grid.index(0, 0), grid.index(7, 5)}));
  const MapChanges later = grid.changesSince(middle);
  EXPECT_EQ(std::vector<NodeId>(later.cells.begin(), later.cells.end()), (std::vector<NodeId>{grid.index(5, 5)}));
  EXPECT_EQ(later.portalEnds.size(), 2u);
  EXPECT_TRUE(grid.changesSince(grid.journalMark()).none());

  // A wall set on a wall changes nothing and records nothing.
  const JournalMark now = grid.journalMark();
  ASSERT_TRUE(grid.setWall(2, 3).ok());
  EXPECT_TRUE(grid.changesSince(now).none());
  // Removing the portal records its ends again.
  grid.removePortal(0);
  EXPECT_EQ(grid.changesSince(now).portalEnds.size(), 2u);
}

TEST(MapJournal, RulesResizesCopiesAndOldMarksSeeEverything) {
  Grid grid(10, 10);
  JournalMark mark = grid.journalMark();
  ASSERT_TRUE(grid.setWrap(true, false).ok());
  EXPECT_TRUE(grid.changesSince(mark).everything);
  mark = grid.journalMark();
  grid.setDiagonal(DiagonalMovement::Never);
  EXPECT_TRUE(grid.changesSince(mark).everything);
  mark = grid.journalMark();
  grid.setCostModel(CostModel::Integer);
  EXPECT_TRUE(grid.changesSince(mark).everything);
  mark = grid.journalMark();
  ASSERT_TRUE(grid.setTopology(Topology::Hex).ok());
  EXPECT_TRUE(grid.changesSince(mark).everything);
  mark = grid.journalMark();
  ASSERT_TRUE(grid.reset(12, 9).ok());
  EXPECT_TRUE(grid.changesSince(mark).everything);

  // A copy is another map for marks; so is an assignment into the same object, whose revision
  // still never goes back (a cache keyed on the revision alone stays right).
  mark = grid.journalMark();
  const Grid copy = grid;
  EXPECT_TRUE(copy.changesSince(mark).everything);
  EXPECT_GT(copy.revision(), grid.revision());
  const std::uint64_t revisionBefore = grid.revision();
  Grid other(3, 3);
  grid = other;
  EXPECT_TRUE(grid.changesSince(mark).everything);
  EXPECT_GT(grid.revision(), revisionBefore);
  // A mark of one grid never matches another, whatever their revisions.
  EXPECT_TRUE(other.changesSince(grid.journalMark()).everything);
}

TEST(MapJournal, AFullJournalMakesOlderMarksSeeEverythingAndKeepsNewerOnes) {
  Grid grid(64, 64);
  const std::size_t capacity = MapJournal::capacityFor(grid.cellCount());
  EXPECT_EQ(capacity, 1024u);
  auto edit = [&](std::size_t i) { ASSERT_TRUE(grid.setCost(static_cast<int>(i % 64), 0, 2.0 + (i % 2)).ok()); };
  const JournalMark old = grid.journalMark();
  for (std::size_t i = 0; i < capacity; ++i) edit(i);
  EXPECT_EQ(grid.changesSince(old).cells.size(), capacity);  // still whole
  const JournalMark recent = grid.journalMark();
  for (std::size_t i = 0; i < capacity / 2; ++i) edit(i);  // the older half goes at the first of these
  EXPECT_TRUE(grid.changesSince(old).everything);
  const MapChanges since = grid.changesSince(recent);
  EXPECT_FALSE(since.everything);
  EXPECT_EQ(since.cells.size(), capacity / 2);
  EXPECT_EQ(since.cells.back(), grid.index(static_cast<int>((capacity / 2 - 1) % 64), 0));
  // Thousands of edits later, a mark half a journal old is still served.
  for (std::size_t i = 0; i < 10 * capacity; ++i) edit(i);
  const JournalMark late = grid.journalMark();
  for (std::size_t i = 0; i < capacity / 2; ++i) edit(i);
  EXPECT_EQ(grid.changesSince(late).cells.size(), capacity / 2);
}

// One random batch of 1-6 edits: cells (wall, cost, entry mask) most often, sometimes a portal
// added or removed, a wrap or movement rule changed. `uniform`: walls and rules only (JPS+ maps).
void randomBatch(Rng& rng, Grid& grid, bool uniform) {
  const int edits = 1 + rng.below(6);
  for (int e = 0; e < edits; ++e) {
    const int x = rng.below(grid.width()), y = rng.below(grid.height());
    const int kind = rng.below(20);
    if (kind < 8) {
      (void)grid.setWall(x, y);
    } else if (kind < 14) {
      (void)grid.setCost(x, y, uniform ? 1.0 : 1.0 + rng.below(4));
    } else if (kind < 16 && !uniform) {
      (void)grid.setEntryMask(x, y, rng.chance(0.5) ? kAllDirections : static_cast<std::uint8_t>(rng.next() | 1u));
    } else if (kind < 18 && !uniform) {
      if (!grid.portals().empty() && rng.chance(0.5)) {
        grid.removePortal(static_cast<std::size_t>(rng.below(static_cast<int>(grid.portals().size()))));
      } else if (x != grid.width() - 1 - x || y != 0) {
        (void)grid.addPortal(x, y, grid.width() - 1 - x, 0, 0.5 + rng.below(3), rng.chance(0.5));
      }
    } else if (kind == 18 && !uniform) {
      (void)grid.setWrap(rng.chance(0.5), rng.chance(0.3));
    } else if (kind == 19) {
      grid.setDiagonal(uniform ? (rng.chance(0.5) ? DiagonalMovement::OnlyWhenNoObstacles : DiagonalMovement::Never)
                               : static_cast<DiagonalMovement>(rng.below(4)));
    }
  }
}

void expectSameField(const Grid& grid, const FlowField& field, const std::string& where) {
  FlowField fresh;
  ASSERT_TRUE(fresh.build(grid, field.goals()).ok()) << where;
  ASSERT_EQ(field.distances().size(), fresh.distances().size()) << where;
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    const double a = field.distance(n), b = fresh.distance(n);
    if (std::isinf(a) || std::isinf(b)) {
      ASSERT_EQ(a, b) << where << " cell " << n;
    } else {
      ASSERT_NEAR(a, b, 1e-9 * (1.0 + b)) << where << " cell " << n;
    }
  }
}

void expectSameAbstraction(const Grid& grid, const HierarchicalMap& incremental, int clusterSize,
                           const std::string& where) {
  HierarchicalMap full(grid);
  ASSERT_TRUE(full.build({clusterSize}).ok()) << where;
  ASSERT_TRUE(
      std::equal(incremental.nodes().begin(), incremental.nodes().end(), full.nodes().begin(), full.nodes().end()))
      << where << ": abstract nodes differ";
  std::vector<AbstractEdge> a, b;
  incremental.edges(a);
  full.edges(b);
  ASSERT_EQ(a, b) << where << ": abstract edges differ";
}

// Flow field, HPA* and D* Lite on maps with every feature; each reads the journal after each
// batch and must equal a structure built from scratch on the edited map.
TEST(MapJournal, EveryIncrementalStructureEqualsAFreshOneAfterEachBatch) {
  Rng rng(2026);
  testing::RandomMapOptions options;
  options.minSide = 8;
  options.maxSide = 22;
  int repairs = 0, rebuilds = 0, replans = 0, dstarRepairs = 0, dstarStartedOver = 0;
  for (int map = 0; map < 120; ++map) {
    Grid grid = testing::randomGrid(rng, options);
    const NodeId start = testing::randomPassable(rng, grid), goal = testing::randomPassable(rng, grid);
    if (start == kNoNode || start == goal) continue;
    FlowField field;
    ASSERT_TRUE(field.build(grid, std::vector<NodeId>{goal}).ok());
    const int clusterSize = kMinClusterSize + rng.below(4);
    HierarchicalMap hpa(grid);
    ASSERT_TRUE(hpa.build({clusterSize}).ok());
    Replanner dstar(grid);
    dstar.plan(start, goal);
    for (int round = 0; round < 8; ++round) {
      randomBatch(rng, grid, false);
      const std::string where = "map " + std::to_string(map) + " round " + std::to_string(round);
      field.update(grid);
      (field.stats().lastWasRebuild ? rebuilds : repairs) += 1;
      expectSameField(grid, field, where + " (flow field)");
      ASSERT_TRUE(hpa.refresh().ok()) << where;
      EXPECT_FALSE(hpa.stale()) << where;
      expectSameAbstraction(grid, hpa, clusterSize, where + " (HPA*)");
      if (!grid.passable(start) || !grid.passable(goal)) continue;  // D* Lite needs both ends open
      if (dstar.start() != start || dstar.status() == ReplanStatus::InvalidInput) {
        dstar.plan(start, goal);
        ++replans;
      } else {
        dstar.repair();
        ++dstarRepairs;
        dstarStartedOver += dstar.stats().startedOver;
      }
      Replanner fresh(grid);
      const ReplanStatus freshStatus = fresh.plan(start, goal);
      ASSERT_EQ(dstar.status(), freshStatus) << where << " (D* Lite)";
      if (freshStatus == ReplanStatus::Found) {
        ASSERT_NEAR(dstar.cost(), fresh.cost(), 1e-9 * (1.0 + fresh.cost())) << where;
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::printf("[ journal  ] flow field: %d repairs, %d rebuilds; D* Lite: %d repairs (%d started over), %d plans\n",
              repairs, rebuilds, dstarRepairs, dstarStartedOver, replans);
  // The batches exercised both paths of each structure.
  EXPECT_GT(repairs, 400);
  EXPECT_GT(rebuilds, 50);
  EXPECT_GT(dstarRepairs - dstarStartedOver, 200);
  EXPECT_GT(dstarStartedOver, 30);
}

// JPS+ tables (kept by a GridSearch across queries) on uniform maps: after each batch the kept
// search answers exactly as a fresh one (same cost, same expansions).
TEST(MapJournal, JumpPointPlusTablesFollowTheJournal) {
  Rng rng(77);
  testing::RandomMapOptions options;
  options.minSide = 8;
  options.maxSide = 16;  // goal-bounding tables cost a Dijkstra per open cell per rebuild
  options.terrainChance = 0.0;
  options.oneWayChance = 0.0;
  options.wrap = false;
  options.maxPortals = 0;
  options.randomMovement = false;
  SearchOptions jpsPlus;
  jpsPlus.algorithm = Algorithm::JumpPointPlus;
  int compared = 0;
  for (int map = 0; map < 70; ++map) {
    Grid grid = testing::randomGrid(rng, options);
    GridSearch kept(grid);
    for (int round = 0; round < 8; ++round) {
      if (round > 0) randomBatch(rng, grid, true);
      const NodeId start = testing::randomPassable(rng, grid), goal = testing::randomPassable(rng, grid);
      if (start == kNoNode) break;
      GridSearch fresh(grid);
      const SearchStatus a = kept.begin(start, goal, jpsPlus) == SearchStatus::InProgress ? kept.run() : kept.status();
      const SearchStatus b =
          fresh.begin(start, goal, jpsPlus) == SearchStatus::InProgress ? fresh.run() : fresh.status();
      const std::string where = "map " + std::to_string(map) + " round " + std::to_string(round);
      ASSERT_EQ(a, b) << where;
      ASSERT_EQ(kept.stats().pathCost, fresh.stats().pathCost) << where;
      ASSERT_EQ(kept.stats().expanded, fresh.stats().expanded) << where;
      ++compared;
    }
  }
  EXPECT_GT(compared, 450);
}

// The navigation mesh on the maps it takes (no wrap, portals or one-way cells; several tiles):
// after each batch of walls, costs and rule changes, refresh() equals a fresh build polygon by
// polygon and portal by portal.
TEST(MapJournal, NavMeshFollowsTheJournal) {
  Rng rng(34);
  testing::RandomMapOptions options;
  options.minSide = 8;
  options.maxSide = 40;
  options.oneWayChance = 0.0;
  options.wrap = false;
  options.maxPortals = 0;
  int partial = 0, full = 0;
  std::vector<NavPortal> a, b;
  for (int map = 0; map < 60; ++map) {
    Grid grid = testing::randomGrid(rng, options);
    NavMesh mesh(grid);
    ASSERT_TRUE(mesh.build().ok());
    for (int round = 0; round < 8; ++round) {
      const int edits = 1 + rng.below(6);
      for (int e = 0; e < edits; ++e) {
        const int x = rng.below(grid.width()), y = rng.below(grid.height()), kind = rng.below(20);
        if (kind < 9)
          (void)grid.setWall(x, y);
        else if (kind < 19)
          (void)grid.setCost(x, y, 1.0 + rng.below(4));
        else
          grid.setDiagonal(static_cast<DiagonalMovement>(rng.below(4)));
      }
      const std::string where = "map " + std::to_string(map) + " round " + std::to_string(round);
      ASSERT_TRUE(mesh.refresh().ok()) << where;
      EXPECT_FALSE(mesh.stale()) << where;
      (mesh.stats().fullBuild ? full : partial) += 1;
      NavMesh fresh(grid);
      ASSERT_TRUE(fresh.build().ok()) << where;
      ASSERT_EQ(mesh.polygonCount(), fresh.polygonCount()) << where;
      for (std::uint32_t id = 0; id < mesh.polygonCount(); ++id) {
        ASSERT_EQ(mesh.polygon(id), fresh.polygon(id)) << where << " polygon " << id;
        mesh.portalsOf(id, a);
        fresh.portalsOf(id, b);
        ASSERT_EQ(a, b) << where << " portals of polygon " << id;
      }
    }
  }
  EXPECT_GT(partial, 300);  // most batches rebuilt only the tiles they touched
  EXPECT_GT(full, 10);      // and a rule change rebuilt everything
}

// The clearance map (clearance.h): after each random batch (cells, portals, wrap, rules), refresh()
// equals a fresh build and brute force; a batch of cell edits repairs only the cells it reaches.
TEST(MapJournal, ClearanceMapFollowsTheJournal) {
  Rng rng(88);
  testing::RandomMapOptions options;
  options.minSide = 24;
  options.maxSide = 64;
  int repaired = 0, rebuilt = 0;
  for (int map = 0; map < 40; ++map) {
    options.wallDensity = map % 2 == 0 ? 0.02 : 0.25;  // sparse walls: clearances up to the cap
    Grid grid = testing::randomGrid(rng, options);
    ClearanceMap kept;
    kept.refresh(grid);
    for (int round = 0; round < 10; ++round) {
      randomBatch(rng, grid, false);
      kept.refresh(grid);
      (kept.lastRefreshCells() < grid.cellCount() ? repaired : rebuilt) += 1;
      ClearanceMap fresh;
      fresh.refresh(grid);
      const std::string where = "map " + std::to_string(map) + " round " + std::to_string(round);
      for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x) {
          const NodeId n = grid.index(x, y);
          ASSERT_EQ(kept.at(n), fresh.at(n)) << where << " at (" << x << ", " << y << ")";
          ASSERT_EQ(kept.at(n), testing::referenceClearance(grid, x, y, kMaxAgentSize)) << where;
        }
    }
  }
  EXPECT_GT(repaired, 200);
  EXPECT_GT(rebuilt, 50);  // a rule change rebuilds
}

}  // namespace
}  // namespace astar
