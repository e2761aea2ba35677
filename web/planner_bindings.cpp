// Embind: PlannerQuery, one query with any planner row (planners.h) on the page engine's own
// map, start and goals, through core's PlannerRunner (the CLI's path, scen and compare use the
// same object). Compare all runs the rows outside the search loop (HPA*, D* Lite, the
// turn-aware search, ...) through it; a query runs to its end in one call, so the page asks only
// on maps where that is quick, and the planner worker on bigger ones (compare_planners.js).
//   const q = new core.PlannerQuery(engine.raw);
//   const r = q.run('hpa', heuristic, weight, wrapAware, portalAware, agentSize);
//   // {status, message, refused, cost, pathCells, expanded, ranAs, engineMs, preprocessMs}
// An agent size above 1 goes to the rows that take it (PlannerOption::AgentSize); any other
// row is not run, refused: true and message core's sentence (plannerRefusal).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <string>

#include "astar/limits.h"
#include "astar/planner_runner.h"
#include "astar/planners.h"
#include "web_engine.h"

namespace {

using astar::PlannerOption;
using astar::web::guarded;
using astar::web::WebEngine;
using emscripten::val;

class PlannerQuery {
 public:
  explicit PlannerQuery(WebEngine& engine) : engine_(engine) {}

  // The page's search settings go to the rows that take them (as the CLI's compare does); a
  // row's other options keep their defaults. status: core's SearchStatus as a number.
  val run(const std::string& name, int heuristic, double weight, bool wrapAware, bool portalAware, int agentSize) {
    return guarded([&] {
      val out = val::object();
      out.set("refused", false);
      const astar::PlannerInfo* row = astar::findPlanner(name.c_str());
      if (!row) return failed(out, "no planner is named '" + name + "'");
      if (agentSize != astar::kMinAgentSize && !astar::plannerTakes(*row, PlannerOption::AgentSize)) {
        out.set("refused", true);
        return failed(out, astar::plannerRefusal(*row, PlannerOption::AgentSize));
      }
      astar::PlannerSettings settings;
      settings.planner = row;
      const astar::SearchOptions given =
          astar::web::searchOptions(static_cast<int>(row->algorithm), heuristic, weight, wrapAware, portalAware, false);
      settings.search.algorithm = row->algorithm;
      if (astar::plannerTakes(*row, PlannerOption::Heuristic)) settings.search.heuristic = given.heuristic;
      if (astar::plannerTakes(*row, PlannerOption::Weight)) settings.search.weight = given.weight;
      if (astar::plannerTakes(*row, PlannerOption::WrapAware)) settings.search.wrapAware = wrapAware;
      if (astar::plannerTakes(*row, PlannerOption::PortalAware)) settings.search.portalAware = portalAware;
      if (astar::plannerTakes(*row, PlannerOption::AgentSize)) settings.search.agentSize = agentSize;
      const bool landmarks = settings.search.heuristic == astar::Heuristic::Landmarks;
      astar::PlannerRunner runner(engine_.grid(), settings, landmarks ? engine_.landmarkTable() : nullptr);
      const double t0 = emscripten_get_now();
      if (!runner.prepare()) return failed(out, runner.message());
      const double t1 = emscripten_get_now();
      const astar::PlannerAnswer& a = runner.answer(engine_.startCell(), engine_.goalCells());
      const double t2 = emscripten_get_now();
      const bool found = a.status == astar::SearchStatus::Found;
      out.set("status", static_cast<int>(a.status));
      out.set("message", a.message);
      out.set("cost", found ? val(a.cost) : val::null());
      out.set("pathCells", found ? val(static_cast<double>(a.cells.size())) : val::null());
      out.set("expanded", static_cast<double>(a.expanded));
      out.set("ranAs", std::string(a.ranAs ? a.ranAs->name : row->name));
      out.set("engineMs", t2 - t1);
      out.set("preprocessMs", t1 - t0);
      return out;
    });
  }

 private:
  static val failed(val& out, const std::string& message) {
    out.set("status", static_cast<int>(astar::SearchStatus::InvalidInput));
    out.set("message", message);
    out.set("cost", val::null());
    out.set("pathCells", val::null());
    out.set("expanded", 0);
    out.set("ranAs", std::string());
    out.set("engineMs", 0);
    out.set("preprocessMs", 0);
    return out;
  }

  WebEngine& engine_;  // must outlive this (the page's engine lives as long as the page)
};

// core.plannerRefusal('turn-aware', 'agent-size'): "" when the row takes the option, else core's
// sentence on why not (an unknown row or option: a sentence saying so).
std::string plannerRefusal(const std::string& name, const std::string& option) {
  const astar::PlannerInfo* row = astar::findPlanner(name.c_str());
  if (!row) return "no planner is named '" + name + "'";
  for (int i = 0; i < astar::kPlannerOptionCount; ++i) {
    const auto o = static_cast<PlannerOption>(i);
    if (option == astar::plannerOptionName(o)) return astar::plannerRefusal(*row, o);
  }
  return "no planner option is named '" + option + "'";
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_planner_query) {
  emscripten::class_<PlannerQuery>("PlannerQuery").constructor<WebEngine&>().function("run", &PlannerQuery::run);
  emscripten::function("plannerRefusal", &plannerRefusal);
}
