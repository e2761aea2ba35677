// Embind bindings for the agents modules (web/js/agents/): flow fields, path smoothing and
// the path service, all on the page's engine's map (web/web_engine.h): there is no second copy
// to keep in step. A second EMSCRIPTEN_BINDINGS block, linked into the same module as
// web/bindings.cpp.
//
// AgentWorld notices edits and loads made through the engine by itself: every entry point
// first compares the grid's journal mark (core/search/include/astar/map_journal.h) with the one it saw
// last. On a change, queued and running path requests are cancelled (their cells may mean
// something else now) and the flow field follows the journal (repaired after an edit, rebuilt
// after a load).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "astar/flow_field.h"
#include "astar/grid.h"
#include "astar/path_service.h"
#include "astar/path_smoothing.h"
#include "astar/search.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

class AgentWorld {
 public:
  // The engine must outlive this object (the page's engine lives as long as the page; the
  // JS World deletes its AgentWorld first). Its grid is the same object for its whole life.
  explicit AgentWorld(WebEngine& engine)
      : grid_(engine.grid()), service_(grid_, 0), search_(grid_), seen_(grid_.journalMark()) {}

  int width() const { return grid_.width(); }
  int height() const { return grid_.height(); }
  // How many map changes this world has noticed (edits and loads; several edits between two
  // calls count once).
  double changes() {
    refreshGuarded();
    return static_cast<double>(changes_);
  }

  // ---- flow field ----
  std::string setFlowGoals(val goals) {
    return guarded([&] {
      const std::vector<NodeId> g = emscripten::convertJSArrayToNumberVector<NodeId>(goals);
      refresh();
      return (field_.empty() ? field_.build(grid_, g) : field_.setGoals(grid_, g)).message;
    });
  }
  // The crowd's agents' side in cells (FlowField::setAgentSize): "" or core's sentence on why
  // the map cannot take it (the field then keeps its size).
  std::string setFlowAgentSize(int cells) {
    return guarded([&] {
      refresh();
      return field_.setAgentSize(grid_, cells).message;
    });
  }
  int flowAgentSize() const { return field_.agentSize(); }
  std::string addFlowGoal(NodeId goal) {
    return guarded([&] {
      refresh();
      return field_.addGoal(grid_, goal).message;
    });
  }
  std::string removeFlowGoal(NodeId goal) {
    return guarded([&] {
      refresh();
      return field_.removeGoal(grid_, goal).message;
    });
  }
  // Live views (see web/js/engine.js): use at once or copy; they die after any call that may
  // allocate, including this object's own (a refresh may rebuild the field).
  val flowGoals() {
    refreshGuarded();
    return view(field_.goals());
  }
  val flowNext() {  // Uint32Array, 4294967295 = none
    refreshGuarded();
    return view(field_.nextSteps());
  }
  val flowDistance() {  // Float64Array, Infinity = unreachable
    refreshGuarded();
    return view(field_.distances());
  }
  val flowStats() {
    refreshGuarded();
    val o = val::object();
    o.set("builds", static_cast<double>(field_.stats().builds));
    o.set("repairs", static_cast<double>(field_.stats().repairs));
    o.set("lastTouched", static_cast<double>(field_.stats().lastTouched));
    o.set("lastWasRebuild", field_.stats().lastWasRebuild);
    return o;
  }

  // The agents' side in cells (SearchOptions::agentSize) for findPath and later submits; core
  // refuses a size the map cannot take (the search's status says so).
  void setAgentSize(int cells) { agentSize_ = cells; }

  // ---- one path now (A*, octile, topology-aware) ----
  val findPath(NodeId start, NodeId goal) {
    return guarded([&] {
      refresh();
      val out = val::array();
      SearchOptions options;
      options.agentSize = agentSize_;
      if (search_.begin(start, goal, options) == SearchStatus::InProgress) search_.run();
      if (search_.status() != SearchStatus::Found) return out;
      for (NodeId n : search_.path()) out.call<void>("push", n);
      return out;
    });
  }

  // ---- smoothing: Float64Array [x, y, join, x, y, join, ...] (join: 0 start, 1 walk, 2 portal, 3 wrap) ----
  // path: a JS array (not a live view: converting it allocates).
  val smooth(val path, bool stringPull, bool spline, double samplesPerCell) {
    return guarded([&] {
      const std::vector<NodeId> p = emscripten::convertJSArrayToNumberVector<NodeId>(path);
      refresh();
      SmoothingOptions options;
      options.stringPull = stringPull;
      options.spline = spline;
      options.samplesPerCell = samplesPerCell;
      std::vector<PathPoint> points;
      if (Error e = smoothPath(grid_, p, options, points)) {
        lastError_ = e.message;
        return val::null();
      }
      lastError_.clear();
      flat_.clear();
      for (const PathPoint& q : points) {
        flat_.push_back(q.x);
        flat_.push_back(q.y);
        flat_.push_back(static_cast<double>(q.join));
      }
      return val::global("Float64Array").new_(view(std::span<const double>(flat_)));  // a copy
    });
  }
  std::string lastError() const { return lastError_; }

