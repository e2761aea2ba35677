// astar scen FILE.map.scen [--map FILE.map] [--algorithm A] [planner options] [--rows N] [--json]
// Runs scenario rows (all, or N spread evenly over the file) with any planner (planners.h) and
// checks each cost against the row's optimal length within its printed precision (a bounded
// planner: at least the optimum and at most its bound times it; a planner without a bound is
// still held to the optimum, so scen shows how far off it is; an any-angle planner, whose path in
// the plane may be shorter, to at most the optimum). Without --map, the map is
// the row's map name looked up beside the scenario file, else the scenario path minus
// ".scen". With --agent-size N above 1, rows whose start or goal has no room for the agent are
// skipped and each path is checked for the agent's footprint (clearance.h), not against the
// rows' optimum (a one-cell agent's). Exit 1 when any row does not match, 2 on a bad file or argument.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <span>

#include "astar/clearance.h"
#include "astar/landmarks.h"
#include "astar/path_cost.h"
#include "astar/planner_runner.h"
#include "astar/planners.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

namespace {

std::string directoryOf(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

bool fileExists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

std::string number(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.10g", v);
  return buffer;
}

// Every anchor of the path has room for the agent, and each diagonal step the map's corner rule
// applied to the two side anchors (clearance.h); the moves themselves are checked by pathCost.
bool footprintFits(const ClearanceMap& room, const Grid& g, std::span<const NodeId> cells, int size) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int x = g.xOf(cells[i]), y = g.yOf(cells[i]);
    if (!room.fits(x, y, size)) return false;
    if (i == 0) continue;
    const int px = g.xOf(cells[i - 1]), py = g.yOf(cells[i - 1]);
    if (std::abs(x - px) != 1 || std::abs(y - py) != 1) continue;
    const bool a = room.fits(x, py, size), b = room.fits(px, y, size);
    if (g.diagonal() == DiagonalMovement::OnlyWhenNoObstacles && !(a && b)) return false;
    if (g.diagonal() == DiagonalMovement::IfAtMostOneObstacle && !(a || b)) return false;
  }
  return true;
}

bool noPathAtSize(const Grid& g, NodeId start, NodeId goal, SearchOptions options) {
  options.algorithm = Algorithm::Dijkstra;
  GridSearch dijkstra(g);
  return dijkstra.begin(start, goal, options) == SearchStatus::InProgress && dijkstra.run() == SearchStatus::NoPath;
}

}  // namespace

