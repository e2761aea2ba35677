// The page's engine, WebEngine (web/web_engine.h: the one copy of the map, its search and the
// typed-array mirrors the canvas draws); web/engine_bindings.cpp binds it. Every entry point that can
// fail returns an error string ("" = ok) or catches C++ exceptions and rethrows them as JS
// Errors, so nothing from C++ ever reaches JS as a bare number.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/generators.h"
#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/landmarks.h"
#include "astar/search.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

// Landmarks cover the map in a few Dijkstra passes; fewer on big maps to bound memory
// (16 bytes per cell per landmark).
int landmarkCount(NodeId cells) { return cells <= 65536 ? 8 : 4; }

}  // namespace

WebEngine::WebEngine() : search_(doc_.grid) { afterReload(); }

// ---- the map ----

std::string WebEngine::newMap(int width, int height) {
  return guarded([&]() -> std::string {
    Grid fresh;
    if (Error e = fresh.reset(width, height)) return e.message;
    doc_ = MapDocument{};
    grid_ = std::move(fresh);  // a new journal id: every structure built on the old map rebuilds
    afterReload();
    return "";
  });
}

std::string WebEngine::loadMap(const std::string& text, const std::string& fileName) {
  return guarded([&]() -> std::string {
    MapDocument next;
    const MapFormat format = detectFormat(text, fileName);
    if (format == MapFormat::Unknown)
      return "not a map format the playground reads (playground .map.txt, Moving AI .map, tutorial grids)";
    if (Error e = readMap(text, next, format)) return e.describe();
    replaceDocument(std::move(next));
    return "";
  });
}

std::string WebEngine::exportMap(const std::string& formatName) {
  return guarded([&]() -> std::string {
    MapFormat format;
    losses_.clear();
    if (!parseFormatName(formatName, format)) {
      losses_ = "unknown format " + formatName;
      return "";
    }
    std::vector<std::string> lost;
    std::string text = writeMap(doc_, format, &lost);
    for (const std::string& l : lost) losses_ += (losses_.empty() ? "" : "; ") + l;
    return text;
  });
}

std::string WebEngine::generate(const std::string& kind, int width, int height, double seed) {
  return guarded([&]() -> std::string {
    MapDocument next;
    const std::uint64_t s = std::isfinite(seed) && seed >= 0 ? static_cast<std::uint64_t>(seed) : 0;
    GeneratorOptions options;  // the registry's defaults (density, tunnels)
    options.width = width;
    options.height = height;
    options.seed = s;
    const Error e = generateMap(kind, options, next);
    if (e) return e.message;
    replaceDocument(std::move(next));
    return "";
  });
}

val WebEngine::goals() const {
  val list = val::array();
  for (NodeId g : doc_.goals) list.call<void>("push", g);
  return list;
}
void WebEngine::setStart(int cell) {
  doc_.start = inside(cell) ? static_cast<NodeId>(cell) : kNoNode;
  invalidateSearch();
}
void WebEngine::setGoal(int cell) {
  doc_.goals.clear();
  if (inside(cell)) doc_.goals.push_back(static_cast<NodeId>(cell));
  invalidateSearch();
}
void WebEngine::addGoal(int cell) {
  if (!inside(cell)) return;
  doc_.goals.push_back(static_cast<NodeId>(cell));
  invalidateSearch();
}

std::string WebEngine::setWall(int x, int y) {
  return guarded([&] { return afterCellEdit(x, y, grid_.setWall(x, y)); });
}
std::string WebEngine::setCost(int x, int y, double cost) {
  return guarded([&] { return afterCellEdit(x, y, grid_.setCost(x, y, cost)); });
}
std::string WebEngine::setEntryMask(int x, int y, int mask) {
  return guarded([&] { return afterCellEdit(x, y, grid_.setEntryMask(x, y, static_cast<std::uint8_t>(mask & 0xFF))); });
}
std::string WebEngine::setWrap(bool x, bool y) {
  const Error e = grid_.setWrap(x, y);
  invalidateSearch();
  return e.message;
}
std::string WebEngine::setTopology(int t) {
  if (t < 0 || t > 1) return "cell shape must be 0 (square) or 1 (hex)";
  const Error e = grid_.setTopology(static_cast<Topology>(t));
  invalidateSearch();
  return e.message;
}
std::string WebEngine::setDiagonal(int d) {
  if (d < 0 || d > 3) return "diagonal rule must be 0..3";
  grid_.setDiagonal(static_cast<DiagonalMovement>(d));
  invalidateSearch();
  return "";
}
std::string WebEngine::setCostModel(int m) {
  if (m < 0 || m > 1) return "cost model must be 0 (real) or 1 (integer)";
  grid_.setCostModel(static_cast<CostModel>(m));
  invalidateSearch();
  return "";
}

