// Random path-service requests for the path service tests (the same mix in the functional and
// the stress test): any algorithm, any heuristic but Landmarks, 1 % with a goal off the map.
#pragma once
#include "astar/path_service.h"
#include "reference.h"

namespace astar::testing {

inline PathRequest randomPathRequest(const Grid& grid, Rng& rng, int priorities) {
  PathRequest r;
  r.start = randomPassable(rng, grid);
  r.goal = randomPassable(rng, grid);
  if (rng.chance(0.01)) r.goal = grid.cellCount() + 3;  // invalid input travels through too
  r.options.algorithm = static_cast<Algorithm>(rng.below(kAlgorithmCount));
  r.options.heuristic = static_cast<Heuristic>(rng.below(6));  // all but Landmarks (needs a table)
  r.options.weight = 1.0 + rng.unit() * 2.0;
  r.priority = rng.below(priorities);
  return r;
}

}  // namespace astar::testing
