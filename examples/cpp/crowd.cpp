// Ghosts heading home, and a few agents asking for paths at once: a flow field (one build
// serves every agent) and the path service with two worker threads, from astar::agents.
// Prints the version, the steps of the farthest ghost and the replies' costs.
#include <cstdio>
#include <vector>

#include "astar/flow_field.h"
#include "astar/grid.h"
#include "astar/path_service.h"
#include "astar/version.h"

int main() {
  astar::Grid grid(40, 30);
  for (int y = 5; y < 30; ++y) grid.setWall(20, y);  // the ghosts walk around the wall
  const astar::NodeId home = grid.index(35, 25);
  astar::FlowField field;
  const astar::NodeId goals[] = {home};
  if (!field.build(grid, goals).ok()) return 1;
  int steps = 0;  // follow the field from the far corner
  for (astar::NodeId n = grid.index(1, 28); n != home; n = field.next(n)) {
    if (n == astar::kNoNode || ++steps > 1000) return 1;
  }

  astar::PathService service(grid, 2);
  for (int i = 0; i < 4; ++i) service.submit({grid.index(i, 0), home, {}, /*priority=*/i});
  service.waitIdle();
  std::vector<astar::PathReply> replies;
  if (service.takeReplies(replies) != 4) return 1;
  std::printf("astar %s: ghost home in %d steps, %u threads, costs", astar::kVersion, steps, service.threads());
  for (const astar::PathReply& r : replies) {
    if (r.status != astar::SearchStatus::Found) return 1;
    std::printf(" %.3f", r.stats.pathCost);
  }
  std::printf("\n");
  return 0;
}
