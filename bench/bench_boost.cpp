// bench_boost: Boost.Graph astar_search (boost_peer.h) timed on Moving AI scenarios by the same
// runner as `astar bench` (tools/astar/bench_runner.h), with the same options and output, so
// scripts/bench.sh and bench/node/table.mjs read both alike. Built only when CMake finds Boost
// (bench/part.cmake); the `astar` tool never links Boost.
//   bench_boost FILE.map.scen|DIR ... [--algorithms LIST] [--sample N] [--repeat R] ...
// --algorithms defaults to "boost"; it may also name our algorithms (e.g. astar,jps,boost)
// to time them interleaved with the peers in one process. Peers: boost (Boost.Graph on
// compressed_sparse_row_graph, its fastest representation of a static graph), boost-adjlist
// (adjacency_list<vecS, vecS>, the earlier peer) and, when built with libtcod, libtcod (its A*;
// a length off the optimum is counted per map, not a failure).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "bench_runner.h"
#include "boost_peer.h"
#include "cli.h"
#ifdef ASTAR_BENCH_LIBTCOD
#include "libtcod_peer.h"
#endif

namespace {

class BoostRunner : public astar::cli::BenchPeer {
 public:
  BoostRunner(const astar::Grid& grid, astar::bench::BoostGraphKind kind) : peer_(grid, kind) {}
  double search(astar::NodeId start, astar::NodeId goal, std::uint64_t& expanded) override {
    return peer_.search(start, goal, expanded);
  }

 private:
  astar::bench::BoostGridPeer peer_;
};

#ifdef ASTAR_BENCH_LIBTCOD
class LibtcodRunner : public astar::cli::BenchPeer {
 public:
  explicit LibtcodRunner(const astar::Grid& grid) : peer_(grid) {}
  double search(astar::NodeId start, astar::NodeId goal, std::uint64_t& expanded) override {
    return peer_.search(start, goal, expanded);
  }

 private:
  astar::bench::LibtcodGridPeer peer_;
};
#endif

constexpr const char* kUsage = "bench_boost FILE.map.scen|DIR ... " ASTAR_BENCH_OPTIONS;

}  // namespace

int main(int argc, char** argv) {
  namespace cli = astar::cli;
  cli::programName = "bench_boost";
  if (argc >= 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "help")) {
    std::cout << "usage: " << kUsage
              << "\n  Boost.Graph astar_search (boost: compressed_sparse_row_graph; boost-adjlist: adjacency_list)"
                 "\n  and libtcod's A* (libtcod, when built with it) on Moving AI scenarios; --algorithms defaults"
                 "\n  to boost and may add ours (astar, jps, ...). Output as"
                 "\n  `astar bench` (see `astar help`).\n";
    return cli::kExitOk;
  }
  cli::Args args;
  args.command = "bench_boost";
  std::vector<std::string> valueOptions, flags;
  cli::optionsFromUsage(kUsage, valueOptions, flags);
  if (!cli::parseArgs(argc - 1, argv + 1, valueOptions, flags, args)) {
    std::cerr << "usage: " << kUsage << "\n";
    return cli::kExitBadInput;
  }
  using astar::bench::BoostGraphKind;
  std::vector<cli::BenchPeerKind> peers = {
      {"boost",
       [](const astar::Grid& grid) -> std::unique_ptr<cli::BenchPeer> {
         return std::make_unique<BoostRunner>(grid, BoostGraphKind::CompressedSparseRow);
       }},
      {"boost-adjlist", [](const astar::Grid& grid) -> std::unique_ptr<cli::BenchPeer> {
         return std::make_unique<BoostRunner>(grid, BoostGraphKind::AdjacencyList);
       }}};
#ifdef ASTAR_BENCH_LIBTCOD
  peers.push_back({"libtcod",
                   [](const astar::Grid& grid) -> std::unique_ptr<cli::BenchPeer> {
                     if (!astar::bench::LibtcodGridPeer::applicable(grid)) return nullptr;
                     return std::make_unique<LibtcodRunner>(grid);
                   },
                   false});
#endif
  return cli::runBench(args, peers, "boost", "bench");
}
