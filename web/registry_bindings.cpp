// registry(): core's registries and limits for the page, as one plain JS object, so no
// name, trait or limit is typed again in JavaScript. Written as JSON text and parsed once
// (json_text.h: one boundary call per property was ~0.4 s of a phone's page load).
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

#include "json_text.h"

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

using astar::web::JsonText;
using emscripten::val;

template <class Fill>
JsonText listOf(int count, Fill&& fill) {
  JsonText list = JsonText::array();
  for (int i = 0; i < count; ++i) list.push(fill(i));
  return list;
}

JsonText algorithmList() {
  return listOf(astar::kAlgorithmCount, [](int i) {
    const astar::AlgorithmInfo& a = astar::algorithms()[static_cast<std::size_t>(i)];
    JsonText o = JsonText::object();
    o.set("name", a.name);
    o.set("label", a.label);
    o.set("usesHeuristic", a.usesHeuristic);
    o.set("optimal", a.optimal);
    o.set("weighted", a.weighted);
    o.set("heuristicOnly", a.heuristicOnly);
    o.set("squareUniformGrids", a.squareUniformGrids);
    o.set("preprocessed", a.preprocessed);
    o.set("jumps", a.jumps);
    o.set("anyAngle", a.anyAngle);
    o.set("anyAgentSize", a.anyAgentSize);
    o.set("frontier", astar::frontierName(a.frontier));
    o.set("note", a.note);
    return o;
  });
}

constexpr const char* kPlannerKindNames[] = {"search",     "hierarchical",  "replanning",
                                             "turn-aware", "subgoal-graph", "navmesh"};

JsonText plannerList() {
  const auto all = astar::planners();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::PlannerInfo& p = all[static_cast<std::size_t>(i)];
    JsonText o = JsonText::object();
    o.set("name", p.name);
    o.set("label", p.label);
    o.set("kind", kPlannerKindNames[static_cast<int>(p.kind)]);
    o.set("optimal", p.optimal);
    o.set("bounded", p.bounded);
    o.set("usesHeuristic", p.usesHeuristic);
    o.set("preprocessed", p.preprocessed);
    o.set("incremental", p.incremental);
    o.set("anyAngle", p.anyAngle);
    o.set("plainSquareGrids", p.plainSquareGrids);
    JsonText options = JsonText::array();
    for (int k = 0; k < astar::kPlannerOptionCount; ++k) {
      const auto option = static_cast<astar::PlannerOption>(k);
      if (astar::plannerTakes(p, option)) options.push(astar::plannerOptionName(option));
    }
    o.set("options", options);
    o.set("bounds", listOf(static_cast<int>(p.bounds.size()), [&](int k) {
            const astar::PlannerBound& b = p.bounds[static_cast<std::size_t>(k)];
            JsonText bound = JsonText::object();
            bound.set("min", b.minParameter);
            bound.set("max", b.maxParameter);
            bound.set("factor", b.factor);  // 0: the parameter itself (the weight)
            return bound;
          }));
    o.set("boundText", p.boundText);
    o.set("note", p.note);
    return o;
  });
}

JsonText labMethodList() {
  const auto all = astar::labMethods();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::LabMethodInfo& m = all[static_cast<std::size_t>(i)];
    JsonText o = JsonText::object();
    o.set("name", m.name);
    o.set("label", m.label);
    o.set("note", m.note);
    o.set("params", listOf(static_cast<int>(m.params.size()), [&](int k) {
            const astar::LabParamInfo& p = m.params[static_cast<std::size_t>(k)];
            JsonText param = JsonText::object();
            param.set("name", p.name);
            param.set("option", p.option);
            param.set("whole", p.whole);
            param.set("min", p.min);
            param.set("max", p.max);
            param.set("openMin", p.openMin);
            param.set("openMax", p.openMax);
            param.set("default", p.defaultValue);
            param.set("description", p.description);
            return param;
          }));
    return o;
  });
}

