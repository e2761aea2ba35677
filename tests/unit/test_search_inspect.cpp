// What the playground's teaching views read between steps: the open list in expansion order
// (Search::openList) and the record of one expansion (SearchOptions::traceExpansions,
// Search::lastExpansion), checked against what the search then really does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "astar/search.h"
#include "reference.h"

using astar::Algorithm;
using astar::Grid;
using astar::GridSearch;
using astar::kAlgorithmCount;
using astar::kNoNode;
using astar::NodeId;
using astar::NodeState;
using astar::RelaxOutcome;
using astar::SearchOptions;
using astar::SearchStatus;

namespace {

SearchOptions optionsFor(int map) {
  SearchOptions options;
  options.algorithm = static_cast<Algorithm>(map % kAlgorithmCount);
  options.weight = 2.0;
  options.reopenClosed = map / kAlgorithmCount % 2 == 0;  // not tied to the algorithm (kAlgorithmCount is even)
  options.wrapAware = options.portalAware = map % 5 != 0;
  options.recordExpansions = true;
  options.traceExpansions = true;
  return options;
}

struct Snapshot {
  std::vector<NodeState> states;
  std::vector<double> gs;
};

Snapshot snapshot(const Grid& grid, const GridSearch& search) {
  Snapshot s;
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    s.states.push_back(search.state(n));
    s.gs.push_back(search.g(n));
  }
  return s;
}

}  // namespace

