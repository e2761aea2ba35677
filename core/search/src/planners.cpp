// The planner table (planners.h): the search loop's algorithms as rows made from their own
// table (algorithms.cpp), so nothing of theirs is typed twice, then HPA*, D* Lite, the
// turn-aware search and the navigation mesh. Adding a planner = a row here, its code, and its branch in the CLI's and
// the bindings' runners (CONTRIBUTING.md, "Adding a planner").
#include "astar/planners.h"

#include <array>
#include <cstring>
#include <iterator>

#include "astar/hierarchical.h"
#include "astar/limits.h"
#include "astar/navmesh.h"
#include "astar/subgoal_graph.h"

namespace astar {

namespace {

constexpr const char* kOptionNames[kPlannerOptionCount] = {
    "heuristic",    "weight",    "wrap-aware", "portal-aware", "reopen",    "goal-bounding-cells",
    "cluster-size", "turn-cost", "no-reverse", "heading",      "agent-size"};

constexpr std::uint32_t kHeuristicOptions =
    optionBit(PlannerOption::Heuristic) | optionBit(PlannerOption::WrapAware) | optionBit(PlannerOption::PortalAware);

// Weighted A*: cost <= W x optimal for every accepted W (factor 0 stands for the parameter).
constexpr PlannerBound kWeightBound[] = {{1, static_cast<int>(kMaxWeight), 0.0}};

// HPA* (no smoothing): the worst cost / optimal over every row of the 13 shared Moving AI maps
// (31,870 rows, 8-way without corner cutting), rounded up to the hundredth, at each cluster size
// measured (`astar scen --algorithm hpa --cluster-size N`, bench/README.md "HPA*'s bound by
// cluster size"). The worst case does not grow with the size (20: 1.70, 32: 1.41), so a size
// that was not measured has no stated bound. tests/unit/test_hierarchical.cpp re-checks the
// default size's bound on a sample of every map; the CLI case `planners` runs sizes 16 and 32.
constexpr PlannerBound kHierarchicalBounds[] = {
    {4, 4, 1.36},   {8, 8, 1.48},   {12, 12, 1.51}, {16, 16, 1.54}, {20, 20, 1.71},   {24, 24, 1.55},
    {32, 32, 1.41}, {48, 48, 1.47}, {64, 64, 1.61}, {96, 96, 1.50}, {128, 128, 1.45},
};
static_assert(kHierarchicalBounds[0].minParameter == kMinClusterSize &&
                  kHierarchicalBounds[std::size(kHierarchicalBounds) - 1].maxParameter == kMaxClusterSize,
              "the HPA* bounds reach from the smallest to the largest cluster size accepted");

constexpr std::size_t kPlannerCount = kAlgorithmCount + 5;

std::array<PlannerInfo, kPlannerCount> makeTable() {
  std::array<PlannerInfo, kPlannerCount> rows{};
  std::size_t i = 0;
  for (const AlgorithmInfo& a : algorithms()) {
    PlannerInfo& p = rows[i++];
    p.name = a.name;
    p.label = a.label;
    p.kind = PlannerKind::Search;
    p.algorithm = a.algorithm;
    p.optimal = a.optimal;
    p.usesHeuristic = a.usesHeuristic;
    p.preprocessed = a.preprocessed;
    p.anyAngle = a.anyAngle;  // Theta*, Lazy Theta*: segments in the plane, as the navmesh's
    p.note = a.note;
    // Every row of the loop takes a size (those without the anyAgentSize trait run as A*).
    p.options |= optionBit(PlannerOption::AgentSize);
    if (a.usesHeuristic) p.options |= kHeuristicOptions;
    if (a.weighted) {
      p.options |= optionBit(PlannerOption::Weight) | optionBit(PlannerOption::Reopen);
      p.bounded = true;
      p.bounds = kWeightBound;
      p.boundText = "cost <= W x optimal for every weight W (1..1000000) when h is consistent";
    }
    if (a.preprocessed) p.options |= optionBit(PlannerOption::GoalBoundingCells);
  }
  rows[i++] = PlannerInfo{
      .name = kHierarchicalName,
      .label = kHierarchicalLabel,
      .kind = PlannerKind::Hierarchical,
      .bounded = true,
      .preprocessed = true,
      .incremental = true,
      .options = optionBit(PlannerOption::ClusterSize) | optionBit(PlannerOption::AgentSize),
      .bounds = kHierarchicalBounds,
      .boundText =
          "cost <= 1.5 x optimal for cluster sizes 4..16, <= 1.7 x for 17..128 (worst measured on every "
          "row of the 13 shared Moving AI maps); agents of 2-4 cells stayed within 1.54 x their size's optimum "
          "on up to 100 rows per map (cluster size 16)",
      .note =
          "HPA*: clusters of N x N cells joined by entrances, an abstract graph built once per map and updated "
          "after edits; queries search it and refine the path. Valid paths, near-optimal, not always the "
          "cheapest."};
  rows[i++] = PlannerInfo{
      .name = "d-star-lite",
      .label = "D* Lite",
      .kind = PlannerKind::Replanning,
      .optimal = true,
      .incremental = true,
      .note =
          "D* Lite: searches back from the goal, then repairs the path after walls and costs change instead of "
          "searching again; the cheapest path after every repair (its own admissible heuristic)."};
  rows[i++] = PlannerInfo{
      .name = "turn-aware",
      .label = "Turn-aware A*",
      .kind = PlannerKind::TurnAware,
      .algorithm = Algorithm::AStar,
      .optimal = true,
      .usesHeuristic = true,
      .options = kHeuristicOptions | optionBit(PlannerOption::TurnCost) | optionBit(PlannerOption::NoReverse) |
                 optionBit(PlannerOption::Heading),
      .note =
          "Turn-aware A*: A* over (cell, heading) states with a cost per turn and, optionally, no reversing; "
          "the cheapest path counting turns."};
  // Its own kind: a per-map graph like HPA*'s, but exact and with no parameter. Where it does
  // not apply (subgoalGraphUnsupported) the runners answer with JPS, which itself runs as A*
  // on maps it does not suit, and report what ran.
  rows[i++] = PlannerInfo{
      .name = kSubgoalGraphName,
      .label = kSubgoalGraphLabel,
      .kind = PlannerKind::SubgoalGraph,
      .optimal = true,
      .preprocessed = true,
      .note =
          "Subgoal graph: the cells beside obstacles' convex corners, joined where a diagonal-then-straight path "
          "runs between them, with a contraction hierarchy over them, built once per map (again after edits); "
          "queries search that small graph. The "
          "cheapest path on uniform-cost square grids, 8-way without corner cutting; elsewhere (4-way, corner "
          "cutting, terrain, wrap, portals, one-way cells, hex) it runs as JPS or A* and says so."};
  rows[i++] = PlannerInfo{
      .name = kNavMeshName,
      .label = kNavMeshLabel,
      .kind = PlannerKind::NavMesh,
      .preprocessed = true,
      .incremental = true,
      .anyAngle = true,
      .plainSquareGrids = true,
      .boundText =
          "on uniform maps the exact shortest path in the plane, so never longer than the grid optimum; with "
          "terrain no bound stated, only measured (bench/README.md, \"Navigation mesh\")",
      .note =
          "Navigation mesh: free cells merged into rectangles of one cost (tile by tile) joined by portals; on "
          "uniform maps an exact any-angle search over them (after Polyanya), with terrain A* over the polygons "
          "and the funnel algorithm. Square grids without wrap, portals or one-way cells."};
  return rows;
}

const std::array<PlannerInfo, kPlannerCount>& table() {
  static const std::array<PlannerInfo, kPlannerCount> kRows = makeTable();
  return kRows;
}

}  // namespace

const char* plannerOptionName(PlannerOption o) {
  const auto i = static_cast<std::size_t>(o);
  return i < std::size(kOptionNames) ? kOptionNames[i] : "unknown";
}

std::span<const PlannerInfo> planners() { return table(); }

const PlannerInfo* findPlanner(const char* name) {
  for (const PlannerInfo& p : table())
    if (std::strcmp(p.name, name) == 0) return &p;
  return nullptr;
}

const PlannerInfo& plannerFor(Algorithm a) {
  const auto i = static_cast<std::size_t>(a);
  return table()[i < static_cast<std::size_t>(kAlgorithmCount) ? i : 0];
}

bool plannerTakes(const PlannerInfo& p, PlannerOption o) { return (p.options & optionBit(o)) != 0; }

std::string plannerRefusal(const PlannerInfo& p, PlannerOption o) {
  if (plannerTakes(p, o)) return {};
  std::string why = std::string(p.label) + " does not take " + plannerOptionName(o);
  if (o == PlannerOption::AgentSize) why += ": it plans for one-cell agents only";
  return why;
}

double plannerBound(const PlannerInfo& p, double parameter) {
  if (p.optimal) return 1.0;
  for (const PlannerBound& b : p.bounds)
    if (parameter >= b.minParameter && parameter <= b.maxParameter) return b.factor > 0.0 ? b.factor : parameter;
  return 0.0;
}

}  // namespace astar
