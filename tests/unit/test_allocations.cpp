// Zero heap allocations per query after warm-up, counted by replacing global operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "astar/hierarchical.h"
#include "astar/landmarks.h"
#include "astar/replanner.h"
#include "astar/search.h"
#include "astar/subgoal_graph.h"
#include "reference.h"

// g++ 12 at -O1/-O2 inlines these replacements and then flags free() on memory "from operator
// new" (-Wmismatched-new-delete): here both sides are ours and match (malloc/free).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
std::atomic<long> allocations{0};
}

// AddressSanitizer owns the allocator (it checks that new/delete and malloc/free pair up), so
// the counting replacement exists only in the plain builds; the release build runs this test.
#ifndef ASTAR_SANITIZED_BUILD
void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#endif

using namespace astar;

TEST(Allocations, NonePerQueryAfterWarmUp) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  astar::testing::Rng rng(9);
  astar::testing::RandomMapOptions mapOptions;
  mapOptions.minSide = 40;
  mapOptions.maxSide = 60;
  const Grid grid = astar::testing::randomGrid(rng, mapOptions);
  LandmarkTable<Grid> landmarks;
  landmarks.build(grid, 4);
  GridSearch search(grid);
  std::vector<NodeId> starts, goals;
  for (int i = 0; i < 3000; ++i) {
    starts.push_back(astar::testing::randomPassable(rng, grid));
    goals.push_back(astar::testing::randomPassable(rng, grid));
  }
  std::vector<NodeId> buffer(grid.cellCount());
  auto runAll = [&] {
    std::size_t cells = 0;
    for (std::size_t i = 0; i < starts.size(); ++i) {
      SearchOptions options;
      options.algorithm = static_cast<Algorithm>(i % kAlgorithmCount);
      options.heuristic = static_cast<Heuristic>(i % kHeuristicCount);
      options.weight = 1.5;
      options.recordExpansions = i % 2 == 0;
      const NodeId several[] = {goals[i], goals[(i + 1) % goals.size()]};
      if (i % 5 == 0)
        search.begin(starts[i], several, options, &landmarks);
      else
        search.begin(starts[i], goals[i], options, &landmarks);
      while (search.step(64) == SearchStatus::InProgress) {
      }
      cells += search.copyPath(buffer);
      (void)search.h(starts[i]);
    }
    return cells;
  };
  runAll();  // warm-up: first use of each buffer at this map size
  const long before = allocations.load();
  const std::size_t cells = runAll();
  const long after = allocations.load();
  EXPECT_GT(cells, 0u);
  EXPECT_EQ(after - before, 0) << "allocations during " << starts.size() << " queries after warm-up";
  // The counter works: a fresh search object does allocate.
  const long beforeFresh = allocations.load();
  {
    GridSearch fresh(grid);
    fresh.begin(starts[0], goals[0], SearchOptions{});
    fresh.run();
  }
  EXPECT_GT(allocations.load(), beforeFresh);
}

