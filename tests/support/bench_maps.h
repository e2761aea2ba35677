// Loading Moving AI maps and scenarios from ../shared/maps-bench for tests.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "astar/formats.h"

namespace astar::testing {

inline std::string benchDir() {
  if (const char* dir = std::getenv("ASTAR_MAPS_BENCH")) return dir;
  return ASTAR_MAPS_BENCH_DIR;
}

inline bool readFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

// Loads name.map and name.map.scen; returns an error text, empty on success.
inline std::string loadBenchMap(const std::string& name, MapDocument& map, Scenario& scenario) {
  std::string mapText, scenText;
  const std::string base = benchDir() + "/" + name;
  if (!readFile(base + ".map", mapText)) return "cannot read " + base + ".map";
  if (!readFile(base + ".map.scen", scenText)) return "cannot read " + base + ".map.scen";
  if (Error e = readMovingAiMap(mapText, map)) return base + ".map: " + e.describe();
  if (Error e = readScenario(scenText, scenario)) return base + ".map.scen: " + e.describe();
  return {};
}

}  // namespace astar::testing
