// Heuristics: estimates of the remaining cost to the nearest goal.
//
// Every geometric heuristic is scaled by the grid's lowest cell cost (and the base step
// costs) so that it never exceeds a true grid distance. On top of the plain metric:
//  - wrapAware: per-axis torus distance on wrapping axes (the Pac-Man tunnel);
//  - portalAware: h(n) = min(direct(n, goals), min over portal entries p of direct(n, p) + D(p)),
//    where D(p) is a lower bound on the cost from p to a goal, from a small Dijkstra over
//    the portal endpoints (portal edges plus direct bounds between endpoints).
// Exact runs a reverse Dijkstra from the goals at begin() (perfect, costs O(N log N) per query).
// Landmarks (ALT) uses a caller-built LandmarkTable and takes the max with the direct bound.
//
// Admissible and consistent (see heuristicProperties): Zero, Exact and Landmarks always;
// Octile, Euclidean and Chebyshev on every movement rule; Manhattan only when diagonal moves
// are off. On hex grids Manhattan, Octile and Chebyshev are the hex distance and Euclidean the
// distance between hexagon centres, all admissible and consistent. On a wrapping grid a
// heuristic without wrapAware, and on a grid with portals one without portalAware, may
// overestimate. Everything admissible here is also consistent
// (a min or max of consistent bounds is consistent); tests check both, edge by edge.
#pragma once
#include <cstdint>

namespace astar {

enum class Heuristic : std::uint8_t { Zero, Manhattan, Euclidean, Octile, Chebyshev, Exact, Landmarks };
inline constexpr int kHeuristicCount = 7;

class Grid;
enum class DiagonalMovement : std::uint8_t;
enum class Topology : std::uint8_t;

struct HeuristicProperties {
  bool admissible = false;
  bool consistent = false;
};

// Whether heuristic h, with these options, is admissible/consistent on this grid.
HeuristicProperties heuristicProperties(Heuristic h, const Grid& grid, bool wrapAware, bool portalAware);

// The heuristic that fits a movement rule best (the largest admissible one): Manhattan on
// 4-connected square grids, octile on 8-connected ones, Manhattan (the hex distance) on hex
// grids. The page uses it until the user picks another.
Heuristic defaultHeuristic(Topology topology, DiagonalMovement movement);

const char* heuristicName(Heuristic h);                 // "octile"
const char* heuristicLabel(Heuristic h);                // for people: "Manhattan", "octile", ...
bool parseHeuristic(const char* name, Heuristic& out);  // accepts the names above

}  // namespace astar
