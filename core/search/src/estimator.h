// Estimator<Space>: evaluates the configured heuristic for one query (internal to core).
// Header-only (a template). The geometric part is the space's own: Space::Geometry, declared by
// the space (grid.h, graph.h, turn_space.h) and defined in its <space>_geometry.h, which the
// file instantiating Estimator<Space> includes; the exact and landmark parts are shared here.
#pragma once
#include <algorithm>
#include <limits>
#include <span>
#include <vector>

#include "astar/heuristic.h"
#include "astar/landmarks.h"
#include "astar/limits.h"
#include "dijkstra_fill.h"
#include "geometry_common.h"

namespace astar::detail {

template <class Space>
class Estimator {
 public:
  Estimator() { landmarkGoals_.reserve(static_cast<std::size_t>(kMaxGoals) * 2 * 64); }

  // Returns nullptr on success or a static message.
  const char* configure(const Space& space, std::span<const NodeId> goals, Heuristic kind, bool wrapAware,
                        bool portalAware, const LandmarkTable<Space>* landmarks) {
    kind_ = kind;
    fast_ = false;
    const Heuristic geometric = (kind == Heuristic::Exact || kind == Heuristic::Landmarks) ? Heuristic::Octile : kind;
    geometry_.configure(space, goals, geometric, wrapAware, portalAware);
    if (kind == Heuristic::Exact) dijkstraFill<true>(space, goals, exact_, work_);
    if (kind == Heuristic::Landmarks) {
      if (!landmarks || landmarks->count() == 0) return "the landmarks heuristic needs a built LandmarkTable";
      if (landmarks->nodeCount() != space.cellCount()) return "the LandmarkTable was built for a different map size";
      if (landmarks->count() > 64) return "at most 64 landmarks";
      landmarks_ = landmarks;
      goalCount_ = goals.size();
      landmarkGoals_.clear();
      for (NodeId g : goals)
        for (int i = 0; i < landmarks->count(); ++i) {
          landmarkGoals_.push_back(landmarks->fromLandmark(i, g));
          landmarkGoals_.push_back(landmarks->toLandmark(i, g));
        }
    }
    fast_ = (kind == Heuristic::Octile) && geometry_.singleOctile();
    return nullptr;
  }

  ASTAR_FORCE_INLINE double operator()(NodeId n) const {
    if (fast_) return geometry_.octileToGoal(n);
    switch (kind_) {
      case Heuristic::Zero: return 0.0;
      case Heuristic::Exact: return exact_[n];
      case Heuristic::Landmarks: return std::max(alt(n), geometry_(n));
      default: return geometry_(n);
    }
  }
  double closeness(NodeId n) const { return geometry_.closeness(n); }

 private:
  double alt(NodeId n) const {
    const int k = landmarks_->count();
    double best = kInfinity;
    const double* goal = landmarkGoals_.data();
    for (std::size_t gi = 0; gi < goalCount_; ++gi) {
      double bound = 0.0;
      for (int i = 0; i < k; ++i, goal += 2) {
        const double fromN = landmarks_->fromLandmark(i, n), toN = landmarks_->toLandmark(i, n);
        if (fromN != kInfinity) bound = std::max(bound, goal[0] - fromN);  // d(L,g) - d(L,n)
        if (goal[1] != kInfinity) bound = std::max(bound, toN - goal[1]);  // d(n,L) - d(g,L)
      }
      best = std::min(best, bound);
    }
    return best;
  }

  Heuristic kind_ = Heuristic::Zero;
  bool fast_ = false;  // geometry_.octileToGoal applies
  typename Space::Geometry geometry_;
  std::vector<double> exact_;
  DijkstraWorkspace work_;
  const LandmarkTable<Space>* landmarks_ = nullptr;
  std::vector<double> landmarkGoals_;
  std::size_t goalCount_ = 0;
};

}  // namespace astar::detail
