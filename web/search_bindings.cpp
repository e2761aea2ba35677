// Embind: SideSearch, a second search over the page engine's own map and query (no copy of
// the map). Compare all runs every algorithm through one while the page's search stays as it
// was; two of them are what a race of two searches on one map needs.
//   const side = new core.SideSearch(engine.raw);
//   side.begin(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed);
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
  int begin(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed) {
    return guarded([&] { return beginNow(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed); });
  }
  int step(double n) {
    return guarded([&] { return stepNow(n); });
  }

  int status() const { return current() ? static_cast<int>(search_.status()) : 0; }
  std::string message() const { return current() ? search_.message() : ""; }
  val stats() const {
    const astar::SearchStats empty;
    const astar::SearchStats& s = current() ? search_.stats() : empty;
    return astar::web::statsObject(s, current() ? engineMs_ : 0.0);
  }

 private:
  int beginNow(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed) {
    const astar::SearchOptions o =
        astar::web::searchOptions(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed);
    engineMs_ = 0.0;
    const double t0 = emscripten_get_now();
    const astar::LandmarkTable<astar::Grid>* table =
        o.heuristic == astar::Heuristic::Landmarks ? engine_.landmarkTable() : nullptr;
    const astar::SearchStatus s = search_.begin(engine_.startCell(), engine_.goalCells(), o, table);
    engineMs_ += emscripten_get_now() - t0;
    revision_ = engine_.grid().revision();
    generation_ = engine_.generation();
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
  bool current() const {
    return active_ && revision_ == engine_.grid().revision() && generation_ == engine_.generation();
  }

  WebEngine& engine_;  // must outlive this (the page's engine lives as long as the page)
  astar::GridSearch search_;
  std::uint64_t revision_ = 0;
  std::uint64_t generation_ = 0;
  bool active_ = false;
  double engineMs_ = 0.0;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_side_search) {
  emscripten::class_<SideSearch>("SideSearch")
      .constructor<WebEngine&>()
      .function("begin", &SideSearch::begin)
      .function("step", &SideSearch::step)
      .function("status", &SideSearch::status)
      .function("message", &SideSearch::message)
      .function("stats", &SideSearch::stats);
}
