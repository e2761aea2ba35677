// Embind: SideSearch, a second search over the page engine's own map and query (no copy of
// the map). Compare all runs every algorithm through one while the page's search stays as it
// was; two of them are what a race of two searches on one map needs.
//   const side = new core.SideSearch(engine.raw);
//   side.begin(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed, agentSize);
//   while (side.step(4096) === 1) { ... }   // 1 = in progress, 2 found, 3 no path, 4 invalid
// A map edit or load after begin() makes the search stale: step() then returns 0 (idle) and
// stats() are zero until the next begin().
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "astar/search.h"
#include "web_engine.h"

namespace {

using astar::web::guarded;
using astar::web::WebEngine;
using emscripten::val;

class SideSearch {
 public:
  explicit SideSearch(WebEngine& engine) : engine_(engine), search_(engine.grid()) {}

  // A bad_alloc on a huge map becomes a JS Error (guarded), never an abort.
  // agentSize: SearchOptions::agentSize (core refuses a size the map cannot take: message()).
  int begin(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed,
            int agentSize) {
    return guarded(
        [&] { return beginNow(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed, agentSize); });
  }
  int step(double n) {
    return guarded([&] { return stepNow(n); });
  }

  // Forgets the search: status() 0, empty states and path until the next begin().
  void clear() { active_ = false; }
  int status() const { return current() ? static_cast<int>(search_.status()) : 0; }
  std::string message() const { return current() ? search_.message() : ""; }
  // Live views of wasm memory, like the page engine's (web/js/engine.js, "Crossing the wasm
  // boundary"): Uint8Array 0 unseen / 1 open / 2 closed, Uint32Array cells start first. Filled
  // on request (Compare all steps without drawing, and fills would cost O(cells) per step).
  val states() {
    return guarded([&] {
      states_.resize(engine_.grid().cellCount());
      if (current())
        search_.fillStates(states_);
      else
        std::fill(states_.begin(), states_.end(), std::uint8_t{0});
      return val(emscripten::typed_memory_view(states_.size(), states_.data()));
    });
  }
  val path() {
    return guarded([&] {
      if (current())
        path_.assign(search_.path().begin(), search_.path().end());
      else
        path_.clear();
      return val(emscripten::typed_memory_view(path_.size(), path_.data()));
    });
  }
  // {state, g, h, f, parent} of one cell, as the page engine's inspect().
  val inspect(int cell) const {
    const bool live = current() && cell >= 0 && static_cast<astar::NodeId>(cell) < engine_.grid().cellCount();
    const astar::NodeId n = live ? static_cast<astar::NodeId>(cell) : 0;
    val o = val::object();
    o.set("state", live ? static_cast<int>(search_.state(n)) : 0);
    o.set("g", live ? search_.g(n) : INFINITY);
    o.set("h", live ? search_.h(n) : 0.0);
    o.set("f", live ? search_.f(n) : INFINITY);
    const astar::NodeId p = live ? search_.parent(n) : astar::kNoNode;
    o.set("parent", p == astar::kNoNode ? -1 : static_cast<double>(p));
    return o;
  }
  val stats() const {
    const astar::SearchStats empty;
    const astar::SearchStats& s = current() ? search_.stats() : empty;
    return astar::web::statsObject(s, current() ? engineMs_ : 0.0);
  }

 private:
  int beginNow(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed,
               int agentSize) {
    astar::SearchOptions o =
        astar::web::searchOptions(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed);
    o.agentSize = agentSize;
    engineMs_ = 0.0;
    const double t0 = emscripten_get_now();
    const astar::LandmarkTable<astar::Grid>* table =
        o.heuristic == astar::Heuristic::Landmarks ? engine_.landmarkTable() : nullptr;
    const astar::SearchStatus s = search_.begin(engine_.startCell(), engine_.goalCells(), o, table);
    engineMs_ += emscripten_get_now() - t0;
    seen_ = engine_.grid().journalMark();
    active_ = true;
    return static_cast<int>(s);
  }
  int stepNow(double n) {
    if (!current()) return 0;
    const double budget = std::isfinite(n) && n >= 1 ? std::min(n, 4294967295.0) : 1.0;
    const double t0 = emscripten_get_now();
    const astar::SearchStatus s = search_.step(static_cast<std::uint32_t>(budget));
    engineMs_ += emscripten_get_now() - t0;
    return static_cast<int>(s);
  }
  // Still the map it began on (an edit or a load since makes its state meaningless).
  bool current() const { return active_ && seen_ == engine_.grid().journalMark(); }

  WebEngine& engine_;  // must outlive this (the page's engine lives as long as the page)
  astar::GridSearch search_;
  astar::JournalMark seen_;  // the map as the search began on it
  bool active_ = false;
  double engineMs_ = 0.0;
  std::vector<std::uint8_t> states_;
  std::vector<std::uint32_t> path_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_side_search) {
  emscripten::class_<SideSearch>("SideSearch")
      .constructor<WebEngine&>()
      .function("begin", &SideSearch::begin)
      .function("step", &SideSearch::step)
      .function("clear", &SideSearch::clear)
      .function("status", &SideSearch::status)
      .function("message", &SideSearch::message)
      .function("stats", &SideSearch::stats)
      .function("states", &SideSearch::states)
      .function("path", &SideSearch::path)
      .function("inspect", &SideSearch::inspect);
}
