// astar: the command-line tool. Each command lives in its own cmd_*.cpp and is listed once
// in commands.inc.
#include <cstring>
#include <iostream>
#include <string>

#include "astar/generators.h"
#include "astar/hierarchical.h"
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
  out << "\nsearch options (path, compare, scen, bench):\n"
      << "  --algorithm A        " << astar::cli::algorithmNameList() << " (bench: --algorithms LIST)\n"
      << "  --heuristic H        " << astar::cli::heuristicNameList() << " (default octile)\n"
      << "  --weight W           weighted A*: f = g + W h, W >= 1 (default 1.5 when weighted-astar runs)\n"
         "  --no-wrap-aware      heuristic ignores wrap-around edges (default --wrap-aware: torus distance)\n"
         "  --no-portal-aware    heuristic ignores portals (default --portal-aware)\n"
         "  --reopen             weighted A*: put closed nodes back on the open list when a cheaper path\n"
         "                       is found (default off; the W x optimal bound holds either way)\n";
  out << "\nalgorithms:\n";
  for (const astar::AlgorithmInfo& a : astar::algorithms()) out << "  " << a.name << ": " << a.note << "\n";
  out << "  " << astar::kHierarchicalName << " (path only, --cluster-size N: " << astar::kMinClusterSize << ".."
      << astar::kMaxClusterSize << ", default " << astar::kDefaultClusterSize
      << "): hierarchical path-finding (HPA*); valid paths, not always optimal\n";
  out << "\ngenerators (generate KIND):\n";
  for (const astar::GeneratorInfo& g : astar::generators())
    out << "  " << g.name << ": " << g.description << " Default " << g.defaultWidth << " x " << g.defaultHeight
        << (g.usesDensity ? "; --density D (default 0.25)" : "")
        << (g.usesTunnels ? "; --tunnels T (0..4, default 1)" : "") << ".\n";
  out << "\nformats: playground (.map.txt), movingai (.map), tutorial (.grid.txt), tutorial2 (.tut2.txt)\n"
         "exit status: 0 ok, 1 mismatch or no path, 2 bad file or argument\n";
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
