// Embind bindings for the replanning walker (web/js/replan/): a D* Lite Replanner (core's
// astar/replanner.h) on the page's engine's own grid (web/web_engine.h), never a copy. A
// further EMSCRIPTEN_BINDINGS block, linked into the same module as web/bindings.cpp.
//
// The page tells it which cells an edit touched (the store's 'map' event lists the brush
// cells): those are repaired cell by cell. Any change it was not told about (a loaded or undone
// document: the engine's generation; portals, rules or a bulk edit: a grid revision it did not
// see with a cell list) makes the next repair start over, which is always right.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "astar/replanner.h"
#include "astar/search.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

class ReplanWalker {
 public:
  // The engine must outlive this object; its grid is the same object for its whole life.
  explicit ReplanWalker(WebEngine& engine) : engine_(engine), replanner_(engine.grid()), search_(engine.grid()) {
    replanner_.setRecordExpanded(true);
  }

  // Statuses as core's ReplanStatus: 0 idle, 1 found, 2 no path, 3 invalid input.
  int plan(int start, int goal) {
    return guarded([&] {
      see();
      return static_cast<int>(replanner_.plan(cell(start), cell(goal)));
    });
  }
  // After an edit of these cells (JS array of cell indices).
  void cellsChanged(val cells) {
    guarded([&] {
      const std::vector<NodeId> list = emscripten::convertJSArrayToNumberVector<NodeId>(cells);
      if (engine_.generation() != generation_) {
        replanner_.notifyMapChanged();
      } else {
        replanner_.notifyCellsChanged(list);
      }
      see();
      return 0;
    });
  }
  void mapChanged() { replanner_.notifyMapChanged(); }
  int moveStart(int start) {
    return guarded([&] { return static_cast<int>(replanner_.moveStart(cell(start))); });
  }
  int repair() {
    return guarded([&] {
      if (engine_.generation() != generation_ || engine_.grid().revision() != revision_) replanner_.notifyMapChanged();
      see();
      return static_cast<int>(replanner_.repair());
    });
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
  void see() {
    generation_ = engine_.generation();
    revision_ = engine_.grid().revision();
  }

  WebEngine& engine_;
  Replanner replanner_;
  GridSearch search_;
  std::uint64_t generation_ = 0;
  std::uint64_t revision_ = 0;
};

}  // namespace

}  // namespace astar::web

EMSCRIPTEN_BINDINGS(astar_replan) {
  using astar::web::ReplanWalker;
  using astar::web::WebEngine;
  emscripten::class_<ReplanWalker>("ReplanWalker")
      .constructor<WebEngine&>()
      .function("plan", &ReplanWalker::plan)
      .function("cellsChanged", &ReplanWalker::cellsChanged)
      .function("mapChanged", &ReplanWalker::mapChanged)
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
