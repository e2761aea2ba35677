// D* Lite repair versus a fresh A* after edits, on shared Moving AI maps: for each of the
// longest scenario rows, an agent walks its path and, every few steps, a wall is blown open or
// built near the path ahead (or a stretch of it turns to water); the replanner repairs while a
// fresh GridSearch (default options) plans from the agent's cell. Both costs must agree. Not a
// GoogleTest program and not registered in ctest.
//
//   replan_bench [rows per map=8]      (maps: ASTAR_MAPS_BENCH, else the configured folder)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/replanner.h"
#include "astar/search.h"
#include "bench_maps.h"

namespace {

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int rowsPerMap = argc > 1 ? std::atoi(argv[1]) : 8;
  const char* const kMaps[] = {"arena", "den312d", "Berlin_0_256", "maze512-1-0"};
  std::printf("%-14s %6s %10s %12s %12s %12s %12s %8s\n", "map", "edits", "plan ms", "repair ms", "A* ms", "repair exp",
              "A* exp", "wrong");
  std::uint64_t state = 17;
  auto next = [&](int n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
  };
  for (const char* name : kMaps) {
    astar::MapDocument doc;
    astar::Scenario scenario;
    const std::string problem = astar::testing::loadBenchMap(name, doc, scenario);
    if (!problem.empty()) {
      std::printf("%-14s skipped: %s\n", name, problem.c_str());
      continue;
    }
    astar::Grid& grid = doc.grid;
    astar::Replanner replanner(grid);
    astar::GridSearch search(grid);
    double planMs = 0, repairMs = 0, freshMs = 0;
    std::uint64_t repairExpanded = 0, freshExpanded = 0, edits = 0, wrong = 0;
    const std::size_t rows = scenario.rows.size();
    for (int k = 0; k < rowsPerMap && static_cast<std::size_t>(k) < rows; ++k) {
      const astar::ScenarioRow& row = scenario.rows[rows - 1 - static_cast<std::size_t>(k) * 7 % rows];
      astar::NodeId start = grid.index(row.startX, row.startY);
      const astar::NodeId goal = grid.index(row.goalX, row.goalY);
      auto t0 = std::chrono::steady_clock::now();
      if (replanner.plan(start, goal) != astar::ReplanStatus::Found) continue;
      planMs += msSince(t0);
      while (replanner.status() == astar::ReplanStatus::Found && replanner.path().size() > 12) {
        const std::span<const astar::NodeId> path = replanner.path();
        start = path[6];  // six steps on
        const astar::NodeId ahead = path[6 + static_cast<std::size_t>(next(static_cast<int>(path.size()) - 6))];
        const int x = grid.xOf(ahead) + next(5) - 2, y = grid.yOf(ahead) + next(5) - 2;
        const astar::NodeId cell = grid.contains(x, y) ? grid.index(x, y) : ahead;
        if (cell == start || cell == goal) continue;
        const int kind = next(3);
        if (kind == 0) (void)grid.setWall(grid.xOf(cell), grid.yOf(cell));
        if (kind == 1) (void)grid.setCost(grid.xOf(cell), grid.yOf(cell), 1.0);  // a wall blown open
        if (kind == 2) (void)grid.setCost(grid.xOf(cell), grid.yOf(cell), 5.0);  // water
        t0 = std::chrono::steady_clock::now();
        replanner.moveStart(start);
        replanner.repair();
        repairMs += msSince(t0);
        repairExpanded += replanner.stats().expanded;
        t0 = std::chrono::steady_clock::now();
        search.begin(start, goal, astar::SearchOptions{});
        search.run();
        freshMs += msSince(t0);
        freshExpanded += search.stats().expanded;
        const double a = replanner.cost(), b = search.stats().pathCost;
        const bool foundBoth =
            (replanner.status() == astar::ReplanStatus::Found) == (search.status() == astar::SearchStatus::Found);
        if (!foundBoth || (std::isfinite(a) && std::fabs(a - b) > 1e-6 * (b > 1 ? b : 1))) ++wrong;
        ++edits;
      }
    }
    const double e = edits ? static_cast<double>(edits) : 1.0;
    std::printf("%-14s %6llu %10.3f %12.4f %12.4f %12.1f %12.1f %8llu\n", name, static_cast<unsigned long long>(edits),
                planMs / rowsPerMap, repairMs / e, freshMs / e, static_cast<double>(repairExpanded) / e,
                static_cast<double>(freshExpanded) / e, static_cast<unsigned long long>(wrong));
  }
  std::printf("(means per edit; plan ms: the first plan per row; wrong: costs that differ, must be 0)\n");
  return 0;
}
