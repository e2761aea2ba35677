// HPA* against A* on the shared Moving AI maps of 512 x 512 and 1024 x 1024 cells: HPA*'s
// preprocessing (full build) time, then the same sequence of scenario queries (rows spread
// over the file, each a different start and goal) answered by A* (GridSearch) and by HPA*
// (HierarchicalMap::findPath), with mean query times and HPA*'s mean and worst cost / optimal.
// Not a GoogleTest program and not registered in ctest.
//
//   hpa_bench [MAPS_DIR=$ASTAR_MAPS_BENCH or ../shared/maps-bench] [rows=400] [cluster-size=16]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/hierarchical.h"
#include "astar/search.h"
#include "bench_maps.h"  // tests/support: readFile, benchDir

namespace {

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : astar::testing::benchDir();
  const int rows = argc > 2 ? std::atoi(argv[2]) : 400;
  const int clusterSize = argc > 3 ? std::atoi(argv[3]) : astar::kDefaultClusterSize;
  if (!std::filesystem::is_directory(dir) || rows < 1) {
    std::fprintf(stderr, "usage: hpa_bench [MAPS_DIR] [rows >= 1] [cluster-size]\n(no folder %s)\n", dir.c_str());
    return 2;
  }
  std::vector<std::string> maps;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".map") maps.push_back(entry.path().string());
  std::sort(maps.begin(), maps.end());
  std::printf("cluster size %d, up to %d queries per map\n\n", clusterSize, rows);
  std::printf(
      "| map | size | build ms | abstract nodes | queries | A* us/query | HPA* us/query | speed-up | "
      "A* expanded | HPA* expanded (abstract + grid) | mean cost / optimal | worst |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const std::string& path : maps) {
    std::string mapText, scenText;
    astar::MapDocument doc;
    astar::Scenario scenario;
    if (!astar::testing::readFile(path, mapText) || !astar::testing::readFile(path + ".scen", scenText)) continue;
    if (astar::readMovingAiMap(mapText, doc) || astar::readScenario(scenText, scenario)) continue;
    astar::Grid& grid = doc.grid;
    const int w = grid.width(), h = grid.height();
    if (!((w == 512 && h == 512) || (w == 1024 && h == 1024)) || scenario.rows.empty()) continue;
    grid.setDiagonal(astar::DiagonalMovement::OnlyWhenNoObstacles);  // the Moving AI convention
    astar::HierarchicalMap hpa(grid);
    auto t0 = std::chrono::steady_clock::now();
    if (const astar::Error e = hpa.build({clusterSize})) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), e.message.c_str());
      return 2;
    }
    const double buildMs = msSince(t0);
    std::vector<std::pair<astar::NodeId, astar::NodeId>> queries;
    std::vector<double> optimal;
    const std::size_t stride = std::max<std::size_t>(1, scenario.rows.size() / static_cast<std::size_t>(rows));
    for (std::size_t i = stride / 2; i < scenario.rows.size(); i += stride) {
      const astar::ScenarioRow& r = scenario.rows[i];
      queries.emplace_back(grid.index(r.startX, r.startY), grid.index(r.goalX, r.goalY));
      optimal.push_back(r.optimalLength);
    }
    astar::GridSearch search(grid);
    astar::SearchOptions options;
    std::uint64_t astarExpanded = 0, hpaExpanded = 0;
    std::vector<double> astarCost(queries.size());
    // One untimed query each so the first timed one does not pay for the first allocations.
    std::vector<astar::NodeId> cells;
    (void)search.begin(queries[0].first, queries[0].second, options);
    (void)search.run();
    (void)hpa.findPath(queries[0].first, queries[0].second, cells);
    t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < queries.size(); ++i) {
      (void)search.begin(queries[i].first, queries[i].second, options);
      (void)search.run();
      astarCost[i] = search.stats().pathCost;
      astarExpanded += search.stats().expanded;
    }
    const double astarMs = msSince(t0);
    double sum = 0.0, worst = 0.0;
    int failures = 0;
    t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < queries.size(); ++i) {
      if (hpa.findPath(queries[i].first, queries[i].second, cells) != astar::SearchStatus::Found) {
        ++failures;
        continue;
      }
      const astar::HierarchicalStats& s = hpa.stats();
      hpaExpanded += s.abstractExpanded + s.insertExpanded + s.refineExpanded;
      const double ratio = astarCost[i] > 0.0 ? s.pathCost / astarCost[i] : 1.0;
      sum += ratio;
      worst = std::max(worst, ratio);
    }
    const double hpaMs = msSince(t0);
    const double n = static_cast<double>(queries.size());
    std::printf("| %s | %dx%d | %.1f | %u | %zu | %.1f | %.1f | %.2fx | %.0f | %.0f | %.4f | %.4f |\n",
                std::filesystem::path(path).stem().string().c_str(), w, h, buildMs, hpa.stats().abstractNodes,
                queries.size(), 1000.0 * astarMs / n, 1000.0 * hpaMs / n, astarMs / hpaMs,
                static_cast<double>(astarExpanded) / n, static_cast<double>(hpaExpanded) / n, sum / n, worst);
    if (failures > 0) {
      std::fprintf(stderr, "%s: HPA* found no path on %d queries A* solved\n", path.c_str(), failures);
      return 1;
    }
  }
  return 0;
}