std::string WebEngine::addPortal(int fromX, int fromY, int toX, int toY, double cost, bool twoWay) {
  return guarded([&] {
    Error e = grid_.addPortal(fromX, fromY, toX, toY, cost, twoWay);
    invalidateSearch();
    return e.message;
  });
}
void WebEngine::removePortal(int i) {
  if (i < 0) return;
  grid_.removePortal(static_cast<std::size_t>(i));
  invalidateSearch();
}
void WebEngine::clearPortals() {
  grid_.clearPortals();
  invalidateSearch();
}
val WebEngine::portals() const {
  val list = val::array();
  for (const Portal& p : grid_.portals()) {
    val o = val::object();
    o.set("from", p.from);
    o.set("to", p.to);
    o.set("cost", p.cost);
    o.set("twoWay", p.twoWay);
    list.call<void>("push", o);
  }
  return list;
}

std::string WebEngine::commitCells() {
  return guarded([&]() -> std::string {
    std::string problem;
    for (NodeId n = 0; n < grid_.cellCount() && problem.empty(); ++n) {
      const int x = grid_.xOf(n), y = grid_.yOf(n);
      const double want = costs_[n];
      const double have = grid_.passable(n) ? grid_.cost(n) : 0.0;
      Error e;
      if (want != have) e = want == 0.0f ? grid_.setWall(x, y) : grid_.setCost(x, y, want);
      if (e.ok() && masks_[n] != grid_.entryMask(n)) e = grid_.setEntryMask(x, y, masks_[n]);
      if (!e.ok()) problem = e.message;
    }
    afterReload();
    return problem;
  });
}

// ---- the search ----

int WebEngine::begin(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed) {
  return guarded([&] {
    SearchOptions o = searchOptions(algorithm, heuristic, weight, wrapAware, portalAware, reopenClosed);
    o.recordExpansions = o.traceExpansions = inspection_;
    o.agentSize = agentSize_;
    options_ = o;
    engineMs_ = 0.0;
    const double t0 = emscripten_get_now();
    const LandmarkTable<Grid>* table = nullptr;
    if (o.heuristic == Heuristic::Landmarks) table = landmarks();
    const SearchStatus s = search_.begin(doc_.start, doc_.goals, o, table);
    engineMs_ += emscripten_get_now() - t0;
    active_ = true;
    publish();
    return static_cast<int>(s);
  });
}

int WebEngine::step(double n) {
  return guarded([&] {
    if (!active_) return 0;
    const double budget = std::isfinite(n) && n >= 1 ? std::min(n, 4294967295.0) : 1.0;
    const double t0 = emscripten_get_now();
    const SearchStatus s = search_.step(static_cast<std::uint32_t>(budget));
    engineMs_ += emscripten_get_now() - t0;
    publish();
    return static_cast<int>(s);
  });
}

int WebEngine::stepBack() {
  return guarded([&] {
    if (!active_) return 0;
    const std::uint64_t target = search_.stats().expanded;
    if (target == 0) return static_cast<int>(search_.status());
    replayTo(target - 1);
    return static_cast<int>(search_.status());
  });
}

double WebEngine::preprocess(double sources, bool tables) {
  return guarded([&] {
    const double n = std::isfinite(sources) && sources >= 1 ? std::min(sources, 4294967295.0) : 1.0;
    constexpr double kRecordNodesPerSource = 65536.0;  // ~1.3 MB of records: about a goal-bounding Dijkstra's time
    const double records =
        search_.prepareRecords(static_cast<std::size_t>(std::min(n * kRecordNodesPerSource, 4294967295.0)));
    if (records < 1.0 || !tables) return records;
    return search_.preprocessSome(static_cast<std::uint32_t>(n));
  });
}

int WebEngine::setInspection(bool on) {
  return guarded([&] {
    if (on == inspection_) return status();
    inspection_ = on;
    options_.recordExpansions = options_.traceExpansions = on;
    if (active_) {
      const SearchStatus before = search_.status();
      replayTo(search_.stats().expanded);
      // A finished search ends the same way again: one that ran out of nodes learns so on the
      // step after its last expansion, so "no path" (and its partial path) must not become
      // "searching" when the Learn section opens.
      if (before != SearchStatus::InProgress && search_.status() == SearchStatus::InProgress) {
        search_.run();
        publish();
      }
    }
    return status();
  });
}

