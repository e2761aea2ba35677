// Thin Embind bindings: the page's engine is one WebEngine = a MapDocument (the Grid plus
// name, start and goals, as core's readers and writers see it), a reusable GridSearch on
// its grid, and typed-array mirrors of the per-cell state the canvas draws (costs, one-way
// masks, search states, path). Every entry point that can fail returns an error string
// ("" = ok) or catches C++ exceptions and rethrows them as JS Errors, so nothing from C++
// ever reaches JS as a bare number.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/generators.h"
#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/landmarks.h"
#include "astar/search.h"

namespace {

using astar::NodeId;
using emscripten::val;

[[noreturn]] void throwJsError(const std::string& message) {
  val::global("Error").new_(std::string("astar: ") + message).throw_();
  __builtin_unreachable();
}

// Runs f, turning any C++ exception (std::bad_alloc on a huge map, say) into a JS Error.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    throwJsError(e.what());
  } catch (...) {
    throwJsError("unknown C++ exception");
  }
}

template <class T>
val view(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data()));
}

// Landmarks cover the map in a few Dijkstra passes; fewer on big maps to bound memory
// (16 bytes per cell per landmark).
int landmarkCount(NodeId cells) { return cells <= 65536 ? 8 : 4; }

class WebEngine {
 public:
  WebEngine() : search_(doc_.grid) { afterReload(); }

  // ---- the map ----
  // A new blank map (floor cells of cost 1, no name, start or goal). Returns "" or the
  // error, and then keeps the current map.
  std::string newMap(int width, int height) {
    return guarded([&]() -> std::string {
      astar::Grid fresh;
      if (astar::Error e = fresh.reset(width, height)) return e.message;
      doc_ = astar::MapDocument{};
      grid_ = std::move(fresh);
      afterReload();
      return "";
    });
  }
  // Reads a map in any format core knows (detected from the text, then the file name).
  // Returns "" or "line L, column C: why"; on error the current map is kept.
  std::string loadMap(const std::string& text, const std::string& fileName) {
    return guarded([&]() -> std::string {
      astar::MapDocument next;
      const astar::MapFormat format = astar::detectFormat(text, fileName);
      if (format == astar::MapFormat::Unknown)
        return "not a map format the playground reads (playground .map.txt, Moving AI .map, tutorial grids)";
      if (astar::Error e = astar::readMap(text, next, format)) return e.describe();
      replaceDocument(std::move(next));
      return "";
    });
  }
  // "playground", "movingai", "tutorial" or "tutorial2"; exportLosses() then says what the
  // format could not hold ("" when nothing).
  std::string exportMap(const std::string& formatName) {
    return guarded([&]() -> std::string {
      astar::MapFormat format;
      losses_.clear();
      if (!astar::parseFormatName(formatName, format)) {
        losses_ = "unknown format " + formatName;
        return "";
      }
      std::vector<std::string> lost;
      std::string text = astar::writeMap(doc_, format, &lost);
      for (const std::string& l : lost) losses_ += (losses_.empty() ? "" : "; ") + l;
      return text;
    });
  }
  std::string exportLosses() const { return losses_; }
  std::string name() const { return doc_.name; }
  void setName(const std::string& name) { doc_.name = name.substr(0, astar::kMaxTextValue); }
  // Start and goal cells (-1 when none). A file may have several goals; the page edits the first.
  int start() const { return doc_.start == astar::kNoNode ? -1 : static_cast<int>(doc_.start); }
  int goal() const { return doc_.goals.empty() ? -1 : static_cast<int>(doc_.goals.front()); }
  val goals() const {
    val list = val::array();
    for (NodeId g : doc_.goals) list.call<void>("push", g);
    return list;
  }
  void setStart(int cell) {
    doc_.start = inside(cell) ? static_cast<NodeId>(cell) : astar::kNoNode;
    invalidateSearch();
  }
  void setGoal(int cell) {
    doc_.goals.clear();
    if (inside(cell)) doc_.goals.push_back(static_cast<NodeId>(cell));
    invalidateSearch();
  }
  int width() const { return grid_.width(); }
  int height() const { return grid_.height(); }
  double revision() const { return static_cast<double>(grid_.revision()); }

