// Estimator<Space>: evaluates the configured heuristic for one query (internal to core).
// Geometric part per space (GridGeometry, GraphGeometry); exact and landmark parts shared.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <span>
#include <vector>

#include "astar/graph.h"
#include "astar/grid.h"
#include "astar/heuristic.h"
#include "astar/landmarks.h"
#include "astar/search.h"
#include "astar/turn_space.h"
#include "dijkstra_fill.h"

namespace astar::detail {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Metric over per-axis distances (already wrapped), with base costs folded in.
struct Metric {
  Heuristic kind = Heuristic::Octile;
  double straight = 1.0;  // cost of a straight unit step (scaled)
  double diagonal = 1.0;  // cost of a diagonal step (scaled)
  double euclid = 1.0;    // multiplier of the Euclidean length (scaled)

  ASTAR_FORCE_INLINE double operator()(double dx, double dy) const {
    switch (kind) {
      case Heuristic::Manhattan: return straight * (dx + dy);
      case Heuristic::Euclidean: return euclid * std::sqrt(dx * dx + dy * dy);
      case Heuristic::Chebyshev: return straight * std::max(dx, dy);
      case Heuristic::Octile: {
        const double lo = std::min(dx, dy), hi = std::max(dx, dy);
        return straight * (hi - lo) + diagonal * lo;
      }
      default: return 0.0;
    }
  }
};

// Grid: metric with torus distance on wrapping axes, plus the portal bound.
class GridGeometry {
 public:
  GridGeometry() {
    goals_.reserve(static_cast<std::size_t>(kMaxGoals));
    endpoints_.reserve(4 * kMaxPortals);
    bound_.reserve(4 * kMaxPortals);
    entries_.reserve(4 * kMaxPortals);
    done_.reserve(4 * kMaxPortals);
  }

  void configure(const Grid& grid, std::span<const NodeId> goals, Heuristic kind, bool wrapAware, bool portalAware) {
    grid_ = &grid;
    width_ = grid.width();
    height_ = grid.height();
    wrapX_ = wrapAware && grid.wrapX();
    wrapY_ = wrapAware && grid.wrapY();
    hex_ = grid.hex();
    const double scale = grid.minCost();
    const bool diagonals = grid.diagonal() != DiagonalMovement::Never;
    const double s = grid.straightCost(), d = diagonals ? std::min(grid.diagonalCost(), 2 * s) : 2 * s;
    metric_.kind = kind;
    metric_.straight = s * scale;
    metric_.diagonal = d * scale;
    metric_.euclid = (diagonals ? std::min(s, grid.diagonalCost() / std::sqrt(2.0)) : s) * scale;
    if (hex_) metric_.euclid = s * scale;  // a hex step (straight cost) moves one unit between centres
    goals_.clear();
    for (NodeId g : goals) goals_.push_back({grid.xOf(g), grid.yOf(g)});
    entries_.clear();
    if (portalAware && !grid.portals().empty() && kind != Heuristic::Zero) buildPortalBound(grid);
    single_ = goals_.size() == 1 && entries_.empty();
    singleOctile_ = single_ && kind == Heuristic::Octile && !wrapX_ && !wrapY_ && !hex_;
  }

  // The common case (one goal, octile, no wrap, no portal bound) without the general
  // path's switches: the estimate is taken once or twice per expansion.
  bool singleOctile() const { return singleOctile_; }
  ASTAR_FORCE_INLINE double octileToGoal(NodeId n) const {
    const int y = grid_->yOf(n), x = static_cast<int>(n - static_cast<NodeId>(y) * static_cast<NodeId>(width_));
    // Integer abs and min (selects, not branches: the signs are unpredictable), the same
    // values as the general path.
    const int dx = std::abs(x - goals_[0].x), dy = std::abs(y - goals_[0].y);
    const int lo = dx < dy ? dx : dy;
    return metric_.straight * static_cast<double>(dx + dy - 2 * lo) + metric_.diagonal * static_cast<double>(lo);
  }

