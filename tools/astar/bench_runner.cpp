// The benchmark runner shared by `astar bench` and bench/bench_boost: see bench_runner.h.
// Runs Moving AI scenario files (.map.scen) through our searches and any peers, checks every
// returned length against the scenario's optimum (weighted A*: within weight x the optimum),
// and prints per-map time per query and expansions, plus the geometric mean over maps. A
// single wrong length fails the run (exit code 1).
#include "bench_runner.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include <dirent.h>

#include "astar/formats.h"
#include "astar/path_cost.h"
#include "astar/search.h"
#include "search_options.h"

namespace astar::cli {

namespace {

using Clock = std::chrono::steady_clock;

// One of our algorithms, or a peer (`peer` is its index in the peers given to runBench).
struct Runner {
  std::string name;
  int peer = -1;
  Algorithm algorithm = Algorithm::AStar;
};

struct ScenarioQuery {
  NodeId start, goal;
  double optimum, tolerance;
  int line;
};

struct MapResult {
  std::string map;
  std::string runner;
  std::size_t queries = 0;
  double meanUs = 0, medianUs = 0, p95Us = 0, meanExpanded = 0;
  std::size_t mismatches = 0;
  std::size_t bytesPerNode = 0;
  bool fellBack = false;
};

bool endsWith(const std::string& s, const char* suffix) {
  const std::size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

bool isDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The .map.scen files of a folder, sorted by name.
std::vector<std::string> scenariosIn(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      if (endsWith(name, ".map.scen")) out.push_back(dir + "/" + name);
    }
    ::closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// N rows spread over all buckets: rows ordered by bucket (stable), then N evenly spaced
// picks. Scenario files list short paths first, so the first N rows would be only short ones.
// bench/node/scenarios.mjs makes the same picks.
std::vector<std::size_t> sampleRows(const Scenario& scenario, std::size_t n) {
  std::vector<std::size_t> order(scenario.rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return scenario.rows[a].bucket < scenario.rows[b].bucket; });
  if (n == 0 || n >= order.size()) return order;
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < n; ++i) picked.push_back(order[(2 * i + 1) * order.size() / (2 * n)]);
  return picked;
}

class Progress {
 public:
  explicit Progress(bool on) : on_(on) {}
  void show(std::size_t done, std::size_t total, const std::string& label) {
    if (!on_ || total == 0) return;
    const auto now = Clock::now();
    if (done != total && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const int width = 30, filled = static_cast<int>(static_cast<double>(width) * static_cast<double>(done) /
                                                    static_cast<double>(total));
    std::fprintf(stderr, "\r[%.*s%*s] %3d%%  %-40.40s", filled, "##############################", width - filled, "",
                 static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total)), label.c_str());
    std::fflush(stderr);
  }
  void finish() {
    if (on_) std::fprintf(stderr, "\r%*s\r", 80, "");
  }

 private:
  bool on_;
  Clock::time_point last_{};
};

double percentile(std::vector<double> sorted, double p) {
  if (sorted.empty()) return 0;
  const std::size_t i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size()))) - 1;
  return sorted[std::min(i, sorted.size() - 1)];
}

// Mean, median and p95 of per-query times; each query's time is the median of its repeats
// (bench/node/run.mjs does the same).
void summarise(std::vector<std::vector<double>>& times, MapResult& r) {
  std::vector<double> perQuery;
  for (std::vector<double>& t : times) {
    std::sort(t.begin(), t.end());
    perQuery.push_back(t[(t.size() - 1) / 2]);  // the median (the lower one for an even count)
  }
  std::sort(perQuery.begin(), perQuery.end());
  double sum = 0;
  for (double t : perQuery) sum += t;
  r.queries = perQuery.size();
  r.meanUs = perQuery.empty() ? 0 : sum / static_cast<double>(perQuery.size());
  r.medianUs = percentile(perQuery, 0.5);
  r.p95Us = percentile(perQuery, 0.95);
}

struct Options {
  std::vector<std::string> inputs;
  std::vector<Runner> runners;
  SearchOptions search;  // --weight and the heuristic switches; the algorithm comes per runner
  std::size_t sample = 0;
  int repeat = 1;
  int warmupMs = 300;  // per runner and map; 0 (with at least 5 queries) for instruction counts
  bool json = false;
  bool progress = ::isatty(2) != 0;
};