// The search is deterministic: beginning again and expanding `expansions` nodes gives exactly
// the state it had after that many.
void WebEngine::replayTo(std::uint64_t expansions) {
  const double t0 = emscripten_get_now();
  search_.begin(doc_.start, doc_.goals, options_, options_.heuristic == Heuristic::Landmarks ? landmarks() : nullptr);
  if (expansions > 0) search_.step(static_cast<std::uint32_t>(std::min<std::uint64_t>(expansions, 0xFFFFFFFFu)));
  engineMs_ = emscripten_get_now() - t0;
  publish();
}

val WebEngine::stats() const {
  const SearchStats empty;
  const SearchStats& s = active_ ? search_.stats() : empty;
  val o = statsObject(s, engineMs_);
  o.set("openSize", static_cast<double>(active_ ? search_.openSize() : 0));
  return o;
}

val WebEngine::inspect(int cell) const {
  val o = val::object();
  const bool in = inside(cell);
  const NodeId n = in ? static_cast<NodeId>(cell) : 0;
  const bool live = active_ && in;
  o.set("state", live ? static_cast<int>(search_.state(n)) : 0);
  o.set("g", live ? search_.g(n) : INFINITY);
  o.set("h", live ? search_.h(n) : 0.0);
  o.set("f", live ? search_.f(n) : INFINITY);
  const NodeId p = live ? search_.parent(n) : kNoNode;
  o.set("parent", p == kNoNode ? -1 : static_cast<double>(p));
  return o;
}

val WebEngine::parents() {
  return guarded([&] {
    parents_.assign(grid_.cellCount(), -1);
    if (active_)
      for (NodeId n = 0; n < grid_.cellCount(); ++n) {
        const NodeId p = search_.parent(n);
        if (p != kNoNode) parents_[n] = static_cast<std::int32_t>(p);
      }
    return view(parents_);
  });
}

val WebEngine::heuristicInfo(int heuristic, bool wrapAware, bool portalAware) const {
  const HeuristicProperties p = heuristicProperties(static_cast<Heuristic>(heuristic), grid_, wrapAware, portalAware);
  val o = val::object();
  o.set("admissible", p.admissible);
  o.set("consistent", p.consistent);
  return o;
}

// ---- private ----

void WebEngine::replaceDocument(MapDocument&& next) {
  doc_ = std::move(next);  // move-assigns into doc_.grid: the Grid object stays the same, its journal says "everything"
  afterReload();
}

const LandmarkTable<Grid>* WebEngine::landmarks() {
  // Rebuilt after any edit or load (the grid's change journal, map_journal.h).
  if (!landmarkTable_ || landmarkSeen_ != grid_.journalMark()) {
    if (!landmarkTable_) landmarkTable_ = std::make_unique<LandmarkTable<Grid>>();
    landmarkTable_->build(grid_, landmarkCount(grid_.cellCount()));
    landmarkSeen_ = grid_.journalMark();
  }
  return landmarkTable_.get();
}

// After an edit the search's records no longer describe this map: drop them.
void WebEngine::invalidateSearch() {
  active_ = false;
  statesStale_ = true;
  path_.clear();
}

std::string WebEngine::afterCellEdit(int x, int y, const Error& e) {
  if (e.ok() && grid_.contains(x, y)) {
    const NodeId n = grid_.index(x, y);
    costs_[n] = grid_.passable(n) ? grid_.cost(n) : 0.0;
    masks_[n] = grid_.entryMask(n);
    invalidateSearch();
  }
  return e.message;
}

// Also after commitCells, which edits the same grid through its setters (revision() tells).
void WebEngine::afterReload() {
  const NodeId cells = grid_.cellCount();
  costs_.resize(cells);
  masks_.resize(cells);
  states_.assign(cells, 0);
  statesStale_ = false;
  for (NodeId n = 0; n < cells; ++n) {
    costs_[n] = grid_.passable(n) ? grid_.cost(n) : 0.0;
    masks_[n] = grid_.entryMask(n);
  }
  invalidateSearch();
}

void WebEngine::publish() {
  statesStale_ = true;
  path_.assign(search_.path().begin(), search_.path().end());
}

emscripten::val WebEngine::states() const {
  if (statesStale_) {
    if (active_) {
      search_.fillStates(states_);
    } else {
      std::fill(states_.begin(), states_.end(), std::uint8_t{0});
    }
    statesStale_ = false;
  }
  return view(states_);
}

}  // namespace astar::web