  // Lower bound from n to the nearest goal.
  ASTAR_FORCE_INLINE double operator()(NodeId n) const {
    const int x = grid_->xOf(n), y = grid_->yOf(n);
    if (single_) return between(x, y, goals_[0].x, goals_[0].y);
    double best = toGoals(x, y);
    for (const Entry& e : entries_) best = std::min(best, between(x, y, e.x, e.y) + e.bound);
    return best;
  }
  double toGoals(int x, int y) const {
    double best = kInfinity;
    for (const Point& g : goals_) best = std::min(best, between(x, y, g.x, g.y));
    return best;
  }
  // Distance between cell centres to the nearest goal, whatever the heuristic (Dijkstra's
  // is zero everywhere): chooses the end of a partial path.
  double closeness(NodeId n) const {
    const int x = grid_->xOf(n), y = grid_->yOf(n);
    double best = kInfinity;
    for (const Point& g : goals_) {
      double dx = hex_ ? std::fabs((x + 0.5 * (y & 1)) - (g.x + 0.5 * (g.y & 1))) : std::abs(x - g.x);
      double dy = std::abs(y - g.y);
      if (wrapX_) dx = std::min(dx, width_ - dx);
      if (wrapY_) dy = std::min(dy, height_ - dy);
      if (hex_) dy *= std::sqrt(3.0) / 2.0;
      best = std::min(best, std::sqrt(dx * dx + dy * dy));
    }
    return best;
  }

 private:
  struct Point {
    int x, y;
  };
  struct Entry {
    int x, y;
    double bound;  // lower bound from this portal entry to a goal
  };

  ASTAR_FORCE_INLINE double between(int ax, int ay, int bx, int by) const {
    if (hex_) return hexBetween(ax, ay, bx, by);
    int dx = ax > bx ? ax - bx : bx - ax;
    int dy = ay > by ? ay - by : by - ay;
    if (wrapX_) dx = std::min(dx, width_ - dx);
    if (wrapY_) dy = std::min(dy, height_ - dy);
    return metric_(dx, dy);
  }

  // Hex grids (odd-r rows): Euclidean is the distance between cell centres (x + (y odd) / 2,
  // y * sqrt(3) / 2); the others are the hex distance, the exact step count on open floor.
  // Both are lower bounds because every step moves one unit between centres.
  double hexBetween(int ax, int ay, int bx, int by) const {
    switch (metric_.kind) {
      case Heuristic::Zero: return 0.0;
      case Heuristic::Euclidean: {
        double dx = std::fabs((ax + 0.5 * (ay & 1)) - (bx + 0.5 * (by & 1)));
        int dy = ay > by ? ay - by : by - ay;
        if (wrapX_) dx = std::min(dx, width_ - dx);   // a row's centres repeat every width
        if (wrapY_) dy = std::min(dy, height_ - dy);  // even height: rows keep their shift
        const double rise = dy * (std::sqrt(3.0) / 2.0);
        return metric_.euclid * std::sqrt(dx * dx + rise * rise);
      }
      default: return metric_.straight * hexSteps(ax, ay, bx, by);
    }
  }

