// astar bench FILE.map.scen|DIR ... [--algorithms LIST] [--sample N] [--repeat R] ...
// Times our own searches on Moving AI scenarios (bench_runner.h; default: A* and JPS), checks
// every length against the scenario's optimum. The Boost.Graph peer is a separate program,
// bench/bench_boost, with the same options and output.
#include "bench_runner.h"
#include "cli.h"

namespace astar::cli {

int cmdBench(const Args& args) { return runBench(args, {}, "astar,jps", "bench"); }

}  // namespace astar::cli
