// Planners: every way this library answers a path query, one row each — the searches of the
// one search loop (search.h's algorithms), hierarchical search (HPA*, hierarchical.h),
// replanning (D* Lite, replanner.h), the turn-aware search (turn_space.h), subgoal graphs
// (subgoal_graph.h) and the navigation mesh (navmesh.h). A row says what
// the planner promises (optimal, or bounded and by how much, for which parameter values), what
// it needs (a heuristic, preprocessing) and which options it takes; the CLI, the bindings (and
// so the page and the npm package) and the tests read these rows instead of knowing planners.
//
//   for (const astar::PlannerInfo& p : astar::planners()) ...
//   const astar::PlannerInfo* p = astar::findPlanner("hpa");
//   if (!astar::plannerTakes(*p, astar::PlannerOption::Weight)) ...  // refuse --weight
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "astar/search.h"

namespace astar {

enum class PlannerKind : std::uint8_t {
  Search,        // one run of the search loop (search.h): `algorithm` says which
  Hierarchical,  // HPA*: an abstract graph built per map, then queries (hierarchical.h)
  Replanning,    // D* Lite: a plan, then repairs after edits (replanner.h)
  TurnAware,     // A* over (cell, heading) states (turn_space.h)
  SubgoalGraph,  // a subgoal graph built per map, then exact queries over it (subgoal_graph.h)
  NavMesh        // polygons built per map, A* over them and the funnel: a path in the plane (navmesh.h)
};

// Options a planner may take. A query that sets one its planner does not take is refused
// (the CLI exits 2 naming the planner; the page disables the control with the reason).
enum class PlannerOption : std::uint8_t {
  Heuristic,          // SearchOptions::heuristic
  Weight,             // SearchOptions::weight
  WrapAware,          // SearchOptions::wrapAware (the heuristic's torus term)
  PortalAware,        // SearchOptions::portalAware (the heuristic's portal term)
  Reopen,             // SearchOptions::reopenClosed
  GoalBoundingCells,  // SearchOptions::goalBoundingMaxCells
  ClusterSize,        // HierarchicalOptions::clusterSize
  TurnCost,           // TurnOptions::turnCost
  NoReverse,          // TurnOptions::noReverse
  Heading,            // TurnOptions::initialHeading
  AgentSize           // SearchOptions::agentSize (clearance.h): the search loop's rows and HPA*; the others refuse it
};
inline constexpr int kPlannerOptionCount = 11;
// "heuristic", "weight", "wrap-aware", "portal-aware", "reopen", "goal-bounding-cells",
// "cluster-size", "turn-cost", "no-reverse", "heading", "agent-size": the CLI's option names
// without "--".
const char* plannerOptionName(PlannerOption o);
constexpr std::uint32_t optionBit(PlannerOption o) { return 1u << static_cast<unsigned>(o); }

// A cost bound that holds for a range of one parameter: for parameter values in
// [minParameter, maxParameter], cost <= factor x optimal (factor 0: the weight W itself).
struct PlannerBound {
  int minParameter = 0;
  int maxParameter = 0;
  double factor = 1.0;
};

struct PlannerInfo {
  const char* name =
      "";  // in the CLI (--algorithm), links and the page: "astar", ..., "hpa", "d-star-lite", "turn-aware"
  const char* label = "";  // for people: "A*", "HPA*", "D* Lite", "Turn-aware A*"
  PlannerKind kind = PlannerKind::Search;
  Algorithm algorithm = Algorithm::AStar;  // Search: the algorithm; TurnAware: the loop's algorithm
  bool optimal = false;                    // returns a cheapest path (with an admissible heuristic where it uses one)
  bool bounded = false;                    // cost <= a stated factor x optimal (bounds)
  bool usesHeuristic = false;              // reads SearchOptions::heuristic
  bool preprocessed = false;               // builds tables per map before its first query
  bool incremental = false;                // brings its tables or plan up to date after edits instead of starting over
  bool anyAngle = false;                   // its path is points in the plane joined by straight segments, not grid
                                           // moves: shorter than the grid optimum where it cuts across, so it is
                                           // compared with the grid optimum only as measured (boundText)
  bool plainSquareGrids = false;           // refuses hex cells, wrap, portals and one-way cells (says why)
  std::uint32_t options = 0;               // optionBit() of each PlannerOption it takes
  std::span<const PlannerBound> bounds = {};  // bounded: per parameter range (the weight, the cluster size)
  const char* boundText = "";                 // the bound in words, with how it was measured
  const char* note = "";                      // one sentence: what it does and what it promises
};

// Every planner: the search loop's algorithms first, in enum Algorithm order (so a Search
// row's index is its Algorithm), then hpa, d-star-lite, turn-aware, subgoal, navmesh.
std::span<const PlannerInfo> planners();
const PlannerInfo* findPlanner(const char* name);  // nullptr when no row has that name
const PlannerInfo& plannerFor(Algorithm a);        // the Search row of an algorithm
bool plannerTakes(const PlannerInfo& p, PlannerOption o);
// Why p refuses o, for a page or a tool to show ("" when p takes it): "HPA* does not take
// agent-size: it plans for one-cell agents only" (the agent size), "... does not take weight".
std::string plannerRefusal(const PlannerInfo& p, PlannerOption o);
// The bound on cost / optimal for this parameter value (the weight for weighted A*, the
// cluster size for HPA*): 1 for optimal planners, 0 when none is stated for that value.
double plannerBound(const PlannerInfo& p, double parameter);

}  // namespace astar