  // Hex distance in axial coordinates (q = x - floor(y / 2), r = y): max(|dq|, |dr|, |dq + dr|).
  // On wrapping axes, the minimum over the copies of b: a horizontal wrap adds width to q; a
  // vertical wrap (even height) adds height to r and takes height / 2 from q.
  static int hexNorm(int dq, int dr) {
    const int a = dq < 0 ? -dq : dq, b = dr < 0 ? -dr : dr, c = dq + dr < 0 ? -(dq + dr) : dq + dr;
    return std::max(a, std::max(b, c));
  }
  int hexSteps(int ax, int ay, int bx, int by) const {
    const int dr = by - ay, dq = (bx - (by >> 1)) - (ax - (ay >> 1));
    if (!wrapX_ && !wrapY_) return hexNorm(dq, dr);
    // For a fixed vertical copy the distance is convex in the horizontal shift and flat
    // around dq = -dr / 2, so the two shifts next to that point hold the minimum.
    auto bestForRow = [&](int q, int r) {
      if (!wrapX_) return hexNorm(q, r);
      const int k = static_cast<int>(std::floor((-0.5 * r - q) / width_));
      return std::min(hexNorm(q + k * width_, r), hexNorm(q + (k + 1) * width_, r));
    };
    if (!wrapY_) return bestForRow(dq, dr);
    // Vertical copies outward from the nearest one; |r| bounds a copy's distance from below.
    const int nearest = static_cast<int>(std::lround(-static_cast<double>(dr) / height_));
    int best = bestForRow(dq - nearest * (height_ / 2), dr + nearest * height_);
    for (int step = 1;; ++step) {
      bool tried = false;
      for (int l : {nearest - step, nearest + step}) {
        const int r = dr + l * height_;
        if ((r < 0 ? -r : r) >= best) continue;
        tried = true;
        best = std::min(best, bestForRow(dq - l * (height_ / 2), r));
      }
      if (!tried) return best;
    }
  }

  // Dijkstra over portal endpoints: D(X) = min(direct(X, goals), direct(X, Y) + D(Y),
  // portal cost(X -> Y) + D(Y)). O(V^2) with V <= 2 * portals; no allocation after reserve.
  void buildPortalBound(const Grid& grid) {
    endpoints_.clear();
    for (const Portal& p : grid.portals()) {
      endpoints_.push_back(p.from);
      endpoints_.push_back(p.to);
    }
    std::sort(endpoints_.begin(), endpoints_.end());
    endpoints_.erase(std::unique(endpoints_.begin(), endpoints_.end()), endpoints_.end());
    const std::size_t v = endpoints_.size();
    auto indexOf = [&](NodeId cell) {
      return static_cast<std::size_t>(std::lower_bound(endpoints_.begin(), endpoints_.end(), cell) -
                                      endpoints_.begin());
    };
    bound_.assign(v, 0.0);
    done_.assign(v, 0);
    for (std::size_t i = 0; i < v; ++i) bound_[i] = toGoals(grid.xOf(endpoints_[i]), grid.yOf(endpoints_[i]));
    for (std::size_t round = 0; round < v; ++round) {
      std::size_t best = v;
      for (std::size_t i = 0; i < v; ++i)
        if (!done_[i] && (best == v || bound_[i] < bound_[best])) best = i;
      if (best == v || bound_[best] == kInfinity) break;
      done_[best] = 1;
      const int bx = grid.xOf(endpoints_[best]), by = grid.yOf(endpoints_[best]);
      for (std::size_t i = 0; i < v; ++i) {
        if (done_[i]) continue;
        const double viaDirect = between(grid.xOf(endpoints_[i]), grid.yOf(endpoints_[i]), bx, by) + bound_[best];
        bound_[i] = std::min(bound_[i], viaDirect);
      }
      for (const Portal& p : grid.portals()) {
        if (p.to == endpoints_[best]) {
          const std::size_t i = indexOf(p.from);
          if (!done_[i]) bound_[i] = std::min(bound_[i], p.cost + bound_[best]);
        }
        if (p.twoWay && p.from == endpoints_[best]) {
          const std::size_t i = indexOf(p.to);
          if (!done_[i]) bound_[i] = std::min(bound_[i], p.cost + bound_[best]);
        }
      }
    }
    // Only cells where a portal starts can shorten a path; keep those whose bound beats
    // going straight to the goals from there.
    for (std::size_t i = 0; i < v; ++i) {
      const NodeId cell = endpoints_[i];
      bool isEntry = false;
      for (const Portal& p : grid.portals()) isEntry = isEntry || p.from == cell || (p.twoWay && p.to == cell);
      const int x = grid.xOf(cell), y = grid.yOf(cell);
      if (isEntry && bound_[i] < toGoals(x, y)) entries_.push_back({x, y, bound_[i]});
    }
  }

