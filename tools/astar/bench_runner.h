// The benchmark runner behind `astar bench` (our searches) and bench/bench_boost (the
// Boost.Graph peer, built only under bench/): Moving AI scenario files in, per-map time per
// query and expansions out (a table, or JSON lines for scripts/bench.sh and
// bench/node/table.mjs), every returned length checked against the scenario's optimum. The
// runner knows nothing about any peer library: a peer comes in as a BenchPeerKind.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "astar/grid.h"
#include "cli.h"

namespace astar::cli {

// Another implementation timed beside ours, on the same queries and checked the same way.
class BenchPeer {
 public:
  virtual ~BenchPeer() = default;
  // Cost of a shortest path from start to goal, or -1 when there is none; `expanded` gets the
  // number of nodes it examined.
  virtual double search(NodeId start, NodeId goal, std::uint64_t& expanded) = 0;
};

struct BenchPeerKind {
  std::string name;  // its name in --algorithms
  // Builds the peer for one map (untimed set-up, e.g. a graph of the grid); nullptr when the
  // peer cannot search this map as the scenario means it (it is then skipped, with a message).
  std::function<std::unique_ptr<BenchPeer>(const Grid&)> build;
  // false: a length off the optimum is counted and reported per map (a peer that does not
  // promise optimal paths, e.g. libtcod), but does not fail the run. Ours are always exact.
  bool exact = true;
};

// The options both runners accept (after the scenario files or folders): ASTAR_BENCH_OPTIONS
// in cli.h, in the [--x VALUE] / [--x] form of the commands' usage lines.
inline constexpr const char* kBenchOptions = ASTAR_BENCH_OPTIONS;

// Runs the benchmark. --algorithms names our algorithms (astar, jps, weighted-astar, ...) and
// any of `peers`; without it, `defaultRunners` (a comma-separated list). `command` prefixes
// the messages ("bench"). Returns the exit status: 0, 1 (a wrong length) or 2 (bad input).
int runBench(const Args& args, const std::vector<BenchPeerKind>& peers, const std::string& defaultRunners,
             const std::string& command);

}  // namespace astar::cli
