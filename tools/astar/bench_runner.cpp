// The benchmark runner shared by `astar bench` and bench/bench_boost: see bench_runner.h.
// Runs Moving AI scenario files (.map.scen) through our planners (planners.h, through
// PlannerRunner) and any peers, checks every returned length against the scenario's optimum (a
// bounded planner: within its bound),
// and prints per-map time per query and expansions, plus the geometric mean over maps. A
// single wrong length fails the run (exit code 1).
#include "bench_runner.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "astar/formats.h"
#include "astar/path_cost.h"
#include "astar/planner_runner.h"
#include "astar/planners.h"
#include "bench_support.h"
#include "search_options.h"

namespace astar::cli {

namespace {

using Clock = std::chrono::steady_clock;

// One of our planners, or a peer (`peer` is its index in the peers given to runBench).
struct Runner {
  std::string name;
  int peer = -1;
  const PlannerInfo* planner = nullptr;
};

struct ScenarioQuery {
  NodeId start, goal;
  double optimum, tolerance;
  int line;
};

struct Options {
  std::vector<std::string> inputs;
  std::vector<Runner> runners;
  PlannerSettings settings;  // the planner options' values; the planner comes per runner
  std::size_t sample = 0;
  int repeat = 1;
  int warmupMs = 300;  // per runner and map; 0 (with at least 5 queries) for instruction counts
  bool json = false;
  bool fourConnected = false;  // --four-connected: Moving AI maps searched without diagonal moves
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
    if (r.peer < 0 && !(r.planner = findPlanner(name.c_str()))) {
      error = "unknown algorithm '" + name + "' (" +
              (name == "boost" ? "the Boost.Graph peer is bench_boost, built under bench/ when Boost is found"
                               : plannerNameList()) +
              ")";
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
  if (!plannerValuesFromArgs(args, o.settings)) return false;
  o.json = args.has("--json");
  o.fourConnected = args.has("--four-connected");
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
  if (!parseRunners(args.get("--algorithms", defaultRunners), peers, o.runners, error)) return false;
  // An option none of the listed planners takes is refused, naming them.
  std::vector<const PlannerInfo*> ours;
  for (const Runner& r : o.runners)
    if (r.planner) ours.push_back(r.planner);
  if (!refuseOptionsNotTaken(args, command, ours)) return false;
  if (o.settings.search.agentSize != 1) {
    // A benchmark checks each length against the scenario's optimum, which is a one-cell agent's.
    error =
        "--agent-size above 1 is not benchmarked (the scenarios' optimal lengths are for one-cell agents); "
        "astar scen --agent-size N runs the rows and checks each path";
    return false;
  }
  return true;
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
    if (!loadScenario(path, o.fourConnected, scenario, doc, error)) {
      progress.finish();
      if (!error.empty()) fail(error);
      return kExitBadInput;
    }
    const Grid& grid = doc.grid;
    const std::string mapName(baseName(endsWith(path, ".scen") ? path.substr(0, path.size() - 5) : path));
    std::vector<ScenarioQuery> queries, warmups;
    std::vector<std::size_t> warmupRows;
    auto queryOf = [&](std::size_t i) {
      const ScenarioRow& row = scenario.rows[i];
      return ScenarioQuery{grid.index(row.startX, row.startY), grid.index(row.goalX, row.goalY), row.optimalLength,
                           row.tolerance, row.line};
    };
    for (std::size_t i : sampleRows(scenario, o.sample, &warmupRows)) queries.push_back(queryOf(i));
    for (std::size_t i : warmupRows) warmups.push_back(queryOf(i));
    // Like a game's queries: every timed query differs from the one before it, and the warm-up
    // runs other rows of the map (when every row is timed: the timed rows from the middle, so
    // the last warm-up query is never the first timed one).
    if (warmups.empty())
      for (std::size_t i = 0; i < queries.size(); ++i)
        warmups.push_back(queries[(i + queries.size() / 2 + 1) % queries.size()]);
    std::vector<std::unique_ptr<BenchPeer>> built(peers.size());
    // Ours: one PlannerRunner per planner and map, prepared (HPA*'s graph, JPS+'s tables) untimed.
    std::vector<std::unique_ptr<PlannerRunner>> planned(o.runners.size());
    for (std::size_t ri = 0; ri < o.runners.size(); ++ri) {
      if (!o.runners[ri].planner) continue;
      PlannerSettings settings = o.settings;
      settings.planner = o.runners[ri].planner;
      settings.search.algorithm = settings.planner->algorithm;
      if (!args.has("--weight") && plannerTakes(*settings.planner, PlannerOption::Weight))
        settings.search.weight = kDefaultWeight;
      planned[ri] = std::make_unique<PlannerRunner>(grid, settings, nullptr);
      if (!planned[ri]->prepare()) {
        progress.finish();
        fail(command + ": " + mapName + ": " + settings.planner->name + ": " + planned[ri]->message());
        return kExitBadInput;
      }
    }
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
        result.width = grid.width();
        result.height = grid.height();
        result.runner = runner.name;
        PlannerRunner* ours = planned[ri].get();
        // Any-angle rows are walked segment by segment and promise at most the grid's optimum.
        const bool anyAngle = runner.planner && runner.planner->kind == PlannerKind::Search &&
                              algorithmInfo(runner.planner->algorithm).anyAngle;
        if (runner.peer >= 0) {
          std::unique_ptr<BenchPeer>& slot = built[static_cast<std::size_t>(runner.peer)];
          // Per-map set-up stays out of the timings, as for any user who keeps a map loaded.
          if (!slot && !result.skipped) {
            slot = peers[static_cast<std::size_t>(runner.peer)].build(grid);
            if (!slot) {
              result.skipped = true;
              progress.finish();
              std::fprintf(stderr, "%s: %s: %s cannot search %s as its scenario means it: skipped\n", programName,
                           command.c_str(), runner.name.c_str(), mapName.c_str());
            }
          }
          if (result.skipped) continue;
          peer = slot.get();
        }
        if (rep == 0 && !queries.empty()) {
          // Untimed: our first query on the map (records, heap, JPS bitsets), then a warm-up,
          // at least 5 queries and 300 ms per runner (--warmup-ms), as bench/node/run.mjs does
          // for V8's tiers: make bench starts a fresh process per map, and without it the
          // native side of the wasm / native ratio ran cold.
          const auto until = Clock::now() + std::chrono::milliseconds(o.warmupMs);
          for (std::size_t i = 0; i < 5 || Clock::now() < until; ++i) {
            const ScenarioQuery& q = warmups[i % warmups.size()];
            if (peer) {
              std::uint64_t ignored = 0;
              peer->search(q.start, q.goal, ignored);
            } else {
              ours->answer(q.start, std::span<const NodeId>(&q.goal, 1));
            }
          }
        }
        for (std::size_t qi = 0; qi < queries.size(); ++qi) {
          const ScenarioQuery& q = queries[qi];
          double length = -1;
          std::uint64_t expandedNodes = 0;
          const auto t0 = Clock::now();
          const PlannerAnswer* answer = nullptr;
          if (peer) {
            length = peer->search(q.start, q.goal, expandedNodes);
          } else {
            answer = &ours->answer(q.start, std::span<const NodeId>(&q.goal, 1));
          }
          const auto t1 = Clock::now();
          times[ri][qi].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
          if (answer) {
            expandedNodes = answer->expanded;
            if (answer->ranAs != runner.planner) {
              result.fellBack = true;
              result.ranAs = answer->ranAs->name;
            }
            if (answer->status == SearchStatus::Found) {
              length = answer->cost;
              // The turn-aware search's cost counts turns; the others' is the walked path's.
              // Theta*'s cells are walked segment by segment; the navigation mesh's path is points
              // in the plane, its cost not a sum of grid moves (its tests check its segments).
              const bool inPlane = answer->ranAs->anyAngle && !answer->points.empty();
              const bool walkedIsCost =
                  !inPlane && (runner.planner->kind != PlannerKind::TurnAware || ours->settings().bound() != 0.0);
              const double walked = inPlane    ? length
                                    : anyAngle ? anyAnglePathCost(grid, answer->cells)
                                               : pathCost(grid, answer->cells);
              if (walkedIsCost && !(std::fabs(walked - length) <= 1e-6 * std::max(1.0, length)))
                length = -1;  // a broken path counts as wrong
            }
          }
          if (rep == 0) {
            expanded[ri] += static_cast<double>(expandedNodes);
            // Bounded planners promise a length within their bound, the others (and peers) the optimum.
            const double bound = ours ? ours->settings().bound() : 1.0;
            // An any-angle planner (a path in the plane) promises at most the grid optimum.
            const bool inThePlane = ours && ours->settings().planner->anyAngle && !result.fellBack;
            const bool right =
                std::fabs(length - q.optimum) <= q.tolerance ||
                (inThePlane && length >= 0 && length <= q.optimum + q.tolerance) ||
                (bound > 1.0 && length >= q.optimum - q.tolerance && length <= bound * q.optimum + q.tolerance);
            if (!right) {
              ++result.mismatches;
              if (peer && !peers[static_cast<std::size_t>(runner.peer)].exact) {
                progress.show(++done, steps, mapName + " " + runner.name);
                continue;  // counted and reported per map; not a failure of ours
              }
              progress.finish();
              const char* why = answer ? answer->message.c_str() : "";  // e.g. a start on a wall
              char allowed[64] = "";
              if (bound > 1.0)
                std::snprintf(allowed, sizeof allowed, " (its bound %g allows up to %.8f)", bound,
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
      const PlannerRunner* ours = planned[ri].get();
      r.bytesPerNode = ours ? ours->bytesPerNode() : 0;
      if (ours && ours->settings().planner->preprocessed && !r.fellBack) {
        r.preprocessMs = ours->preprocessing().milliseconds;  // untimed: before the first query
        r.preprocessBytes = ours->preprocessing().bytes;
      }
      const bool exact = o.runners[ri].peer < 0 || peers[static_cast<std::size_t>(o.runners[ri].peer)].exact;
      if (exact) totalMismatches += r.mismatches;
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
      std::printf("%-22s %-8s %8zu %11.2f %11.2f %11.2f %12.1f %6zu%s%s%s\n", r.map.c_str(), r.runner.c_str(),
                  r.queries, r.meanUs, r.medianUs, r.p95Us, r.meanExpanded, r.mismatches,
                  r.fellBack ? "  (fell back: ran as " : "", r.fellBack ? (r.ranAs + ")").c_str() : "",
                  r.skipped ? "  (skipped: cannot search this map)" : "");
  }
  for (const Runner& runner : o.runners) {
    double logSum = 0;
    int maps = 0;
    for (const MapResult& r : results)
      if (r.runner == runner.name && r.meanUs > 0 && !r.skipped) {
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
