// Pieces of the benchmark runner (bench_runner.cpp) that do not time anything: loading a
// scenario with its map, choosing the timed and the warm-up rows, summarising the times,
// the progress bar and JSON text.
#pragma once
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "astar/formats.h"

namespace astar::cli {

struct MapResult {
  std::string map;
  std::string runner;
  int width = 0, height = 0;  // the map's, for the table's size classes (bench/node/table.mjs)
  std::size_t queries = 0;
  double meanUs = 0, medianUs = 0, p95Us = 0, meanExpanded = 0;
  std::size_t mismatches = 0;
  std::size_t bytesPerNode = 0;
  double preprocessMs = -1;         // our preprocessed searches (jps-plus): table build, untimed
  std::size_t preprocessBytes = 0;  // and the tables' size
  bool fellBack = false;
  std::string ranAs;     // what ran when it fell back (jps or astar), else empty
  bool skipped = false;  // a peer that cannot search this map (e.g. libtcod on a wrapping maze)
};

bool endsWith(const std::string& s, const char* suffix);
bool isDirectory(const std::string& path);
// The .map.scen files of a folder, sorted by name.
std::vector<std::string> scenariosIn(const std::string& dir);

// Loads a scenario file and its map (beside it: the file name without ".scen"). A Moving AI
// map gets the rule its optima were computed under: 8-connected without corner cutting, or
// 4-connected when fourConnected (the 4-connected set's scenario files); a playground map
// (.map.txt: e.g. an arcade maze with wrap-around) keeps its own rules.
bool loadScenario(const std::string& path, bool fourConnected, Scenario& scenario, MapDocument& doc,
                  std::string& error);

// N rows spread over all buckets: rows ordered by bucket (stable), then N evenly spaced
// picks. Scenario files list short paths first, so the first N rows would be only short ones.
// bench/node/scenarios.mjs makes the same picks. `warmup` gets up to N other rows of the
// file, spread the same way (none are timed rows); when every row is timed it is empty.
std::vector<std::size_t> sampleRows(const Scenario& scenario, std::size_t n,
                                    std::vector<std::size_t>* warmup = nullptr);

// Mean, median and p95 of per-query times; each query's time is the median of its repeats
// (bench/node/run.mjs does the same).
void summarise(std::vector<std::vector<double>>& times, MapResult& r);

// A file name as a JSON string body (quotes, backslashes and control characters escaped).
std::string jsonText(const std::string& s);
void printJson(const MapResult& r);

class Progress {
 public:
  explicit Progress(bool on) : on_(on) {}
  void show(std::size_t done, std::size_t total, const std::string& label);
  void finish();

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace astar::cli