  const Grid* grid_ = nullptr;
  int width_ = 0, height_ = 0;
  bool wrapX_ = false, wrapY_ = false;
  bool hex_ = false;
  bool single_ = false;  // one goal, no portal entries: the common fast case
  bool singleOctile_ = false;
  Metric metric_;
  std::vector<Point> goals_;
  std::vector<NodeId> endpoints_;
  std::vector<double> bound_;
  std::vector<unsigned char> done_;
  std::vector<Entry> entries_;
};

// Graph: metric over node positions, scaled by the lowest cost / length ratio of any edge.
class GraphGeometry {
 public:
  GraphGeometry() { goals_.reserve(static_cast<std::size_t>(kMaxGoals)); }
  void configure(const Graph& graph, std::span<const NodeId> goals, Heuristic kind, bool, bool) {
    graph_ = &graph;
    metric_.kind = kind;
    const double ratio = graph.minCostRatio(kind);
    metric_.straight = ratio;
    metric_.diagonal = ratio * std::sqrt(2.0);
    metric_.euclid = ratio;
    goals_.clear();
    for (NodeId g : goals) goals_.push_back(graph.position(g));
  }
  bool singleOctile() const { return false; }
  double octileToGoal(NodeId) const { return 0.0; }
  double operator()(NodeId n) const { return closenessWith(metric_, n); }
  double closeness(NodeId n) const {
    Metric euclid;
    euclid.kind = Heuristic::Euclidean;
    return closenessWith(euclid, n);
  }

 private:
  double closenessWith(const Metric& m, NodeId n) const {
    const Graph::Position p = graph_->position(n);
    double best = kInfinity;
    for (const Graph::Position& g : goals_) best = std::min(best, m(std::fabs(p.x - g.x), std::fabs(p.y - g.y)));
    return best;
  }
  const Graph* graph_ = nullptr;
  Metric metric_;
  std::vector<Graph::Position> goals_;
};

// ---- TurnSpace (turn-aware search, astar/turn_space.h) ----
// The grid's geometry on a node's cell: the grid bound (tunnel- and portal-aware like
// GridGeometry) is a lower bound on the moves' grid costs, and turn costs only add to them.
// No turn term: a bound on the turns still needed would have to hold through wrap seams and
// portal jumps (which keep the heading), and none is proved here.
class TurnGeometry {
 public:
  TurnGeometry() { cells_.reserve(static_cast<std::size_t>(kMaxGoals)); }
  void configure(const TurnSpace& space, std::span<const NodeId> goals, Heuristic kind, bool wrapAware,
                 bool portalAware) {
    slots_ = static_cast<NodeId>(space.slots());
    cells_.clear();
    for (NodeId g : goals) {
      const NodeId cell = space.cellOf(g);
      if (std::find(cells_.begin(), cells_.end(), cell) == cells_.end()) cells_.push_back(cell);
    }
    grid_.configure(space.grid(), cells_, kind, wrapAware, portalAware);
  }
  bool singleOctile() const { return grid_.singleOctile(); }
  ASTAR_FORCE_INLINE double octileToGoal(NodeId n) const { return grid_.octileToGoal(n / slots_); }
  ASTAR_FORCE_INLINE double operator()(NodeId n) const { return grid_(n / slots_); }
  double closeness(NodeId n) const { return grid_.closeness(n / slots_); }

 private:
  GridGeometry grid_;
  NodeId slots_ = 1;
  std::vector<NodeId> cells_;
};
// ---- end TurnSpace ----

template <class Space>
struct GeometryFor;
template <>
struct GeometryFor<Grid> {
  using Type = GridGeometry;
};
template <>
struct GeometryFor<Graph> {
  using Type = GraphGeometry;
};

template <>
struct GeometryFor<TurnSpace> {  // turn-aware search
  using Type = TurnGeometry;
};

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
  typename GeometryFor<Space>::Type geometry_;
  std::vector<double> exact_;
  DijkstraWorkspace work_;
  const LandmarkTable<Space>* landmarks_ = nullptr;
  std::vector<double> landmarkGoals_;
  std::size_t goalCount_ = 0;
};

}  // namespace astar::detail