bool parseRunners(const std::string& list, const std::vector<BenchPeerKind>& peers, std::vector<Runner>& out,
                  std::string& error) {
  std::stringstream s(list);
  std::string name;
  while (std::getline(s, name, ',')) {
    Runner r;
    r.name = name;
    for (std::size_t i = 0; i < peers.size(); ++i)
      if (peers[i].name == name) r.peer = static_cast<int>(i);
    if (r.peer < 0 && !parseAlgorithm(name.c_str(), r.algorithm)) {
      error = "unknown algorithm '" + name + "'";
      if (name == "boost") error += " (the Boost.Graph peer is bench_boost, built under bench/ when Boost is found)";
      return false;
    }
    out.push_back(r);
  }
  if (out.empty()) error = "--algorithms needs at least one name";
  return !out.empty();
}

bool parseOptions(const Args& args, const std::vector<BenchPeerKind>& peers, const std::string& defaultRunners,
                  const std::string& command, Options& o, std::string& error) {
  long long n = 0;
  if (args.has("--sample")) {
    if (!parseIntArg(args.get("--sample"), "--sample", 0, 100000000, n)) return false;
    o.sample = static_cast<std::size_t>(n);
  }
  if (args.has("--repeat")) {
    if (!parseIntArg(args.get("--repeat"), "--repeat", 1, 1000, n)) return false;
    o.repeat = static_cast<int>(n);
  }
  if (args.has("--warmup-ms")) {
    if (!parseIntArg(args.get("--warmup-ms"), "--warmup-ms", 0, 600000, n)) return false;
    o.warmupMs = static_cast<int>(n);
  }
  if (!searchOptionsFromArgs(args, o.search)) return false;
  o.json = args.has("--json");
  if (args.has("--progress")) o.progress = true;
  if (args.has("--no-progress")) o.progress = false;
  for (const std::string& a : args.positional) {
    if (isDirectory(a)) {
      const std::vector<std::string> found = scenariosIn(a);
      if (found.empty()) {
        error = "no .map.scen files in " + a;
        return false;
      }
      o.inputs.insert(o.inputs.end(), found.begin(), found.end());
    } else {
      o.inputs.push_back(a);
    }
  }
  if (o.inputs.empty()) {
    error = "no scenario file given (usage: " + command + " FILE.map.scen|DIR ... " + kBenchOptions + ")";
    return false;
  }
  return parseRunners(args.get("--algorithms", defaultRunners), peers, o.runners, error);
}

// Loads a scenario file and its map (beside it: the file name without ".scen").
bool loadScenario(const std::string& path, Scenario& scenario, MapDocument& doc, std::string& error) {
  std::string text;
  if (!readFile(path, text)) return false;  // readFile printed why
  if (Error e = readScenario(text, scenario)) {
    error = located(path, e);
    return false;
  }
  std::string mapPath = endsWith(path, ".scen") ? path.substr(0, path.size() - 5) : path + ".map";
  if (!readFile(mapPath, text)) return false;
  if (Error e = readMap(text, doc, MapFormat::MovingAi)) {
    error = located(mapPath, e);
    return false;
  }
  doc.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);  // the rule the optima were computed under
  for (const ScenarioRow& row : scenario.rows) {
    if (row.mapWidth != doc.grid.width() || row.mapHeight != doc.grid.height()) {
      error = path + ":" + std::to_string(row.line) + ": row is for a " + std::to_string(row.mapWidth) + " x " +
              std::to_string(row.mapHeight) + " map, " + mapPath + " is " + std::to_string(doc.grid.width()) + " x " +
              std::to_string(doc.grid.height());
      return false;
    }
    if (!doc.grid.contains(row.startX, row.startY) || !doc.grid.contains(row.goalX, row.goalY)) {
      error = path + ":" + std::to_string(row.line) + ": start or goal outside the map";
      return false;
    }
  }
  return true;
}

