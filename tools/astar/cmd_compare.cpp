// astar compare MAP [SX SY GX GY] [--heuristic H] [search switches] [--repeat R] [--json]: every
// algorithm on one query, side by side: cost against the optimum (Dijkstra), path cells,
// expansions, relaxed moves, largest open list and time. For teaching ("greedy expands less
// but pays more") and for choosing an algorithm for a map.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "astar/search.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

int cmdCompare(const Args& args) {
  const char* usage = "compare MAP [SX SY GX GY] [--heuristic H] " ASTAR_SEARCH_SWITCHES " [--repeat R] [--json]";
  Query q;
  if (!queryFromArgs(args, "compare", usage, q)) return kExitBadInput;
  SearchOptions base = q.options;
  if (!args.has("--weight")) base.weight = 1.5;
  long long repeat = 5;
  if (args.has("--repeat") && !parseIntArg(args.get("--repeat"), "--repeat", 1, 1000, repeat)) return kExitBadInput;
  const bool json = args.has("--json");
  const Grid& g = q.doc.grid;
  GridSearch search(g);
  auto runOnce = [&](const SearchOptions& options) { return q.run(search, options); };
  SearchOptions dijkstra = base;
  dijkstra.algorithm = Algorithm::Dijkstra;
  if (runOnce(dijkstra) == SearchStatus::InvalidInput) {
    fail(std::string("compare: ") + search.message());
    return kExitBadInput;
  }
  const bool reachable = search.status() == SearchStatus::Found;
  const double optimal = search.stats().pathCost;

  if (!json) {
    std::printf("%-15s %-8s %12s %9s %7s %10s %10s %9s %11s\n", "algorithm", "status", "cost", "/optimal", "cells",
                "expanded", "generated", "max open", "time (us)");
  }
  for (int a = 0; a < kAlgorithmCount; ++a) {
    SearchOptions options = base;
    options.algorithm = static_cast<Algorithm>(a);
    std::vector<double> micros;
    SearchStatus status = SearchStatus::Idle;
    for (long long r = 0; r < repeat; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      status = runOnce(options);
      micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    }
    if (status == SearchStatus::InvalidInput) {
      fail(std::string("compare: ") + algorithmName(options.algorithm) + ": " + search.message());
      return kExitBadInput;
    }
    std::nth_element(micros.begin(), micros.begin() + static_cast<std::ptrdiff_t>(micros.size() / 2), micros.end());
    const double median = micros[micros.size() / 2];
    const SearchStats& s = search.stats();
    const bool found = status == SearchStatus::Found;
    const double ratio = found && optimal > 0 ? s.pathCost / optimal : 1.0;
    std::string name = algorithmName(options.algorithm);
    if (s.fellBack) name += std::string(" (as ") + algorithmInfo(s.ranAs).label + ")";
    if (json) {
      std::printf(
          "{\"algorithm\": \"%s\", \"status\": \"%s\", \"cost\": %.17g, \"optimal\": %.17g, \"cells\": %llu, "
          "\"expanded\": %llu, \"generated\": %llu, \"reopened\": %llu, \"maxOpen\": %llu, \"fellBack\": %s, "
          "\"microseconds\": %.3f}\n",
          algorithmName(options.algorithm), statusName(status), found ? s.pathCost : 0.0, reachable ? optimal : 0.0,
          static_cast<unsigned long long>(found ? s.pathCells : 0), static_cast<unsigned long long>(s.expanded),
          static_cast<unsigned long long>(s.generated), static_cast<unsigned long long>(s.reopened),
          static_cast<unsigned long long>(s.maxOpen), s.fellBack ? "true" : "false", median);
      continue;
    }
    char cost[32] = "-", over[32] = "-", cells[32] = "-";
    if (found) {
      std::snprintf(cost, sizeof cost, "%.6g", s.pathCost);
      std::snprintf(over, sizeof over, "%.4f", ratio);
      std::snprintf(cells, sizeof cells, "%llu", static_cast<unsigned long long>(s.pathCells));
    }
    std::printf("%-15s %-8s %12s %9s %7s %10llu %10llu %9llu %11.1f\n", name.c_str(), statusName(status), cost, over,
                cells, static_cast<unsigned long long>(s.expanded), static_cast<unsigned long long>(s.generated),
                static_cast<unsigned long long>(s.maxOpen), median);
  }
  if (!json) {
    std::printf(
        "heuristic %s%s%s%s; weighted A* weight %g%s; time: median of %lld runs\n", heuristicName(base.heuristic),
        heuristicProperties(base.heuristic, g, base.wrapAware, base.portalAware).admissible ? " (admissible)"
                                                                                            : " (may overestimate)",
        base.wrapAware ? "" : ", not wrap-aware", base.portalAware ? "" : ", not portal-aware", base.weight,
        base.reopenClosed ? ", reopening closed nodes" : "", repeat);
  }
  return reachable ? kExitOk : kExitMismatch;
}

}  // namespace astar::cli
