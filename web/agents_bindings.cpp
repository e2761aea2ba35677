// Embind bindings for the agents modules (web/js/agents/): flow fields, path smoothing and
// the path service, on the module's own copy of the page's map. Link this file into the
// wasm module next to web/bindings.cpp (a second EMSCRIPTEN_BINDINGS block).
//
// AgentWorld.sync(...) mirrors the page's map (cells, one-way masks, portals, rules) into
// its grid by applying only the differences, so the flow field repairs instead of rebuilding.
// Queued and running path requests are cancelled by a sync that changes the map.
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

namespace {

using astar::NodeId;
using emscripten::val;

class AgentWorld {
 public:
  AgentWorld() : service_(grid_, 0), search_(grid_) {}

  // costs: Float64Array (0 = wall), masks: Uint8Array, portals: [{from, to, cost, twoWay}].
  // Returns "" or an error message; true changes are counted in changes().
  std::string sync(int width, int height, val costs, val masks, val portals, bool wrapX, bool wrapY, int diagonal,
                   int costModel, int topology) {
    const std::vector<double> c = emscripten::convertJSArrayToNumberVector<double>(costs);
    const std::vector<int> m = emscripten::convertJSArrayToNumberVector<int>(masks);
    const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (width < 1 || height < 1 || c.size() != cells || m.size() != cells) return "sync: sizes do not match";
    if (diagonal < 0 || diagonal > 3 || costModel < 0 || costModel > 1 || topology < 0 || topology > 1)
      return "sync: unknown movement rule, cost model or cell shape";
    const std::uint64_t before = grid_.revision();
    if (grid_.width() != width || grid_.height() != height) {
      if (astar::Error e = grid_.reset(width, height)) return e.message;
    }
    if (grid_.topology() != static_cast<astar::Topology>(topology)) {
      (void)grid_.setWrap(false, false);  // a vertical wrap may not suit the new shape yet
      if (astar::Error e = grid_.setTopology(static_cast<astar::Topology>(topology))) return e.message;
    }
    if (grid_.wrapX() != wrapX || grid_.wrapY() != wrapY)
      if (astar::Error e = grid_.setWrap(wrapX, wrapY)) return e.message;
    if (grid_.diagonal() != static_cast<astar::DiagonalMovement>(diagonal))
      grid_.setDiagonal(static_cast<astar::DiagonalMovement>(diagonal));
    if (grid_.costModel() != static_cast<astar::CostModel>(costModel))
      grid_.setCostModel(static_cast<astar::CostModel>(costModel));
    for (NodeId n = 0; n < cells; ++n) {
      const int x = grid_.xOf(n), y = grid_.yOf(n);
      const double now = grid_.passable(n) ? grid_.cost(n) : 0.0;
      if (c[n] != now) {
        astar::Error e = c[n] > 0.0 ? grid_.setCost(x, y, c[n]) : grid_.setWall(x, y);
        if (e) return e.message;
      }
      if (grid_.entryMask(n) != m[n]) (void)grid_.setEntryMask(x, y, static_cast<std::uint8_t>(m[n] & 0xFF));
    }
    std::vector<astar::Portal> wanted;
    const int count = portals["length"].as<int>();
    for (int i = 0; i < count; ++i) {
      val p = portals[i];
      wanted.push_back({p["from"].as<NodeId>(), p["to"].as<NodeId>(), p["cost"].as<double>(), p["twoWay"].as<bool>()});
    }
    if (!std::equal(wanted.begin(), wanted.end(), grid_.portals().begin(), grid_.portals().end())) {
      grid_.clearPortals();
      for (const astar::Portal& p : wanted) {
        if (p.from >= cells || p.to >= cells) return "sync: portal outside the grid";
        astar::Error e =
            grid_.addPortal(grid_.xOf(p.from), grid_.yOf(p.from), grid_.xOf(p.to), grid_.yOf(p.to), p.cost, p.twoWay);
        if (e) return e.message;
      }
    }
    if (grid_.revision() != before) {
      ++changes_;
      cancelAll();
      if (!field_.empty()) field_.update(grid_);
    }
    return "";
  }
  int width() const { return grid_.width(); }
  int height() const { return grid_.height(); }
  double changes() const { return static_cast<double>(changes_); }

  // ---- flow field ----
  std::string setFlowGoals(val goals) {
    const std::vector<NodeId> g = emscripten::convertJSArrayToNumberVector<NodeId>(goals);
    astar::Error e = field_.empty() ? field_.build(grid_, g) : field_.setGoals(grid_, g);
    return e.message;
  }
  std::string addFlowGoal(NodeId goal) { return field_.addGoal(grid_, goal).message; }
  std::string removeFlowGoal(NodeId goal) { return field_.removeGoal(grid_, goal).message; }
  val flowGoals() const { return view(field_.goals()); }
  // Zero-copy views: fetch again after any call that may allocate.
  val flowNext() const { return view(field_.nextSteps()); }      // Uint32Array, 4294967295 = none
  val flowDistance() const { return view(field_.distances()); }  // Float64Array, Infinity = unreachable
  val flowStats() const {
    val o = val::object();
    o.set("builds", static_cast<double>(field_.stats().builds));
    o.set("repairs", static_cast<double>(field_.stats().repairs));
    o.set("lastTouched", static_cast<double>(field_.stats().lastTouched));
    o.set("lastWasRebuild", field_.stats().lastWasRebuild);
    return o;
  }