  std::string setWall(int x, int y) {
    return guarded([&] { return afterCellEdit(x, y, grid_.setWall(x, y)); });
  }
  std::string setCost(int x, int y, double cost) {
    return guarded([&] { return afterCellEdit(x, y, grid_.setCost(x, y, cost)); });
  }
  std::string setEntryMask(int x, int y, int mask) {
    return guarded(
        [&] { return afterCellEdit(x, y, grid_.setEntryMask(x, y, static_cast<std::uint8_t>(mask & 0xFF))); });
  }
  bool wrapX() const { return grid_.wrapX(); }
  bool wrapY() const { return grid_.wrapY(); }
  // Returns "" or why the wrap was refused (a hex grid with an odd height wraps only in x).
  std::string setWrap(bool x, bool y) {
    const astar::Error e = grid_.setWrap(x, y);
    invalidateSearch();
    return e.message;
  }
  // 0 square, 1 hex (Topology). Returns "" or why it was refused.
  int topology() const { return static_cast<int>(grid_.topology()); }
  std::string setTopology(int t) {
    if (t < 0 || t > 1) return "cell shape must be 0 (square) or 1 (hex)";
    const astar::Error e = grid_.setTopology(static_cast<astar::Topology>(t));
    invalidateSearch();
    return e.message;
  }
  // 0 never, 1 only when no obstacles, 2 if at most one obstacle, 3 always (DiagonalMovement).
  int diagonal() const { return static_cast<int>(grid_.diagonal()); }
  std::string setDiagonal(int d) {
    if (d < 0 || d > 3) return "diagonal rule must be 0..3";
    grid_.setDiagonal(static_cast<astar::DiagonalMovement>(d));
    invalidateSearch();
    return "";
  }
  // 0 real (1, sqrt 2), 1 integer (10, 14).
  int costModel() const { return static_cast<int>(grid_.costModel()); }
  std::string setCostModel(int m) {
    if (m < 0 || m > 1) return "cost model must be 0 (real) or 1 (integer)";
    grid_.setCostModel(static_cast<astar::CostModel>(m));
    invalidateSearch();
    return "";
  }

  std::string addPortal(int fromX, int fromY, int toX, int toY, double cost, bool twoWay) {
    return guarded([&] {
      astar::Error e = grid_.addPortal(fromX, fromY, toX, toY, cost, twoWay);
      invalidateSearch();
      return e.message;
    });
  }
  void removePortal(int i) {
    if (i < 0) return;
    grid_.removePortal(static_cast<std::size_t>(i));
    invalidateSearch();
  }
  void clearPortals() {
    grid_.clearPortals();
    invalidateSearch();
  }
  // [{from, to, cost, twoWay}, ...] (cell indices).
  val portals() const {
    val list = val::array();
    for (const astar::Portal& p : grid_.portals()) {
      val o = val::object();
      o.set("from", p.from);
      o.set("to", p.to);
      o.set("cost", p.cost);
      o.set("twoWay", p.twoWay);
      list.call<void>("push", o);
    }
    return list;
  }

  // Zero-copy views of per-cell state. They go stale when the heap grows: fetch them
  // again after any call that may allocate (the page fetches them every frame).
  val costs() const { return view(costs_); }       // Float64Array: entry cost, 0 = wall
  val entryMasks() const { return view(masks_); }  // Uint8Array: allowed entry directions
  val states() const { return view(states_); }     // Uint8Array: 0 unseen, 1 open, 2 closed
  val path() const { return view(path_); }         // Uint32Array: cells, start first

  // Applies the costs() and entryMasks() views after JS wrote into them (a bulk load or an
  // undo): cost 0 = wall, else a cost > 0. On a bad value nothing after it is applied and
  // the views are reloaded from the grid.
  std::string commitCells() {
    return guarded([&]() -> std::string {
      std::string problem;
      for (NodeId n = 0; n < grid_.cellCount() && problem.empty(); ++n) {
        const int x = grid_.xOf(n), y = grid_.yOf(n);
        const double want = costs_[n];
        const double have = grid_.passable(n) ? grid_.cost(n) : 0.0;
        astar::Error e;
        if (want != have) e = want == 0.0f ? grid_.setWall(x, y) : grid_.setCost(x, y, want);
        if (e.ok() && masks_[n] != grid_.entryMask(n)) e = grid_.setEntryMask(x, y, masks_[n]);
        if (!e.ok()) problem = e.message;
      }
      afterReload();
      return problem;
    });
  }

