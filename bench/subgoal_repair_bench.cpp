// The subgoal graph's local repair against a full build on shared Moving AI maps: per map, a full
// build, then batches of random edits (walls added on open cells, removed on walls), each
// followed by refresh() (the repair: subgoals and edges near the edits, then the contraction
// hierarchy again), timed apart, and checked against a fresh build (same subgoals and edges).
// Not a GoogleTest program and not registered in ctest.
//
//   subgoal_repair_bench [MAPS_DIR=$ASTAR_MAPS_BENCH or ../shared/maps-bench] [batches=20] [edits per batch=1] [map
//   names...]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "astar/formats.h"
#include "astar/subgoal_graph.h"
#include "bench_maps.h"  // tests/support: readFile, benchDir
#include "reference.h"   // tests/support: Rng

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : astar::testing::benchDir();
  const int batches = argc > 2 ? std::atoi(argv[2]) : 20;
  const int edits = argc > 3 ? std::atoi(argv[3]) : 1;
  if (!std::filesystem::is_directory(dir) || batches < 1 || edits < 1) {
    std::fprintf(stderr, "usage: subgoal_repair_bench [MAPS_DIR] [batches >= 1] [edits >= 1] [maps...]\n");
    return 2;
  }
  std::vector<std::string> maps;
  for (int i = 4; i < argc; ++i) maps.push_back(dir + "/" + argv[i] + ".map");
  if (maps.empty())
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == ".map") maps.push_back(entry.path().string());
  std::sort(maps.begin(), maps.end());
  std::printf("%d batches of %d edits per map\n\n", batches, edits);
  std::printf(
      "| map | size | full build ms (of it contraction) | repair ms, mean (of it contraction) | "
      "repair ms, max | subgoals rescanned, mean | equal to a fresh build |\n|---|---|---|---|---|---|---|\n");
  for (const std::string& path : maps) {
    std::string mapText;
    astar::MapDocument doc;
    if (!astar::testing::readFile(path, mapText) || astar::readMovingAiMap(mapText, doc)) continue;
    astar::Grid& grid = doc.grid;
    grid.setDiagonal(astar::DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
    astar::SubgoalGraph kept(grid);
    if (const astar::Error e = kept.build()) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), e.message.c_str());
      return 2;
    }
    const double fullMs = kept.stats().buildMilliseconds, fullContractMs = kept.stats().contractMilliseconds;
    astar::testing::Rng rng(36);
    double sum = 0.0, sumContract = 0.0, worst = 0.0, rescanned = 0.0;
    int equal = 0;
    std::vector<std::pair<astar::NodeId, astar::NodeId>> keptEdges, freshEdges;
    for (int b = 0; b < batches; ++b) {
      for (int i = 0; i < edits; ++i) {
        const int x = rng.below(grid.width()), y = rng.below(grid.height());
        if (grid.passable(x, y))
          (void)grid.setWall(x, y);
        else
          (void)grid.setCost(x, y, 1.0);
      }
      if (const astar::Error e = kept.refresh()) {
        std::fprintf(stderr, "%s: %s\n", path.c_str(), e.message.c_str());
        return 2;
      }
      const astar::SubgoalGraphStats& s = kept.stats();
      sum += s.buildMilliseconds;
      sumContract += s.contractMilliseconds;
      worst = std::max(worst, s.buildMilliseconds);
      rescanned += s.rescanned;
      astar::SubgoalGraph fresh(grid);
      (void)fresh.build();
      kept.edges(keptEdges);
      fresh.edges(freshEdges);
      equal += keptEdges == freshEdges && std::equal(kept.subgoals().begin(), kept.subgoals().end(),
                                                     fresh.subgoals().begin(), fresh.subgoals().end());
    }
    const std::string name = std::filesystem::path(path).stem().string();
    std::printf("| %s | %dx%d | %.1f (%.1f) | %.1f (%.1f) | %.1f | %.0f | %d / %d |\n", name.c_str(), grid.width(),
                grid.height(), fullMs, fullContractMs, sum / batches, sumContract / batches, worst, rescanned / batches,
                equal, batches);
    std::fflush(stdout);
    if (equal != batches) return 1;
  }
  return 0;
}
