// Embind bindings for the HPA* layer (web/js/hpa/): a HierarchicalMap over the page's engine's
// map (web/web_engine.h), no second copy. Every entry point first brings it up to date with the
// grid's change journal (HierarchicalMap::refresh, core/search/include/astar/map_journal.h): a replaced
// document (new, load, generate, undo) rebuilds the abstraction; an edit updates it
// incrementally (only the clusters the changed cells touch). A second
// EMSCRIPTEN_BINDINGS block, linked into the same module as web/bindings.cpp.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <span>
#include <string>
#include <vector>

#include "astar/hierarchical.h"
#include "astar/search.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

class HpaLayer {
 public:
  // The engine must outlive this object (the page's engine lives as long as the page).
  explicit HpaLayer(WebEngine& engine) : grid_(engine.grid()), hpa_(grid_), search_(grid_) {}

  // Builds (or rebuilds) with this cluster size; "" or the error (the old abstraction stays).
  std::string setClusterSize(int size) {
    return guarded([&] {
      const Error e = hpa_.build({size});
      if (e) return e.message;
      size_ = size;
      ++builds_;
      return std::string();
    });
  }
  int clusterSize() const { return size_; }
  int clustersX() const { return hpa_.clustersX(); }
  int clustersY() const { return hpa_.clustersY(); }

  // The abstract nodes (cells) of one agent size, empty until its first query: a live view (use
  // at once or copy; see web/js/engine.js).
  val nodes(int agentSize) {
    refreshGuarded();
    const std::span<const NodeId> cells = hpa_.nodes(agentSize);
    return val(emscripten::typed_memory_view(cells.size(), cells.data()));
  }

  // One query for a square agent of agentSize cells (the page's settings.agentSize; core
  // refuses a size the map cannot take, with its sentence in message): {status, message, cost,
  // optimal, cells, abstractPath: [cells], abstractExpanded, insertExpanded, refineExpanded,
  // astarExpanded, buildMs, clustersRebuilt, builds, updates, nodes, edges}; optimal and
  // astarExpanded from A* (octile, topology-aware) for the same agent size on the same query.
  val query(NodeId start, NodeId goal, int agentSize) {
    return guarded([&] {
      refresh();
      val out = val::object();
      std::vector<NodeId> path;
      const SearchStatus status = hpa_.findPath(start, goal, path, agentSize);
      const HierarchicalStats& s = hpa_.stats();
      out.set("status", statusName(status));
      out.set("message", std::string(hpa_.message()));
      out.set("cost", s.pathCost);
      out.set("cells", static_cast<double>(path.size()));
      val abstractPath = val::array();
      for (NodeId n : hpa_.abstractPath()) abstractPath.call<void>("push", n);
      out.set("abstractPath", abstractPath);
      out.set("abstractExpanded", static_cast<double>(s.abstractExpanded));
      out.set("insertExpanded", static_cast<double>(s.insertExpanded));
      out.set("refineExpanded", static_cast<double>(s.refineExpanded));
      out.set("buildMs", s.buildMilliseconds);
      out.set("clustersRebuilt", s.clustersRebuilt);
      out.set("clusters", s.clusterCount);
      out.set("nodes", s.abstractNodes);
      out.set("edges", static_cast<double>(s.abstractEdges));
      out.set("builds", static_cast<double>(builds_));
      out.set("updates", static_cast<double>(updates_));
      SearchOptions options;
      options.agentSize = agentSize;
      double optimal = -1.0, expanded = 0.0;
      if (status == SearchStatus::Found || status == SearchStatus::NoPath) {
        if (search_.begin(start, goal, options) == SearchStatus::InProgress) search_.run();
        if (search_.status() == SearchStatus::Found) optimal = search_.stats().pathCost;
        expanded = static_cast<double>(search_.stats().expanded);
      }
      out.set("optimal", optimal);
      out.set("astarExpanded", expanded);
      return out;
    });
  }

 private:
  void refreshGuarded() {
    guarded([&] { refresh(); });
  }
  // See the file comment. Cheap when nothing changed.
  void refresh() {
    if (!hpa_.built()) {
      if (!hpa_.build({size_})) ++builds_;
      return;
    }
    if (!hpa_.stale() || hpa_.refresh()) return;
    ++(hpa_.stats().fullBuild ? builds_ : updates_);
  }

  const Grid& grid_;
  HierarchicalMap hpa_;
  GridSearch search_;
  int size_ = kDefaultClusterSize;
  std::uint64_t builds_ = 0;
  std::uint64_t updates_ = 0;
};

}  // namespace

// Core's name, label and cluster-size limits for the page (never re-typed in JavaScript).
val hierarchicalInfo() {
  val o = val::object();
  o.set("name", std::string(kHierarchicalName));
  o.set("label", std::string(kHierarchicalLabel));
  o.set("minClusterSize", kMinClusterSize);
  o.set("maxClusterSize", kMaxClusterSize);
  o.set("defaultClusterSize", kDefaultClusterSize);
  return o;
}

}  // namespace astar::web

EMSCRIPTEN_BINDINGS(astar_hpa) {
  using astar::web::HpaLayer;
  using astar::web::WebEngine;
  emscripten::class_<HpaLayer>("HpaLayer")
      .constructor<WebEngine&>()
      .function("setClusterSize", &HpaLayer::setClusterSize)
      .function("clusterSize", &HpaLayer::clusterSize)
      .function("clustersX", &HpaLayer::clustersX)
      .function("clustersY", &HpaLayer::clustersY)
      .function("nodes", &HpaLayer::nodes)
      .function("query", &HpaLayer::query);
  emscripten::function("hierarchicalInfo", &astar::web::hierarchicalInfo);
}