  // ---- path service (no threads in the browser: pump() it every frame with a budget) ----
  // algorithm: an Algorithm value (0 = A*, 2 = Dijkstra, ...); out of range = A*.
  double submit(NodeId start, NodeId goal, int priority, int algorithm) {
    return guarded([&] {
      refresh();  // first: a change before this request must not cancel it
      PathRequest r;
      r.start = start;
      r.goal = goal;
      r.priority = priority;
      r.options.agentSize = agentSize_;
      if (algorithm >= 0 && algorithm < kAlgorithmCount) r.options.algorithm = static_cast<Algorithm>(algorithm);
      const RequestId id = service_.submit(r);
      open_.push_back(id);
      return static_cast<double>(id);
    });
  }
  bool cancel(double id) { return service_.cancel(static_cast<RequestId>(id)); }
  double pump(double budget) {
    return guarded([&] {
      refresh();  // never step a search on a map it was not started on
      return static_cast<double>(service_.pump(static_cast<std::uint64_t>(budget)));
    });
  }
  double queued() {
    refreshGuarded();
    return static_cast<double>(service_.queued() + service_.running());
  }
  // [{id, status, cancelled, cost, expanded, path: [cells]}] in finishing order.
  val takeReplies() {
    return guarded([&] {
      refresh();
      replies_.clear();
      service_.takeReplies(replies_);
      val list = val::array();
      for (const PathReply& r : replies_) {
        open_.erase(std::remove(open_.begin(), open_.end(), r.id), open_.end());
        val o = val::object();
        o.set("id", static_cast<double>(r.id));
        o.set("status", static_cast<int>(r.status));
        o.set("cancelled", r.cancelled);
        o.set("cost", r.stats.pathCost);
        o.set("expanded", static_cast<double>(r.stats.expanded));
        o.set("message", r.message);
        val cells = val::array();
        for (NodeId n : r.path) cells.call<void>("push", n);
        o.set("path", cells);
        list.call<void>("push", o);
      }
      return list;
    });
  }

 private:
  template <class T>
  static val view(std::span<const T> s) {
    return val(emscripten::typed_memory_view(s.size(), s.data()));
  }

  void refreshGuarded() {
    guarded([&] { refresh(); });
  }
  // See the file comment. Cheap when nothing changed (two integer compares).
  void refresh() {
    const JournalMark now = grid_.journalMark();
    if (now == seen_) return;
    seen_ = now;
    ++changes_;
    for (RequestId id : open_) service_.cancel(id);
    // Repairs after an edit; rebuilds after a load (goals outside a smaller map are dropped).
    if (!field_.empty()) field_.update(grid_);
  }

  const Grid& grid_;
  FlowField field_;
  PathService service_;
  GridSearch search_;
  JournalMark seen_;
  std::vector<RequestId> open_;
  std::vector<PathReply> replies_;
  std::vector<double> flat_;
  std::string lastError_;
  std::uint64_t changes_ = 0;
  int agentSize_ = 1;
};

}  // namespace

}  // namespace astar::web

EMSCRIPTEN_BINDINGS(astar_agents) {
  using astar::web::AgentWorld;
  using astar::web::WebEngine;
  emscripten::class_<AgentWorld>("AgentWorld")
      .constructor<WebEngine&>()
      .function("width", &AgentWorld::width)
      .function("height", &AgentWorld::height)
      .function("changes", &AgentWorld::changes)
      .function("setFlowGoals", &AgentWorld::setFlowGoals)
      .function("setFlowAgentSize", &AgentWorld::setFlowAgentSize)
      .function("flowAgentSize", &AgentWorld::flowAgentSize)
      .function("addFlowGoal", &AgentWorld::addFlowGoal)
      .function("removeFlowGoal", &AgentWorld::removeFlowGoal)
      .function("flowGoals", &AgentWorld::flowGoals)
      .function("flowNext", &AgentWorld::flowNext)
      .function("flowDistance", &AgentWorld::flowDistance)
      .function("flowStats", &AgentWorld::flowStats)
      .function("setAgentSize", &AgentWorld::setAgentSize)
      .function("findPath", &AgentWorld::findPath)
      .function("smooth", &AgentWorld::smooth)
      .function("lastError", &AgentWorld::lastError)
      .function("submit", &AgentWorld::submit)
      .function("cancel", &AgentWorld::cancel)
      .function("pump", &AgentWorld::pump)
      .function("queued", &AgentWorld::queued)
      .function("takeReplies", &AgentWorld::takeReplies);
}