int cmdScen(const Args& args) {
  if (!expectPositional(
          args, 1, "scen FILE.map.scen [--map FILE.map] [--algorithm A] " ASTAR_PLANNER_OPTIONS " [--rows N] [--json]"))
    return kExitBadInput;
  const std::string scenPath = args.positional[0];
  std::string text;
  if (!readFile(scenPath, text)) return kExitBadInput;
  Scenario scen;
  if (const Error e = readScenario(text, scen)) {
    fail(located(scenPath, e));
    return kExitBadInput;
  }
  if (scen.rows.empty()) {
    fail(scenPath + ": no scenario rows");
    return kExitBadInput;
  }
  std::string mapPath = args.get("--map");
  if (mapPath.empty()) {
    const std::string beside = directoryOf(scenPath) + std::string(baseName(scen.rows.front().mapName));
    const bool endsScen = scenPath.size() > 5 && scenPath.compare(scenPath.size() - 5, 5, ".scen") == 0;
    mapPath = fileExists(beside) || !endsScen ? beside : scenPath.substr(0, scenPath.size() - 5);
  }
  MapDocument doc;
  if (!loadMap(mapPath, doc)) return kExitBadInput;
  const Grid& g = doc.grid;
  PlannerSettings settings;
  if (!plannerFromArgs(args, "scen", settings)) return kExitBadInput;
  const PlannerInfo& planner = *settings.planner;
  const SearchOptions& options = settings.search;

  std::size_t count = scen.rows.size();
  if (args.has("--rows")) {
    long long n = 0;
    if (!parseIntArg(args.get("--rows"), "--rows", 1, 1000000000, n)) return kExitBadInput;
    count = std::min(count, static_cast<std::size_t>(n));
  }
  // Check every row we will run before running any, so a bad file fails fast with status 2.
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t r = static_cast<std::size_t>(static_cast<unsigned long long>(i) * scen.rows.size() / count);
    const ScenarioRow& row = scen.rows[r];
    std::string problem;
    if (row.mapWidth != g.width() || row.mapHeight != g.height())
      problem = "row is for a " + std::to_string(row.mapWidth) + " x " + std::to_string(row.mapHeight) + " map, " +
                mapPath + " is " + std::to_string(g.width()) + " x " + std::to_string(g.height());
    else if (!g.passable(row.startX, row.startY) || !g.passable(row.goalX, row.goalY))
      problem = "start or goal is a wall in " + mapPath;
    if (!problem.empty()) {
      fail(scenPath + ":" + std::to_string(row.line) + ": " + problem);
      return kExitBadInput;
    }
    picked.push_back(r);
  }

  LandmarkTable<Grid> landmarks;
  if (planner.usesHeuristic && options.heuristic == Heuristic::Landmarks) landmarks.build(g, 8);
  // What a planner builds per map (HPA*'s abstract graph, JPS+'s tables) comes before the rows,
  // its time reported apart.
  PlannerRunner runner(g, settings, &landmarks);
  if (!runner.prepare()) {
    fail(scenPath + ": " + planner.name + ": " + runner.message());
    return kExitBadInput;
  }
  const int agentSize = options.agentSize;
  ClearanceMap room;
  if (agentSize != 1) room.refresh(g);
  std::size_t tooNarrow = 0;    // rows skipped: no room for the agent at the start or goal
  std::size_t agentNoPath = 0;  // rows where the agent has no way through (Dijkstra agrees)
  const double bound = settings.bound();
  const bool json = args.has("--json");
  std::size_t mismatches = 0;
  std::uint64_t totalExpansions = 0;
  double totalMicroseconds = 0.0, worstRatio = 0.0;
  const PlannerInfo* ranAs = &planner;
  for (std::size_t r : picked) {
    const ScenarioRow& row = scen.rows[r];
    const NodeId start = g.index(row.startX, row.startY), goal = g.index(row.goalX, row.goalY);
    if (agentSize != 1 &&
        !(room.fits(row.startX, row.startY, agentSize) && room.fits(row.goalX, row.goalY, agentSize))) {
      ++tooNarrow;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const PlannerAnswer& a = runner.answer(start, std::span<const NodeId>(&goal, 1));
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    if (a.status == SearchStatus::InvalidInput) {
      fail(scenPath + ":" + std::to_string(row.line) + ": " + a.message);
      return kExitBadInput;
    }
    if (a.ranAs != &planner) ranAs = a.ranAs;
    const bool found = a.status == SearchStatus::Found;
    const double cost = a.cost, optimum = row.optimalLength;
    // The path is walked move by move (path_cost.h): it must exist and cost what was reported
    // (the turn-aware search's cost also counts turns: only its path is checked then).
    // Any-angle paths promise no more than the grid's optimum (the rows' optimum is the
    // 8-connected grid's). Theta*'s cells are walked segment by segment (anyAnglePathCost); the
    // navigation mesh's points in the plane are held to their ends (its tests check segments).
    const bool anyAngle = a.ranAs->anyAngle;
    const bool inPlane = anyAngle && !a.points.empty();
    const double walked = !found || inPlane ? kIllegalPath
                          : anyAngle        ? anyAnglePathCost(g, a.cells)
                                            : pathCost(g, a.cells);
    const bool valid =
        found && (inPlane ? a.points.front().x == row.startX + 0.5 && a.points.front().y == row.startY + 0.5 &&
                                a.points.back().x == row.goalX + 0.5 && a.points.back().y == row.goalY + 0.5
                          : walked != kIllegalPath && a.cells.front() == start && a.cells.back() == goal &&
                                ((planner.kind == PlannerKind::TurnAware && bound == 0.0) ||
                                 std::fabs(walked - cost) <= 1e-6 * std::max(1.0, cost)));
    // A bigger agent's "no path" is held to Dijkstra at the same size (the rows' optimum is a
    // one-cell agent's, so a row may have none for it).
    const bool confirmedNoPath = agentSize != 1 && !found && noPathAtSize(g, start, goal, options);
    agentNoPath += confirmedNoPath;
    const bool ok =
        agentSize != 1
            ? confirmedNoPath || (valid && footprintFits(room, g, a.cells, agentSize))
            : valid && (std::fabs(cost - optimum) <= row.tolerance || (anyAngle && cost <= optimum + row.tolerance) ||
                        (bound > 1.0 && cost >= optimum - row.tolerance && cost <= bound * optimum + row.tolerance));
    if (found && optimum > 0.0) worstRatio = std::max(worstRatio, cost / optimum);
    mismatches += !ok;
    totalExpansions += a.expanded;
    totalMicroseconds += us;
    char time[32];
    std::snprintf(time, sizeof time, "%.1f", us);
    if (json) {
      std::cout << "{\"row\": " << r << ", \"line\": " << row.line << ", \"expected\": " << row.optimalText
                << ", \"cost\": " << (found ? number(cost) : "null") << ", \"expansions\": " << a.expanded
                << ", \"microseconds\": " << time << ", \"ok\": " << (ok ? "true" : "false") << "}\n";
    } else {
      std::cout << "row " << r << " (line " << row.line << "): expected " << row.optimalText << ", cost "
                << (found ? number(cost) : std::string(statusName(a.status))) << ", expansions " << a.expanded << ", "
                << time << " us"
                << (ok                ? ""
                    : valid || !found ? "  MISMATCH"
                                      : "  INVALID PATH")
                << "\n";
    }
  }
  const bool preprocessed = planner.preprocessed && ranAs == &planner;
  const Preprocessing& pre = runner.preprocessing();
  char preText[128] = "";
  if (preprocessed)
    std::snprintf(preText, sizeof preText, ", \"preprocess_ms\": %.3f, \"preprocess_bytes\": %zu%s", pre.milliseconds,
                  pre.bytes,
                  planner.kind == PlannerKind::Search
                      ? (pre.goalBounding ? ", \"goal_bounding\": true" : ", \"goal_bounding\": false")
                      : "");
  const bool weighted = plannerTakes(planner, PlannerOption::Weight);
  const std::string boundNote = bound == 1.0 ? "" : bound > 0.0 ? "bound " + number(bound) : "no bound";
  if (json) {
    std::cout << "{\"rows\": " << picked.size() - tooNarrow << ", \"mismatches\": " << mismatches
              << (agentSize != 1 ? ", \"agent_size\": " + std::to_string(agentSize) + ", \"skipped_too_narrow\": " +
                                       std::to_string(tooNarrow) + ", \"no_path\": " + std::to_string(agentNoPath)
                                 : std::string())
              << ", \"algorithm\": \"" << planner.name << "\""
              << (ranAs != &planner ? ", \"ran_as\": \"" + std::string(ranAs->name) + "\"" : "")
              << (weighted ? ", \"weight\": " + number(options.weight) : std::string())
              << (bound != 1.0 ? ", \"bound\": " + (bound > 0.0 ? number(bound) : std::string("null")) +
                                     ", \"worst_ratio\": " + number(worstRatio)
                               : std::string())
              << ", \"expansions\": " << totalExpansions << ", \"microseconds\": " << number(totalMicroseconds)
              << preText << "}\n";
  } else {
    std::cout << "rows " << picked.size() - tooNarrow << ", mismatches " << mismatches
              << (agentSize != 1 ? ", agent size " + std::to_string(agentSize) + " (" + std::to_string(tooNarrow) +
                                       " rows skipped: no room at the start or goal; " + std::to_string(agentNoPath) +
                                       " without a way through, as Dijkstra finds; paths checked for the " +
                                       "footprint, not against the rows' optimum)"
                                 : std::string())
              << " (" << planner.name << (ranAs != &planner ? std::string(" ran as ") + ranAs->name : std::string())
              << (weighted ? " weight " + number(options.weight) : std::string())
              << (boundNote.empty() ? std::string() : ", " + boundNote + ", worst " + number(worstRatio)) << ", "
              << totalExpansions << " expansions, " << number(totalMicroseconds / 1000.0) << " ms"
              << (preprocessed ? ", preprocessing " + number(pre.milliseconds) + " ms" +
                                     (pre.bytes ? ", " + std::to_string(pre.bytes) + " bytes" : std::string()) +
                                     (planner.kind != PlannerKind::Search ? std::string()
                                      : pre.goalBounding                  ? ", goal bounding"
                                                                          : ", no goal bounding")
                               : std::string())
              << ")\n";
  }
  return mismatches ? kExitMismatch : kExitOk;
}

}  // namespace astar::cli
