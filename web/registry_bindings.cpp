// registry(): core's registries and limits for the page, as one plain JS object, so no
// name, trait or limit is typed again in JavaScript.
//
//   { algorithms: [{name, label, usesHeuristic, optimal, weighted, heuristicOnly, squareUniformGrids, preprocessed,
//   jumps, anyAngle, anyAgentSize, frontier, note}],
//     defaults: {algorithm, weight}, heuristics: [name], heuristicLabels: [label],
//     defaultHeuristics: {square: [name by movement], hex: [...]},
//     generators: [{name, label, description, minWidth, minHeight, defaultWidth, defaultHeight, usesDensity,
//     usesTunnels}], movements: [{name, description}], costModels: [name], cellShapes: [name], directions: [{name, dx,
//     dy}], statuses: [{name, label}], replanStatuses: [name], limits: {minGridSide, maxGridSide, maxGoals, maxPortals,
//     minCellCost, maxCost, maxSearchNodes, minWeight, maxWeight, minClusterSize, maxClusterSize, defaultClusterSize,
//     minAgentSize, maxAgentSize},
//     planners: [{name, label, kind, optimal, bounded, usesHeuristic, preprocessed, incremental, anyAngle,
//     plainSquareGrids, options: [name],
//     bounds: [{min, max, factor}], boundText, note}], plannerOptions: [name],
//     labMethods: [{name, label, note, params: [{name, option, whole, min, max, openMin, openMax, default,
//     description}]}], formats: [{name, label, extensions: [ending], can: {costs, movementRule, hexCells, wrap,
//     portals, oneWayCells, maxGoals, metadata}}] }
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "astar/formats.h"
#include "astar/generators.h"
#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/lab_methods.h"
#include "astar/limits.h"
#include "astar/planners.h"
#include "astar/replanner.h"
#include "astar/search.h"
#include "astar/version.h"

namespace {

using emscripten::val;

template <class Fill>
val listOf(int count, Fill&& fill) {
  val list = val::array();
  for (int i = 0; i < count; ++i) list.call<void>("push", fill(i));
  return list;
}

val algorithmList() {
  return listOf(astar::kAlgorithmCount, [](int i) {
    const astar::AlgorithmInfo& a = astar::algorithms()[static_cast<std::size_t>(i)];
    val o = val::object();
    o.set("name", std::string(a.name));
    o.set("label", std::string(a.label));
    o.set("usesHeuristic", a.usesHeuristic);
    o.set("optimal", a.optimal);
    o.set("weighted", a.weighted);
    o.set("heuristicOnly", a.heuristicOnly);
    o.set("squareUniformGrids", a.squareUniformGrids);
    o.set("preprocessed", a.preprocessed);
    o.set("jumps", a.jumps);
    o.set("anyAngle", a.anyAngle);
    o.set("anyAgentSize", a.anyAgentSize);
    o.set("frontier", std::string(astar::frontierName(a.frontier)));
    o.set("note", std::string(a.note));
    return o;
  });
}

constexpr const char* kPlannerKindNames[] = {"search",     "hierarchical",  "replanning",
                                             "turn-aware", "subgoal-graph", "navmesh"};

val plannerList() {
  const auto all = astar::planners();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::PlannerInfo& p = all[static_cast<std::size_t>(i)];
    val o = val::object();
    o.set("name", std::string(p.name));
    o.set("label", std::string(p.label));
    o.set("kind", std::string(kPlannerKindNames[static_cast<int>(p.kind)]));
    o.set("optimal", p.optimal);
    o.set("bounded", p.bounded);
    o.set("usesHeuristic", p.usesHeuristic);
    o.set("preprocessed", p.preprocessed);
    o.set("incremental", p.incremental);
    o.set("anyAngle", p.anyAngle);
    o.set("plainSquareGrids", p.plainSquareGrids);
    o.set("options", listOf(astar::kPlannerOptionCount, [&](int k) {
                       const auto option = static_cast<astar::PlannerOption>(k);
                       return astar::plannerTakes(p, option) ? val(std::string(astar::plannerOptionName(option)))
                                                             : val::null();
                     }).call<val>("filter", val::global("Boolean")));
    o.set("bounds", listOf(static_cast<int>(p.bounds.size()), [&](int k) {
            const astar::PlannerBound& b = p.bounds[static_cast<std::size_t>(k)];
            val bound = val::object();
            bound.set("min", b.minParameter);
            bound.set("max", b.maxParameter);
            bound.set("factor", b.factor);  // 0: the parameter itself (the weight)
            return bound;
          }));
    o.set("boundText", std::string(p.boundText));
    o.set("note", std::string(p.note));
    return o;
  });
}

val labMethodList() {
  const auto all = astar::labMethods();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::LabMethodInfo& m = all[static_cast<std::size_t>(i)];
    val o = val::object();
    o.set("name", std::string(m.name));
    o.set("label", std::string(m.label));
    o.set("note", std::string(m.note));
    o.set("params", listOf(static_cast<int>(m.params.size()), [&](int k) {
            const astar::LabParamInfo& p = m.params[static_cast<std::size_t>(k)];
            val param = val::object();
            param.set("name", std::string(p.name));
            param.set("option", std::string(p.option));
            param.set("whole", p.whole);
            param.set("min", p.min);
            param.set("max", p.max);
            param.set("openMin", p.openMin);
            param.set("openMax", p.openMax);
            param.set("default", p.defaultValue);
            param.set("description", std::string(p.description));
            return param;
          }));
    return o;
  });
}

