// The algorithm table: one row per algorithm. The search reads its traits, the CLI its
// names and notes, the bindings hand it to the page. Adding an algorithm = a row here, an
// enum value in search.h and its code (see CONTRIBUTING.md).
#include <cstring>
#include <iterator>

#include "astar/search.h"

namespace astar {

namespace {

constexpr AlgorithmInfo kAlgorithms[kAlgorithmCount] = {
    {.algorithm = Algorithm::AStar,
     .name = "astar",
     .label = "A*",
     .usesHeuristic = true,
     .optimal = true,
     .anyAgentSize = true,
     .note = "A*: f = g + h; the cheapest path when h is admissible."},
    {.algorithm = Algorithm::WeightedAStar,
     .name = "weighted-astar",
     .label = "Weighted A*",
     .usesHeuristic = true,
     .weighted = true,
     .anyAgentSize = true,
     .note = "Weighted A*: f = g + w·h, closed nodes not reopened; at most w times the cheapest path when h is "
             "consistent, usually with fewer expansions than A*."},
    {.algorithm = Algorithm::Dijkstra,
     .name = "dijkstra",
     .label = "Dijkstra",
     .optimal = true,
     .anyAgentSize = true,
     .note = "Dijkstra: ignores the heuristic; always the cheapest path."},
    {.algorithm = Algorithm::GreedyBestFirst,
     .name = "greedy",
     .label = "Greedy best-first",
     .usesHeuristic = true,
     .heuristicOnly = true,
     .anyAgentSize = true,
     .note = "Greedy best-first: orders by h alone; fast, not the cheapest path in general."},
    {.algorithm = Algorithm::BreadthFirst,
     .name = "bfs",
     .label = "Breadth-first",
     .anyAgentSize = true,
     .frontier = Frontier::Queue,
     .note = "Breadth-first: the fewest steps; ignores costs and the heuristic."},
    {.algorithm = Algorithm::DepthFirst,
     .name = "dfs",
     .label = "Depth-first",
     .anyAgentSize = true,
     .frontier = Frontier::Stack,
     .note = "Depth-first: any path, often a long one."},
    {.algorithm = Algorithm::JumpPoint,
     .name = "jps",
     .label = "Jump point search",
     .usesHeuristic = true,
     .optimal = true,
     .squareUniformGrids = true,
     .jumps = true,
     .note = "Jump point search: A* that skips symmetric paths on uniform-cost square grids, 4-way or 8-way "
             "without corner cutting (elsewhere, and for agents above one cell, it runs as A*)."},
    {.algorithm = Algorithm::JumpPointPlus,
     .name = "jps-plus",
     .label = "JPS+ (goal bounding)",
     .usesHeuristic = true,
     .optimal = true,
     .squareUniformGrids = true,
     .preprocessed = true,
     .jumps = true,
     .note = "JPS+ with goal bounding: jump point search from per-map tables (jump distances, and goal-bounding "
             "boxes on maps up to 4,096 open cells), built once per map; one goal, uniform-cost square grids, "
             "8-way without corner cutting (elsewhere JPS or A*; A* for agents above one cell)."},
    {.algorithm = Algorithm::Theta,
     .name = "theta",
     .label = "Theta*",
     .usesHeuristic = true,
     .anyAngle = true,
     .note = "Theta*: A* whose nodes take their parent's parent when it is in line of sight, so the path is made of "
             "straight segments at any angle, bending at wall corners (its vertices are cell corners; with terrain, "
             "wrap, portals, one-way cells or several goals, cell centres); not the shortest in the plane "
             "(measured: bench/README.md); square grids only (A* for agents above one cell)."},
    {.algorithm = Algorithm::LazyTheta,
     .name = "lazy-theta",
     .label = "Lazy Theta*",
     .usesHeuristic = true,
     .anyAngle = true,
     .note = "Lazy Theta*: Theta* that assumes line of sight when it opens a node and checks it once, when it "
             "expands it; fewer line-of-sight checks, similar paths (on the same lattice as Theta*); square grids only "
             "(A* for agents above one cell)."},
};
constexpr const char* kFrontierNames[] = {"priority", "queue", "stack"};

constexpr const char* kStatusNames[kStatusCount] = {"idle", "in-progress", "found", "no-path", "invalid-input"};
constexpr const char* kStatusLabels[kStatusCount] = {"idle", "searching", "found", "no path", "invalid input"};

// The table is indexed by the enum: a row out of place is a compile error.
constexpr bool rowsInOrder() {
  for (int i = 0; i < kAlgorithmCount; ++i)
    if (static_cast<int>(kAlgorithms[i].algorithm) != i) return false;
  return true;
}
static_assert(rowsInOrder(), "kAlgorithms rows must follow enum class Algorithm");

}  // namespace

std::span<const AlgorithmInfo> algorithms() { return kAlgorithms; }

const AlgorithmInfo& algorithmInfo(Algorithm a) {
  const int i = static_cast<int>(a);
  return kAlgorithms[i >= 0 && i < kAlgorithmCount ? i : 0];
}

const char* algorithmName(Algorithm a) {
  const int i = static_cast<int>(a);
  return i >= 0 && i < kAlgorithmCount ? kAlgorithms[i].name : "unknown";
}

bool parseAlgorithm(const char* name, Algorithm& out) {
  for (const AlgorithmInfo& info : kAlgorithms)
    if (std::strcmp(name, info.name) == 0) {
      out = info.algorithm;
      return true;
    }
  return false;
}

const char* frontierName(Frontier f) {
  const auto i = static_cast<std::size_t>(f);
  return i < std::size(kFrontierNames) ? kFrontierNames[i] : "unknown";
}

const char* statusName(SearchStatus s) {
  const int i = static_cast<int>(s);
  return i >= 0 && i < kStatusCount ? kStatusNames[i] : "unknown";
}

const char* statusLabel(SearchStatus s) {
  const int i = static_cast<int>(s);
  return i >= 0 && i < kStatusCount ? kStatusLabels[i] : "unknown";
}

}  // namespace astar
