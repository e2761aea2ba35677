// The planner options of the commands that search (path, compare, scen, bench, trace):
// --algorithm (a planner row, planners.h), --heuristic, --weight, --wrap-aware / --no-wrap-aware,
// --portal-aware / --no-portal-aware, --reopen, --goal-bounding-cells, --cluster-size,
// --turn-cost, --no-reverse, --heading, --agent-size. A command accepts the ones in its usage line
// (commands.inc); a planner takes the ones its row lists, and any other is refused (exit 2).
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "astar/landmarks.h"
#include "astar/limits.h"
#include "astar/planner_runner.h"
#include "astar/planners.h"
#include "astar/search.h"
#include "astar/turn_space.h"
#include "cli.h"

namespace astar::cli {

// "astar, weighted-astar, ...": the names of core's algorithm and heuristic tables.
inline std::string algorithmNameList() {
  std::string out;
  for (const AlgorithmInfo& a : algorithms()) out += (out.empty() ? "" : ", ") + std::string(a.name);
  return out;
}
inline std::string heuristicNameList() {
  std::string out;
  for (int i = 0; i < kHeuristicCount; ++i)
    out += (i == 0 ? "" : ", ") + std::string(heuristicName(static_cast<Heuristic>(i)));
  return out;
}

// The planner option a command-line option sets ("--no-wrap-aware" sets WrapAware); false
// for the options of the command itself (--rows, --json, ...).
inline bool plannerOptionOf(const std::string& cliOption, PlannerOption& out) {
  // "--no-reverse" is an option of its own; "--no-wrap-aware" is the twin of "--wrap-aware".
  for (const std::string& name :
       {cliOption.substr(2), cliOption.compare(0, 5, "--no-") == 0 ? cliOption.substr(5) : ""})
    for (int i = 0; i < kPlannerOptionCount; ++i)
      if (name == plannerOptionName(static_cast<PlannerOption>(i))) {
        out = static_cast<PlannerOption>(i);
        return true;
      }
  return false;
}

// "weighted-astar" or "astar, greedy, jps, ...": the rows that take the option.
inline std::string plannersTaking(PlannerOption o) {
  std::string out;
  for (const PlannerInfo& p : planners())
    if (plannerTakes(p, o)) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

// Refuses an option that none of `rows` takes: "path: hpa does not take --turn-cost (turn-aware
// does)". A command that runs one planner passes that row alone.
inline bool refuseOptionsNotTaken(const Args& args, const std::string& command,
                                  const std::vector<const PlannerInfo*>& rows) {
  for (const auto& [cliOption, value] : args.options) {
    PlannerOption o;
    if (!plannerOptionOf(cliOption, o)) continue;
    bool taken = false;
    for (const PlannerInfo* p : rows) taken = taken || plannerTakes(*p, o);
    if (taken) continue;
    std::string names;
    for (const PlannerInfo* p : rows) names += (names.empty() ? "" : ", ") + std::string(p->name);
    const std::string takers = plannersTaking(o);
    fail(
        command + ": " + names + (rows.size() == 1 ? " does" : " do") + " not take " + cliOption +
        (takers.empty() ? std::string() : " (" + takers + (takers.find(',') == std::string::npos ? " does)" : " do)")));
    return false;
  }
  return true;
}

// The option values, whichever planner takes them.
inline bool plannerValuesFromArgs(const Args& args, PlannerSettings& s) {
  SearchOptions& options = s.search;
  if (args.has("--heuristic") && !parseHeuristic(args.get("--heuristic").c_str(), options.heuristic)) {
    fail("unknown heuristic '" + args.get("--heuristic") + "' (" + heuristicNameList() + ")");
    return false;
  }
  if (args.has("--weight")) {
    if (!parseNumberArg(args.get("--weight"), "--weight", options.weight)) return false;
    if (!(options.weight >= kMinWeight && options.weight <= kMaxWeight)) {
      fail(std::string("--weight: ") + kWeightRangeMessage);
      return false;
    }
  } else if (options.algorithm == Algorithm::WeightedAStar) {
    options.weight = kDefaultWeight;  // the documented default of weighted A* in every command
  }
  if (args.has("--wrap-aware") || args.has("--no-wrap-aware")) options.wrapAware = args.has("--wrap-aware");
  if (args.has("--portal-aware") || args.has("--no-portal-aware")) options.portalAware = args.has("--portal-aware");
  if (args.has("--reopen")) options.reopenClosed = true;
  long long n = 0;
  if (args.has("--goal-bounding-cells")) {
    if (!parseIntArg(args.get("--goal-bounding-cells"), "--goal-bounding-cells", 0, kMaxGridCells, n)) return false;
    options.goalBoundingMaxCells = static_cast<std::uint32_t>(n);
  }
  if (args.has("--agent-size")) {
    if (!parseIntArg(args.get("--agent-size"), "--agent-size", kMinAgentSize, kMaxAgentSize, n)) return false;
    options.agentSize = static_cast<int>(n);
  }
  if (args.has("--cluster-size")) {
    if (!parseIntArg(args.get("--cluster-size"), "--cluster-size", kMinClusterSize, kMaxClusterSize, n)) return false;
    s.clusterSize = static_cast<int>(n);
  }
  TurnOptions& turns = s.turns;
  if (args.has("--turn-cost") && !parseNumberArg(args.get("--turn-cost"), "--turn-cost", turns.turnCost)) return false;
  turns.noReverse = args.has("--no-reverse");
  if (args.has("--heading")) {
    Direction d;
    if (!parseDirection(args.get("--heading"), d)) {
      std::string names;
      for (int i = 0; i < 8; ++i) names += (i ? ", " : "") + std::string(directionName(static_cast<Direction>(i)));
      fail("unknown heading '" + args.get("--heading") + "' (" + names + ")");
      return false;
    }
    turns.initialHeading = d;
  }
  return true;
}

// "astar, ..., hpa, d-star-lite, turn-aware": every planner's name.
inline std::string plannerNameList() {
  std::string out;
  for (const PlannerInfo& p : planners()) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

// --algorithm NAME: any planner row (default astar; turn-aware when a turn option is given
// without --algorithm). Refuses an option the row does not take, then reads the values.
inline bool plannerFromArgs(const Args& args, const std::string& command, PlannerSettings& s) {
  if (args.has("--algorithm")) {
    s.planner = findPlanner(args.get("--algorithm").c_str());
    if (!s.planner) {
      fail("unknown algorithm '" + args.get("--algorithm") + "' (" + plannerNameList() + ")");
      return false;
    }
  } else if (args.has("--turn-cost") || args.has("--no-reverse") || args.has("--heading")) {
    s.planner = findPlanner("turn-aware");
  }
  s.search.algorithm = s.planner->algorithm;
  return refuseOptionsNotTaken(args, command, {s.planner}) && plannerValuesFromArgs(args, s);
}

// The query of a searching command: MAP SX SY GX GY, or MAP alone for the map's own start and
// goals (every end inside and passable), the search options, and the landmark table when the
// landmarks heuristic is chosen.
struct Query {
  MapDocument doc;
  NodeId start = kNoNode;
  std::vector<NodeId> goals;
  PlannerSettings settings;
  LandmarkTable<Grid> landmarks;  // built when the landmarks heuristic is chosen
};

// onePlanner: the command runs the planner --algorithm names (path, trace), and an option that
// planner does not take is refused; otherwise (compare) the options go to the planners that
// take them.
inline bool queryFromArgs(const Args& args, const char* command, const char* usage, Query& q, bool onePlanner = true) {
  const std::string name = command;
  if (args.positional.size() != 1 && args.positional.size() != 5) {
    fail(name + ": expected MAP, or MAP SX SY GX GY\nusage: astar " + usage);
    return false;
  }
  if (!loadMap(args.positional[0], q.doc)) return false;
  const Grid& g = q.doc.grid;
  q.start = q.doc.start;
  q.goals = q.doc.goals;
  if (args.positional.size() == 5) {
    long long c[4];
    const char* names[4] = {"SX", "SY", "GX", "GY"};
    for (int i = 0; i < 4; ++i)
      if (!parseIntArg(args.positional[static_cast<std::size_t>(i) + 1], names[i], 0,
                       (i % 2 == 0 ? g.width() : g.height()) - 1, c[i]))
        return false;
    q.start = g.index(static_cast<int>(c[0]), static_cast<int>(c[1]));
    q.goals = {g.index(static_cast<int>(c[2]), static_cast<int>(c[3]))};
  } else if (q.start == kNoNode || q.goals.empty()) {
    fail(name + ": " + args.positional[0] + " has no start and goal: give SX SY GX GY");
    return false;
  }
  for (std::size_t i = 0; i <= q.goals.size(); ++i) {
    const NodeId n = i == 0 ? q.start : q.goals[i - 1];
    if (!g.passable(n)) {
      char where[64];
      std::snprintf(where, sizeof where, ": (%d, %d) is a wall", g.xOf(n), g.yOf(n));
      fail(name + where);
      return false;
    }
  }
  if (onePlanner ? !plannerFromArgs(args, name, q.settings) : !plannerValuesFromArgs(args, q.settings)) return false;
  if (q.settings.search.heuristic == Heuristic::Landmarks) q.landmarks.build(g, 8, q.start);
  return true;
}

}  // namespace astar::cli
