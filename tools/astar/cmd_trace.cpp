// astar trace MAP [SX SY GX GY] [--algorithm A] [planner options] [--expansions K] [--open N]
// [--each-relaxation]: the first K expansions of one search, one JSON line each: the node taken,
// what happened to each neighbour (opened, improved, not-better, skipped-closed, reopened) and
// then the first N nodes of the open list in the order the search will take them. With
// --each-relaxation each neighbour's entry also holds the open list as it stood once that
// neighbour was relaxed (Search::openListDuring), which the code pane shows line by line. The
// playground's code pane and open-list table show the same records (its browser tests compare
// them with this).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "astar/planners.h"
#include "astar/search.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

namespace {

// JSON numbers: "inf" (a string) for an unreached g, 17 significant digits otherwise.
void number(std::ostream& out, double v) {
  if (v > 1e300) {
    out << "\"inf\"";
    return;
  }
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  out << text;
}

void cell(std::ostream& out, const Grid& g, NodeId n) { out << "[" << g.xOf(n) << "," << g.yOf(n) << "]"; }

void keys(std::ostream& out, const GridSearch& search, NodeId n) {
  out << ",\"g\":";
  number(out, search.g(n));
  out << ",\"h\":";
  number(out, search.h(n));
  out << ",\"f\":";
  number(out, search.f(n));
}

}  // namespace

int cmdTrace(const Args& args) {
  const char* usage = "trace MAP [SX SY GX GY] [--algorithm A] " ASTAR_PLANNER_OPTIONS
                      " [--expansions K] [--open N] [--each-relaxation]";
  Query q;
  if (!queryFromArgs(args, "trace", usage, q)) return kExitBadInput;
  if (q.settings.planner->kind != PlannerKind::Search) {
    fail(std::string("trace: ") + q.settings.planner->name +
         " is not a run of the search loop on the grid, which trace replays expansion by expansion");
    return kExitBadInput;
  }
  long long expansions = 10, openRows = 10;
  if (args.has("--expansions") && !parseIntArg(args.get("--expansions"), "--expansions", 1, 1000000, expansions))
    return kExitBadInput;
  if (args.has("--open") && !parseIntArg(args.get("--open"), "--open", 0, 1000, openRows)) return kExitBadInput;
  const Grid& g = q.doc.grid;
  SearchOptions options = q.settings.search;
  options.traceExpansions = true;
  GridSearch search(g);
  SearchStatus status = search.begin(q.start, std::span<const NodeId>(q.goals), options,
                                     options.heuristic == Heuristic::Landmarks ? &q.landmarks : nullptr);
  if (status == SearchStatus::InvalidInput) {
    fail(std::string("trace: ") + search.message());
    return kExitBadInput;
  }
  std::vector<NodeId> open(static_cast<std::size_t>(openRows));
  const bool eachRelaxation = args.has("--each-relaxation");
  std::vector<OpenRow> during(static_cast<std::size_t>(openRows));
  for (long long i = 1; i <= expansions && status == SearchStatus::InProgress; ++i) {
    status = search.step(1);
    const ExpansionTrace trace = search.lastExpansion();
    if (trace.node == kNoNode) break;  // no path: nothing was expanded
    std::ostringstream line;
    line << "{\"expansion\":" << i << ",\"cell\":";
    cell(line, g, trace.node);
    keys(line, search, trace.node);
    line << ",\"goal\":" << (trace.goal ? "true" : "false") << ",\"relaxations\":[";
    for (std::size_t r = 0; r < trace.relaxations.size(); ++r) {
      const Relaxation& x = trace.relaxations[r];
      line << (r ? "," : "") << "{\"cell\":";
      cell(line, g, x.node);
      line << ",\"outcome\":\"" << relaxOutcomeName(x.outcome) << "\",\"step_cost\":";
      number(line, x.stepCost);
      line << ",\"tentative_g\":";
      number(line, x.tentativeG);
      if (eachRelaxation) {
        line << ",\"open\":[";
        const std::size_t rows = search.openListDuring(r + 1, during);
        for (std::size_t k = 0; k < rows; ++k) {
          line << (k ? "," : "") << "{\"cell\":";
          cell(line, g, during[k].node);
          line << ",\"g\":";
          number(line, during[k].g);
          line << ",\"h\":";
          number(line, search.h(during[k].node));
          line << ",\"f\":";
          number(line, during[k].f);
          line << "}";
        }
        line << "]";
      }
      line << "}";
    }
    line << "],\"open\":[";
    const std::size_t n = search.openList(open);
    for (std::size_t r = 0; r < n; ++r) {
      line << (r ? "," : "") << "{\"cell\":";
      cell(line, g, open[r]);
      keys(line, search, open[r]);
      line << "}";
    }
    line << "],\"status\":\"" << statusName(status) << "\"}";
    std::cout << line.str() << "\n";
  }
  return kExitOk;
}

}  // namespace astar::cli
