// registry(): core's registries and limits for the page, as one plain JS object, so no
// name, trait or limit is typed again in JavaScript.
//
//   { algorithms: [{name, label, usesHeuristic, optimal, weighted, heuristicOnly, squareUniformGrids, preprocessed,
//   note}],
//     defaults: {algorithm, weight}, heuristics: [name], defaultHeuristics: {square: [name by movement], hex: [...]},
//     generators: [{name, label, description, minWidth, minHeight, defaultWidth, defaultHeight, usesDensity,
//     usesTunnels}], movements: [{name, description}], costModels: [name], cellShapes: [name], directions: [{name, dx,
//     dy}], statuses: [{name, label}], replanStatuses: [name], limits: {maxGridSide, maxGoals, maxPortals, minCellCost,
//     maxCost, maxSearchNodes, minWeight, maxWeight, minClusterSize, maxClusterSize} }
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "astar/generators.h"
#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/limits.h"
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
    o.set("frontier", std::string(astar::frontierName(a.frontier)));
    o.set("note", std::string(a.note));
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
  r.set("limits", limits);
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(astar_registry) { emscripten::function("registry", &registry); }