// The first entry of the open list is the node the next step expands; the list holds every
// open node exactly once (when the buffer is large enough) and a short buffer gets its prefix.
TEST(SearchInspect, OpenListIsTheExpansionOrder) {
  astar::testing::Rng rng(2611);
  std::size_t checkedSteps = 0;
  for (int map = 0; map < 400; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    GridSearch search(grid);
    const SearchOptions options = optionsFor(map);
    if (search.begin(start, goal, options) != SearchStatus::InProgress) continue;
    std::vector<NodeId> all(grid.cellCount() + 1), prefix(3);
    for (;;) {
      const std::size_t n = search.openList(all);
      ASSERT_EQ(n, search.openSize()) << "map " << map;
      std::vector<NodeId> sorted(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
      std::sort(sorted.begin(), sorted.end());
      ASSERT_TRUE(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) << "a node listed twice";
      for (NodeId v : sorted) ASSERT_EQ(search.state(v), NodeState::Open);
      const std::size_t k = search.openList(prefix);
      ASSERT_EQ(k, std::min<std::size_t>(3, n));
      ASSERT_TRUE(std::equal(prefix.begin(), prefix.begin() + static_cast<std::ptrdiff_t>(k), all.begin()));
      const NodeId next = n > 0 ? all[0] : kNoNode;
      if (search.step(1) != SearchStatus::InProgress && n == 0) break;
      if (next != kNoNode) {
        ASSERT_EQ(search.expansionOrder().back(), next) << "map " << map << ", expansion " << search.stats().expanded;
        ++checkedSteps;
      }
      if (search.status() != SearchStatus::InProgress) break;
    }
    EXPECT_EQ(search.openList(all), 0u) << "a finished search has no open list to show";
  }
  EXPECT_GT(checkedSteps, 10000u);
}

// Replaying one expansion's record over the states and g values before it gives exactly the
// states and g values after it: the record is what the code pane shows, relaxation by
// relaxation, so it must be the whole truth.
TEST(SearchInspect, ReplayingTheTraceReproducesTheExpansion) {
  astar::testing::Rng rng(2612);
  std::size_t relaxations = 0, outcomes[astar::kRelaxOutcomeCount] = {};
  for (int map = 0; map < 500; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    GridSearch search(grid);
    const SearchOptions options = optionsFor(map);
    if (search.begin(start, goal, options) != SearchStatus::InProgress) continue;
    EXPECT_EQ(search.lastExpansion().node, kNoNode) << "nothing expanded yet";
    for (;;) {
      Snapshot model = snapshot(grid, search);
      const std::uint64_t generatedBefore = search.stats().generated;
      const SearchStatus status = search.step(1);
      const astar::ExpansionTrace trace = search.lastExpansion();
      if (status == SearchStatus::NoPath) break;  // no expansion: the open list was empty
      ASSERT_EQ(trace.node, search.expansionOrder().back());
      ASSERT_EQ(trace.goal, status == SearchStatus::Found);
      ASSERT_EQ(trace.relaxations.size(), search.stats().generated - generatedBefore);
      model.states[trace.node] = NodeState::Closed;
      if (options.algorithm == astar::Algorithm::LazyTheta) {
        // Lazy Theta* checks the assumed line of sight as it expands a node, and raises its g
        // (a new parent) when the line is blocked; its relaxations start from that g.
        ASSERT_GE(search.g(trace.node), model.gs[trace.node]);
        model.gs[trace.node] = search.g(trace.node);
      }
      const double gu = model.gs[trace.node];
      for (const astar::Relaxation& r : trace.relaxations) {
        ++relaxations;
        ++outcomes[static_cast<int>(r.outcome)];
        ASSERT_EQ(r.previousState, model.states[r.node]);
        ASSERT_DOUBLE_EQ(r.tentativeG, gu + r.stepCost);
        if (r.previousState == NodeState::Unseen)
          ASSERT_TRUE(std::isinf(r.previousG));
        else
          ASSERT_EQ(r.previousG, model.gs[r.node]);
        switch (r.outcome) {
          case RelaxOutcome::Opened:
          case RelaxOutcome::Improved:
          case RelaxOutcome::Reopened:
            model.states[r.node] = NodeState::Open;
            model.gs[r.node] = r.tentativeG;
            break;
          case RelaxOutcome::NotBetter:
          case RelaxOutcome::SkippedClosed: break;
        }
      }
      const Snapshot after = snapshot(grid, search);
      ASSERT_EQ(model.states, after.states) << "map " << map << ", expansion " << search.stats().expanded;
      ASSERT_EQ(model.gs, after.gs) << "map " << map << ", expansion " << search.stats().expanded;
      if (status != SearchStatus::InProgress) break;
    }
  }
  EXPECT_GT(relaxations, 50000u);
  for (int o = 0; o < astar::kRelaxOutcomeCount; ++o)
    EXPECT_GT(outcomes[o], 0u) << "no relaxation ended " << astar::relaxOutcomeName(static_cast<RelaxOutcome>(o));
}

TEST(SearchInspect, NoRecordWithoutTracing) {
  const Grid grid = astar::testing::gridFromRows({"....", "....", "...."});
  GridSearch search(grid);
  SearchOptions options;
  ASSERT_EQ(search.begin(grid.index(0, 0), grid.index(3, 2), options), SearchStatus::InProgress);
  search.step(2);
  EXPECT_EQ(search.lastExpansion().node, kNoNode);
  EXPECT_TRUE(search.lastExpansion().relaxations.empty());
}

// A fixed case a student can follow: A* from the middle of an open 5 x 3 grid, 4-connected.
TEST(SearchInspect, FirstExpansionOfAFixedQuery) {
  Grid grid = astar::testing::gridFromRows({".....", ".....", "....."});
  grid.setDiagonal(astar::DiagonalMovement::Never);
  GridSearch search(grid);
  SearchOptions options;
  options.heuristic = astar::Heuristic::Manhattan;
  options.traceExpansions = true;
  ASSERT_EQ(search.begin(grid.index(2, 1), grid.index(4, 1), options), SearchStatus::InProgress);
  std::vector<NodeId> open(8);
  ASSERT_EQ(search.openList(open), 1u);
  EXPECT_EQ(open[0], grid.index(2, 1));
  ASSERT_EQ(search.step(1), SearchStatus::InProgress);
  const astar::ExpansionTrace trace = search.lastExpansion();
  EXPECT_EQ(trace.node, grid.index(2, 1));
  ASSERT_EQ(trace.relaxations.size(), 4u);
  for (const astar::Relaxation& r : trace.relaxations) {
    EXPECT_EQ(r.outcome, RelaxOutcome::Opened);
    EXPECT_EQ(r.tentativeG, 1.0);
  }
  // f: east 1 + 1 = 2, north and south 1 + 3 = 4, west 1 + 3 = 4: east first.
  ASSERT_EQ(search.openList(open), 4u);
  EXPECT_EQ(open[0], grid.index(3, 1));
  EXPECT_EQ(search.f(open[1]), 4.0);
  EXPECT_STREQ(astar::relaxOutcomeName(RelaxOutcome::SkippedClosed), "skipped-closed");
}

// The open list part-way through an expansion (what the code pane shows at each relaxation):
// exactly the open nodes and g values of the list before the expansion, minus the node taken,
// with the first k relaxations applied (written here from the record, not from the search);
// in key order; before the first relaxation, the list before the expansion without its first
// node, and after the last one the search's own open list, both in the search's own order.
TEST(SearchInspect, OpenListDuringAnExpansionIsTheListBeforeItWithTheRelaxationsSoFar) {
  astar::testing::Rng rng(2613);
  std::size_t checked = 0, raised = 0;
  for (int map = 0; map < 200; ++map) {
    const Grid grid = astar::testing::randomGrid(rng);
    const NodeId start = astar::testing::randomPassable(rng, grid), goal = astar::testing::randomPassable(rng, grid);
    GridSearch search(grid);
    const SearchOptions options = optionsFor(map);
    if (search.begin(start, goal, options) != SearchStatus::InProgress) continue;
    const bool byKey = astar::algorithmInfo(options.algorithm).frontier == astar::Frontier::Priority;
    std::vector<NodeId> all(grid.cellCount() + 1);
    std::vector<astar::OpenRow> rows(grid.cellCount() + 1);
    for (int expansion = 0; expansion < 60; ++expansion) {
      // The open list before the expansion: node -> g.
      std::vector<double> model(grid.cellCount(), std::numeric_limits<double>::infinity());
      const std::size_t before = search.openList(all);
      for (std::size_t i = 0; i < before; ++i) model[all[i]] = search.g(all[i]);
      const std::vector<NodeId> listBefore(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(before));
      const SearchStatus status = search.step(1);
      if (status == SearchStatus::NoPath) {
        EXPECT_EQ(search.openListDuring(0, rows), 0u);
        break;
      }
      const astar::ExpansionTrace trace = search.lastExpansion();
      model[trace.node] = std::numeric_limits<double>::infinity();
      for (std::size_t done = 0; done <= trace.relaxations.size(); ++done) {
        if (done > 0) {
          const astar::Relaxation& r = trace.relaxations[done - 1];
          if (r.outcome == RelaxOutcome::Opened || r.outcome == RelaxOutcome::Improved ||
              r.outcome == RelaxOutcome::Reopened) {
            raised += r.outcome == RelaxOutcome::Improved;
            model[r.node] = r.tentativeG;
          }
        }
        const std::size_t n = search.openListDuring(done, rows);
        std::vector<double> seen(grid.cellCount(), std::numeric_limits<double>::infinity());
        for (std::size_t i = 0; i < n; ++i) {
          ASSERT_TRUE(std::isinf(seen[rows[i].node])) << "a node listed twice";
          seen[rows[i].node] = rows[i].g;
          ASSERT_EQ(rows[i].f, search.fAt(rows[i].node, rows[i].g));
          if (byKey && i > 0) {
            ASSERT_LE(rows[i - 1].f, rows[i].f + 1e-9 * std::max(1.0, rows[i].f)) << "key order";
          }
        }
        ASSERT_EQ(seen, model) << "map " << map << ", expansion " << search.stats().expanded << ", relaxation " << done;
        if (done == 0) {
          ASSERT_EQ(listBefore.front(), trace.node);
          ASSERT_EQ(n, listBefore.size() - 1);
          for (std::size_t i = 0; i < n; ++i) {
            ASSERT_EQ(rows[i].node, listBefore[i + 1]) << "the order before, row " << i;
          }
        }
        ++checked;
      }
      const std::size_t now = search.openList(all);
      if (status == SearchStatus::InProgress) {
        ASSERT_EQ(search.openListDuring(trace.relaxations.size(), rows), now);
        for (std::size_t i = 0; i < now; ++i) {
          ASSERT_EQ(rows[i].node, all[i]) << "the search's own order";
        }
      }
      std::vector<astar::OpenRow> three(3);
      ASSERT_EQ(search.openListDuring(0, three), std::min<std::size_t>(3, search.openListDuring(0, rows)));
      if (status != SearchStatus::InProgress) break;
    }
  }
  EXPECT_GT(checked, 20000u);
  EXPECT_GT(raised, 100u) << "too few decreased keys to check that they are raised back";
}

TEST(SearchInspect, NoOpenListDuringWithoutTracing) {
  const Grid grid = astar::testing::gridFromRows({"....", "....", "...."});
  GridSearch search(grid);
  std::vector<astar::OpenRow> rows(8);
  EXPECT_EQ(search.openListDuring(0, rows), 0u) << "idle";
  SearchOptions options;
  ASSERT_EQ(search.begin(grid.index(0, 0), grid.index(3, 2), options), SearchStatus::InProgress);
  search.step(2);
  EXPECT_EQ(search.openListDuring(0, rows), 0u);
}

// The per-node records grown in pieces (prepareRecords: what the playground does before the
// first query on a big map) give the query the one-shot begin gives; the fraction grows to 1 a
// piece at a time, and a map of another size starts the records over.
TEST(SearchRecords, GrownInPiecesThenQueried) {
  Grid grid(64, 64);
  for (int y = 0; y < 60; ++y) (void)grid.setWall(30, y);
  GridSearch pieces(grid), whole(grid);
  std::vector<double> fractions;
  for (double done = 0.0; done < 1.0;) fractions.push_back(done = pieces.prepareRecords(1000));
  // The records' room, 4,096 nodes 1,000 at a time, then the open list's room.
  ASSERT_EQ(fractions.size(), 7u);
  EXPECT_DOUBLE_EQ(fractions[0], 0.0);
  EXPECT_DOUBLE_EQ(fractions[1], 1000.0 / 4096.0);
  EXPECT_DOUBLE_EQ(fractions[4], 4000.0 / 4096.0);
  EXPECT_DOUBLE_EQ(fractions[5], 0.99);
  EXPECT_DOUBLE_EQ(fractions[6], 1.0);
  EXPECT_EQ(pieces.prepareRecords(1000), 1.0);  // complete: nothing more to grow
  const NodeId start = grid.index(0, 0), goal = grid.index(63, 0);
  ASSERT_EQ(pieces.begin(start, goal, SearchOptions{}), SearchStatus::InProgress);
  ASSERT_EQ(whole.begin(start, goal, SearchOptions{}), SearchStatus::InProgress);
  EXPECT_EQ(pieces.run(), SearchStatus::Found);
  EXPECT_EQ(whole.run(), SearchStatus::Found);
  auto cells = [](const GridSearch& search) { return std::vector<NodeId>(search.path().begin(), search.path().end()); };
  EXPECT_EQ(cells(pieces), cells(whole));
  EXPECT_EQ(pieces.stats().expanded, whole.stats().expanded);
  EXPECT_DOUBLE_EQ(pieces.stats().pathCost, whole.stats().pathCost);
  // Records half grown for a smaller map, then its query: every node starts unseen.
  ASSERT_TRUE(grid.reset(32, 32).ok());
  EXPECT_DOUBLE_EQ(pieces.prepareRecords(512), 0.0);
  EXPECT_DOUBLE_EQ(pieces.prepareRecords(512), 0.5);
  for (NodeId n = 0; n < grid.cellCount(); ++n) {
    if (pieces.state(n) != NodeState::Unseen) ADD_FAILURE() << "node " << n << " is not unseen";
  }
  ASSERT_EQ(pieces.begin(grid.index(0, 0), grid.index(31, 31), SearchOptions{}), SearchStatus::InProgress);
  EXPECT_EQ(pieces.run(), SearchStatus::Found);
  EXPECT_EQ(pieces.path().size(), 32u);
}