  // ---- one path now (A*, octile, topology-aware) ----
  val findPath(NodeId start, NodeId goal) {
    val out = val::array();
    astar::SearchOptions options;
    if (search_.begin(start, goal, options) == astar::SearchStatus::InProgress) search_.run();
    if (search_.status() != astar::SearchStatus::Found) return out;
    for (NodeId n : search_.path()) out.call<void>("push", n);
    return out;
  }

  // ---- smoothing: Float64Array [x, y, join, x, y, join, ...] (join: 0 start, 1 walk, 2 portal, 3 wrap) ----
  val smooth(val path, bool stringPull, bool spline, double samplesPerCell) {
    const std::vector<NodeId> p = emscripten::convertJSArrayToNumberVector<NodeId>(path);
    astar::SmoothingOptions options;
    options.stringPull = stringPull;
    options.spline = spline;
    options.samplesPerCell = samplesPerCell;
    std::vector<astar::PathPoint> points;
    if (astar::Error e = astar::smoothPath(grid_, p, options, points)) {
      lastError_ = e.message;
      return val::null();
    }
    lastError_.clear();
    flat_.clear();
    for (const astar::PathPoint& q : points) {
      flat_.push_back(q.x);
      flat_.push_back(q.y);
      flat_.push_back(static_cast<double>(q.join));
    }
    return val::global("Float64Array").new_(view(std::span<const double>(flat_)));  // a copy
  }
  std::string lastError() const { return lastError_; }

  // ---- path service (no threads in the browser: pump() it every frame with a budget) ----
  // algorithm: an astar::Algorithm value (0 = A*, 2 = Dijkstra, ...); out of range = A*.
  double submit(NodeId start, NodeId goal, int priority, int algorithm) {
    astar::PathRequest r;
    r.start = start;
    r.goal = goal;
    r.priority = priority;
    if (algorithm >= 0 && algorithm < astar::kAlgorithmCount)
      r.options.algorithm = static_cast<astar::Algorithm>(algorithm);
    const astar::RequestId id = service_.submit(r);
    open_.push_back(id);
    return static_cast<double>(id);
  }
  bool cancel(double id) { return service_.cancel(static_cast<astar::RequestId>(id)); }
  double pump(double budget) { return static_cast<double>(service_.pump(static_cast<std::uint64_t>(budget))); }
  double queued() const { return static_cast<double>(service_.queued() + service_.running()); }
  // [{id, status, cancelled, cost, expanded, path: [cells]}] in finishing order.
  val takeReplies() {
    replies_.clear();
    service_.takeReplies(replies_);
    val list = val::array();
    for (const astar::PathReply& r : replies_) {
      open_.erase(std::remove(open_.begin(), open_.end(), r.id), open_.end());
      val o = val::object();
      o.set("id", static_cast<double>(r.id));
      o.set("status", static_cast<int>(r.status));
      o.set("cancelled", r.cancelled);
      o.set("cost", r.stats.pathCost);
      o.set("expanded", static_cast<double>(r.stats.expanded));
      val cells = val::array();
      for (NodeId n : r.path) cells.call<void>("push", n);
      o.set("path", cells);
      list.call<void>("push", o);
    }
    return list;
  }

 private:
  template <class T>
  static val view(std::span<const T> s) {
    return val(emscripten::typed_memory_view(s.size(), s.data()));
  }
  void cancelAll() {
    for (astar::RequestId id : open_) service_.cancel(id);
  }

  astar::Grid grid_{1, 1};
  astar::FlowField field_;
  astar::PathService service_;
  astar::GridSearch search_;
  std::vector<astar::RequestId> open_;
  std::vector<astar::PathReply> replies_;
  std::vector<double> flat_;
  std::string lastError_;
  std::uint64_t changes_ = 0;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_agents) {
  emscripten::class_<AgentWorld>("AgentWorld")
      .constructor<>()
      .function("sync", &AgentWorld::sync)
      .function("width", &AgentWorld::width)
      .function("height", &AgentWorld::height)
      .function("changes", &AgentWorld::changes)
      .function("setFlowGoals", &AgentWorld::setFlowGoals)
      .function("addFlowGoal", &AgentWorld::addFlowGoal)
      .function("removeFlowGoal", &AgentWorld::removeFlowGoal)
      .function("flowGoals", &AgentWorld::flowGoals)
      .function("flowNext", &AgentWorld::flowNext)
      .function("flowDistance", &AgentWorld::flowDistance)
      .function("flowStats", &AgentWorld::flowStats)
      .function("findPath", &AgentWorld::findPath)
      .function("smooth", &AgentWorld::smooth)
      .function("lastError", &AgentWorld::lastError)
      .function("submit", &AgentWorld::submit)
      .function("cancel", &AgentWorld::cancel)
      .function("pump", &AgentWorld::pump)
      .function("queued", &AgentWorld::queued)
      .function("takeReplies", &AgentWorld::takeReplies);
}
