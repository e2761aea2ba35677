// Embind: ClearanceView, core's true-clearance map (astar/clearance.h) of the page engine's own
// map, for the Learn view's clearance heat map and the agents' footprint checks.
//   const view = new core.ClearanceView(engine.raw);
//   view.values();    // Uint8Array (a copy): each cell's clearance, 0 on a wall, capped at maxAgentSize
//   view.problem(2);  // "" or core's sentence on why a 2 x 2 agent cannot move on this map
// The map follows the engine's edits through the change journal (refresh() repairs only what
// an edit reaches), so reading it after every edit costs little.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "astar/clearance.h"
#include "astar/grid.h"
#include "web_engine.h"

namespace {

using astar::web::guarded;
using astar::web::WebEngine;
using emscripten::val;

class ClearanceView {
 public:
  // The engine must outlive this (the page's engine lives as long as the page).
  explicit ClearanceView(WebEngine& engine) : grid_(engine.grid()) {}

  val values() {
    return guarded([&] {
      map_.refresh(grid_);
      values_.resize(grid_.cellCount());
      for (astar::NodeId n = 0; n < grid_.cellCount(); ++n) values_[n] = map_.at(n);
      return val::global("Uint8Array").new_(emscripten::typed_memory_view(values_.size(), values_.data()));
    });
  }
  std::string problem(int agentSize) const {
    const char* why = astar::agentSizeProblem(grid_, agentSize);
    return why ? why : "";
  }

 private:
  const astar::Grid& grid_;
  astar::ClearanceMap map_;
  std::vector<std::uint8_t> values_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_clearance) {
  emscripten::class_<ClearanceView>("ClearanceView")
      .constructor<WebEngine&>()
      .function("values", &ClearanceView::values)
      .function("problem", &ClearanceView::problem);
}