// Agents above one cell (SearchOptions::agentSize): the search keeps its clearance map, so queries
// between edits repair it (or rebuild it, after a rule change) without allocating.
TEST(Allocations, AgentSizeNonePerQueryAfterWarmUpAcrossEdits) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  astar::testing::Rng rng(12);
  Grid grid = astar::testing::randomGrid(rng, astar::testing::plainMapOptions(50, 60, 0.1));
  GridSearch search(grid);
  std::vector<NodeId> ends;
  for (int i = 0; i < 400; ++i) ends.push_back(astar::testing::randomPassable(rng, grid));
  std::size_t found = 0;
  auto runAll = [&](bool edit) {
    for (std::size_t i = 0; i + 1 < ends.size(); ++i) {
      if (edit && i % 10 == 0) {
        (void)grid.setWall(rng.below(grid.width()), rng.below(grid.height()));
        (void)grid.setCost(rng.below(grid.width()), rng.below(grid.height()), 1.0);
      }
      if (edit && i % 100 == 50) grid.setDiagonal(i % 200 == 50 ? DiagonalMovement::Always : DiagonalMovement::Never);
      SearchOptions options;
      options.agentSize = 1 + static_cast<int>(i % 4);
      // JPS for sizes above 1 only: it runs as A* then (its own tables are not what is counted here).
      options.algorithm = i % 3 == 0 && options.agentSize > 1 ? Algorithm::JumpPoint : Algorithm::AStar;
      if (search.begin(ends[i], ends[i + 1], options) == SearchStatus::InProgress)
        found += search.run() == SearchStatus::Found;
    }
  };
  runAll(false);  // warm-up: the search's buffers and its clearance map at this map size
  const long before = allocations.load();
  runAll(true);
  EXPECT_EQ(allocations.load() - before, 0) << "allocations during queries of agents of sizes 1-4 between edits";
  EXPECT_GT(found, 200u);
}

// The change journal: cell edits after reset() allocate nothing, also when the journal is full
// and drops its older half (thousands of edits), and reading it neither. (A portal edit
// re-sorts the grid's portal edges, which may allocate: portals are few and rarely edited.)
TEST(Allocations, JournalEditsNoneAfterReset) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  Grid grid(96, 96);
  JournalMark mark = grid.journalMark();
  std::size_t seen = 0;
  const long before = allocations.load();
  for (int i = 0; i < 20000; ++i) {
    const int x = i % 96, y = (i / 96) % 96;
    if (i % 3 == 0)
      (void)grid.setWall(x, y);
    else
      (void)grid.setCost(x, y, 1.0 + i % 4);
    if (i % 100 == 0) {
      seen += grid.changesSince(mark).cells.size();
      mark = grid.journalMark();
    }
  }
  EXPECT_EQ(allocations.load() - before, 0);
  EXPECT_GT(seen, 10000u);
}

// HPA*: after a build and a few queries, further queries on the same abstraction allocate nothing
// (the caller's path vector has room for any path).
TEST(Allocations, HierarchicalNonePerQueryAfterWarmUp) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  astar::testing::Rng rng(17);
  astar::testing::RandomMapOptions mapOptions;
  mapOptions.minSide = 60;
  mapOptions.maxSide = 80;
  const Grid grid = astar::testing::randomGrid(rng, mapOptions);
  HierarchicalMap hpa(grid);
  ASSERT_TRUE(hpa.build({8}).ok());
  std::vector<NodeId> path;
  path.reserve(grid.cellCount());
  auto query = [&] {
    const NodeId s = astar::testing::randomPassable(rng, grid), g = astar::testing::randomPassable(rng, grid);
    return hpa.findPath(s, g, path) == SearchStatus::Found;
  };
  for (int i = 0; i < 5; ++i) (void)query();
  const long before = allocations.load();
  int found = 0;
  for (int i = 0; i < 300; ++i) found += query() ? 1 : 0;
  EXPECT_EQ(allocations.load() - before, 0) << "allocations in 300 HPA* queries";
  EXPECT_GT(found, 0);
}

// Agents bigger than one cell: each size's abstraction is built by its first query (that one
// allocates); after a warm-up of every size, queries of any of them allocate nothing.
TEST(Allocations, HierarchicalAgentSizesNonePerQueryAfterTheirFirst) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  astar::testing::Rng rng(34);
  const Grid grid = astar::testing::randomGrid(rng, astar::testing::plainMapOptions(60, 80, 0.1));
  HierarchicalMap hpa(grid);
  ASSERT_TRUE(hpa.build({8}).ok());
  std::vector<NodeId> path;
  path.reserve(grid.cellCount());
  int found = 0;  // paths of a size above 1 (a random cell without room for it is refused, also without allocating)
  auto query = [&](int k) {
    const NodeId s = astar::testing::randomPassable(rng, grid), g = astar::testing::randomPassable(rng, grid);
    found += hpa.findPath(s, g, path, k) == SearchStatus::Found && k > 1 ? 1 : 0;
  };
  for (int k = 1; k <= 3; ++k)
    for (int i = 0; i < 5; ++i) query(k);
  const long before = allocations.load();
  found = 0;
  for (int i = 0; i < 300; ++i) query(1 + i % 3);
  EXPECT_EQ(allocations.load() - before, 0) << "allocations in 300 HPA* queries of sizes 1-3";
  EXPECT_GT(found, 30);
}

