// PlannerRunner (planner_runner.h): one branch per kind of planner row.
#include "astar/planner_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

namespace astar {

namespace {

std::string number(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

}  // namespace

PlannerRunner::PlannerRunner(const Grid& grid, const PlannerSettings& settings, const LandmarkTable<Grid>* landmarks)
    : grid_(grid), settings_(settings), landmarks_(landmarks) {
  settings_.search.algorithm = settings_.planner->algorithm;
}

PlannerRunner::~PlannerRunner() = default;

bool PlannerRunner::prepare() {
  const auto t0 = std::chrono::steady_clock::now();
  switch (settings_.planner->kind) {
    case PlannerKind::Search:
      search_ = std::make_unique<GridSearch>(grid_);
      // JPS+'s tables for the default goal-bounding limit; another limit builds at the first query.
      if (settings_.planner->preprocessed &&
          settings_.search.goalBoundingMaxCells == SearchOptions{}.goalBoundingMaxCells)
        search_->preprocessSome(std::numeric_limits<std::uint32_t>::max());
      break;
    case PlannerKind::Hierarchical:
      hierarchical_ = std::make_unique<HierarchicalMap>(grid_);
      if (const Error e = hierarchical_->build({settings_.clusterSize})) {
        message_ = e.message;
        return false;
      }
      break;
    case PlannerKind::Replanning: replanner_ = std::make_unique<Replanner>(grid_); break;
    case PlannerKind::TurnAware:
      turnSpace_ = std::make_unique<TurnSpace>(grid_, settings_.turns);
      if (const Error e = turnSpace_->validate()) {
        message_ = e.message;
        return false;
      }
      turnSearch_ = std::make_unique<Search<TurnSpace>>(*turnSpace_);
      break;
    case PlannerKind::SubgoalGraph:
      // Not for this map: JPS answers (as A* where JPS falls back too), and every answer says so.
      subgoalUnsupported_ = subgoalGraphUnsupported(grid_);
      if (subgoalUnsupported_) {
        settings_.search.algorithm = Algorithm::JumpPoint;
        search_ = std::make_unique<GridSearch>(grid_);
        break;
      }
      subgoalGraph_ = std::make_unique<SubgoalGraph>(grid_);
      if (const Error e = subgoalGraph_->build()) {
        message_ = e.message;
        return false;
      }
      break;
    case PlannerKind::NavMesh:
      // A map the mesh does not model (hex, wrap, portals, one-way cells): A* answers, and
      // says so (ranAs), as JPS does on terrain.
      if (NavMesh::supports(grid_).ok()) {
        navMesh_ = std::make_unique<NavMesh>(grid_);
        if (const Error e = navMesh_->build()) {
          message_ = e.message;
          return false;
        }
        preprocessing_.bytes = navMesh_->stats().bytes;
      } else {
        search_ = std::make_unique<GridSearch>(grid_);
      }
      break;
  }
  preprocessing_.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (search_ && settings_.planner->preprocessed && settings_.planner->kind == PlannerKind::Search)
    preprocessing_ = search_->preprocessing();
  if (subgoalGraph_) {
    preprocessing_.milliseconds = subgoalGraph_->stats().buildMilliseconds;
    preprocessing_.bytes = subgoalGraph_->stats().bytes;
  }
  return true;
}

const PlannerAnswer& PlannerRunner::answer(NodeId start, std::span<const NodeId> goals) {
  answer_ = PlannerAnswer{};
  answer_.ranAs = settings_.planner;
  switch (settings_.planner->kind) {
    case PlannerKind::Search: answerSearch(start, goals); break;
    case PlannerKind::Hierarchical: answerHierarchical(start, goals); break;
    case PlannerKind::Replanning: answerReplanning(start, goals); break;
    case PlannerKind::TurnAware: answerTurnAware(start, goals); break;
    case PlannerKind::SubgoalGraph:
      if (subgoalGraph_)
        answerSubgoal(start, goals);
      else
        answerSearch(start, goals);  // reports JPS (or A*) as what ran
      break;
    case PlannerKind::NavMesh:
      if (navMesh_) {
        answerNavMesh(start, goals);
      } else {
        answerSearch(start, goals);
        answer_.ranAs = &plannerFor(Algorithm::AStar);
      }
      break;
  }
  return answer_;
}

void PlannerRunner::answerSearch(NodeId start, std::span<const NodeId> goals) {
  const SearchOptions& options = settings_.search;
  search_->begin(start, goals, options, options.heuristic == Heuristic::Landmarks ? landmarks_ : nullptr);
  answer_.status = search_->run();
  const SearchStats& s = search_->stats();
  if (answer_.status == SearchStatus::InvalidInput) answer_.message = search_->message();
  answer_.cost = s.pathCost;
  answer_.cells = search_->path();
  answer_.points = search_->pathPoints();  // Theta* on the corner lattice: the path in the plane
  answer_.expanded = s.expanded;
  if (s.fellBack || settings_.planner->kind != PlannerKind::Search) answer_.ranAs = &plannerFor(s.ranAs);
  if (settings_.planner->kind == PlannerKind::Search && settings_.planner->preprocessed &&
      preprocessing_.milliseconds == 0.0)
    preprocessing_ = search_->preprocessing();  // built by this first query
}

// The cheapest of the paths to each goal (HPA* and D* Lite answer one goal at a time).
void PlannerRunner::answerHierarchical(NodeId start, std::span<const NodeId> goals) {
  answer_.status = SearchStatus::NoPath;
  for (NodeId goal : goals) {
    const SearchStatus s = hierarchical_->findPath(start, goal, scratch_, settings_.search.agentSize);
    const HierarchicalStats& stats = hierarchical_->stats();
    answer_.expanded += stats.abstractExpanded + stats.insertExpanded + stats.refineExpanded;
    if (s == SearchStatus::InvalidInput) {
      answer_.status = s;
      answer_.message = hierarchical_->message();
      return;
    }
    if (s == SearchStatus::Found && (answer_.status != SearchStatus::Found || stats.pathCost < answer_.cost)) {
      answer_.status = s;
      answer_.cost = stats.pathCost;
      cells_.swap(scratch_);
      hierarchicalStats_ = stats;
    }
  }
  if (answer_.status == SearchStatus::Found) answer_.cells = cells_;
}

// As HPA*: one goal at a time, the cheapest answer kept. The graph is rebuilt first when the
// map changed since it was built (the grid's journal), and the build reported again.
void PlannerRunner::answerSubgoal(NodeId start, std::span<const NodeId> goals) {
  answer_.status = SearchStatus::NoPath;
  for (NodeId goal : goals) {
    const std::uint32_t builds = subgoalGraph_->stats().builds;
    const SearchStatus s = subgoalGraph_->findPath(start, goal, scratch_);
    const SubgoalGraphStats& stats = subgoalGraph_->stats();
    if (stats.builds != builds) {
      preprocessing_.milliseconds = stats.buildMilliseconds;
      preprocessing_.bytes = stats.bytes;
    }
    answer_.expanded += stats.expanded;
    if (s == SearchStatus::InvalidInput) {
      answer_.status = s;
      answer_.message = subgoalGraph_->message();
      return;
    }
    if (s == SearchStatus::Found && (answer_.status != SearchStatus::Found || stats.pathCost < answer_.cost)) {
      answer_.status = s;
      answer_.cost = stats.pathCost;
      cells_.swap(scratch_);
      subgoalStats_ = stats;
    }
  }
  if (answer_.status == SearchStatus::Found) answer_.cells = cells_;
}

void PlannerRunner::answerReplanning(NodeId start, std::span<const NodeId> goals) {
  answer_.status = SearchStatus::NoPath;
  for (NodeId goal : goals) {
    const ReplanStatus s = replanner_->plan(start, goal);
    answer_.expanded += replanner_->stats().expanded;
    if (s == ReplanStatus::InvalidInput) {
      answer_.status = SearchStatus::InvalidInput;
      answer_.message = replanner_->message();
      return;
    }
    if (s == ReplanStatus::Found && (answer_.status != SearchStatus::Found || replanner_->cost() < answer_.cost)) {
      answer_.status = SearchStatus::Found;
      answer_.cost = replanner_->cost();
      cells_.assign(replanner_->path().begin(), replanner_->path().end());
    }
  }
  if (answer_.status == SearchStatus::Found) answer_.cells = cells_;
}

void PlannerRunner::answerTurnAware(NodeId start, std::span<const NodeId> goals) {
  goalNodes_.clear();
  for (NodeId cell : goals) turnSpace_->goalNodes(cell, goalNodes_);
  if (goalNodes_.size() > static_cast<std::size_t>(kMaxGoals)) {
    answer_.status = SearchStatus::InvalidInput;
    answer_.message =
        "too many goals for a turn-aware search (at most " + std::to_string(kMaxGoals / turnSpace_->slots()) + ")";
    return;
  }
  const SearchOptions& options = settings_.search;
  turnSearch_->begin(turnSpace_->startNode(start), std::span<const NodeId>(goalNodes_), options);
  answer_.status = turnSearch_->run();
  if (answer_.status == SearchStatus::InvalidInput) answer_.message = turnSearch_->message();
  answer_.cost = turnSearch_->stats().pathCost;
  answer_.expanded = turnSearch_->stats().expanded;
  cells_.clear();
  for (NodeId n : turnSearch_->path()) cells_.push_back(turnSpace_->cellOf(n));
  answer_.cells = cells_;
}

// The shortest of the paths to each goal; cells: those each segment passes through (sampled
// every quarter cell), for `path --show`.
void PlannerRunner::answerNavMesh(NodeId start, std::span<const NodeId> goals) {
  answer_.status = SearchStatus::NoPath;
  for (NodeId goal : goals) {
    const SearchStatus s = navMesh_->findPath(start, goal, scratchPoints_);
    answer_.expanded += navMesh_->stats().expanded;
    if (s == SearchStatus::InvalidInput) {
      answer_.status = s;
      answer_.message = navMesh_->message();
      return;
    }
    if (s == SearchStatus::Found &&
        (answer_.status != SearchStatus::Found || navMesh_->stats().pathCost < answer_.cost)) {
      answer_.status = s;
      answer_.cost = navMesh_->stats().pathCost;
      points_.swap(scratchPoints_);
      navMeshStats_ = navMesh_->stats();
    }
  }
  if (answer_.status != SearchStatus::Found) return;
  cellsAlong(grid_, points_, cells_);
  answer_.cells = cells_;
  answer_.points = points_;
}

std::vector<std::pair<std::string, std::string>> PlannerRunner::details() const {
  std::vector<std::pair<std::string, std::string>> out;
  const PlannerInfo& p = *settings_.planner;
  const bool found = answer_.status == SearchStatus::Found;
  if ((p.kind == PlannerKind::Search || p.kind == PlannerKind::Hierarchical) && settings_.search.agentSize != 1)
    out.emplace_back("agent-size", std::to_string(settings_.search.agentSize));
  if (p.kind == PlannerKind::Search && plannerTakes(p, PlannerOption::Weight)) {
    out.emplace_back("weight", number(settings_.search.weight));
    out.emplace_back("reopened", std::to_string(search_->stats().reopened));
  }
  if (p.kind == PlannerKind::Hierarchical) {
    const HierarchicalStats& built = hierarchical_->stats();
    char ms[64];
    std::snprintf(ms, sizeof ms, "%.3f", built.buildMilliseconds);
    out.emplace_back("cluster-size", std::to_string(settings_.clusterSize));
    out.emplace_back("build-ms", ms);
    out.emplace_back("clusters", std::to_string(built.clusterCount));
    out.emplace_back("abstract-nodes", std::to_string(built.abstractNodes));
    out.emplace_back("abstract-edges", std::to_string(built.abstractEdges));
    out.emplace_back("abstract-expanded", std::to_string(hierarchicalStats_.abstractExpanded));
    out.emplace_back("insert-expanded", std::to_string(hierarchicalStats_.insertExpanded));
    out.emplace_back("refine-expanded", std::to_string(hierarchicalStats_.refineExpanded));
  }
  if (p.kind == PlannerKind::SubgoalGraph) {
    if (!subgoalGraph_) {
      out.emplace_back("subgoal-graph", std::string("does not apply to ") + subgoalUnsupported_);
      return out;
    }
    const SubgoalGraphStats& built = subgoalGraph_->stats();
    char ms[64];
    std::snprintf(ms, sizeof ms, "%.3f", built.buildMilliseconds);
    out.emplace_back("build-ms", ms);
    out.emplace_back("build-bytes", std::to_string(built.bytes));
    out.emplace_back("subgoals", std::to_string(built.subgoals));
    out.emplace_back("subgoal-edges", std::to_string(built.edges));
    out.emplace_back("core-subgoals", std::to_string(built.coreSubgoals));
    out.emplace_back("search-arcs", std::to_string(built.searchArcs));
    out.emplace_back("core-table-bytes", std::to_string(built.coreTableBytes));
    out.emplace_back("link-list-bytes", std::to_string(built.linkListBytes));  // 0: the query scans
    if (found) {
      out.emplace_back("graph-expanded", std::to_string(subgoalStats_.expanded));
      out.emplace_back("abstract-path-nodes", std::to_string(subgoalStats_.abstractPathNodes));
    }
  }
  if (p.kind == PlannerKind::Search && found && !answer_.points.empty())  // Theta* on the corner lattice
    out.emplace_back("points", std::to_string(answer_.points.size()));
  if (p.kind == PlannerKind::NavMesh && navMesh_) {
    const NavMeshStats& built = navMesh_->stats();
    char ms[64];
    std::snprintf(ms, sizeof ms, "%.3f", built.buildMilliseconds);
    out.emplace_back("build-ms", ms);
    out.emplace_back("polygons", std::to_string(built.polygons));
    out.emplace_back("portals", std::to_string(built.portals));
    out.emplace_back("mesh-bytes", std::to_string(built.bytes));
    if (found) {
      out.emplace_back("corridor-polygons", std::to_string(navMeshStats_.corridorPolygons));
      out.emplace_back("length", number(navMeshStats_.pathLength));
      out.emplace_back("points", std::to_string(points_.size()));
    }
  }
  if (p.kind == PlannerKind::TurnAware) {
    const TurnOptions& turns = settings_.turns;
    out.emplace_back("headings", std::to_string(turnSpace_->headingCount()));
    out.emplace_back("turn-cost", number(turns.turnCost));
    out.emplace_back("no-reverse", turns.noReverse ? "yes" : "no");
    out.emplace_back("initial-heading", turns.initialHeading == kNoHeading
                                            ? "any"
                                            : directionName(static_cast<Direction>(turns.initialHeading)));
    if (found) {
      int turnSteps = 0, reversals = 0, previous = kNoHeading;
      for (NodeId n : turnSearch_->path()) {
        const int h = turnSpace_->headingAt(n);
        if (previous != kNoHeading && h != kNoHeading) {
          turnSteps += turnSpace_->turnSteps(previous, h);
          reversals += 2 * turnSpace_->turnSteps(previous, h) == turnSpace_->headingCount();
        }
        if (h != kNoHeading) previous = h;
      }
      out.emplace_back("turn-steps", std::to_string(turnSteps));
      out.emplace_back("reversals", std::to_string(reversals));
      if (previous != kNoHeading) out.emplace_back("arrival-heading", directionName(turnSpace_->direction(previous)));
    }
  }
  return out;
}

}  // namespace astar
