// GridGeometry: the heuristic's geometric part on a Grid (Grid::Geometry; internal to core).
// Header-only: inlined into the search loop.
#pragma once
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "astar/grid.h"
#include "astar/limits.h"
#include "geometry_common.h"

namespace astar::detail {

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

}  // namespace astar::detail
