// Native reference for the browser tests: reads a map file (any format core reads) and
// prints the native engine's path cost for one query, so a test can check that the page
// (the same engine compiled to wasm) shows the same number.
//   web_reference_cost MAP SX SY GX GY [ALGORITHM [HEURISTIC]]
// Prints "found COST" (17 significant digits), "no-path" or "error: why"; exit 0 / 0 / 2.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "astar/formats.h"
#include "astar/search.h"

int main(int argc, char** argv) {
  if (argc != 6 && argc != 7 && argc != 8) {
    std::fprintf(stderr, "usage: %s MAP SX SY GX GY [ALGORITHM [HEURISTIC]]\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::printf("error: cannot open %s\n", argv[1]);
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  astar::MapDocument doc;
  if (astar::Error e = astar::readMap(text.str(), doc, astar::detectFormat(text.str(), argv[1]))) {
    std::printf("error: %s\n", e.describe().c_str());
    return 2;
  }
  const int sx = std::atoi(argv[2]), sy = std::atoi(argv[3]), gx = std::atoi(argv[4]), gy = std::atoi(argv[5]);
  if (!doc.grid.contains(sx, sy) || !doc.grid.contains(gx, gy)) {
    std::printf("error: start or goal outside the map\n");
    return 2;
  }
  astar::SearchOptions options;
  if (argc >= 7 && !astar::parseAlgorithm(argv[6], options.algorithm)) {
    std::printf("error: unknown algorithm %s\n", argv[6]);
    return 2;
  }
  if (argc >= 8 && !astar::parseHeuristic(argv[7], options.heuristic)) {
    std::printf("error: unknown heuristic %s\n", argv[7]);
    return 2;
  }
  const astar::PathResult r = astar::findPath(doc.grid, doc.grid.index(sx, sy), doc.grid.index(gx, gy), options);
  if (r.status == astar::SearchStatus::Found) {
    std::printf("found %.17g\n", r.stats.pathCost);
    return 0;
  }
  if (r.status == astar::SearchStatus::NoPath) {
    std::printf("no-path\n");
    return 0;
  }
  std::printf("error: %s\n", astar::statusName(r.status));
  return 2;
}