val formatList() {
  const auto all = astar::formats();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::FormatInfo& f = all[static_cast<std::size_t>(i)];
    val o = val::object();
    o.set("name", std::string(f.name));
    o.set("label", std::string(f.label));
    o.set("extensions", listOf(static_cast<int>(f.extensions.size()),
                               [&](int k) { return std::string(f.extensions[static_cast<std::size_t>(k)]); }));
    val can = val::object();
    can.set("costs", f.can.costs);
    can.set("movementRule", f.can.movementRule);
    can.set("hexCells", f.can.hexCells);
    can.set("wrap", f.can.wrap);
    can.set("portals", f.can.portals);
    can.set("oneWayCells", f.can.oneWayCells);
    can.set("maxGoals", f.can.maxGoals);
    can.set("metadata", f.can.metadata);
    o.set("can", can);
    return o;
  });
}

val generatorList() {
  const auto all = astar::generators();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::GeneratorInfo& g = all[static_cast<std::size_t>(i)];
    val o = val::object();
    o.set("name", std::string(g.name));
    o.set("label", std::string(g.label));
    o.set("description", std::string(g.description));
    o.set("minWidth", g.minWidth);
    o.set("minHeight", g.minHeight);
    o.set("defaultWidth", g.defaultWidth);
    o.set("defaultHeight", g.defaultHeight);
    o.set("usesDensity", g.usesDensity);
    o.set("usesTunnels", g.usesTunnels);
    return o;
  });
}

val registry() {
  val r = val::object();
  r.set("version", std::string(astar::kVersion));  // CMakeLists.txt project(... VERSION ...)
  r.set("algorithms", algorithmList());
  val queryDefaults = val::object();  // what a query uses when nothing is chosen
  queryDefaults.set("algorithm", std::string(astar::algorithmName(astar::SearchOptions{}.algorithm)));
  queryDefaults.set("weight", astar::kDefaultWeight);
  r.set("defaults", queryDefaults);
  r.set("heuristics", listOf(astar::kHeuristicCount, [](int i) {
          return std::string(astar::heuristicName(static_cast<astar::Heuristic>(i)));
        }));
  r.set("heuristicLabels", listOf(astar::kHeuristicCount, [](int i) {
          return std::string(astar::heuristicLabel(static_cast<astar::Heuristic>(i)));
        }));
  val defaults = val::object();  // by cell shape name, then by movement value
  for (int t = 0; t < 2; ++t) {
    const auto topology = static_cast<astar::Topology>(t);
    defaults.set(astar::topologyName(topology), listOf(astar::kMovementCount, [&](int m) {
                   return std::string(astar::heuristicName(
                       astar::defaultHeuristic(topology, static_cast<astar::DiagonalMovement>(m))));
                 }));
  }
  r.set("defaultHeuristics", defaults);
  r.set("generators", generatorList());
  r.set("movements", listOf(astar::kMovementCount, [](int i) {
          val o = val::object();
          o.set("name", std::string(astar::movementName(static_cast<astar::DiagonalMovement>(i))));
          o.set("description", std::string(astar::movementDescription(static_cast<astar::DiagonalMovement>(i))));
          return o;
        }));
  r.set("costModels",
        listOf(2, [](int i) { return std::string(astar::costModelName(static_cast<astar::CostModel>(i))); }));
  r.set("cellShapes",
        listOf(2, [](int i) { return std::string(astar::topologyName(static_cast<astar::Topology>(i))); }));
  r.set("directions", listOf(8, [](int i) {
          val o = val::object();
          o.set("name", std::string(astar::directionName(static_cast<astar::Direction>(i))));
          o.set("dx", astar::kDirectionX[i]);
          o.set("dy", astar::kDirectionY[i]);
          return o;
        }));
  r.set("replanStatuses", listOf(astar::kReplanStatusCount, [](int i) {
          return val(std::string(astar::replanStatusName(static_cast<astar::ReplanStatus>(i))));
        }));
  r.set("statuses", listOf(astar::kStatusCount, [](int i) {
          val o = val::object();
          o.set("name", std::string(astar::statusName(static_cast<astar::SearchStatus>(i))));
          o.set("label", std::string(astar::statusLabel(static_cast<astar::SearchStatus>(i))));
          return o;
        }));
  val limits = val::object();
  limits.set("minGridSide", astar::kMinGridSide);
  limits.set("maxGridSide", astar::kMaxGridSide);
  limits.set("maxGoals", astar::kMaxGoals);
  limits.set("maxPortals", astar::kMaxPortals);
  limits.set("minCellCost", astar::kMinCellCost);
  limits.set("maxCost", astar::kMaxCost);
  limits.set("maxSearchNodes", static_cast<double>(astar::kMaxSearchNodes));
  limits.set("minWeight", astar::kMinWeight);
  limits.set("maxWeight", astar::kMaxWeight);
  limits.set("minClusterSize", astar::kMinClusterSize);
  limits.set("maxClusterSize", astar::kMaxClusterSize);
  limits.set("defaultClusterSize", astar::kDefaultClusterSize);
  limits.set("minAgentSize", astar::kMinAgentSize);
  limits.set("maxAgentSize", astar::kMaxAgentSize);
  r.set("limits", limits);
  r.set("planners", plannerList());
  r.set("plannerOptions", listOf(astar::kPlannerOptionCount, [](int k) {
          return val(std::string(astar::plannerOptionName(static_cast<astar::PlannerOption>(k))));
        }));
  r.set("labMethods", labMethodList());
  r.set("formats", formatList());
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_registry) { emscripten::function("registry", &registry); }
