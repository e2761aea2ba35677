// Heuristic names and the admissibility table (what tests check edge by edge).
#include "astar/heuristic.h"

#include <cstring>

#include "astar/grid.h"

namespace astar {

HeuristicProperties heuristicProperties(Heuristic h, const Grid& grid, bool wrapAware, bool portalAware) {
  switch (h) {
    case Heuristic::Zero:
    case Heuristic::Exact:
    case Heuristic::Landmarks: return {true, true};  // landmarks take the max with the topology-aware octile bound
    default: break;
  }
  if (static_cast<int>(h) >= kHeuristicCount) return {false, false};
  bool ok = true;
  // A diagonal step is < 2 straight ones. (On hex grids Manhattan is the hex distance.)
  if (h == Heuristic::Manhattan && !grid.hex() && grid.diagonal() != DiagonalMovement::Never) ok = false;
  if (!wrapAware && (grid.wrapX() || grid.wrapY())) ok = false;  // a tunnel can be shorter than the straight line
  if (!portalAware && !grid.portals().empty()) ok = false;       // a portal can be shorter than the straight line
  return {ok, ok};
}

Heuristic defaultHeuristic(Topology topology, DiagonalMovement movement) {
  if (topology == Topology::Hex) return Heuristic::Manhattan;  // the hex distance on hex grids
  return movement == DiagonalMovement::Never ? Heuristic::Manhattan : Heuristic::Octile;
}

const char* heuristicName(Heuristic h) {
  static const char* const kNames[kHeuristicCount] = {"zero",      "manhattan", "euclidean", "octile",
                                                      "chebyshev", "exact",     "landmarks"};
  const int i = static_cast<int>(h);
  return i >= 0 && i < kHeuristicCount ? kNames[i] : "unknown";
}

const char* heuristicLabel(Heuristic h) {
  static const char* const kLabels[kHeuristicCount] = {"zero",      "Manhattan", "Euclidean",      "octile",
                                                       "Chebyshev", "exact",     "landmarks (ALT)"};
  const int i = static_cast<int>(h);
  return i >= 0 && i < kHeuristicCount ? kLabels[i] : "unknown";
}

bool parseHeuristic(const char* name, Heuristic& out) {
  for (int i = 0; i < kHeuristicCount; ++i)
    if (std::strcmp(name, heuristicName(static_cast<Heuristic>(i))) == 0) {
      out = static_cast<Heuristic>(i);
      return true;
    }
  return false;
}

}  // namespace astar
