// D* Lite (Koenig & Likhachev 2002, "D* Lite", the optimized version with km): an incremental
// search backward from the goal whose repairs re-expand only the cells an edit affects.
// g(s) and rhs(s) estimate the cost from s to the goal; the queue orders inconsistent cells
// (g != rhs) by [min(g, rhs) + h(start, s) + km, min(g, rhs)].
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "astar/replanner.h"
#include "grid_geometry.h"
#include "replan_queue.h"

namespace astar {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

const char* replanStatusName(ReplanStatus s) {
  switch (s) {
    case ReplanStatus::Idle: return "idle";
    case ReplanStatus::Found: return "found";
    case ReplanStatus::NoPath: return "no-path";
    case ReplanStatus::InvalidInput: return "invalid-input";
  }
  return "unknown";
}

struct Replanner::Impl {
  explicit Impl(const Grid& map) : grid(map) {}

  const Grid& grid;
  std::vector<double> g, rhs;
  detail::ReplanQueue queue;
  detail::GridGeometry geometry;  // the wrap-aware metric from the start (goals = {start})
  double portalBound = kInf;      // a lower bound on any path from the start that takes a portal
  double scale = 1.0;             // grid.minCost() when the geometry was configured
  double km = 0.0;
  NodeId start = kNoNode, goal = kNoNode;
  JournalMark seen;  // the grid as the last plan or repair saw it (map_journal.h)
  bool record = false;
  std::uint64_t expanded = 0, updated = 0;
  std::vector<NodeId> expandedCells, path, parent, frontier;
  std::vector<std::uint32_t> stamp;
  std::uint32_t stampNow = 0;

  // h(start, s): admissible, consistent, and h(a, c) <= h(a, b) + h(b, c) (see replanner.h).
  double h(NodeId s) const { return std::min(geometry(s), portalBound); }
  detail::ReplanKey key(NodeId s) const {
    const double m = std::min(g[s], rhs[s]);
    return {m + h(s) + km, m};
  }
  void configureHeuristic() {
    const NodeId goals[1] = {start};
    geometry.configure(grid, goals, defaultHeuristic(grid.topology(), grid.diagonal()), true, false);
    scale = grid.minCost();
    // Any path through a portal takes a first portal edge u -> v after a portal-free stretch
    // from the start, which costs at least metric(start, u).
    portalBound = kInf;
    for (const Portal& p : grid.portals()) {
      portalBound = std::min(portalBound, geometry(p.from) + p.cost);
      if (p.twoWay) portalBound = std::min(portalBound, geometry(p.to) + p.cost);
    }
  }
  // What a repair cannot follow cell by cell: a load, resize or rule change, a portal (the
  // heuristic's portal bound depends on them), or a cheaper cell than the heuristic's scale.
  bool needsStartOver() const {
    const MapChanges changes = grid.changesSince(seen);
    return changes.everything || !changes.portalEnds.empty() || grid.minCost() < scale;
  }
  // Re-examines the cells around every cell edited since `seen`.
  void followJournal() {
    for (const NodeId c : grid.changesSince(seen).cells) cellChanged(c);
    seen = grid.journalMark();
  }

  // Everything unseen; the goal is the only inconsistent cell.
  void startOver() {
    const std::size_t cells = grid.cellCount();
    g.assign(cells, kInf);
    rhs.assign(cells, kInf);
    queue.reset(cells);
    if (stamp.size() != cells) {
      stamp.assign(cells, 0);
      stampNow = 0;
      parent.assign(cells, kNoNode);
      path.reserve(cells);
      frontier.reserve(cells);
    }
    if (record) expandedCells.reserve(2 * cells + 16);
    seen = grid.journalMark();
    km = 0.0;
    configureHeuristic();
    rhs[goal] = grid.passable(goal) ? 0.0 : kInf;
    updateVertex(goal);
  }

  void updateVertex(NodeId s) {
    if (g[s] != rhs[s]) {
      queue.set(s, key(s));
    } else {
      queue.remove(s);
    }
  }
  // rhs(s) = min over moves s -> m of cost + g(m) (0 at the goal).
  void recomputeRhs(NodeId s) {
    ++updated;
    if (s == goal) {
      rhs[s] = grid.passable(s) ? 0.0 : kInf;
      return;
    }
    double best = kInf;
    if (grid.passable(s)) grid.forEachNeighbor(s, [&](NodeId m, double c) { best = std::min(best, c + g[m]); });
    rhs[s] = best;
  }
  void noteExpanded(NodeId s) {
    ++expanded;
    if (record) expandedCells.push_back(s);
  }

