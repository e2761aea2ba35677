// no_path_bench: the time of a query whose start is walled in (a unit clicked into a closed
// room), on a 256 x 256 and a 4096 x 4096 map, beside a one-step query on the same map. The
// partial path's end is chosen among the expanded nodes, so both should cost about the same
// whatever the map's size. Prints one line per map; `make bench` runs it after the table.
#include <chrono>
#include <cstdio>

#include "astar/search.h"

namespace {

double microsecondsPerQuery(astar::GridSearch& search, astar::NodeId start, astar::NodeId goal, int queries) {
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < queries; ++i) {
    search.begin(start, goal, astar::SearchOptions{});
    search.run();
  }
  const std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - t0;
  return took.count() / queries;
}

}  // namespace

int main() {
  for (int side : {256, 4096}) {
    astar::Grid grid(side, side);
    // The start (1, 1) in a 1-cell room: its eight neighbours are walls.
    for (int y = 0; y <= 2; ++y)
      for (int x = 0; x <= 2; ++x)
        if (x != 1 || y != 1) (void)grid.setWall(x, y);
    astar::GridSearch search(grid);
    const astar::NodeId start = grid.index(1, 1), far = grid.index(side - 1, side - 1);
    const astar::NodeId from = grid.index(side / 2, side / 2), next = grid.index(side / 2 + 1, side / 2);
    const int queries = 20000;
    microsecondsPerQuery(search, start, far, 100);  // warm-up: the search state is allocated once per map size
    const double noPath = microsecondsPerQuery(search, start, far, queries);
    const double oneStep = microsecondsPerQuery(search, from, next, queries);
    search.begin(start, far, astar::SearchOptions{});
    const astar::SearchStatus status = search.run();
    std::printf(
        "no-path query, start walled in, %d x %d map: %.3f us per query (%s, %llu expanded, %llu looked at "
        "for the partial path); a one-step query: %.3f us\n",
        side, side, noPath, astar::statusName(status), static_cast<unsigned long long>(search.stats().expanded),
        static_cast<unsigned long long>(search.stats().fallbackVisited), oneStep);
  }
  return 0;
}
