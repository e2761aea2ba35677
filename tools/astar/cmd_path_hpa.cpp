// astar path MAP [SX SY GX GY] --algorithm hpa [--cluster-size N] [--show]: one HPA* query
// (hierarchical.h). With several goals, the cheapest of the paths to each goal. Prints the
// cost and cells like the other algorithms, the build time and the abstract graph's size, and
// the query's effort (abstract nodes expanded, grid cells expanded inserting start and goal and
// refining the path). --heuristic and the search switches do not apply to HPA*.
#include <cstdio>
#include <iostream>

#include "astar/hierarchical.h"
#include "cli.h"
#include "search_options.h"

namespace astar::cli {

int runHierarchicalPath(const Args& args, const Query& q, std::vector<NodeId>& best) {
  long long size = kDefaultClusterSize;
  if (args.has("--cluster-size") &&
      !parseIntArg(args.get("--cluster-size"), "--cluster-size", kMinClusterSize, kMaxClusterSize, size))
    return kExitBadInput;
  const Grid& g = q.doc.grid;
  HierarchicalMap hpa(g);
  if (const Error e = hpa.build({static_cast<int>(size)})) {
    fail("path: " + e.message);
    return kExitBadInput;
  }
  const HierarchicalStats buildStats = hpa.stats();
  std::vector<NodeId> path;
  best.clear();
  HierarchicalStats queryStats;
  SearchStatus status = SearchStatus::NoPath;
  for (NodeId goal : q.goals) {
    const SearchStatus s = hpa.findPath(q.start, goal, path);
    if (s == SearchStatus::InvalidInput) {
      fail(std::string("path: ") + hpa.message());
      return kExitBadInput;
    }
    if (s == SearchStatus::Found && (status != SearchStatus::Found || hpa.stats().pathCost < queryStats.pathCost)) {
      status = s;
      best = path;
      queryStats = hpa.stats();
    }
  }
  char cost[64], ms[64];
  std::snprintf(cost, sizeof cost, "%.10g", queryStats.pathCost);
  std::snprintf(ms, sizeof ms, "%.3f", buildStats.buildMilliseconds);
  std::cout << "status: " << statusName(status) << "\n"
            << "algorithm: " << kHierarchicalName << "\n"
            << "cluster-size: " << size << "\n";
  if (status == SearchStatus::Found) std::cout << "cost: " << cost << "\ncells: " << best.size() << "\n";
  std::cout << "build-ms: " << ms << "\n"
            << "clusters: " << buildStats.clusterCount << "\n"
            << "abstract-nodes: " << buildStats.abstractNodes << "\n"
            << "abstract-edges: " << buildStats.abstractEdges << "\n"
            << "abstract-expanded: " << queryStats.abstractExpanded << "\n"
            << "insert-expanded: " << queryStats.insertExpanded << "\n"
            << "refine-expanded: " << queryStats.refineExpanded << "\n";
  return status == SearchStatus::Found ? kExitOk : kExitMismatch;
}

}  // namespace astar::cli
