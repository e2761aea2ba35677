// Embind bindings for the subgoal-graph layer (web/js/subgoal/): core's SubgoalGraph over the
// page engine's own map (no second copy), built on the first query and rebuilt by core when the
// grid's change journal says the map changed. On a map the graph does not apply to (terrain,
// wrap, portals, hex, 4-connected or corner-cutting moves) query() says why instead.
//   const layer = new core.SubgoalLayer(engine.raw);
//   const r = layer.query(start, goal);  // {status, message, cost, cells, abstractPath, subgoals,
//                                        //  edges, coreSubgoals, coreTable, buildMs, bytes, expanded}
//   layer.subgoals();                    // the subgoal cells: a live view (copy it at once)
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "astar/subgoal_graph.h"
#include "web_engine.h"

namespace {

using astar::web::guarded;
using astar::web::WebEngine;
using emscripten::val;

class SubgoalLayer {
 public:
  explicit SubgoalLayer(WebEngine& engine) : engine_(engine), graph_(engine.grid()) {}

  val query(int start, int goal) {
    return guarded([&] {
      val out = val::object();
      const astar::Grid& grid = engine_.grid();
      if (const char* why = astar::subgoalGraphUnsupported(grid)) {
        out.set("status", std::string("unsupported"));
        out.set("message", std::string(why));
        return out;
      }
      if (const astar::Error e = graph_.built() ? graph_.refresh() : graph_.build()) {
        out.set("status", std::string("invalid-input"));
        out.set("message", e.message);
        return out;
      }
      const bool ends = start >= 0 && goal >= 0 && static_cast<astar::NodeId>(start) < grid.cellCount() &&
                        static_cast<astar::NodeId>(goal) < grid.cellCount();
      astar::SearchStatus status = astar::SearchStatus::Idle;
      path_.clear();
      if (ends) status = graph_.findPath(static_cast<astar::NodeId>(start), static_cast<astar::NodeId>(goal), path_);
      const astar::SubgoalGraphStats& s = graph_.stats();
      out.set("status", std::string(ends ? astar::statusName(status) : "idle"));
      out.set("message", std::string(ends ? graph_.message() : ""));
      out.set("cost", status == astar::SearchStatus::Found ? val(s.pathCost) : val::null());
      out.set("cells", static_cast<double>(path_.size()));
      val abstractPath = val::array();
      if (status == astar::SearchStatus::Found)
        for (astar::NodeId n : graph_.abstractPath()) abstractPath.call<void>("push", n);
      out.set("abstractPath", abstractPath);
      out.set("subgoals", s.subgoals);
      out.set("edges", static_cast<double>(s.edges));
      out.set("coreSubgoals", s.coreSubgoals);
      out.set("coreTable", s.coreTableBytes > 0);  // the core's distances kept: no search crosses it
      out.set("buildMs", s.buildMilliseconds);
      out.set("bytes", static_cast<double>(s.bytes));
      out.set("expanded", static_cast<double>(ends ? s.expanded : 0));
      return out;
    });
  }

  // The subgoal cells of the last build (empty before one): a live view of wasm memory.
  val subgoals() const {
    const auto cells = graph_.built() ? graph_.subgoals() : std::span<const astar::NodeId>();
    return val(emscripten::typed_memory_view(cells.size(), cells.data()));
  }

 private:
  WebEngine& engine_;  // must outlive this (the page's engine lives as long as the page)
  astar::SubgoalGraph graph_;
  std::vector<astar::NodeId> path_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_subgoal) {
  emscripten::class_<SubgoalLayer>("SubgoalLayer")
      .constructor<WebEngine&>()
      .function("query", &SubgoalLayer::query)
      .function("subgoals", &SubgoalLayer::subgoals);
}
