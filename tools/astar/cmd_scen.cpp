// astar scen FILE.map.scen [--map FILE.map] [--algorithm A] [--heuristic H] [search switches] [--rows N] [--json]
// Runs scenario rows (all, or N spread evenly over the file) and checks each search cost
// against the row's optimal length within its printed precision. Without --map, the map is
// the row's map name looked up beside the scenario file, else the scenario path minus
// ".scen". Exit 1 when any row does not match, 2 on a bad file or argument.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "astar/landmarks.h"
#include "astar/search.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

namespace {

std::string directoryOf(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

bool fileExists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

std::string number(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.10g", v);
  return buffer;
}

}  // namespace

int cmdScen(const Args& args) {
  if (!expectPositional(args, 1,
                        "scen FILE.map.scen [--map FILE.map] [--algorithm A] [--heuristic H] " ASTAR_SEARCH_SWITCHES
                        " [--rows N] [--json]"))
    return kExitBadInput;
  const std::string scenPath = args.positional[0];
  std::string text;
  if (!readFile(scenPath, text)) return kExitBadInput;
  Scenario scen;
  if (const Error e = readScenario(text, scen)) {
    fail(located(scenPath, e));
    return kExitBadInput;
  }
  if (scen.rows.empty()) {
    fail(scenPath + ": no scenario rows");
    return kExitBadInput;
  }
  std::string mapPath = args.get("--map");
  if (mapPath.empty()) {
    const std::string beside = directoryOf(scenPath) + std::string(baseName(scen.rows.front().mapName));
    const bool endsScen = scenPath.size() > 5 && scenPath.compare(scenPath.size() - 5, 5, ".scen") == 0;
    mapPath = fileExists(beside) || !endsScen ? beside : scenPath.substr(0, scenPath.size() - 5);
  }
  MapDocument doc;
  if (!loadMap(mapPath, doc)) return kExitBadInput;
  const Grid& g = doc.grid;
  SearchOptions options;
  if (!searchOptionsFromArgs(args, options)) return kExitBadInput;

  std::size_t count = scen.rows.size();
  if (args.has("--rows")) {
    long long n = 0;
    if (!parseIntArg(args.get("--rows"), "--rows", 1, 1000000000, n)) return kExitBadInput;
    count = std::min(count, static_cast<std::size_t>(n));
  }
  // Check every row we will run before running any, so a bad file fails fast with status 2.
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t r = static_cast<std::size_t>(static_cast<unsigned long long>(i) * scen.rows.size() / count);
    const ScenarioRow& row = scen.rows[r];
    std::string problem;
    if (row.mapWidth != g.width() || row.mapHeight != g.height())
      problem = "row is for a " + std::to_string(row.mapWidth) + " x " + std::to_string(row.mapHeight) + " map, " +
                mapPath + " is " + std::to_string(g.width()) + " x " + std::to_string(g.height());
    else if (!g.passable(row.startX, row.startY) || !g.passable(row.goalX, row.goalY))
      problem = "start or goal is a wall in " + mapPath;
    if (!problem.empty()) {
      fail(scenPath + ":" + std::to_string(row.line) + ": " + problem);
      return kExitBadInput;
    }
    picked.push_back(r);
  }

  LandmarkTable<Grid> landmarks;
  if (options.heuristic == Heuristic::Landmarks) landmarks.build(g, 8);
  GridSearch search(g);
  // A preprocessed algorithm builds its tables before the rows (time reported apart).
  if (options.algorithm == Algorithm::JumpPointPlus) search.preprocessSome(0xFFFFFFFFu);
  const Preprocessing pre = search.preprocessing();
  char preText[96] = "";
  if (options.algorithm == Algorithm::JumpPointPlus)
    std::snprintf(preText, sizeof preText,
                  ", \"preprocess_ms\": %.3f, \"preprocess_bytes\": %zu, \"goal_bounding\": %s", pre.milliseconds,
                  pre.bytes, pre.goalBounding ? "true" : "false");
  const bool json = args.has("--json");
  std::size_t mismatches = 0;
  std::uint64_t totalExpansions = 0;
  double totalMicroseconds = 0.0;
  for (std::size_t r : picked) {
    const ScenarioRow& row = scen.rows[r];
    const NodeId start = g.index(row.startX, row.startY), goal = g.index(row.goalX, row.goalY);
    const auto t0 = std::chrono::steady_clock::now();
    search.begin(start, goal, options, options.heuristic == Heuristic::Landmarks ? &landmarks : nullptr);
    const SearchStatus status = search.run();
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    if (status == SearchStatus::InvalidInput) {
      fail(scenPath + ":" + std::to_string(row.line) + ": " + search.message());
      return kExitBadInput;
    }
    const bool found = status == SearchStatus::Found;
    const double cost = search.stats().pathCost;
    const bool ok = found && std::fabs(cost - row.optimalLength) <= row.tolerance;
    mismatches += !ok;
    totalExpansions += search.stats().expanded;
    totalMicroseconds += us;
    char time[32];
    std::snprintf(time, sizeof time, "%.1f", us);
    if (json) {
      std::cout << "{\"row\": " << r << ", \"line\": " << row.line << ", \"expected\": " << row.optimalText
                << ", \"cost\": " << (found ? number(cost) : "null") << ", \"expansions\": " << search.stats().expanded
                << ", \"microseconds\": " << time << ", \"ok\": " << (ok ? "true" : "false") << "}\n";
    } else {
      std::cout << "row " << r << " (line " << row.line << "): expected " << row.optimalText << ", cost "
                << (found ? number(cost) : std::string(statusName(status))) << ", expansions "
                << search.stats().expanded << ", " << time << " us" << (ok ? "" : "  MISMATCH") << "\n";
    }
  }
  const bool weighted = options.algorithm == Algorithm::WeightedAStar;
  if (json) {
    std::cout << "{\"rows\": " << picked.size() << ", \"mismatches\": " << mismatches << ", \"algorithm\": \""
              << algorithmName(options.algorithm) << "\""
              << (weighted ? ", \"weight\": " + number(options.weight) : std::string())
              << ", \"expansions\": " << totalExpansions << ", \"microseconds\": " << number(totalMicroseconds)
              << preText << "}\n";
  } else {
    std::cout << "rows " << picked.size() << ", mismatches " << mismatches << " (" << algorithmName(options.algorithm)
              << (weighted ? " weight " + number(options.weight) : std::string()) << ", " << totalExpansions
              << " expansions, " << number(totalMicroseconds / 1000.0) << " ms"
              << (options.algorithm == Algorithm::JumpPointPlus
                      ? ", preprocessing " + number(pre.milliseconds) + " ms, " + std::to_string(pre.bytes) + " bytes" +
                            (pre.goalBounding ? ", goal bounding" : ", no goal bounding")
                      : std::string())
              << ")\n";
  }
  return mismatches ? kExitMismatch : kExitOk;
}

}  // namespace astar::cli
