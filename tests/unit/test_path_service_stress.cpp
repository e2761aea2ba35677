// Path service stress: 50,000 requests on random maps, four worker threads, random priorities,
// 20 % of the requests cancelled, most of them while their search runs. Every reply that was
// not cancelled equals a single-threaded GridSearch run of the same request. Also run by
// make test-tsan (ThreadSanitizer), which fails on any data race the run provokes.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <thread>
#include <vector>

#include "astar/path_service.h"
#include "path_requests.h"
#include "reference.h"

namespace astar {
namespace {

constexpr unsigned kThreads = 4;
constexpr int kMaps = 100;
constexpr int kPerMap = 500;  // 50,000 requests
constexpr int kCancelPerMap = kPerMap / 5;

PathRequest randomRequest(const Grid& grid, testing::Rng& rng) { return testing::randomPathRequest(grid, rng, 8); }

struct Counts {
  std::size_t requests = 0, completed = 0, cancelledBeforeStart = 0, cancelledWhileRunning = 0;
  std::size_t cancelTooLate = 0;  // cancel() came after the reply was filed: a normal, compared reply
  std::size_t found = 0, mismatches = 0;
};

TEST(PathServiceStress, FourThreads50000RequestsWithCancellationsMatchSingleThreaded) {
  if (!PathService::threadsSupported()) GTEST_SKIP() << "no threads in this build";
  const auto started = std::chrono::steady_clock::now();
  testing::Rng rng(2026);
  Counts counts;
  for (int m = 0; m < kMaps; ++m) {
    testing::RandomMapOptions options;
    options.minSide = 16;
    options.maxSide = 64;
    const Grid grid = testing::randomGrid(rng, options);
    std::vector<PathRequest> requests(kPerMap);
    for (PathRequest& r : requests) r = randomRequest(grid, rng);
    // Exactly kCancelPerMap requests of each map are cancel targets (a partial Fisher-Yates).
    std::vector<int> order(kPerMap);
    std::iota(order.begin(), order.end(), 0);
    std::vector<bool> target(kPerMap, false);  // to cancel
    for (int i = 0; i < kCancelPerMap; ++i) {
      std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(i + rng.below(kPerMap - i))]);
      target[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = true;
    }

    PathService service(grid, kThreads);
    ASSERT_EQ(service.threads(), kThreads);
    std::vector<RequestId> ids(kPerMap);
    std::vector<PathReply> replies;
    std::vector<bool> replied(kPerMap, false);
    RequestId firstId = 0;
    auto indexOf = [&](RequestId id) { return static_cast<std::size_t>(id - firstId); };
    std::size_t frontier = 0;
    std::vector<std::size_t> runOrder;
    auto collect = [&] {
      const std::size_t before = replies.size();
      service.takeReplies(replies);
      for (std::size_t k = before; k < replies.size(); ++k) replied[indexOf(replies[k].id)] = true;
      while (frontier < runOrder.size() && replied[runOrder[frontier]]) ++frontier;
    };
    auto cancel = [&](std::size_t i) {
      if (!service.cancel(ids[i])) ++counts.cancelTooLate;  // already finished: compared below
    };

    if (m % 2 == 0) {
      // Deep queue: the whole batch at once, so priorities decide the order. The expected run
      // order is most urgent first, then submission order (the workers start while the batch is
      // still being submitted, so it is only nearly the real order). Each target is cancelled
      // when fewer than kThreads requests ahead of it have no reply yet: it is then running or
      // about to run. Searches here take about 0.1 ms, so many of these cancels come too late.
      for (int i = 0; i < kPerMap; ++i)
        ids[static_cast<std::size_t>(i)] = service.submit(requests[static_cast<std::size_t>(i)]);
      firstId = ids[0];
      runOrder.resize(kPerMap);
      std::iota(runOrder.begin(), runOrder.end(), std::size_t{0});
      std::stable_sort(runOrder.begin(), runOrder.end(),
                       [&](std::size_t a, std::size_t b) { return requests[a].priority > requests[b].priority; });
      std::vector<bool> cancelCalled(kPerMap, false);
      for (std::size_t pos = 0; pos < runOrder.size(); ++pos) {
        const std::size_t i = runOrder[pos];
        if (!target[i]) continue;
        for (;;) {
          collect();
          unsigned ahead = 0;
          for (std::size_t k = frontier; k < pos && ahead < kThreads; ++k)
            ahead += !replied[runOrder[k]] && !cancelCalled[runOrder[k]];
          if (replied[i] || ahead < kThreads) break;
          std::this_thread::yield();
        }
        cancelCalled[i] = true;
        cancel(i);
      }
    } else {
      // Trickle: at most kThreads requests outstanding, so each one starts at once; a target is
      // cancelled as soon as no request is queued (it has been taken by a worker): most of these
      // cancels hit a running search.
      std::size_t outstanding = 0;
      for (std::size_t i = 0; i < static_cast<std::size_t>(kPerMap); ++i) {
        while (outstanding >= kThreads) {
          const std::size_t before = replies.size();
          collect();
          outstanding -= replies.size() - before;
          if (outstanding >= kThreads) std::this_thread::yield();
        }
        ids[i] = service.submit(requests[i]);
        if (i == 0) firstId = ids[0];
        ++outstanding;
        if (target[i]) {
          while (service.queued() != 0) {
          }  // a busy wait: yielding here lets most of these short searches finish first
          cancel(i);
        }
      }
    }
    service.waitIdle();
    collect();
    ASSERT_EQ(replies.size(), static_cast<std::size_t>(kPerMap));

    GridSearch single(grid);
    for (const PathReply& reply : replies) {
      const std::size_t i = indexOf(reply.id);
      ++counts.requests;
      if (reply.cancelled) {
        EXPECT_TRUE(target[i]) << "request " << reply.id << " was cancelled without being asked to";
        EXPECT_TRUE(reply.path.empty());
        // A search that began has generated its start node; a queued request's reply has no stats.
        if (reply.stats.maxOpen > 0)
          ++counts.cancelledWhileRunning;
        else
          ++counts.cancelledBeforeStart;
        continue;
      }
      ++counts.completed;
      const PathRequest& r = requests[i];
      const SearchStatus status =
          single.begin(r.start, r.goal, r.options) == SearchStatus::InProgress ? single.run() : single.status();
      const bool same = reply.status == status && reply.stats.pathCost == single.stats().pathCost &&
                        reply.stats.expanded == single.stats().expanded && reply.message == single.message() &&
                        std::equal(reply.path.begin(), reply.path.end(), single.path().begin(), single.path().end());
      if (!same) {
        ++counts.mismatches;
        ADD_FAILURE() << "request " << reply.id << " on map " << m << ": status " << static_cast<int>(reply.status)
                      << " cost " << reply.stats.pathCost << ", single-threaded status " << static_cast<int>(status)
                      << " cost " << single.stats().pathCost;
      }
      counts.found += status == SearchStatus::Found;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf(
      "PathServiceStress: %zu requests on %d maps, %u threads: %zu completed (%zu found), %zu cancelled before start, "
      "%zu cancelled while running, %zu cancels too late (finished first, compared), %zu mismatches; %.1f s\n",
      counts.requests, kMaps, kThreads, counts.completed, counts.found, counts.cancelledBeforeStart,
      counts.cancelledWhileRunning, counts.cancelTooLate, counts.mismatches, seconds);
  EXPECT_EQ(counts.requests, static_cast<std::size_t>(kMaps) * kPerMap);
  EXPECT_EQ(counts.mismatches, 0u);
  EXPECT_EQ(counts.cancelledBeforeStart + counts.cancelledWhileRunning + counts.cancelTooLate,
            static_cast<std::size_t>(kMaps) * kCancelPerMap);
  EXPECT_GT(counts.cancelledWhileRunning, 0u);  // the point of the test: cancels that hit running searches
  EXPECT_GT(counts.found, counts.completed / 2);
}

}  // namespace
}  // namespace astar
