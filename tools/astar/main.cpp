// astar: the command-line tool. Each command lives in its own cmd_*.cpp and is listed once
// in commands.inc.
#include <cstring>
#include <iostream>
#include <string>

#include "astar/formats.h"
#include "astar/generators.h"
#include "astar/limits.h"
#include "astar/planners.h"
#include "astar/version.h"
#include "cli.h"
#include "search_options.h"

namespace {

struct Command {
  const char* name;
  int (*run)(const astar::cli::Args&);
  const char* usage;
  const char* summary;
  std::vector<std::string> valueOptions;
  std::vector<std::string> flags;
};

// Options each command accepts, read from its usage line (optionsFromUsage): one source of
// truth for help text and parsing.
std::vector<Command> commands() {
  std::vector<Command> table = {
#define ASTAR_COMMAND(name, function, usage, summary) {name, astar::cli::function, usage, summary, {}, {}},
#include "commands.inc"
#undef ASTAR_COMMAND
  };
  for (Command& c : table) astar::cli::optionsFromUsage(c.usage, c.valueOptions, c.flags);
  return table;
}

void usage(std::ostream& out, const std::vector<Command>& table) {
  out << "usage: astar COMMAND ...   (astar --version prints the version)\n\ncommands:\n";
  for (const Command& c : table) out << "  astar " << c.usage << "\n      " << c.summary << "\n";
  out << "\nplanners (--algorithm in path, scen, trace; --algorithms LIST in bench; compare runs all):\n";
  for (const astar::PlannerInfo& p : astar::planners()) {
    std::string takes;
    for (int i = 0; i < astar::kPlannerOptionCount; ++i)
      if (astar::plannerTakes(p, static_cast<astar::PlannerOption>(i)))
        takes += (takes.empty() ? "--" : ", --") +
                 std::string(astar::plannerOptionName(static_cast<astar::PlannerOption>(i)));
    out << "  " << p.name << ": " << p.note << "\n      "
        << (p.optimal                 ? "optimal"
            : p.bounded || p.anyAngle ? p.boundText
                                      : "no bound on cost")
        << (p.kind == astar::PlannerKind::Search ? "" : "; trace: not a run of the search loop") << "; takes "
        << (takes.empty() ? "no planner option" : takes) << "\n";
  }
  std::string sizeFallbacks;  // the rows that run as A* for an agent above one cell
  for (const astar::AlgorithmInfo& a : astar::algorithms())
    if (!a.anyAgentSize) sizeFallbacks += (sizeFallbacks.empty() ? "" : ", ") + std::string(a.name);
  out << "\nplanner options (a planner refuses those it does not take):\n"
      << "  --heuristic H        " << astar::cli::heuristicNameList() << " (default octile)\n"
      << "  --weight W           weighted A*: f = g + W h, W from " << astar::kMinWeight << " to "
      << static_cast<long long>(astar::kMaxWeight) << " (default " << astar::kDefaultWeight << ")\n"
      << "  --no-wrap-aware      heuristic ignores wrap-around edges (default --wrap-aware: torus distance)\n"
         "  --no-portal-aware    heuristic ignores portals (default --portal-aware)\n"
         "  --reopen             weighted A*: put closed nodes back on the open list when a cheaper path\n"
         "                       is found (default off; the W x optimal bound holds either way)\n"
         "  --goal-bounding-cells N  jps-plus: build goal bounding on maps up to N open cells (default "
      << astar::SearchOptions{}.goalBoundingMaxCells << ")\n"
      << "  --cluster-size N     hpa: clusters of N x N cells, " << astar::kMinClusterSize << ".."
      << astar::kMaxClusterSize << " (default " << astar::kDefaultClusterSize << ")\n"
      << "  --turn-cost C        turn-aware: cost of each heading step (45 degrees square 8-way, 90 4-way, 60 hex)\n"
         "  --no-reverse         turn-aware: never turn back (except where nothing else is possible)\n"
         "  --heading DIR        turn-aware: the heading at the start (N, NE, E, ...)\n"
         "  --agent-size N       the search loop's planners and hpa: a square agent of N x N cells, "
      << astar::kMinAgentSize << ".." << astar::kMaxAgentSize
      << ", anchored at its top-left cell (default 1; above 1: square cells without wrap;\n"
         "                       "
      << sizeFallbacks << " run as A*; scen checks paths, not the rows' optimum)\n"
      << "  a turn option without --algorithm runs turn-aware\n"
         "limits: jps-plus runs as jps on maps over "
      << astar::kJumpPointPlusMaxCells << " cells, and on 4-way maps or with several goals (path and compare say so)\n";
  out << "\ngenerators (generate KIND):\n";
  for (const astar::GeneratorInfo& g : astar::generators())
    out << "  " << g.name << ": " << g.description << " Default " << g.defaultWidth << " x " << g.defaultHeight
        << (g.usesDensity ? "; --density D (default 0.25)" : "")
        << (g.usesTunnels ? "; --tunnels T (0..4, default 1)" : "") << ".\n";
  out << "\nformats (convert --to NAME, or by the file's ending; read by content first):\n";
  for (const astar::FormatInfo& f : astar::formats()) {
    std::string endings;
    for (const char* e : f.extensions) endings += (endings.empty() ? "" : ", ") + std::string(e);
    out << "  " << f.name << " (" << endings << "): " << f.label << "\n";
  }
  out << "exit status: 0 ok, 1 mismatch or no path, 2 bad file or argument\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<Command> table = commands();
  if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
    std::cout << "astar " << astar::kVersion << "\n";
    return astar::cli::kExitOk;
  }
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) {
    usage(argc < 2 ? std::cerr : std::cout, table);
    return argc < 2 ? astar::cli::kExitBadInput : astar::cli::kExitOk;
  }
  for (const Command& c : table) {
    if (std::strcmp(argv[1], c.name) != 0) continue;
    astar::cli::Args args;
    args.command = c.name;
    if (!astar::cli::parseArgs(argc - 2, argv + 2, c.valueOptions, c.flags, args)) {
      std::cerr << "usage: astar " << c.usage << "\n";
      return astar::cli::kExitBadInput;
    }
    return c.run(args);
  }
  astar::cli::fail(std::string("unknown command '") + argv[1] + "'");
  usage(std::cerr, table);
  return astar::cli::kExitBadInput;
}
