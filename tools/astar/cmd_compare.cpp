// astar compare MAP [SX SY GX GY] [planner options] [--repeat R] [--json]: every planner
// (planners.h) on one query, side by side, each with the options it takes: cost against the
// optimum (Dijkstra) and the planner's bound, path cells, expansions, relaxed moves, largest open
// list (the search loop's planners) and time; with --agent-size N above 1, the rows that take
// the size run for that agent and the others say why not. For teaching ("greedy expands less but pays more")
// and for choosing a planner for a map.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "astar/planner_runner.h"
#include "astar/planners.h"
#include "astar/search.h"
#include "bench_support.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

namespace {

// "exact", "1.5" (cost <= 1.5 x optimal) or "-" (no bound).
std::string boundText(double bound) {
  if (bound == 1.0) return "exact";
  if (bound <= 0.0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", bound);
  return text;
}

}  // namespace

int cmdCompare(const Args& args) {
  const char* usage = "compare MAP [SX SY GX GY] " ASTAR_PLANNER_OPTIONS " [--repeat R] [--json]";
  Query q;
  if (!queryFromArgs(args, "compare", usage, q, /*onePlanner=*/false)) return kExitBadInput;
  std::vector<const PlannerInfo*> all;
  for (const PlannerInfo& p : planners()) all.push_back(&p);
  if (!refuseOptionsNotTaken(args, "compare", all)) return kExitBadInput;
  PlannerSettings base = q.settings;
  if (!args.has("--weight")) base.search.weight = kDefaultWeight;
  long long repeat = 5;
  if (args.has("--repeat") && !parseIntArg(args.get("--repeat"), "--repeat", 1, 1000, repeat)) return kExitBadInput;
  const bool json = args.has("--json");
  const Grid& g = q.doc.grid;

  GridSearch dijkstra(g);
  SearchOptions reference = base.search;
  reference.algorithm = Algorithm::Dijkstra;
  dijkstra.begin(q.start, std::span<const NodeId>(q.goals), reference);
  if (dijkstra.run() == SearchStatus::InvalidInput) {
    fail(std::string("compare: ") + dijkstra.message());
    return kExitBadInput;
  }
  const bool reachable = dijkstra.status() == SearchStatus::Found;
  const double optimal = dijkstra.stats().pathCost;

  if (!json) {
    std::printf("%-26s %-8s %12s %9s %6s %7s %10s %10s %9s %11s\n", "planner", "status", "cost", "/optimal", "bound",
                "cells", "expanded", "generated", "max open", "time (us)");
  }
  const int agentSize = base.search.agentSize;
  for (const PlannerInfo* planner : all) {
    // An agent above one cell: a row that does not take the size (planners.h: AgentSize) would
    // answer for a one-cell agent, so it is not run and says core's reason (as the page's Compare).
    if (agentSize != 1 && !plannerTakes(*planner, PlannerOption::AgentSize)) {
      const std::string why = plannerRefusal(*planner, PlannerOption::AgentSize);
      if (json) {
        std::printf("{\"algorithm\": \"%s\", \"status\": \"not-run\", \"message\": \"%s\"}\n", planner->name,
                    jsonText(why).c_str());
      } else {
        std::printf("%-26s %-8s %s\n", planner->name, "not run", why.c_str());
      }
      continue;
    }
    PlannerSettings settings = base;
    settings.planner = planner;
    settings.search.algorithm = planner->algorithm;
    PlannerRunner runner(g, settings, &q.landmarks);
    if (!runner.prepare()) {
      fail(std::string("compare: ") + planner->name + ": " + runner.message());
      return kExitBadInput;
    }
    std::vector<double> micros;
    const PlannerAnswer* a = nullptr;
    for (long long r = 0; r < repeat; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      a = &runner.answer(q.start, q.goals);
      micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    }
    if (a->status == SearchStatus::InvalidInput) {
      fail(std::string("compare: ") + planner->name + ": " + a->message);
      return kExitBadInput;
    }
    std::nth_element(micros.begin(), micros.begin() + static_cast<std::ptrdiff_t>(micros.size() / 2), micros.end());
    const double median = micros[micros.size() / 2];
    // The search loop's own counters, for its planners (the others report expansions only).
    const SearchStats loop = runner.loopStats() ? *runner.loopStats() : SearchStats{};
    const bool found = a->status == SearchStatus::Found;
    const double ratio = found && optimal > 0 ? a->cost / optimal : 1.0;
    const double bound = settings.bound();
    const bool fellBack = a->ranAs != planner;
    if (json) {
      std::printf(
          "{\"algorithm\": \"%s\", \"status\": \"%s\", \"cost\": %.17g, \"optimal\": %.17g, \"bound\": %s, "
          "\"cells\": %zu, \"expanded\": %llu, \"generated\": %llu, \"reopened\": %llu, \"maxOpen\": %llu, "
          "\"fellBack\": %s, \"ranAs\": \"%s\", \"microseconds\": %.3f}\n",
          planner->name, statusName(a->status), found ? a->cost : 0.0, reachable ? optimal : 0.0,
          bound > 0.0 ? std::to_string(bound).c_str() : "null", found ? a->cells.size() : std::size_t{0},
          static_cast<unsigned long long>(a->expanded), static_cast<unsigned long long>(loop.generated),
          static_cast<unsigned long long>(loop.reopened), static_cast<unsigned long long>(loop.maxOpen),
          fellBack ? "true" : "false", a->ranAs->name, median);
      continue;
    }
    char cost[32] = "-", over[32] = "-", cells[32] = "-", generated[32] = "-", maxOpen[32] = "-";
    if (found) {
      std::snprintf(cost, sizeof cost, "%.6g", a->cost);
      std::snprintf(over, sizeof over, "%.4f", ratio);
      std::snprintf(cells, sizeof cells, "%zu", a->cells.size());
    }
    if (planner->kind == PlannerKind::Search) {
      std::snprintf(generated, sizeof generated, "%llu", static_cast<unsigned long long>(loop.generated));
      std::snprintf(maxOpen, sizeof maxOpen, "%llu", static_cast<unsigned long long>(loop.maxOpen));
    }
    std::string name = planner->name;
    if (fellBack) name += std::string(" (as ") + a->ranAs->label + ")";
    std::printf("%-26s %-8s %12s %9s %6s %7s %10llu %10s %9s %11.1f\n", name.c_str(), statusName(a->status), cost, over,
                boundText(bound).c_str(), cells, static_cast<unsigned long long>(a->expanded), generated, maxOpen,
                median);
  }
  if (!json) {
    const SearchOptions& s = base.search;
    const std::string agent =
        agentSize != 1 ? "a " + std::to_string(agentSize) + " x " + std::to_string(agentSize) + " agent; " : "";
    std::printf(
        "%sheuristic %s%s%s%s; weighted A* weight %g%s; HPA* clusters of %d; turn-aware: turn cost %g%s; time: "
        "median of %lld runs\n",
        agent.c_str(), heuristicName(s.heuristic),
        heuristicProperties(s.heuristic, g, s.wrapAware, s.portalAware).admissible ? " (admissible)"
                                                                                   : " (may overestimate)",
        s.wrapAware ? "" : ", not wrap-aware", s.portalAware ? "" : ", not portal-aware", s.weight,
        s.reopenClosed ? ", reopening closed nodes" : "", base.clusterSize, base.turns.turnCost,
        base.turns.noReverse ? ", no reversing" : "", repeat);
  }
  return reachable ? kExitOk : kExitMismatch;
}

}  // namespace astar::cli
