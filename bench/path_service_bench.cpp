// Path service throughput with 1 and 2 worker threads (and a plain GridSearch loop as the
// baseline) on a seeded random map. Not a GoogleTest program and not registered in ctest.
//
//   path_service_bench [side=512] [queries=4000] [wall density=0.2]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>
#include <vector>

#include "astar/path_service.h"

namespace {

struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) / 9007199254740992.0; }
};

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 512;
  const int queries = argc > 2 ? std::atoi(argv[2]) : 4000;
  const double walls = argc > 3 ? std::atof(argv[3]) : 0.2;
  if (side < 2 || side > astar::kMaxGridSide || queries < 1 || !(walls >= 0.0 && walls < 0.9)) {
    std::fprintf(stderr, "usage: path_service_bench [side 2..%d] [queries >= 1] [wall density 0..0.9]\n",
                 astar::kMaxGridSide);
    return 2;
  }
  SplitMix rng{42};
  astar::Grid grid(side, side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      if (rng.unit() < walls) (void)grid.setWall(x, y);
  std::vector<astar::PathRequest> requests(static_cast<std::size_t>(queries));
  for (astar::PathRequest& r : requests) {
    do r.start = static_cast<astar::NodeId>(rng.next() % grid.cellCount());
    while (!grid.passable(r.start));
    do r.goal = static_cast<astar::NodeId>(rng.next() % grid.cellCount());
    while (!grid.passable(r.goal));
  }

  // Baseline: one GridSearch, one thread, no service.
  std::vector<double> baseline(requests.size());
  astar::GridSearch search(grid);
  auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (search.begin(requests[i].start, requests[i].goal, requests[i].options) == astar::SearchStatus::InProgress)
      search.run();
    baseline[i] = search.stats().pathCost;
  }
  const double baseSeconds = secondsSince(t0);
  std::printf("map %d x %d, wall density %.2f, %d A* queries\n", side, side, walls, queries);
  std::printf("plain GridSearch loop: %.3f s, %.0f queries/s\n", baseSeconds, queries / baseSeconds);

  double rate[3] = {0, 0, 0};
  for (unsigned threads = 1; threads <= 2; ++threads) {
    astar::PathService service(grid, threads);
    std::vector<astar::RequestId> ids(requests.size());
    const std::clock_t cpu0 = std::clock();
    t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < requests.size(); ++i) ids[i] = service.submit(requests[i]);
    service.waitIdle();
    const double seconds = secondsSince(t0);
    // CPU seconds of all threads / wall seconds: how many cores the run really got (the
    // machine may be shared).
    const double cores = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC / seconds;
    std::vector<astar::PathReply> replies;
    service.takeReplies(replies);
    std::size_t mismatches = 0;
    for (const astar::PathReply& reply : replies) {
      const std::size_t i = static_cast<std::size_t>(reply.id - ids[0]);
      if (reply.stats.pathCost != baseline[i]) ++mismatches;
    }
    rate[threads] = queries / seconds;
    // Queries per CPU second: equal for 1 and 2 threads means the service adds no contention
    // of its own, so throughput scales with the cores the machine actually gives.
    std::printf(
        "PathService, %u thread%s: %.3f s, %.0f queries/s, %.2f cores busy, %.0f queries per CPU second, "
        "%zu replies, %zu cost mismatches\n",
        threads, threads > 1 ? "s" : "", seconds, rate[threads], cores, rate[threads] / cores, replies.size(),
        mismatches);
    if (mismatches != 0 || replies.size() != requests.size()) return 1;
  }
  std::printf("throughput ratio 2 threads / 1 thread: %.2f (hardware threads: %u)\n", rate[2] / rate[1],
              std::thread::hardware_concurrency());
  return 0;
}
