// four_connected_set: writes the benchmark's 4-connected set into a build folder (never into
// the repository): for every Moving AI scenario file of MAPS, a copy of the map and a scenario
// file with N rows (spread over the buckets as the runners pick them) whose optimal lengths are
// those of the 4-connected grid, computed by our Dijkstra (tests/unit/test_four_connected.cpp
// checks that Dijkstra against an independent breadth-first search); plus generated arcade
// mazes with wrap-around tunnels (playground format, .map.txt) with random rows.
//   four_connected_set MAPS OUT [--rows N] [--arcade K]
// The runners read the Moving AI copies with --four-connected (bench_boost, astar bench,
// bench/node/run.mjs); the arcade mazes carry their own rules (4-connected, wrap in x).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/generators.h"
#include "astar/search.h"

namespace {

bool readText(const std::filesystem::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

bool writeText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

// The 4-connected optimum of a row, or -1 when there is none.
double optimum(astar::GridSearch& search, const astar::Grid& grid, int sx, int sy, int gx, int gy) {
  astar::SearchOptions options;
  options.algorithm = astar::Algorithm::Dijkstra;
  search.begin(grid.index(sx, sy), grid.index(gx, gy), options);
  return search.run() == astar::SearchStatus::Found ? search.stats().pathCost : -1.0;
}

astar::ScenarioRow rowOf(const std::string& mapName, const astar::Grid& grid, int sx, int sy, int gx, int gy,
                         double length) {
  astar::ScenarioRow row;
  row.bucket = static_cast<int>(length / 4.0);
  row.mapName = mapName;
  row.mapWidth = grid.width();
  row.mapHeight = grid.height();
  row.startX = sx;
  row.startY = sy;
  row.goalX = gx;
  row.goalY = gy;
  row.optimalLength = length;
  char text[32];
  std::snprintf(text, sizeof text, "%.8f", length);
  row.optimalText = text;
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: four_connected_set MAPS OUT [--rows N] [--arcade K]\n";
    return 2;
  }
  const std::filesystem::path maps = argv[1], out = argv[2];
  std::size_t rowsPerMap = 100;
  int arcadeMazes = 3;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--rows") rowsPerMap = static_cast<std::size_t>(std::strtoul(argv[i + 1], nullptr, 10));
    if (option == "--arcade") arcadeMazes = std::atoi(argv[i + 1]);
  }
  if (!std::filesystem::is_directory(maps)) {
    std::cerr << "four_connected_set: no scenario folder at " << maps << ": skipped\n";
    return 77;
  }
  std::filesystem::create_directories(out);
  std::vector<std::filesystem::path> scens;
  for (const auto& e : std::filesystem::directory_iterator(maps))
    if (e.path().string().ends_with(".map.scen")) scens.push_back(e.path());
  std::sort(scens.begin(), scens.end());
  for (const std::filesystem::path& scenPath : scens) {
    const std::string mapName = scenPath.filename().string().substr(0, scenPath.filename().string().size() - 5);
    std::string mapText, scenText;
    astar::MapDocument doc;
    astar::Scenario scen;
    if (!readText(maps / mapName, mapText) || !readText(scenPath, scenText) || astar::readMovingAiMap(mapText, doc) ||
        astar::readScenario(scenText, scen)) {
      std::cerr << "four_connected_set: cannot read " << scenPath << " or its map\n";
      return 2;
    }
    doc.grid.setDiagonal(astar::DiagonalMovement::Never);
    // Rows by bucket, N evenly spaced (as the runners' --sample picks).
    std::vector<std::size_t> order(scen.rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return scen.rows[a].bucket < scen.rows[b].bucket; });
    const std::size_t n = std::min(rowsPerMap, order.size());
    astar::GridSearch search(doc.grid);
    astar::Scenario four;
    four.version = "1";
    const std::string name = mapName.substr(0, mapName.size() - 4) + "-4c.map";
    for (std::size_t i = 0; i < n; ++i) {
      const astar::ScenarioRow& r = scen.rows[order[(2 * i + 1) * order.size() / (2 * n)]];
      const double length = optimum(search, doc.grid, r.startX, r.startY, r.goalX, r.goalY);
      if (length < 0) continue;  // no corner cutting: 8- and 4-connected reach the same cells
      four.rows.push_back(rowOf(name, doc.grid, r.startX, r.startY, r.goalX, r.goalY, length));
    }
    std::stable_sort(four.rows.begin(), four.rows.end(),
                     [](const astar::ScenarioRow& a, const astar::ScenarioRow& b) { return a.bucket < b.bucket; });
    if (!writeText(out / name, mapText) || !writeText(out / (name + ".scen"), astar::writeScenario(four))) {
      std::cerr << "four_connected_set: cannot write into " << out << "\n";
      return 2;
    }
    std::cout << name << ": " << four.rows.size() << " rows\n";
  }
  // Arcade mazes: 4-connected with wrap-around tunnels, larger than the page's default.
  for (int k = 0; k < arcadeMazes; ++k) {
    astar::GeneratorOptions o;
    o.width = 28 << k;
    o.height = 31 << k;
    o.seed = static_cast<std::uint64_t>(k + 1);
    o.tunnels = 2;
    astar::MapDocument doc;
    if (astar::Error e = astar::generateMap("arcade", o, doc)) {
      std::cerr << "four_connected_set: arcade: " << e.describe() << "\n";
      return 2;
    }
    const astar::Grid& grid = doc.grid;
    const std::string name = "arcade-" + std::to_string(o.width) + "x" + std::to_string(o.height) + ".map.txt";
    std::vector<astar::NodeId> open;
    for (astar::NodeId c = 0; c < grid.cellCount(); ++c)
      if (grid.passable(c)) open.push_back(c);
    astar::GridSearch search(grid);
    astar::Scenario scen;
    scen.version = "1";
    std::uint64_t state = 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(k + 7);
    auto pick = [&] {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      return open[state % open.size()];
    };
    for (std::size_t i = 0; i < rowsPerMap; ++i) {
      const astar::NodeId s = pick(), t = pick();
      const double length = optimum(search, grid, grid.xOf(s), grid.yOf(s), grid.xOf(t), grid.yOf(t));
      if (length <= 0) continue;
      scen.rows.push_back(rowOf(name, grid, grid.xOf(s), grid.yOf(s), grid.xOf(t), grid.yOf(t), length));
    }
    std::stable_sort(scen.rows.begin(), scen.rows.end(),
                     [](const astar::ScenarioRow& a, const astar::ScenarioRow& b) { return a.bucket < b.bucket; });
    if (!writeText(out / name, astar::writeMap(doc, astar::MapFormat::Playground)) ||
        !writeText(out / (name + ".scen"), astar::writeScenario(scen))) {
      std::cerr << "four_connected_set: cannot write into " << out << "\n";
      return 2;
    }
    std::cout << name << ": " << scen.rows.size() << " rows (wrap-around tunnels)\n";
  }
  return 0;
}
