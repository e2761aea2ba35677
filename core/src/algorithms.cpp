// The algorithm table: one row per algorithm. The search reads its traits, the CLI its
// names and notes, the bindings hand it to the page. Adding an algorithm = a row here, an
// enum value in search.h and its code (see CONTRIBUTING.md).
#include <cstring>

#include "astar/search.h"

namespace astar {

namespace {

constexpr AlgorithmInfo kAlgorithms[kAlgorithmCount] = {
    // algorithm, name, label, usesHeuristic, optimal, weighted, heuristicOnly, squareUniformGrids, preprocessed,
    // note
    {Algorithm::AStar, "astar", "A*", true, true, false, false, false, false,
     "A*: f = g + h; the cheapest path when h is admissible."},
    {Algorithm::WeightedAStar, "weighted-astar", "Weighted A*", true, false, true, false, false, false,
     "Weighted A*: f = g + w·h, closed nodes not reopened; at most w times the cheapest path when h is "
     "consistent, usually with fewer expansions than A*."},
    {Algorithm::Dijkstra, "dijkstra", "Dijkstra", false, true, false, false, false, false,
     "Dijkstra: ignores the heuristic; always the cheapest path."},
    {Algorithm::GreedyBestFirst, "greedy", "Greedy best-first", true, false, false, true, false, false,
     "Greedy best-first: orders by h alone; fast, not the cheapest path in general."},
    {Algorithm::BreadthFirst, "bfs", "Breadth-first", false, false, false, false, false, false,
     "Breadth-first: the fewest steps; ignores costs and the heuristic."},
    {Algorithm::DepthFirst, "dfs", "Depth-first", false, false, false, false, false, false,
     "Depth-first: any path, often a long one."},
    {Algorithm::JumpPoint, "jps", "Jump point search", true, true, false, false, true, false,
     "Jump point search: A* that skips symmetric paths on uniform-cost square grids (elsewhere it runs as A*)."},
    {Algorithm::JumpPointPlus, "jps-plus", "JPS+ (goal bounding)", true, true, false, false, true, true,
     "JPS+ with goal bounding: jump point search from per-map tables (jump distances, and goal-bounding boxes on "
     "maps up to 4,096 open cells), built once per map; one goal, uniform-cost square grids (elsewhere JPS or A*)."},
};

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

const char* statusName(SearchStatus s) {
  const int i = static_cast<int>(s);
  return i >= 0 && i < kStatusCount ? kStatusNames[i] : "unknown";
}

const char* statusLabel(SearchStatus s) {
  const int i = static_cast<int>(s);
  return i >= 0 && i < kStatusCount ? kStatusLabels[i] : "unknown";
}

}  // namespace astar
