// One object that answers path queries with any planner row (planners.h) on one map: the
// search loop (GridSearch), HPA* (HierarchicalMap), D* Lite (Replanner), the turn-aware
// search (Search<TurnSpace>), the subgoal graph (SubgoalGraph; JPS where it does not apply) or
// the navigation mesh (NavMesh; A* where it does not apply). The CLI's path, scen, compare and
// bench and the page's Compare all run every planner through it, so a new planner is one branch
// here, not one per caller.
//
//   PlannerRunner runner(grid, settings, &landmarks);
//   if (!runner.prepare()) fail(runner.message());   // HPA*'s abstract graph, JPS+'s tables: untimed
//   const PlannerAnswer& a = runner.answer(start, goals);
#pragma once
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "astar/hierarchical.h"
#include "astar/landmarks.h"
#include "astar/limits.h"
#include "astar/navmesh.h"
#include "astar/path_smoothing.h"
#include "astar/planners.h"
#include "astar/replanner.h"
#include "astar/search.h"
#include "astar/subgoal_graph.h"
#include "astar/turn_space.h"

namespace astar {

// What a query runs: a planner row (planners.h) and the values of the options it takes.
struct PlannerSettings {
  const PlannerInfo* planner = &plannerFor(Algorithm::AStar);
  SearchOptions search;                   // Search and TurnAware rows (search.algorithm follows the row)
  TurnOptions turns;                      // TurnAware
  int clusterSize = kDefaultClusterSize;  // Hierarchical
  // cost / optimal this planner promises with these settings (1: optimal, 0: no bound). The
  // turn-aware search is optimal over its own costs; against the grid's optimum only while
  // turns are free and unrestricted.
  double bound() const {
    if (planner->kind == PlannerKind::TurnAware &&
        (turns.turnCost != 0.0 || turns.noReverse || turns.initialHeading != kNoHeading))
      return 0.0;
    return plannerBound(*planner, planner->kind == PlannerKind::Hierarchical ? clusterSize : search.weight);
  }
};

struct PlannerAnswer {
  SearchStatus status = SearchStatus::Idle;
  double cost = 0.0;                   // of the path found
  std::span<const NodeId> cells;       // the path's cells, start first; valid until the next answer()
                                       // (an any-angle row: the cells its segments cross, for display)
  std::span<const PathPoint> points;   // an any-angle row (PlannerInfo::anyAngle): the path in the plane
  std::uint64_t expanded = 0;          // nodes the query expanded (HPA*: abstract + insertion + refinement)
  const PlannerInfo* ranAs = nullptr;  // the planner that ran: the one asked for, or the row it fell back to
  std::string message;                 // why InvalidInput
};

class PlannerRunner {
 public:
  // landmarks: the table for the landmarks heuristic (may be nullptr when it is not chosen).
  PlannerRunner(const Grid& grid, const PlannerSettings& settings, const LandmarkTable<Grid>* landmarks);
  ~PlannerRunner();
  PlannerRunner(const PlannerRunner&) = delete;
  PlannerRunner& operator=(const PlannerRunner&) = delete;

  // Builds what the planner needs before its first query. False with message() when it cannot
  // run on this map with these settings (e.g. a turn-aware heading the map's cells do not have).
  bool prepare();
  const std::string& message() const { return message_; }
  // What prepare() (or, for JPS+ with a non-default goal-bounding limit, the first query)
  // built: its time, bytes (JPS+) and whether goal bounding was built.
  const Preprocessing& preprocessing() const { return preprocessing_; }

  // The cheapest path from start to any of goals (the nearest goal, for the search loop).
  const PlannerAnswer& answer(NodeId start, std::span<const NodeId> goals);
  // Lines a person reads after the answer ("cluster-size: 16", "turn-steps: 3", ...), in
  // order: what only this planner reports.
  std::vector<std::pair<std::string, std::string>> details() const;

  const PlannerSettings& settings() const { return settings_; }
  // The search loop's counters of the last answer (generated, max open, reopened), for its
  // planners; nullptr for the others.
  const SearchStats* loopStats() const { return search_ ? &search_->stats() : nullptr; }
  // The search loop's state per node (for the benchmark's report); 0 for the other planners.
  std::size_t bytesPerNode() const { return search_ ? search_->bytesPerNode() : 0; }

 private:
  void answerSearch(NodeId start, std::span<const NodeId> goals);
  void answerHierarchical(NodeId start, std::span<const NodeId> goals);
  void answerReplanning(NodeId start, std::span<const NodeId> goals);
  void answerTurnAware(NodeId start, std::span<const NodeId> goals);
  void answerSubgoal(NodeId start, std::span<const NodeId> goals);
  void answerNavMesh(NodeId start, std::span<const NodeId> goals);

  const Grid& grid_;
  PlannerSettings settings_;
  const LandmarkTable<Grid>* landmarks_;
  std::unique_ptr<GridSearch> search_;
  std::unique_ptr<HierarchicalMap> hierarchical_;
  std::unique_ptr<Replanner> replanner_;
  std::unique_ptr<TurnSpace> turnSpace_;
  std::unique_ptr<Search<TurnSpace>> turnSearch_;
  std::unique_ptr<SubgoalGraph> subgoalGraph_;  // nullptr when it does not apply: then search_ runs JPS
  const char* subgoalUnsupported_ = nullptr;    // why the subgoal graph does not apply to this map
  SubgoalGraphStats subgoalStats_;              // of the last answer's best path
  std::unique_ptr<NavMesh> navMesh_;            // null when the map is not one it takes: then A* answers
  std::vector<PathPoint> points_, scratchPoints_;
  NavMeshStats navMeshStats_;
  std::vector<NodeId> cells_, scratch_, goalNodes_;
  PlannerAnswer answer_;
  HierarchicalStats hierarchicalStats_;
  Preprocessing preprocessing_;
  std::string message_;
};

}  // namespace astar