  void computeShortestPath() {
    while (!queue.empty()) {
      const detail::ReplanKey top = queue.topKey(), startKey = key(start);
      // A cell on a cheapest path has k1 = g(start) + km in exact arithmetic, and the sums
      // of g and h round differently: a cell within rounding of the start's key is processed
      // too (more work, never a wrong answer), so a change on the path is never missed.
      const double slack = 1e-9 * std::max(1.0, startKey.k1);
      if (!(top.k1 <= startKey.k1 + slack) && !(rhs[start] > g[start])) break;
      const NodeId u = queue.top();
      const detail::ReplanKey now = key(u);
      if (top < now) {
        queue.set(u, now);  // its key was computed for an earlier start: raise it and look again
      } else if (g[u] > rhs[u]) {
        g[u] = rhs[u];
        queue.remove(u);
        noteExpanded(u);
        const double gu = g[u];
        grid.forEachPredecessor(u, [&](NodeId s, double c) {
          if (s == goal || !(c + gu < rhs[s])) return;
          rhs[s] = c + gu;
          updateVertex(s);
        });
      } else {
        g[u] = kInf;
        noteExpanded(u);
        grid.forEachPredecessor(u, [&](NodeId s, double) {
          recomputeRhs(s);
          updateVertex(s);
        });
        recomputeRhs(u);
        updateVertex(u);
      }
    }
  }

  // The cells whose moves may have changed when `cell` changed: the sources of moves into it
  // (neighbours and portal ends), itself, and the cells beside it whose diagonal moves cut
  // its corner. On square and hex grids all of those within one row and column of it.
  void cellChanged(NodeId cell) {
    const int x = grid.xOf(cell), y = grid.yOf(cell);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        int cx = x + dx, cy = y + dy;
        if (cx < 0 || cx >= grid.width()) {
          if (!grid.wrapX()) continue;
          cx = (cx + grid.width()) % grid.width();
        }
        if (cy < 0 || cy >= grid.height()) {
          if (!grid.wrapY()) continue;
          cy = (cy + grid.height()) % grid.height();
        }
        const NodeId s = grid.index(cx, cy);
        recomputeRhs(s);
        updateVertex(s);
      }
    for (const Portal& p : grid.portals()) {
      NodeId s = kNoNode;
      if (p.to == cell) s = p.from;
      if (p.twoWay && p.from == cell) s = p.to;
      if (s == kNoNode) continue;
      recomputeRhs(s);
      updateVertex(s);
    }
  }

  std::uint32_t nextStamp() {
    if (++stampNow == 0) {
      std::fill(stamp.begin(), stamp.end(), 0u);
      stampNow = 1;
    }
    return stampNow;
  }
  // A move s -> m lies on a cheapest path when cost + g(m) is s's estimate (up to rounding).
  bool tight(NodeId s, NodeId m, double c) const {
    const double here = std::min(g[s], rhs[s]);
    return c + g[m] <= here + 1e-9 * std::max(1.0, here);
  }
  // Follows the cheapest move from the start (ties: the one with the lower g, which leaves a
  // run of zero-cost portal edges). If that ever meets a cell already on the path, a
  // breadth-first search over tight moves finds the way instead.
  bool extractPath() {
    path.clear();
    if (!(std::min(g[start], rhs[start]) < kInf)) return false;
    const std::uint32_t mark = nextStamp();
    NodeId cur = start;
    path.push_back(cur);
    stamp[cur] = mark;
    while (cur != goal) {
      NodeId best = kNoNode;
      double bestValue = kInf, bestG = kInf, bestCost = 0.0;
      grid.forEachNeighbor(cur, [&](NodeId m, double c) {
        const double v = c + g[m];
        if (stamp[m] == mark || v > bestValue || (v == bestValue && !(g[m] < bestG))) return;
        best = m, bestValue = v, bestG = g[m], bestCost = c;
      });
      if (best == kNoNode || !tight(cur, best, bestCost)) return tightSearch();
      path.push_back(best);
      stamp[best] = mark;
      cur = best;
    }
    return true;
  }
  bool tightSearch() {
    path.clear();
    const std::uint32_t mark = nextStamp();
    frontier.clear();
    frontier.push_back(start);
    stamp[start] = mark;
    parent[start] = kNoNode;
    for (std::size_t i = 0; i < frontier.size(); ++i) {
      const NodeId s = frontier[i];
      if (s == goal) {
        for (NodeId n = goal; n != kNoNode; n = parent[n]) path.push_back(n);
        std::reverse(path.begin(), path.end());
        return true;
      }
      grid.forEachNeighbor(s, [&](NodeId m, double c) {
        if (stamp[m] == mark || !tight(s, m, c)) return;
        stamp[m] = mark;
        parent[m] = s;
        frontier.push_back(m);
      });
    }
    return false;
  }
};