// A file name as a JSON string body (quotes, backslashes and control characters escaped).
std::string jsonText(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

void printJson(const MapResult& r) {
  std::printf(
      "{\"runner\":\"native\",\"map\":\"%s\",\"algorithm\":\"%s\",\"queries\":%zu,\"mean_us\":%.3f,\"median_us\":%.3f,"
      "\"p95_us\":%.3f,\"mean_expanded\":%.1f,\"mismatches\":%zu,\"bytes_per_node\":%zu,\"fell_back\":%s}\n",
      jsonText(r.map).c_str(), r.runner.c_str(), r.queries, r.meanUs, r.medianUs, r.p95Us, r.meanExpanded, r.mismatches,
      r.bytesPerNode, r.fellBack ? "true" : "false");
}

}  // namespace

int runBench(const Args& args, const std::vector<BenchPeerKind>& peers, const std::string& defaultRunners,
             const std::string& command) {
  Options o;
  std::string error;
  if (!parseOptions(args, peers, defaultRunners, command, o, error)) {
    if (!error.empty()) fail(command + ": " + error);
    return kExitBadInput;
  }
  std::vector<MapResult> results;
  std::size_t totalMismatches = 0;
  Progress progress(o.progress);
  for (const std::string& path : o.inputs) {
    Scenario scenario;
    MapDocument doc;
    if (!loadScenario(path, scenario, doc, error)) {
      progress.finish();
      if (!error.empty()) fail(error);
      return kExitBadInput;
    }
    const Grid& grid = doc.grid;
    const std::string mapName(baseName(endsWith(path, ".scen") ? path.substr(0, path.size() - 5) : path));
    std::vector<ScenarioQuery> queries;
    for (std::size_t i : sampleRows(scenario, o.sample)) {
      const ScenarioRow& row = scenario.rows[i];
      queries.push_back({grid.index(row.startX, row.startY), grid.index(row.goalX, row.goalY), row.optimalLength,
                         row.tolerance, row.line});
    }
    GridSearch search(grid);
    std::vector<std::unique_ptr<BenchPeer>> built(peers.size());
    const std::size_t runnerCount = o.runners.size();
    // times[runner][query][repeat]
    std::vector<std::vector<std::vector<double>>> times(runnerCount, std::vector<std::vector<double>>(queries.size()));
    std::vector<double> expanded(runnerCount, 0.0);
    std::vector<MapResult> mapResults(runnerCount);
    const std::size_t steps = static_cast<std::size_t>(o.repeat) * runnerCount * queries.size();
    std::size_t done = 0;
    // Repeats outermost and runners interleaved, so a slow phase of the machine hits all alike.
    for (int rep = 0; rep < o.repeat; ++rep) {
      for (std::size_t ri = 0; ri < runnerCount; ++ri) {
        const Runner& runner = o.runners[ri];
        BenchPeer* peer = nullptr;
        MapResult& result = mapResults[ri];
        result.map = mapName;
        result.runner = runner.name;
        SearchOptions options = o.search;
        options.algorithm = runner.algorithm;
        if (!args.has("--weight") && runner.algorithm == Algorithm::WeightedAStar) options.weight = 1.5;
        if (runner.peer >= 0) {
          std::unique_ptr<BenchPeer>& slot = built[static_cast<std::size_t>(runner.peer)];
          // Per-map set-up stays out of the timings, as for any user who keeps a map loaded.
          if (!slot) slot = peers[static_cast<std::size_t>(runner.peer)].build(grid);
          peer = slot.get();
        }
        if (rep == 0 && !queries.empty()) {
          // Untimed: our first query on the map (records, heap, JPS bitsets), then a warm-up,
          // at least 5 queries and 300 ms per runner (--warmup-ms), as bench/node/run.mjs does
          // for V8's tiers: make bench starts a fresh process per map, and without it the
          // native side of the wasm / native ratio ran cold.
          const auto until = Clock::now() + std::chrono::milliseconds(o.warmupMs);
          for (std::size_t i = 0; i < 5 || Clock::now() < until; ++i) {
            const ScenarioQuery& q = queries[i % queries.size()];
            if (peer) {
              std::uint64_t ignored = 0;
              peer->search(q.start, q.goal, ignored);
            } else {
              search.begin(q.start, q.goal, options);
              search.run();
            }
          }
        }
        for (std::size_t qi = 0; qi < queries.size(); ++qi) {
          const ScenarioQuery& q = queries[qi];
          double length = -1;
          std::uint64_t expandedNodes = 0;
          const auto t0 = Clock::now();
          if (peer) {
            length = peer->search(q.start, q.goal, expandedNodes);
          } else {
            search.begin(q.start, q.goal, options);
            search.run();
          }
          const auto t1 = Clock::now();
          times[ri][qi].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
          if (!peer) {
            expandedNodes = search.stats().expanded;
            result.fellBack = result.fellBack || search.stats().fellBack;
            if (search.status() == SearchStatus::Found) {
              length = search.stats().pathCost;
              const double walked = pathCost(grid, search.path());
              if (!(std::fabs(walked - length) <= 1e-6 * std::max(1.0, length)))
                length = -1;  // a broken path counts as wrong
            }
          }
          if (rep == 0) {
            expanded[ri] += static_cast<double>(expandedNodes);
            // Weighted A* promises a length within weight x the optimum, the others the optimum.
            const double bound = runner.algorithm == Algorithm::WeightedAStar && !peer ? options.weight : 1.0;
            const bool right =
                std::fabs(length - q.optimum) <= q.tolerance ||
                (bound > 1.0 && length >= q.optimum - q.tolerance && length <= bound * q.optimum + q.tolerance);
            if (!right) {
              ++result.mismatches;
              progress.finish();
              const char* why = peer ? "" : search.message();  // e.g. a start on a wall
              char allowed[64] = "";
              if (bound > 1.0)
                std::snprintf(allowed, sizeof allowed, " (weight %g allows up to %.8f)", bound,
                              bound * q.optimum + q.tolerance);
              std::fprintf(stderr, "%s: %s: mismatch: %s:%d: %s returned %.8f, the optimum is %.8f%s%s%s%s\n",
                           programName, command.c_str(), path.c_str(), q.line, runner.name.c_str(), length, q.optimum,
                           allowed, *why ? " (" : "", why, *why ? ")" : "");
            }
          }
          progress.show(++done, steps, mapName + " " + runner.name);
        }
      }
    }
    for (std::size_t ri = 0; ri < runnerCount; ++ri) {
      MapResult& r = mapResults[ri];
      summarise(times[ri], r);
      r.meanExpanded = queries.empty() ? 0 : expanded[ri] / static_cast<double>(queries.size());
      r.bytesPerNode = o.runners[ri].peer >= 0 ? 0 : search.bytesPerNode();
      totalMismatches += r.mismatches;
      if (o.json) printJson(r);
      results.push_back(r);
    }
    if (o.json) std::fflush(stdout);
  }
  progress.finish();

  // Geometric mean over maps of the mean time per query, per runner.
  if (!o.json) {
    std::printf("%-22s %-8s %8s %11s %11s %11s %12s %6s\n", "map", "algo", "queries", "mean us", "median us", "p95 us",
                "expanded", "wrong");
    for (const MapResult& r : results)
      std::printf("%-22s %-8s %8zu %11.2f %11.2f %11.2f %12.1f %6zu%s\n", r.map.c_str(), r.runner.c_str(), r.queries,
                  r.meanUs, r.medianUs, r.p95Us, r.meanExpanded, r.mismatches, r.fellBack ? "  (fell back to A*)" : "");
  }
  for (const Runner& runner : o.runners) {
    double logSum = 0;
    int maps = 0;
    for (const MapResult& r : results)
      if (r.runner == runner.name && r.meanUs > 0) {
        logSum += std::log(r.meanUs);
        ++maps;
      }
    const double geomean = maps ? std::exp(logSum / maps) : 0;
    if (o.json)
      std::printf("{\"runner\":\"native\",\"summary\":true,\"algorithm\":\"%s\",\"maps\":%d,\"geomean_us\":%.3f}\n",
                  runner.name.c_str(), maps, geomean);
    else
      std::printf("geometric mean over %d maps of the mean time per query, %s: %.2f us\n", maps, runner.name.c_str(),
                  geomean);
  }
  if (totalMismatches) {
    fail(command + ": FAILED: " + std::to_string(totalMismatches) +
         " returned lengths differ from the scenario optimum");
    return kExitMismatch;
  }
  return kExitOk;
}

}  // namespace astar::cli
