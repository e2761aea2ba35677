// Flow field build versus repair on a large map: a full multi-goal build, then single-cell
// edits (walls blown up / built, terrain changed) and goal removals repaired in place, each
// checked against a fresh build. Not a GoogleTest program and not registered in ctest.
//
//   flow_field_bench [side=1024] [edits=200]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "astar/flow_field.h"

namespace {

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 1024;
  const int edits = argc > 2 ? std::atoi(argv[2]) : 200;
  if (side < 8 || side > astar::kMaxGridSide || edits < 1) {
    std::fprintf(stderr, "usage: flow_field_bench [side 8..%d] [edits >= 1]\n", astar::kMaxGridSide);
    return 2;
  }
  std::uint64_t state = 99;
  auto next = [&]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(side));
  };
  astar::Grid grid(side, side);
  for (int i = 0; i < side * side / 5; ++i) (void)grid.setWall(next(), next());
  for (int i = 0; i < side * side / 10; ++i) (void)grid.setCost(next(), next(), 3.0);
  std::vector<astar::NodeId> goals;
  for (int i = 0; i < 4; ++i) {
    const int x = next(), y = next();
    (void)grid.setCost(x, y, 1.0);
    goals.push_back(grid.index(x, y));
  }
  astar::FlowField field, fresh;
  auto t0 = std::chrono::steady_clock::now();
  (void)field.build(grid, goals);
  const double buildMs = msSince(t0);
  double repairMs = 0.0, worstMs = 0.0;
  std::uint64_t touched = 0, rebuilds = 0;
  std::size_t mismatches = 0;
  for (int e = 0; e < edits; ++e) {
    const int x = next(), y = next();
    if (e % 3 == 0) {
      (void)grid.setWall(x, y);
    } else {
      (void)grid.setCost(x, y, e % 3 == 1 ? 1.0 : 5.0);
    }
    t0 = std::chrono::steady_clock::now();
    field.update(grid);
    const double ms = msSince(t0);
    repairMs += ms;
    worstMs = ms > worstMs ? ms : worstMs;
    touched += field.stats().lastTouched;
    rebuilds += field.stats().lastWasRebuild;
  }
  t0 = std::chrono::steady_clock::now();
  (void)field.removeGoal(grid, goals[0]);
  const double removeMs = msSince(t0);
  const std::uint64_t removeTouched = field.stats().lastTouched;
  (void)fresh.build(grid, field.goals());
  for (astar::NodeId n = 0; n < grid.cellCount(); ++n) {
    const double a = field.distance(n), b = fresh.distance(n);
    if (a != b && !(a - b < 1e-9 * (b > 1 ? b : 1) && b - a < 1e-9 * (b > 1 ? b : 1))) ++mismatches;
  }
  std::printf("map %d x %d, 20%% walls, 10%% terrain, 4 goals\n", side, side);
  std::printf("full build: %.1f ms (%u cells)\n", buildMs, grid.cellCount());
  std::printf(
      "%d single-cell edits with update(grid, cell): mean %.3f ms, worst %.3f ms, mean %.0f nodes touched, %llu "
      "rebuilds\n",
      edits, repairMs / edits, worstMs, static_cast<double>(touched) / edits,
      static_cast<unsigned long long>(rebuilds));
  std::printf("remove a goal (bunker destroyed): %.1f ms, %llu nodes touched\n", removeMs,
              static_cast<unsigned long long>(removeTouched));
  std::printf("cells differing from a fresh build: %zu\n", mismatches);
  return mismatches == 0 ? 0 : 1;
}
