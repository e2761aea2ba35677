// Embind bindings for the replanning walker (web/js/replan/): a D* Lite Replanner (core's
// astar/replanner.h) on the page's engine's own grid (web/web_engine.h), never a copy. A
// further EMSCRIPTEN_BINDINGS block, linked into the same module as web/bindings.cpp.
//
// A repair reads what changed since the last one from the grid's change journal
// (core/search/include/astar/map_journal.h): edited cells are repaired cell by cell; a loaded or
// undone document, a rule or portal change makes it start over.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <span>
#include <string>

#include "astar/replanner.h"
#include "astar/search.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

class ReplanWalker {
 public:
  // The engine must outlive this object; its grid is the same object for its whole life.
  explicit ReplanWalker(WebEngine& engine) : replanner_(engine.grid()), search_(engine.grid()) {
    replanner_.setRecordExpanded(true);
  }

  // Statuses as core's ReplanStatus: 0 idle, 1 found, 2 no path, 3 invalid input.
  int plan(int start, int goal) {
    return guarded([&] { return static_cast<int>(replanner_.plan(cell(start), cell(goal))); });
  }
  int moveStart(int start) {
    return guarded([&] { return static_cast<int>(replanner_.moveStart(cell(start))); });
  }
  int repair() {
    return guarded([&] { return static_cast<int>(replanner_.repair()); });
  }
  // Live views of wasm memory (see web/js/engine.js): copy at once.
  val path() const { return view(replanner_.path()); }
  val expandedCells() const { return view(replanner_.expandedCells()); }
  double cost() const { return replanner_.cost(); }
  double expanded() const { return static_cast<double>(replanner_.stats().expanded); }
  bool startedOver() const { return replanner_.stats().startedOver; }
  std::string message() const { return replanner_.message(); }
  // What a fresh A* (default options) from start to goal expands on the current map.
  double freshExpanded(int start, int goal) {
    return guarded([&] {
      search_.begin(cell(start), cell(goal), SearchOptions{});
      search_.run();
      return static_cast<double>(search_.stats().expanded);
    });
  }

 private:
  static NodeId cell(int n) { return n < 0 ? kNoNode : static_cast<NodeId>(n); }
  static val view(std::span<const NodeId> s) { return val(emscripten::typed_memory_view(s.size(), s.data())); }

  Replanner replanner_;
  GridSearch search_;
};

}  // namespace

}  // namespace astar::web

EMSCRIPTEN_BINDINGS(astar_replan) {
  using astar::web::ReplanWalker;
  using astar::web::WebEngine;
  emscripten::class_<ReplanWalker>("ReplanWalker")
      .constructor<WebEngine&>()
      .function("plan", &ReplanWalker::plan)
      .function("moveStart", &ReplanWalker::moveStart)
      .function("repair", &ReplanWalker::repair)
      .function("path", &ReplanWalker::path)
      .function("expandedCells", &ReplanWalker::expandedCells)
      .function("cost", &ReplanWalker::cost)
      .function("expanded", &ReplanWalker::expanded)
      .function("startedOver", &ReplanWalker::startedOver)
      .function("message", &ReplanWalker::message)
      .function("freshExpanded", &ReplanWalker::freshExpanded);
}
