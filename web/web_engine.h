// WebEngine: the page's engine, the ONLY copy of the map in the wasm module. It is a
// MapDocument (the Grid plus name, start and goals, as core's readers and writers see it), a
// reusable GridSearch on its grid, and typed-array mirrors of the per-cell state the canvas
// draws (costs, one-way masks, search states, path). web/bindings.cpp defines and binds it;
// web/agents_bindings.cpp's AgentWorld reads its grid (flow fields, path service, smoothing)
// instead of keeping a copy.
//
// Every entry point that can fail returns an error string ("" = ok) or catches C++ exceptions
// and rethrows them as JS Errors (guarded()), so nothing from C++ reaches JS as a bare number.
#pragma once
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "astar/grid.h"
#include "astar/landmarks.h"
#include "astar/search.h"

namespace astar::web {

[[noreturn]] inline void throwJsError(const std::string& message) {
  emscripten::val::global("Error").new_(std::string("astar: ") + message).throw_();
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

// The page's search options from the bindings' arguments (core's enum values; out of range
// = invalid, which begin() reports as InvalidInput with a message).
inline SearchOptions searchOptions(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware,
                                   bool reopenClosed) {
  SearchOptions o;
  o.algorithm = static_cast<Algorithm>(algorithm < 0 ? 255 : algorithm);
  o.heuristic = static_cast<Heuristic>(heuristic < 0 ? 255 : heuristic);
  o.weight = weight;
  o.wrapAware = wrapAware;
  o.portalAware = portalAware;
  o.reopenClosed = reopenClosed;
  return o;
}

// {expanded, generated, reopened, maxOpen, pathCost, pathCells, partial, fellBack, ranAs (the
// registry name of what ran), engineMs}.
inline emscripten::val statsObject(const SearchStats& s, double engineMs) {
  emscripten::val o = emscripten::val::object();
  o.set("expanded", static_cast<double>(s.expanded));
  o.set("generated", static_cast<double>(s.generated));
  o.set("reopened", static_cast<double>(s.reopened));
  o.set("maxOpen", static_cast<double>(s.maxOpen));
  o.set("pathCost", s.pathCost);
  o.set("pathCells", static_cast<double>(s.pathCells));
  o.set("partial", s.partial);
  o.set("fellBack", s.fellBack);
  o.set("ranAs", std::string(astar::algorithmName(s.ranAs)));
  o.set("engineMs", engineMs);
  return o;
}

class WebEngine {
 public:
  WebEngine();

  // ---- for other bindings (AgentWorld) ----
  // The map. It is the same Grid object for the engine's whole life (a load, new map or
  // generate assigns into it), so a reference to it stays valid.
  const Grid& grid() const { return grid_; }
  // The query (for SideSearch): the start (kNoNode when none) and the goals.
  NodeId startCell() const { return doc_.start; }
  const std::vector<NodeId>& goalCells() const { return doc_.goals; }
  // The landmark table for the ALT heuristic, built on first use and after map changes.
  const LandmarkTable<Grid>* landmarkTable() { return landmarks(); }
  // The page's search (SearchInspector reads it): meaningful only while searchActive().
  const GridSearch& search() const { return search_; }
  bool searchActive() const { return active_; }

  // ---- the map ----
  // A new blank map (floor cells of cost 1, no name, start or goal). Returns "" or the
  // error, and then keeps the current map.
  std::string newMap(int width, int height);
  // Reads a map in any format core knows (detected from the text, then the file name).
  // Returns "" or "line L, column C: why"; on error the current map is kept.
  std::string loadMap(const std::string& text, const std::string& fileName);
  // Replaces the map with a document already read and its per-cell mirrors (costs, 0 = wall;
  // entry masks) already filled: MapTextLoad (web/big_map_bindings.cpp) reads a big map a band of
  // rows per call, and this makes no pass over its 16 M cells.
  void replaceMap(MapDocument&& next, std::vector<double>&& costs, std::vector<std::uint8_t>&& masks) {
    doc_ = std::move(next);
    costs_ = std::move(costs);
    masks_ = std::move(masks);
    states_.assign(grid_.cellCount(), 0);
    statesStale_ = false;
    invalidateSearch();
  }
  // "playground", "movingai", "tutorial" or "tutorial2"; exportLosses() then says what the
  // format could not hold ("" when nothing).
  std::string exportMap(const std::string& formatName);
  std::string exportLosses() const { return losses_; }
  // kind: a generator name of core's registry (registry().generators). Returns "" or the
  // error, and then keeps the current map.
  std::string generate(const std::string& kind, int width, int height, double seed);
  std::string name() const { return doc_.name; }
  void setName(const std::string& name) { doc_.name = name.substr(0, kMaxTextValue); }
  // Start and goal cells (-1 when none). A file may have several goals; the page edits the first.
  int start() const { return doc_.start == kNoNode ? -1 : static_cast<int>(doc_.start); }
  int goal() const { return doc_.goals.empty() ? -1 : static_cast<int>(doc_.goals.front()); }
  emscripten::val goals() const;
  void setStart(int cell);
  void setGoal(int cell);
  // One more goal after the first (a copy of a file's several goals, in a worker's engine).
  void addGoal(int cell);
  int width() const { return grid_.width(); }
  int height() const { return grid_.height(); }
  // Never repeats for the engine's grid, loads included (core's map_journal.h).
  double revision() const { return static_cast<double>(grid_.revision()); }

  std::string setWall(int x, int y);
  std::string setCost(int x, int y, double cost);
  std::string setEntryMask(int x, int y, int mask);
  bool wrapX() const { return grid_.wrapX(); }
  bool wrapY() const { return grid_.wrapY(); }
  // Returns "" or why the wrap was refused (a hex grid with an odd height wraps only in x).
  std::string setWrap(bool x, bool y);
  // 0 square, 1 hex (Topology). Returns "" or why it was refused.
  int topology() const { return static_cast<int>(grid_.topology()); }
  std::string setTopology(int t);
  // 0 never, 1 only when no obstacles, 2 if at most one obstacle, 3 always (DiagonalMovement).
  int diagonal() const { return static_cast<int>(grid_.diagonal()); }
  std::string setDiagonal(int d);
  // 0 real (1, sqrt 2), 1 integer (10, 14).
  int costModel() const { return static_cast<int>(grid_.costModel()); }
  std::string setCostModel(int m);
  std::string addPortal(int fromX, int fromY, int toX, int toY, double cost, bool twoWay);
  void removePortal(int i);
  void clearPortals();
  // [{from, to, cost, twoWay}, ...] (cell indices).
  emscripten::val portals() const;

  // Zero-copy views of per-cell state. They die when the heap grows (length 0) and, for
  // costs and masks, when the document is replaced: fetch them again after any call that may
  // allocate (web/js/engine.js documents which, and copies through copyOut()).
  emscripten::val costs() const { return view(costs_); }       // Float64Array: entry cost, 0 = wall
  emscripten::val entryMasks() const { return view(masks_); }  // Uint8Array: allowed entry directions
  // Uint8Array: 0 unseen, 1 open, 2 closed. Filled when read, not after every step: filling is
  // O(cells) (10 ms on 4096 x 4096), and a search rushed to its end steps many times a frame.
  emscripten::val states() const;
  emscripten::val path() const { return view(path_); }  // Uint32Array: cells, start first

  // Applies the costs() and entryMasks() views after JS wrote into them (a bulk load or an
  // undo): cost 0 = wall, else a cost > 0. On a bad value nothing after it is applied and
  // the views are reloaded from the grid.
  std::string commitCells();

  // ---- the search ----
  // Starts a query; returns the status (0 idle, 1 in progress, 2 found, 3 no path, 4 invalid).
  // Searches from the document's start to its goals (the nearest one).
  int begin(int algorithm, int heuristic, double weight, bool wrapAware, bool portalAware, bool reopenClosed);
  // The agent's side in cells (SearchOptions::agentSize) for the next begin(): kept, not
  // checked here; begin() refuses a size the algorithm or the map cannot take (core's sentence).
  void setAgentSize(int cells) { agentSize_ = cells; }
  int agentSize() const { return agentSize_; }
  int step(double n);  // expands at most n nodes
  int run() { return step(4294967295.0); }
  // Undoes the last expansion: the search is deterministic, so replaying it to one
  // expansion fewer gives exactly the earlier state.
  int stepBack();
  // What a search needs before its first query on the current map, built in slices so the page
  // can show progress and never block long: the search's per-node records (64 K nodes per
  // source), then, when `tables`, JPS+ (jps-plus) tables (at most `sources` goal-bounding
  // Dijkstras per call). Returns the fraction done of the part under way (1: complete). begin()
  // builds what is missing.
  double preprocess(double sources, bool tables);
  void clear() { invalidateSearch(); }
  // Inspection on: searches keep their expansion order and the record of each expansion (the
  // teaching views read them through SearchInspector); a search under way is replayed to the
  // same expansion with the new setting. Off by default: on a 4096 x 4096 map the order alone
  // reserves 64 MB.
  int setInspection(bool on);
  bool inspection() const { return inspection_; }
  int status() const { return active_ ? static_cast<int>(search_.status()) : 0; }
  std::string message() const { return active_ ? search_.message() : ""; }
  emscripten::val stats() const;
  // {state, g, h, f, parent} of one cell (g and f are Infinity when unseen; parent -1 when none).
  emscripten::val inspect(int cell) const;
  // Int32Array: the parent of every cell (-1 when none), filled on demand (an overlay).
  emscripten::val parents();
  emscripten::val heuristicInfo(int heuristic, bool wrapAware, bool portalAware) const;

 private:
  template <class T>
  static emscripten::val view(const std::vector<T>& v) {
    return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
  }
  bool inside(int cell) const { return cell >= 0 && static_cast<NodeId>(cell) < grid_.cellCount(); }
  void replaceDocument(MapDocument&& next);
  const LandmarkTable<Grid>* landmarks();
  void invalidateSearch();
  void replayTo(std::uint64_t expansions);
  std::string afterCellEdit(int x, int y, const Error& e);
  void afterReload();
  void publish();

  MapDocument doc_;
  Grid& grid_ = doc_.grid;  // assignments to doc_ keep this object, so search_ and AgentWorlds stay valid
  GridSearch search_;       // holds a reference to doc_.grid
  std::string losses_;
  SearchOptions options_;
  bool active_ = false;  // search_ describes the current map
  bool inspection_ = false;
  int agentSize_ = 1;
  double engineMs_ = 0.0;
  std::unique_ptr<LandmarkTable<Grid>> landmarkTable_;
  JournalMark landmarkSeen_;  // the map the landmark table was built for
  std::vector<double> costs_;
  std::vector<std::uint8_t> masks_;
  mutable std::vector<std::uint8_t> states_;  // filled by states() when statesStale_
  mutable bool statesStale_ = false;
  std::vector<std::uint32_t> path_;
  std::vector<std::int32_t> parents_;
};

}  // namespace astar::web