  // ---- the search ----
  // Starts a query; returns the status (0 idle, 1 in progress, 2 found, 3 no path, 4 invalid).
  // Searches from the document's start to its goals (the nearest one).
  int begin(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed) {
    return guarded([&] {
      astar::SearchOptions o;
      o.algorithm = static_cast<astar::Algorithm>(algorithm < 0 ? 255 : algorithm);
      o.heuristic = static_cast<astar::Heuristic>(heuristic < 0 ? 255 : heuristic);
      o.weight = weight;
      o.wrapAware = wrapAware;
      o.portalAware = portalAware;
      o.reopenClosed = reopenClosed;
      options_ = o;
      engineMs_ = 0.0;
      const double t0 = emscripten_get_now();
      const astar::LandmarkTable<astar::Grid>* table = nullptr;
      if (o.heuristic == astar::Heuristic::Landmarks) table = landmarks();
      const astar::SearchStatus s = search_.begin(doc_.start, doc_.goals, o, table);
      engineMs_ += emscripten_get_now() - t0;
      active_ = true;
      publish();
      return static_cast<int>(s);
    });
  }
  // Expands at most n nodes.
  int step(double n) {
    return guarded([&] {
      if (!active_) return 0;
      const double budget = std::isfinite(n) && n >= 1 ? std::min(n, 4294967295.0) : 1.0;
      const double t0 = emscripten_get_now();
      const astar::SearchStatus s = search_.step(static_cast<std::uint32_t>(budget));
      engineMs_ += emscripten_get_now() - t0;
      publish();
      return static_cast<int>(s);
    });
  }
  int run() { return step(4294967295.0); }
  // Undoes the last expansion: the search is deterministic, so replaying it to one
  // expansion fewer gives exactly the earlier state.
  int stepBack() {
    return guarded([&] {
      if (!active_) return 0;
      const std::uint64_t target = search_.stats().expanded;
      if (target == 0) return static_cast<int>(search_.status());
      const double t0 = emscripten_get_now();
      search_.begin(doc_.start, doc_.goals, options_,
                    options_.heuristic == astar::Heuristic::Landmarks ? landmarks() : nullptr);
      if (target > 1) search_.step(static_cast<std::uint32_t>(target - 1));
      engineMs_ = emscripten_get_now() - t0;
      publish();
      return static_cast<int>(search_.status());
    });
  }
  void clear() { invalidateSearch(); }
  // kind: a generator name of core's registry (registry().generators). Returns "" or the
  // error, and then keeps the current map.
  std::string generate(const std::string& kind, int width, int height, double seed) {
    return guarded([&]() -> std::string {
      astar::MapDocument next;
      const std::uint64_t s = std::isfinite(seed) && seed >= 0 ? static_cast<std::uint64_t>(seed) : 0;
      astar::GeneratorOptions options;  // the registry's defaults (density, tunnels)
      options.width = width;
      options.height = height;
      options.seed = s;
      const astar::Error e = astar::generateMap(kind, options, next);
      if (e) return e.message;
      replaceDocument(std::move(next));
      return "";
    });
  }
  int status() const { return active_ ? static_cast<int>(search_.status()) : 0; }
  std::string message() const { return active_ ? search_.message() : ""; }

  val stats() const {
    const astar::SearchStats empty;
    const astar::SearchStats& s = active_ ? search_.stats() : empty;
    val o = val::object();
    o.set("expanded", static_cast<double>(s.expanded));
    o.set("generated", static_cast<double>(s.generated));
    o.set("reopened", static_cast<double>(s.reopened));
    o.set("maxOpen", static_cast<double>(s.maxOpen));
    o.set("pathCost", s.pathCost);
    o.set("pathCells", static_cast<double>(s.pathCells));
    o.set("partial", s.partial);
    o.set("fellBack", s.fellBack);
    o.set("openSize", static_cast<double>(active_ ? search_.openSize() : 0));
    o.set("engineMs", engineMs_);
    return o;
  }

  // {state, g, h, f, parent} of one cell (g and f are Infinity when unseen; parent -1 when none).
  val inspect(int cell) const {
    val o = val::object();
    const bool inside = cell >= 0 && static_cast<NodeId>(cell) < grid_.cellCount();
    const NodeId n = inside ? static_cast<NodeId>(cell) : 0;
    const bool live = active_ && inside;
    o.set("state", live ? static_cast<int>(search_.state(n)) : 0);
    o.set("g", live ? search_.g(n) : INFINITY);
    o.set("h", live ? search_.h(n) : 0.0);
    o.set("f", live ? search_.f(n) : INFINITY);
    const NodeId p = live ? search_.parent(n) : astar::kNoNode;
    o.set("parent", p == astar::kNoNode ? -1 : static_cast<double>(p));
    return o;
  }
  // Int32Array: the parent of every cell (-1 when none), filled on demand (an overlay).
  val parents() {
    return guarded([&] {
      parents_.assign(grid_.cellCount(), -1);
      if (active_)
        for (NodeId n = 0; n < grid_.cellCount(); ++n) {
          const NodeId p = search_.parent(n);
          if (p != astar::kNoNode) parents_[n] = static_cast<std::int32_t>(p);
        }
      return view(parents_);
    });
  }
  val heuristicInfo(int heuristic, bool wrapAware, bool portalAware) const {
    const astar::HeuristicProperties p =
        astar::heuristicProperties(static_cast<astar::Heuristic>(heuristic), grid_, wrapAware, portalAware);
    val o = val::object();
    o.set("admissible", p.admissible);
    o.set("consistent", p.consistent);
    return o;
  }

