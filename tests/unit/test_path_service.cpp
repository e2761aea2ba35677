// Path service: 10,000 random queries give exactly the single-threaded search results, with
// two worker threads and with pump(); priorities, budgets and cancellation.
#include "astar/path_service.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <thread>
#include <vector>

#include "path_requests.h"
#include "reference.h"

namespace astar {
namespace {

PathRequest randomRequest(const Grid& grid, testing::Rng& rng) { return testing::randomPathRequest(grid, rng, 5); }

// Submits `perMap` queries on each of `maps` random maps and compares every reply with a
// single-threaded GridSearch run of the same request.
void expectSameAsSingleThreaded(unsigned threads, int maps, int perMap, std::uint64_t seed) {
  testing::Rng rng(seed);
  std::size_t found = 0, compared = 0;
  for (int m = 0; m < maps; ++m) {
    testing::RandomMapOptions options;
    options.minSide = 16;
    options.maxSide = 64;
    const Grid grid = testing::randomGrid(rng, options);
    PathService service(grid, threads);
    ASSERT_EQ(service.threads(), PathService::threadsSupported() ? threads : 0u);
    std::map<RequestId, PathRequest> requests;
    for (int q = 0; q < perMap; ++q) {
      const PathRequest r = randomRequest(grid, rng);
      requests[service.submit(r)] = r;
    }
    service.waitIdle();
    EXPECT_EQ(service.queued(), 0u);
    EXPECT_EQ(service.running(), 0u);
    std::vector<PathReply> replies;
    ASSERT_EQ(service.takeReplies(replies), static_cast<std::size_t>(perMap));
    GridSearch single(grid);
    for (const PathReply& reply : replies) {
      ASSERT_EQ(requests.count(reply.id), 1u);
      const PathRequest& r = requests[reply.id];
      const SearchStatus status =
          single.begin(r.start, r.goal, r.options) == SearchStatus::InProgress ? single.run() : single.status();
      ASSERT_FALSE(reply.cancelled);
      ASSERT_EQ(reply.status, status) << "request " << reply.id;
      EXPECT_EQ(reply.stats.pathCost, single.stats().pathCost);
      EXPECT_EQ(reply.stats.expanded, single.stats().expanded);
      ASSERT_TRUE(std::equal(reply.path.begin(), reply.path.end(), single.path().begin(), single.path().end()));
      EXPECT_EQ(reply.message, single.message());
      found += status == SearchStatus::Found;
      ++compared;
      requests.erase(reply.id);
    }
    EXPECT_TRUE(requests.empty());
  }
  EXPECT_EQ(compared, static_cast<std::size_t>(maps) * static_cast<std::size_t>(perMap));
  EXPECT_GT(found, compared / 2);  // mostly real paths, not trivial failures
}

// A long Dijkstra search from corner to corner: many expansions.
PathRequest cornerToCorner(const Grid& grid) {
  PathRequest r;
  r.start = grid.index(0, 0);
  r.goal = grid.index(grid.width() - 1, grid.height() - 1);
  r.options.algorithm = Algorithm::Dijkstra;
  return r;
}

TEST(PathService, TwoThreadsGiveSingleThreadedResultsFor10000Queries) { expectSameAsSingleThreaded(2, 20, 500, 17); }

TEST(PathService, PumpGivesSingleThreadedResults) { expectSameAsSingleThreaded(0, 10, 300, 23); }

TEST(PathService, PumpServesTheMostUrgentFirstWithinTheBudget) {
  Grid grid(64, 64);
  PathService service(grid, 0);
  PathRequest r = cornerToCorner(grid);
  r.priority = 1;
  const RequestId low = service.submit(r);
  r.priority = 9;
  const RequestId urgent = service.submit(r);
  r.priority = 5;
  const RequestId middle = service.submit(r);
  const RequestId middle2 = service.submit(r);

  std::vector<PathReply> replies;
  std::uint64_t total = 0;
  for (int frame = 0; frame < 1000 && replies.size() < 4; ++frame) {
    const std::uint64_t used = service.pump(700);
    EXPECT_LE(used, 700u);
    total += used;
    service.takeReplies(replies);
  }
  ASSERT_EQ(replies.size(), 4u);
  EXPECT_EQ(replies[0].id, urgent);
  EXPECT_EQ(replies[1].id, middle);
  EXPECT_EQ(replies[2].id, middle2);
  EXPECT_EQ(replies[3].id, low);
  std::uint64_t expanded = 0;
  for (const PathReply& reply : replies) {
    EXPECT_EQ(reply.status, SearchStatus::Found);
    expanded += reply.stats.expanded;
  }
  EXPECT_EQ(total, expanded);   // the budget counts real expansions
  EXPECT_GT(total, 4u * 700u);  // so it really took several frames
}

TEST(PathService, CancelQueuedAndRunningRequestsWhenPumping) {
  Grid grid(256, 256);
  PathService service(grid, 0);
  PathRequest r = cornerToCorner(grid);
  const RequestId first = service.submit(r);
  const RequestId second = service.submit(r);
  EXPECT_EQ(service.pump(100), 100u);  // first is running now
  EXPECT_EQ(service.running(), 1u);
  EXPECT_TRUE(service.cancel(second));  // queued: its reply is ready at once
  std::vector<PathReply> replies;
  ASSERT_EQ(service.takeReplies(replies), 1u);
  EXPECT_EQ(replies[0].id, second);
  EXPECT_TRUE(replies[0].cancelled);
  EXPECT_TRUE(service.cancel(first));  // running: stops at the next pump
  EXPECT_LE(service.pump(1000), 1u);
  ASSERT_EQ(service.takeReplies(replies), 1u);
  EXPECT_EQ(replies[1].id, first);
  EXPECT_TRUE(replies[1].cancelled);
  EXPECT_TRUE(replies[1].path.empty());
  EXPECT_EQ(replies[1].stats.expanded, 100u);  // stopped where the last pump left it
  EXPECT_FALSE(service.cancel(first));         // already done
  EXPECT_FALSE(service.cancel(12345));         // unknown
  EXPECT_EQ(service.running(), 0u);
}

TEST(PathService, CancelARunningSearchOnAWorker) {
  if (!PathService::threadsSupported()) GTEST_SKIP() << "no threads in this build";
  Grid grid(1024, 1024);
  PathService service(grid, 1);
  PathRequest r = cornerToCorner(grid);
  const RequestId id = service.submit(r);
  while (service.running() == 0) std::this_thread::yield();
  EXPECT_TRUE(service.cancel(id));
  service.waitIdle();
  std::vector<PathReply> replies;
  ASSERT_EQ(service.takeReplies(replies), 1u);
  EXPECT_TRUE(replies[0].cancelled);
  EXPECT_EQ(replies[0].status, SearchStatus::Idle);
  EXPECT_TRUE(replies[0].path.empty());
  // Stopped mid-search: a finished Dijkstra to the far corner expands about every cell.
  EXPECT_LT(replies[0].stats.expanded, grid.cellCount() / 2);
}

TEST(PathService, DestroyingWithWorkQueuedDoesNotHang) {
  Grid grid(512, 512);
  PathRequest r = cornerToCorner(grid);
  const auto started = std::chrono::steady_clock::now();
  {
    PathService service(grid, 2);
    for (int i = 0; i < 200; ++i) service.submit(r);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  EXPECT_LT(ms, 5000.0);  // running all 200 would take many seconds
}

}  // namespace
}  // namespace astar