Replanner::Replanner(const Grid& grid) : impl_(std::make_unique<Impl>(grid)) {}
Replanner::~Replanner() = default;

ReplanStatus Replanner::plan(NodeId start, NodeId goal) {
  Impl& s = *impl_;
  const NodeId cells = s.grid.cellCount();
  message_[0] = '\0';
  start_ = start, goal_ = goal;
  s.start = kNoNode;
  stats_ = {};
  if (start >= cells || goal >= cells || !s.grid.passable(start) || !s.grid.passable(goal)) {
    std::snprintf(message_, sizeof message_, "%s", "start and goal must be passable cells of the map");
    return status_ = ReplanStatus::InvalidInput;
  }
  s.start = start, s.goal = goal;
  s.record = record_;
  s.expandedCells.clear();
  s.startOver();
  s.updated = 0;
  const ReplanStatus result = repair();
  stats_.repairs = 0;  // plan() is not a repair
  return result;
}

ReplanStatus Replanner::moveStart(NodeId start) {
  Impl& s = *impl_;
  if (s.start == kNoNode) {
    std::snprintf(message_, sizeof message_, "%s", "moveStart before plan");
    return status_ = ReplanStatus::InvalidInput;
  }
  if (start >= s.grid.cellCount() || !s.grid.passable(start)) {
    std::snprintf(message_, sizeof message_, "%s", "the new start must be a passable cell of the map");
    return status_ = ReplanStatus::InvalidInput;
  }
  if (start == s.start) return status_;
  if (!s.needsStartOver()) {
    s.km += s.h(start);  // h(last start, new start), with the heuristic of the last start
    s.start = start;
    s.configureHeuristic();
  } else {
    s.start = start;  // the repair starts over from here
  }
  start_ = start;
  return status_ = ReplanStatus::Idle;
}

ReplanStatus Replanner::repair() {
  Impl& s = *impl_;
  if (s.start == kNoNode) {
    if (message_[0] == '\0') std::snprintf(message_, sizeof message_, "%s", "repair before plan");
    return status_ = ReplanStatus::InvalidInput;
  }
  message_[0] = '\0';
  s.record = record_;
  s.expandedCells.clear();
  s.expanded = 0;
  stats_.startedOver = false;
  if (s.needsStartOver()) {
    s.startOver();
    stats_.startedOver = true;
    s.updated = 0;
  } else {
    s.followJournal();
  }
  s.computeShortestPath();
  stats_.expanded = s.expanded;
  stats_.updated = s.updated;
  stats_.totalExpanded += s.expanded;
  ++stats_.repairs;
  s.updated = 0;
  return status_ = s.extractPath() ? ReplanStatus::Found : ReplanStatus::NoPath;
}

double Replanner::cost() const {
  const Impl& s = *impl_;
  if (status_ != ReplanStatus::Found) return kInf;
  return s.start == s.goal ? 0.0 : std::min(s.g[s.start], s.rhs[s.start]);
}

std::span<const NodeId> Replanner::path() const {
  return status_ == ReplanStatus::Found ? std::span<const NodeId>(impl_->path) : std::span<const NodeId>();
}

std::size_t Replanner::copyPath(std::span<NodeId> out) const {
  const std::span<const NodeId> p = path();
  std::copy_n(p.begin(), std::min(p.size(), out.size()), out.begin());
  return p.size();
}

std::span<const NodeId> Replanner::expandedCells() const { return impl_->expandedCells; }

double Replanner::g(NodeId n) const {
  if (n >= impl_->g.size()) return kInf;
  return impl_->g[n];
}
double Replanner::rhs(NodeId n) const {
  if (n >= impl_->rhs.size()) return kInf;
  return impl_->rhs[n];
}

}  // namespace astar