 private:
  bool inside(int cell) const { return cell >= 0 && static_cast<NodeId>(cell) < grid_.cellCount(); }
  void replaceDocument(astar::MapDocument&& next) {
    doc_ = std::move(next);
    afterReload();
  }
  const astar::LandmarkTable<astar::Grid>* landmarks() {
    if (!landmarkTable_ || landmarkRevision_ != grid_.revision()) {
      if (!landmarkTable_) landmarkTable_ = std::make_unique<astar::LandmarkTable<astar::Grid>>();
      landmarkTable_->build(grid_, landmarkCount(grid_.cellCount()));
      landmarkRevision_ = grid_.revision();
    }
    return landmarkTable_.get();
  }
  // After an edit the search's records no longer describe this map: drop them.
  void invalidateSearch() {
    active_ = false;
    std::fill(states_.begin(), states_.end(), std::uint8_t{0});
    path_.clear();
  }
  std::string afterCellEdit(int x, int y, const astar::Error& e) {
    if (e.ok() && grid_.contains(x, y)) {
      const NodeId n = grid_.index(x, y);
      costs_[n] = grid_.passable(n) ? grid_.cost(n) : 0.0;
      masks_[n] = grid_.entryMask(n);
      invalidateSearch();
    }
    return e.message;
  }
  void afterReload() {
    const NodeId cells = grid_.cellCount();
    costs_.resize(cells);
    masks_.resize(cells);
    states_.assign(cells, 0);
    for (NodeId n = 0; n < cells; ++n) {
      costs_[n] = grid_.passable(n) ? grid_.cost(n) : 0.0;
      masks_[n] = grid_.entryMask(n);
    }
    invalidateSearch();
  }
  void publish() {
    search_.fillStates(states_);
    path_.assign(search_.path().begin(), search_.path().end());
  }

  astar::MapDocument doc_;
  astar::Grid& grid_ = doc_.grid;  // assignments to doc_ keep this object, so search_ stays valid
  astar::GridSearch search_;       // holds a reference to doc_.grid
  std::string losses_;
  astar::SearchOptions options_;
  bool active_ = false;  // search_ describes the current map
  double engineMs_ = 0.0;
  std::unique_ptr<astar::LandmarkTable<astar::Grid>> landmarkTable_;
  std::uint64_t landmarkRevision_ = 0;
  std::vector<double> costs_;
  std::vector<std::uint8_t> masks_;
  std::vector<std::uint8_t> states_;
  std::vector<std::uint32_t> path_;
  std::vector<std::int32_t> parents_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_web) {
  emscripten::class_<WebEngine>("Engine")
      .constructor<>()
      .function("newMap", &WebEngine::newMap)
      .function("loadMap", &WebEngine::loadMap)
      .function("exportMap", &WebEngine::exportMap)
      .function("exportLosses", &WebEngine::exportLosses)
      .function("name", &WebEngine::name)
      .function("setName", &WebEngine::setName)
      .function("start", &WebEngine::start)
      .function("goal", &WebEngine::goal)
      .function("goals", &WebEngine::goals)
      .function("setStart", &WebEngine::setStart)
      .function("setGoal", &WebEngine::setGoal)
      .function("generate", &WebEngine::generate)
      .function("width", &WebEngine::width)
      .function("height", &WebEngine::height)
      .function("revision", &WebEngine::revision)
      .function("setWall", &WebEngine::setWall)
      .function("setCost", &WebEngine::setCost)
      .function("setEntryMask", &WebEngine::setEntryMask)
      .function("wrapX", &WebEngine::wrapX)
      .function("wrapY", &WebEngine::wrapY)
      .function("setWrap", &WebEngine::setWrap)
      .function("topology", &WebEngine::topology)
      .function("setTopology", &WebEngine::setTopology)
      .function("diagonal", &WebEngine::diagonal)
      .function("setDiagonal", &WebEngine::setDiagonal)
      .function("costModel", &WebEngine::costModel)
      .function("setCostModel", &WebEngine::setCostModel)
      .function("addPortal", &WebEngine::addPortal)
      .function("removePortal", &WebEngine::removePortal)
      .function("clearPortals", &WebEngine::clearPortals)
      .function("portals", &WebEngine::portals)
      .function("costs", &WebEngine::costs)
      .function("entryMasks", &WebEngine::entryMasks)
      .function("states", &WebEngine::states)
      .function("path", &WebEngine::path)
      .function("begin", &WebEngine::begin)
      .function("step", &WebEngine::step)
      .function("run", &WebEngine::run)
      .function("stepBack", &WebEngine::stepBack)
      .function("commitCells", &WebEngine::commitCells)
      .function("clear", &WebEngine::clear)
      .function("status", &WebEngine::status)
      .function("message", &WebEngine::message)
      .function("stats", &WebEngine::stats)
      .function("inspect", &WebEngine::inspect)
      .function("parents", &WebEngine::parents)
      .function("heuristicInfo", &WebEngine::heuristicInfo);
}