JsonText formatList() {
  const auto all = astar::formats();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::FormatInfo& f = all[static_cast<std::size_t>(i)];
    JsonText o = JsonText::object();
    o.set("name", f.name);
    o.set("label", f.label);
    o.set("extensions", listOf(static_cast<int>(f.extensions.size()),
                               [&](int k) { return f.extensions[static_cast<std::size_t>(k)]; }));
    JsonText can = JsonText::object();
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

JsonText generatorList() {
  const auto all = astar::generators();
  return listOf(static_cast<int>(all.size()), [&](int i) {
    const astar::GeneratorInfo& g = all[static_cast<std::size_t>(i)];
    JsonText o = JsonText::object();
    o.set("name", g.name);
    o.set("label", g.label);
    o.set("description", g.description);
    o.set("minWidth", g.minWidth);
    o.set("minHeight", g.minHeight);
    o.set("defaultWidth", g.defaultWidth);
    o.set("defaultHeight", g.defaultHeight);
    o.set("usesDensity", g.usesDensity);
    o.set("usesTunnels", g.usesTunnels);
    return o;
  });
}

JsonText limitList() {
  JsonText limits = JsonText::object();
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
  return limits;
}

val registry() {
  JsonText r = JsonText::object();
  r.set("version", astar::kVersion);  // CMakeLists.txt project(... VERSION ...)
  r.set("algorithms", algorithmList());
  JsonText queryDefaults = JsonText::object();  // what a query uses when nothing is chosen
  queryDefaults.set("algorithm", astar::algorithmName(astar::SearchOptions{}.algorithm));
  queryDefaults.set("weight", astar::kDefaultWeight);
  r.set("defaults", queryDefaults);
  r.set("heuristics",
        listOf(astar::kHeuristicCount, [](int i) { return astar::heuristicName(static_cast<astar::Heuristic>(i)); }));
  r.set("heuristicLabels",
        listOf(astar::kHeuristicCount, [](int i) { return astar::heuristicLabel(static_cast<astar::Heuristic>(i)); }));
  JsonText defaults = JsonText::object();  // by cell shape name, then by movement value
  for (int t = 0; t < 2; ++t) {
    const auto topology = static_cast<astar::Topology>(t);
    defaults.set(
        astar::topologyName(topology), listOf(astar::kMovementCount, [&](int m) {
          return astar::heuristicName(astar::defaultHeuristic(topology, static_cast<astar::DiagonalMovement>(m)));
        }));
  }
  r.set("defaultHeuristics", defaults);
  r.set("generators", generatorList());
  r.set("movements", listOf(astar::kMovementCount, [](int i) {
          JsonText o = JsonText::object();
          o.set("name", astar::movementName(static_cast<astar::DiagonalMovement>(i)));
          o.set("description", astar::movementDescription(static_cast<astar::DiagonalMovement>(i)));
          return o;
        }));
  r.set("costModels", listOf(2, [](int i) { return astar::costModelName(static_cast<astar::CostModel>(i)); }));
  r.set("cellShapes", listOf(2, [](int i) { return astar::topologyName(static_cast<astar::Topology>(i)); }));
  r.set("directions", listOf(8, [](int i) {
          JsonText o = JsonText::object();
          o.set("name", astar::directionName(static_cast<astar::Direction>(i)));
          o.set("dx", astar::kDirectionX[i]);
          o.set("dy", astar::kDirectionY[i]);
          return o;
        }));
  r.set("replanStatuses", listOf(astar::kReplanStatusCount,
                                 [](int i) { return astar::replanStatusName(static_cast<astar::ReplanStatus>(i)); }));
  r.set("statuses", listOf(astar::kStatusCount, [](int i) {
          JsonText o = JsonText::object();
          o.set("name", astar::statusName(static_cast<astar::SearchStatus>(i)));
          o.set("label", astar::statusLabel(static_cast<astar::SearchStatus>(i)));
          return o;
        }));
  r.set("limits", limitList());
  r.set("planners", plannerList());
  r.set("plannerOptions", listOf(astar::kPlannerOptionCount,
                                 [](int k) { return astar::plannerOptionName(static_cast<astar::PlannerOption>(k)); }));
  r.set("labMethods", labMethodList());
  r.set("formats", formatList());
  return val::global("JSON").call<val>("parse", r.text());
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_registry) { emscripten::function("registry", &registry); }
