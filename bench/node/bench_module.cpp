// Bench-only Embind module: one grid and one reusable GridSearch, and a query call that does
// nothing but the search (the playground's Engine also refreshes per-cell views for drawing,
// which a benchmark must not time). Built by bench/node/CMakeLists.txt (scripts/bench.sh).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "astar/grid.h"
#include "astar/path_cost.h"
#include "astar/search.h"

namespace {

using astar::NodeId;

class BenchGrid {
 public:
  BenchGrid(int width, int height) : grid_(width, height), search_(grid_) { walls_.assign(grid_.cellCount(), 0); }

  // Uint8Array over the cells (1 = wall); write it, then call commit(). Fetch it right before
  // writing: the view goes stale when the wasm heap grows.
  emscripten::val walls() { return emscripten::val(emscripten::typed_memory_view(walls_.size(), walls_.data())); }
  std::string commit() {
    for (NodeId n = 0; n < grid_.cellCount(); ++n)
      if (walls_[n]) {
        if (astar::Error e = grid_.setWall(grid_.xOf(n), grid_.yOf(n))) return e.message;
      }
    return "";
  }

  // One query (algorithm: astar::Algorithm as int). Returns the path cost, or -1 when no path.
  double query(int start, int goal, int algorithm) {
    options_.algorithm = static_cast<astar::Algorithm>(algorithm);
    search_.begin(static_cast<NodeId>(start), static_cast<NodeId>(goal), options_);
    return search_.run() == astar::SearchStatus::Found ? search_.stats().pathCost : -1.0;
  }
  double expanded() const { return static_cast<double>(search_.stats().expanded); }
  bool fellBack() const { return search_.stats().fellBack; }
  std::string message() const { return search_.message(); }
  // The last path's cost walked move by move (-1 when a step is not a legal move), untimed.
  double walkedCost() const { return astar::pathCost(grid_, search_.path()); }
  double bytesPerNode() const { return static_cast<double>(search_.bytesPerNode()); }
  // The 4-connected set: the same walls without diagonal moves.
  void setFourConnected() { grid_.setDiagonal(astar::DiagonalMovement::Never); }
  // JPS+ tables of the map (built by the first jps-plus query): build time and bytes.
  double preprocessMs() const { return search_.preprocessing().milliseconds; }
  double preprocessBytes() const { return static_cast<double>(search_.preprocessing().bytes); }

 private:
  astar::Grid grid_;
  astar::GridSearch search_;
  astar::SearchOptions options_;
  std::vector<std::uint8_t> walls_;
};

int algorithmId(std::string name) {
  astar::Algorithm a;
  return astar::parseAlgorithm(name.c_str(), a) ? static_cast<int>(a) : -1;
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_bench) {
  emscripten::function("algorithmId", &algorithmId);
  emscripten::class_<BenchGrid>("BenchGrid")
      .constructor<int, int>()
      .function("walls", &BenchGrid::walls)
      .function("commit", &BenchGrid::commit)
      .function("query", &BenchGrid::query)
      .function("expanded", &BenchGrid::expanded)
      .function("fellBack", &BenchGrid::fellBack)
      .function("message", &BenchGrid::message)
      .function("walkedCost", &BenchGrid::walkedCost)
      .function("bytesPerNode", &BenchGrid::bytesPerNode)
      .function("setFourConnected", &BenchGrid::setFourConnected)
      .function("preprocessMs", &BenchGrid::preprocessMs)
      .function("preprocessBytes", &BenchGrid::preprocessBytes);
}