// The subgoal graph: its query buffers (open lists, links, the unpacking stack) grow to the
// largest query seen and are kept, so after a warm-up queries allocate nothing.
TEST(Allocations, SubgoalGraphNonePerQueryAfterWarmUp) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  astar::testing::Rng rng(36);
  astar::testing::RandomMapOptions mapOptions;
  mapOptions.minSide = 60;
  mapOptions.maxSide = 80;
  mapOptions.terrainChance = 0.0;
  mapOptions.wrap = false;
  mapOptions.maxPortals = 0;
  mapOptions.oneWayChance = 0.0;
  mapOptions.randomMovement = false;
  const Grid grid = astar::testing::randomGrid(rng, mapOptions);
  SubgoalGraph graph(grid);
  ASSERT_TRUE(graph.build().ok());
  std::vector<NodeId> path;
  path.reserve(grid.cellCount());
  auto query = [&] {
    const NodeId s = astar::testing::randomPassable(rng, grid), g = astar::testing::randomPassable(rng, grid);
    return graph.findPath(s, g, path) == SearchStatus::Found;
  };
  for (int i = 0; i < 100; ++i) (void)query();
  const long before = allocations.load();
  int found = 0;
  for (int i = 0; i < 300; ++i) found += query() ? 1 : 0;
  EXPECT_EQ(allocations.load() - before, 0) << "allocations in 300 subgoal graph queries";
  EXPECT_GT(found, 200);
}

// D* Lite (astar::Replanner): after plan(), moving the start, notifying edits and repairing
// allocate nothing (the expanded-cells list is recorded too).
TEST(Allocations, NonePerReplanRepairAfterPlan) {
#ifdef ASTAR_SANITIZED_BUILD
  GTEST_SKIP() << "allocation counting needs the plain allocator; it runs in the release build";
#endif
  astar::testing::Rng rng(11);
  astar::testing::RandomMapOptions mapOptions;
  mapOptions.minSide = 40;
  mapOptions.maxSide = 60;
  Grid grid = astar::testing::randomGrid(rng, mapOptions);
  Replanner replanner(grid);
  replanner.setRecordExpanded(true);
  NodeId start = astar::testing::randomPassable(rng, grid);
  const NodeId goal = astar::testing::randomPassable(rng, grid);
  std::vector<NodeId> buffer(grid.cellCount());
  long during = 0;
  int repairs = 0;
  ASSERT_EQ(replanner.plan(start, goal), ReplanStatus::Found);
  for (int i = 0; i < 300; ++i) {
    const NodeId cell = astar::testing::randomPassable(rng, grid);
    if (cell == start || cell == goal) continue;
    const long before = allocations.load();
    (void)grid.setCost(grid.xOf(cell), grid.yOf(cell), 1.0 + rng.below(3));  // the journal keeps it, reserved
    if (replanner.status() == ReplanStatus::Found && replanner.path().size() > 1)
      (void)replanner.moveStart(replanner.path()[1]);
    replanner.repair();
    (void)replanner.copyPath(buffer);
    during += allocations.load() - before;
    ++repairs;
    if (replanner.status() != ReplanStatus::Found || replanner.path().size() < 2) break;
    start = replanner.start();
  }
  EXPECT_GT(repairs, 20);
  EXPECT_EQ(during, 0) << "allocations during " << repairs << " repairs";
}
