// A game loop that plans a path a little every frame: the sliced search with a budget of
// expansions per frame, so a long search never stalls a frame. Prints the version, the path's
// cost and how many frames it took.
#include <cstdio>

#include "astar/grid.h"
#include "astar/search.h"
#include "astar/version.h"

int main() {
  astar::Grid grid(64, 48);                          // all floor, cost 1
  for (int y = 0; y < 40; ++y) grid.setWall(32, y);  // a long wall to walk around
  grid.setCost(10, 10, 5.0);                         // a puddle: 5x to enter
  astar::GridSearch search(grid);                    // one per map, reused for every query
  astar::SearchOptions options;                      // A*, octile heuristic
  if (search.begin(grid.index(2, 2), grid.index(60, 2), options) != astar::SearchStatus::InProgress) {
    std::printf("cannot search: %s\n", search.message());
    return 1;
  }
  int frames = 0;
  while (search.step(/*maxExpansions=*/200) == astar::SearchStatus::InProgress) {
    ++frames;  // ... here the game would draw the frame and handle input ...
  }
  if (search.status() != astar::SearchStatus::Found) return 1;
  std::printf("astar %s: cost %.3f, %zu cells, %llu expanded over %d frames\n", astar::kVersion,
              search.stats().pathCost, search.path().size(), static_cast<unsigned long long>(search.stats().expanded),
              frames + 1);
  return 0;
}
