// Embind: SearchInspector, what the page's teaching views read from its search (the page
// engine's, with inspection on: engine.setInspection(true)).
//   const inspector = new core.SearchInspector(engine.raw);
//   inspector.openList(10)      // [{cell, g, h, f}, ...] in the order the search will expand them
//   inspector.openListAt(10, i) // the same part-way through the last expansion: its node taken and its
//                               //   first i relaxations done (Search::openListDuring); .total: all rows
//   inspector.lastExpansion()   // {cell, goal, relaxations: [{cell, stepCost, tentativeG, previousG,
//                               //   previousState, outcome, h, f}]} (cell -1: nothing expanded or not
//                               //   traced; h and f: the neighbour's, f as it is with g = tentativeG)
//   inspector.heat('g')         // Float64Array per cell: 'g', 'h', 'f', 'order', 'exact', 'error'
// Heat values are NaN where they do not apply (a wall, a cell the search has not seen, a cell
// the search never expanded for 'order', a cell that cannot reach a goal for 'exact' and 'error').
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "astar/search.h"
#include "web_engine.h"

namespace {

using astar::Grid;
using astar::GridSearch;
using astar::NodeId;
using astar::NodeState;
using astar::web::guarded;
using astar::web::WebEngine;
using emscripten::val;

constexpr double kNotApplicable = std::numeric_limits<double>::quiet_NaN();
constexpr int kMaxOpenListRows = 1000;

double cellValue(NodeId n) { return n == astar::kNoNode ? -1.0 : static_cast<double>(n); }

class SearchInspector {
 public:
  explicit SearchInspector(WebEngine& engine) : engine_(engine), exact_(engine.grid()) {}

  // The first `count` open cells (at most 1000), next to be expanded first.
  val openList(int count) {
    return guarded([&] {
      val rows = val::array();
      if (!engine_.searchActive() || count <= 0) return rows;
      const GridSearch& search = engine_.search();
      order_.resize(static_cast<std::size_t>(std::min(count, kMaxOpenListRows)));
      const std::size_t n = search.openList(order_);
      for (std::size_t i = 0; i < n; ++i) {
        const NodeId cell = order_[i];
        val row = val::object();
        row.set("cell", cellValue(cell));
        row.set("g", search.g(cell));
        row.set("h", search.h(cell));
        row.set("f", search.f(cell));
        rows.call<void>("push", row);
      }
      return rows;
    });
  }

  // The open list part-way through the last expansion (what the code pane's line shows).
  val openListAt(int count, int relaxations) {
    return guarded([&] {
      val rows = val::array();
      rows.set("total", 0);
      if (!engine_.searchActive() || count <= 0 || relaxations < 0) return rows;
      const GridSearch& search = engine_.search();
      during_.resize(search.openSize());
      const std::size_t n = search.openListDuring(static_cast<std::size_t>(relaxations), during_);
      rows.set("total", static_cast<double>(n));
      for (std::size_t i = 0; i < n && i < static_cast<std::size_t>(std::min(count, kMaxOpenListRows)); ++i) {
        const astar::OpenRow& r = during_[i];
        val row = val::object();
        row.set("cell", cellValue(r.node));
        row.set("g", r.g);
        row.set("h", search.h(r.node));
        row.set("f", r.f);
        rows.call<void>("push", row);
      }
      return rows;
    });
  }

  val lastExpansion() const {
    val o = val::object();
    const astar::ExpansionTrace trace =
        engine_.searchActive() ? engine_.search().lastExpansion() : astar::ExpansionTrace{};
    o.set("cell", cellValue(trace.node));
    o.set("goal", trace.goal);
    val rows = val::array();
    for (const astar::Relaxation& r : trace.relaxations) {
      val row = val::object();
      row.set("cell", cellValue(r.node));
      row.set("stepCost", r.stepCost);
      row.set("tentativeG", r.tentativeG);
      row.set("previousG", r.previousG);
      row.set("previousState", static_cast<int>(r.previousState));
      row.set("outcome", std::string(astar::relaxOutcomeName(r.outcome)));
      row.set("h", engine_.search().h(r.node));
      row.set("f", engine_.search().fAt(r.node, r.tentativeG));
      rows.call<void>("push", row);
    }
    o.set("relaxations", rows);
    return o;
  }

  // A live view of wasm memory (see web/js/engine.js, "Crossing the wasm boundary").
  val heat(const std::string& kind) {
    return guarded([&] {
      const Grid& grid = engine_.grid();
      const NodeId cells = grid.cellCount();
      heat_.assign(cells, kNotApplicable);
      const bool active = engine_.searchActive();
      const GridSearch& search = engine_.search();
      if (kind == "order") {
        if (active) {
          double i = 0;
          for (NodeId n : search.expansionOrder())
            if (std::isnan(heat_[n])) heat_[n] = i++;  // a reopened node keeps its first expansion
        }
      } else if (kind == "exact" || kind == "error") {
        const std::vector<double>& exact = exactDistances();
        for (NodeId n = 0; n < cells; ++n) {
          if (!grid.passable(n) || !std::isfinite(exact[n])) continue;
          heat_[n] = kind == "exact" ? exact[n] : exact[n] - (active ? search.h(n) : 0.0);
        }
      } else {
        const bool seenOnly = kind != "h";
        for (NodeId n = 0; n < cells; ++n) {
          if (!active || !grid.passable(n) || (seenOnly && search.state(n) == NodeState::Unseen)) continue;
          heat_[n] = kind == "g" ? search.g(n) : kind == "f" ? search.f(n) : search.h(n);
        }
      }
      return val(emscripten::typed_memory_view(heat_.size(), heat_.data()));
    });
  }

 private:
  // Exact cost from each cell to the nearest goal: the exact heuristic is a reverse Dijkstra
  // from the goals through the grid's own moves (walls, terrain, one-way cells, wrap, portals).
  // Kept until the map or the query changes.
  const std::vector<double>& exactDistances() {
    const Grid& grid = engine_.grid();
    const NodeId cells = grid.cellCount();
    const bool current =
        exactSeen_ == grid.journalMark() && exactStart_ == engine_.startCell() && exactGoals_ == engine_.goalCells();
    if (current && exactValues_.size() == cells) return exactValues_;
    exactValues_.assign(cells, std::numeric_limits<double>::infinity());
    astar::SearchOptions o;
    o.heuristic = astar::Heuristic::Exact;
    const NodeId start = engine_.startCell();
    if (start != astar::kNoNode && exact_.begin(start, engine_.goalCells(), o) != astar::SearchStatus::InvalidInput)
      for (NodeId n = 0; n < cells; ++n) exactValues_[n] = exact_.h(n);
    exactSeen_ = grid.journalMark();
    exactStart_ = start;
    exactGoals_ = engine_.goalCells();
    return exactValues_;
  }

  WebEngine& engine_;  // must outlive this (the page's engine lives as long as the page)
  GridSearch exact_;
  std::vector<NodeId> order_;
  std::vector<astar::OpenRow> during_;
  std::vector<double> heat_;
  std::vector<double> exactValues_;
  astar::JournalMark exactSeen_;
  NodeId exactStart_ = astar::kNoNode;
  std::vector<NodeId> exactGoals_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_teach) {
  emscripten::class_<SearchInspector>("SearchInspector")
      .constructor<WebEngine&>()
      .function("openList", &SearchInspector::openList)
      .function("openListAt", &SearchInspector::openListAt)
      .function("lastExpansion", &SearchInspector::lastExpansion)
      .function("heat", &SearchInspector::heat);
}
