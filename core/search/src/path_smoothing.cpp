// Path smoothing: string pulling by exact supercover line of sight, then a centripetal
// Catmull-Rom spline checked against walls and cost. See path_smoothing.h for the rules.
#include "astar/path_smoothing.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "astar/path_cost.h"

namespace astar {

namespace {

constexpr double kCurveMargin = 1e-9;  // a curve closer than this to a wall counts as touching it

struct Point {
  double x, y;
};

Point centre(const Grid& g, NodeId n) { return {g.xOf(n) + 0.5, g.yOf(n) + 0.5}; }

int directionOf(int sx, int sy) {
  for (int d = 0; d < 8; ++d) {
    if (kDirectionX[d] == sx && kDirectionY[d] == sy) return d;
  }
  return -1;
}

bool canEnter(const Grid& g, int x, int y, int direction) {
  return g.passable(x, y) && (g.entryMask(g.index(x, y)) & (1u << direction)) != 0;
}

// Passing a grid vertex from (x, y) to (x + sx, y + sy): the two side cells decide, as for a
// diagonal grid move. A 4-connected grid treats the vertex like "no obstacles".
bool cornerAllowed(const Grid& g, int x, int y, int sx, int sy) {
  const bool a = g.passable(x + sx, y), b = g.passable(x, y + sy);
  switch (g.diagonal()) {
    case DiagonalMovement::IfAtMostOneObstacle: return a || b;
    case DiagonalMovement::Always: return true;
    case DiagonalMovement::Never:
    case DiagonalMovement::OnlyWhenNoObstacles: break;
  }
  return a && b;
}

double cellCost(const Grid& g, int x, int y) {
  return g.contains(x, y) && g.passable(x, y) ? static_cast<double>(g.cost(g.index(x, y))) : 0.0;
}

// Exact supercover walk between the centres of (x0, y0) and (x1, y1) in plain (unwrapped)
// coordinates. Integer arithmetic decides which boundary comes first, so a vertex is hit
// exactly when the segment passes through it. Returns false at the first cell or vertex
// the segment may not pass; otherwise sets cost to the segment's continuous cost.
bool traceCentres(const Grid& g, int x0, int y0, int x1, int y1, double& cost) {
  const std::int64_t nx = std::abs(x1 - x0), ny = std::abs(y1 - y0);
  const int sx = x1 > x0 ? 1 : -1, sy = y1 > y0 ? 1 : -1;
  const double length = std::hypot(static_cast<double>(nx), static_cast<double>(ny));
  int x = x0, y = y0;
  std::int64_t ix = 0, iy = 0;
  double tPrevious = 0.0, sum = 0.0;
  while (ix < nx || iy < ny) {
    // The segment crosses the x boundary number ix at t = (ix + 1/2) / nx, and likewise for y.
    const std::int64_t decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    double t;
    int direction;
    const double here = cellCost(g, x, y);
    if (decision == 0) {
      t = (0.5 + static_cast<double>(ix)) / static_cast<double>(nx);
      if (!cornerAllowed(g, x, y, sx, sy)) return false;
      x += sx;
      y += sy;
      ++ix;
      ++iy;
      direction = directionOf(sx, sy);
    } else if (decision < 0) {
      t = (0.5 + static_cast<double>(ix)) / static_cast<double>(nx);
      x += sx;
      ++ix;
      direction = directionOf(sx, 0);
    } else {
      t = (0.5 + static_cast<double>(iy)) / static_cast<double>(ny);
      y += sy;
      ++iy;
      direction = directionOf(0, sy);
    }
    sum += (t - tPrevious) * here;
    tPrevious = t;
    if (!canEnter(g, x, y, direction)) return false;
  }
  sum += (1.0 - tPrevious) * cellCost(g, x, y);
  cost = sum * length * g.straightCost();
  return true;
}

// Continuous cost of any segment (Amanatides-Woo over doubles; lengths only).
double segmentCost(const Grid& g, Point p, Point q) {
  const double dx = q.x - p.x, dy = q.y - p.y;
  const double length = std::hypot(dx, dy);
  if (length == 0.0) return 0.0;
  const double inf = std::numeric_limits<double>::infinity();
  int x = static_cast<int>(std::floor(p.x)), y = static_cast<int>(std::floor(p.y));
  const int stepX = dx > 0 ? 1 : (dx < 0 ? -1 : 0), stepY = dy > 0 ? 1 : (dy < 0 ? -1 : 0);
  const double deltaX = stepX ? std::abs(1.0 / dx) : inf, deltaY = stepY ? std::abs(1.0 / dy) : inf;
  double maxX = stepX > 0 ? (x + 1 - p.x) / dx : (stepX < 0 ? (x - p.x) / dx : inf);
  double maxY = stepY > 0 ? (y + 1 - p.y) / dy : (stepY < 0 ? (y - p.y) / dy : inf);
  double t = 0.0, sum = 0.0;
  const int maxSteps = static_cast<int>(std::abs(dx) + std::abs(dy)) + 4;
  for (int i = 0; i < maxSteps && t < 1.0; ++i) {
    const double tNext = std::min({maxX, maxY, 1.0});
    sum += (tNext - t) * cellCost(g, x, y);
    t = tNext;
    if (maxX <= maxY) {
      x += stepX;
      maxX += deltaX;
    } else {
      y += stepY;
      maxY += deltaY;
    }
  }
  return sum * length * g.straightCost();
}

// Whether segment p-q keeps clear of walls, one-way cells and the map border: every cell
// whose square (grown by kCurveMargin) meets the segment must be an ordinary floor cell.
bool segmentClear(const Grid& g, Point p, Point q) {
  const int x0 = static_cast<int>(std::floor(std::min(p.x, q.x) - kCurveMargin));
  const int x1 = static_cast<int>(std::floor(std::max(p.x, q.x) + kCurveMargin));
  const int y0 = static_cast<int>(std::floor(std::min(p.y, q.y) - kCurveMargin));
  const int y1 = static_cast<int>(std::floor(std::max(p.y, q.y) + kCurveMargin));
  const double dx = q.x - p.x, dy = q.y - p.y;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      // Liang-Barsky clip against the grown square.
      double t0 = 0.0, t1 = 1.0;
      const double lo[2] = {x - kCurveMargin, y - kCurveMargin}, hi[2] = {x + 1 + kCurveMargin, y + 1 + kCurveMargin};
      const double start[2] = {p.x, p.y}, delta[2] = {dx, dy};
      bool meets = true;
      for (int axis = 0; axis < 2 && meets; ++axis) {
        if (delta[axis] == 0.0) {
          meets = start[axis] >= lo[axis] && start[axis] <= hi[axis];
          continue;
        }
        double a = (lo[axis] - start[axis]) / delta[axis], b = (hi[axis] - start[axis]) / delta[axis];
        if (a > b) std::swap(a, b);
        t0 = std::max(t0, a);
        t1 = std::min(t1, b);
        meets = t0 <= t1;
      }
      if (!meets) continue;
      if (!g.passable(x, y) || g.entryMask(g.index(x, y)) != kAllDirections) return false;
    }
  }
  return true;
}

// Centripetal Catmull-Rom (Barry-Goldman) between p1 and p2 at parameter u in [0, 1].
Point catmullRom(Point p0, Point p1, Point p2, Point p3, double u) {
  auto knot = [](Point a, Point b) { return std::sqrt(std::hypot(b.x - a.x, b.y - a.y)); };
  const double t0 = 0.0, t1 = t0 + knot(p0, p1), t2 = t1 + knot(p1, p2), t3 = t2 + knot(p2, p3);
  const double t = t1 + (t2 - t1) * u;
  auto lerp = [](Point a, Point b, double ta, double tb, double tt) {
    const double wa = (tb - tt) / (tb - ta), wb = (tt - ta) / (tb - ta);
    return Point{wa * a.x + wb * b.x, wa * a.y + wb * b.y};
  };
  const Point a1 = lerp(p0, p1, t0, t1, t), a2 = lerp(p1, p2, t1, t2, t), a3 = lerp(p2, p3, t2, t3, t);
  const Point b1 = lerp(a1, a2, t0, t2, t), b2 = lerp(a2, a3, t1, t3, t);
  return lerp(b1, b2, t1, t2, t);
}

// How the raw path steps from a to b: a plain unit move, a unit move across a wrap seam,
// or a portal (any other step, or a unit step whose cheapest edge is a portal).
PathJoin classifyStep(const Grid& g, NodeId a, NodeId b, double cheapestEdge) {
  const int ax = g.xOf(a), ay = g.yOf(a);
  int dx = g.xOf(b) - ax, dy = g.yOf(b) - ay;
  const bool plainUnit = std::abs(dx) <= 1 && std::abs(dy) <= 1;
  bool seam = false;
  if (g.wrapX() && std::abs(dx) == g.width() - 1 && g.width() > 2) {
    dx = dx > 0 ? -1 : 1;
    seam = true;
  }
  if (g.wrapY() && std::abs(dy) == g.height() - 1 && g.height() > 2) {
    dy = dy > 0 ? -1 : 1;
    seam = true;
  }
  if (std::abs(dx) > 1 || std::abs(dy) > 1) return PathJoin::Portal;
  const double gridMove = (dx != 0 && dy != 0 ? g.diagonalCost() : g.straightCost()) * static_cast<double>(g.cost(b));
  if (cheapestEdge < gridMove) return PathJoin::Portal;
  if (plainUnit && !seam) {
    double unused;
    return traceCentres(g, ax, ay, g.xOf(b), g.yOf(b), unused) ? PathJoin::Walk : PathJoin::Portal;
  }
  // Across the seam the grid allowed the move (cheapestEdge is the grid move's cost).
  return cheapestEdge == gridMove ? PathJoin::Wrap : PathJoin::Portal;
}

bool cheaperOrEqual(double candidate, double reference) {
  return candidate <= reference + 1e-12 * std::max(1.0, reference);
}

// Appends one walk run (cells of the raw path joined by plain unit moves).
void smoothRun(const Grid& g, std::span<const NodeId> run, const SmoothingOptions& options, std::vector<PathPoint>& out,
               std::vector<double>& prefix, std::vector<std::size_t>& keep) {
  // Continuous cost of the raw run up to each cell (a unit step: half in each cell).
  prefix.assign(run.size(), 0.0);
  for (std::size_t i = 1; i < run.size(); ++i) {
    double step = 0.0;
    (void)traceCentres(g, g.xOf(run[i - 1]), g.yOf(run[i - 1]), g.xOf(run[i]), g.yOf(run[i]), step);
    prefix[i] = prefix[i - 1] + step;
  }
  keep.clear();
  keep.push_back(0);
  if (options.stringPull) {
    std::size_t i = 0;
    while (i + 1 < run.size()) {
      std::size_t j = i + 1;
      while (j + 1 < run.size()) {
        double cost = 0.0;
        if (!traceCentres(g, g.xOf(run[i]), g.yOf(run[i]), g.xOf(run[j + 1]), g.yOf(run[j + 1]), cost)) break;
        if (!cheaperOrEqual(cost, prefix[j + 1] - prefix[i])) break;
        ++j;
      }
      keep.push_back(j);
      i = j;
    }
  } else {
    for (std::size_t i = 1; i < run.size(); ++i) keep.push_back(i);
  }

  auto at = [&](std::size_t k) { return centre(g, run[keep[k]]); };
  for (std::size_t k = 1; k < keep.size(); ++k) {
    const Point p1 = at(k - 1), p2 = at(k);
    if (options.spline && keep.size() >= 3) {
      // End pieces use reflected neighbours, so the curve starts and ends straight.
      const Point p0 = k >= 2 ? at(k - 2) : Point{2 * p1.x - p2.x, 2 * p1.y - p2.y};
      const Point p3 = k + 1 < keep.size() ? at(k + 1) : Point{2 * p2.x - p1.x, 2 * p2.y - p1.y};
      const double chord = std::hypot(p2.x - p1.x, p2.y - p1.y);
      const int samples = std::max(1, static_cast<int>(std::ceil(chord * options.samplesPerCell)));
      const std::size_t mark = out.size();
      Point previous = p1;
      double cost = 0.0;
      bool ok = true;
      for (int s = 1; s <= samples && ok; ++s) {
        const Point sample = s == samples ? p2 : catmullRom(p0, p1, p2, p3, static_cast<double>(s) / samples);
        ok = segmentClear(g, previous, sample);
        cost += segmentCost(g, previous, sample);
        if (s < samples) out.push_back(PathPoint{sample.x, sample.y, PathJoin::Walk});
        previous = sample;
      }
      if (!ok || !cheaperOrEqual(cost, prefix[keep[k]] - prefix[keep[k - 1]])) out.resize(mark);  // straight instead
    }
    out.push_back(PathPoint{p2.x, p2.y, PathJoin::Walk});
  }
}

std::string cellName(const Grid& g, NodeId n) {
  // Appended piece by piece: g++ 12 warns (-Wrestrict) on a chain of + starting with a literal.
  std::string name = "(";
  name += std::to_string(g.xOf(n));
  name += ", ";
  name += std::to_string(g.yOf(n));
  name += ")";
  return name;
}

// Hex grids: the raw path as cell centres (odd rows shifted by half a cell), not smoothed.
// A step is Walk when a hex move joins the cells without crossing a seam, Wrap across a seam,
// and Portal when no hex move joins them or a portal is the cheaper edge.
Error hexCentres(const Grid& g, std::span<const NodeId> path, std::vector<PathPoint>& out) {
  auto point = [&](NodeId n, PathJoin join) {
    return PathPoint{g.xOf(n) + 0.5 + 0.5 * (g.yOf(n) & 1), g.yOf(n) + 0.5, join};
  };
  out.push_back(point(path[0], PathJoin::Start));
  for (std::size_t i = 1; i < path.size(); ++i) {
    const NodeId a = path[i - 1], b = path[i];
    const double cheapest = stepCost(g, a, b);
    if (cheapest < 0.0) {
      out.clear();
      return Error{"path step " + std::to_string(i) + " from " + cellName(g, a) + " to " + cellName(g, b) +
                   " is not a move the grid allows"};
    }
    PathJoin join = PathJoin::Portal;
    const double hexMove = g.straightCost() * static_cast<double>(g.cost(b));
    for (int d = 0; d < 8 && join == PathJoin::Portal; ++d) {
      if (!g.hasDirection(d) || cheapest < hexMove) continue;
      int dx, dy;
      g.moveDelta(d, g.yOf(a), dx, dy);
      const int x = g.xOf(a) + dx, y = g.yOf(a) + dy;
      if (g.contains(x, y) && g.index(x, y) == b)
        join = PathJoin::Walk;
      else if (!g.contains(x, y) && (g.wrapX() || g.wrapY())) {
        const int wx = g.wrapX() ? (x + g.width()) % g.width() : x, wy = g.wrapY() ? (y + g.height()) % g.height() : y;
        if (g.contains(wx, wy) && g.index(wx, wy) == b) join = PathJoin::Wrap;
      }
    }
    out.push_back(point(b, join));
  }
  return {};
}

}  // namespace

bool lineOfSight(const Grid& grid, NodeId a, NodeId b) {
  if (a >= grid.cellCount() || b >= grid.cellCount() || !grid.passable(a)) return false;
  if (grid.hex()) return a == b || stepCost(grid, a, b) >= 0.0;  // no hex line drawing: the cell or one move
  double unused;
  return traceCentres(grid, grid.xOf(a), grid.yOf(a), grid.xOf(b), grid.yOf(b), unused);
}

double walkCost(const Grid& grid, std::span<const PathPoint> points) {
  double sum = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (points[i].join != PathJoin::Walk) continue;
    sum += segmentCost(grid, Point{points[i - 1].x, points[i - 1].y}, Point{points[i].x, points[i].y});
  }
  return sum;
}

Error smoothPath(const Grid& grid, std::span<const NodeId> path, const SmoothingOptions& options,
                 std::vector<PathPoint>& out) {
  out.clear();
  if (!(options.samplesPerCell >= 0.01 && options.samplesPerCell <= 64.0))
    return Error{"samplesPerCell must be between 0.01 and 64"};
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] >= grid.cellCount())
      return Error{"path node " + std::to_string(i) + " (" + std::to_string(path[i]) + ") is outside the grid"};
    if (!grid.passable(path[i]))
      return Error{"path node " + std::to_string(i) + " " + cellName(grid, path[i]) + " is a wall"};
  }
  if (path.empty()) return {};
  if (grid.hex()) return hexCentres(grid, path, out);

  std::vector<double> prefix;
  std::vector<std::size_t> keep;
  out.push_back(PathPoint{grid.xOf(path[0]) + 0.5, grid.yOf(path[0]) + 0.5, PathJoin::Start});
  std::size_t runStart = 0;
  for (std::size_t i = 1; i <= path.size(); ++i) {
    PathJoin join = PathJoin::Walk;
    if (i < path.size()) {
      const double cheapest = stepCost(grid, path[i - 1], path[i]);
      if (cheapest < 0.0) {
        out.clear();
        return Error{"path step " + std::to_string(i) + " from " + cellName(grid, path[i - 1]) + " to " +
                     cellName(grid, path[i]) + " is not a move the grid allows"};
      }
      join = classifyStep(grid, path[i - 1], path[i], cheapest);
      if (join == PathJoin::Walk) continue;
    }
    smoothRun(grid, path.subspan(runStart, i - runStart), options, out, prefix, keep);
    if (i < path.size()) out.push_back(PathPoint{grid.xOf(path[i]) + 0.5, grid.yOf(path[i]) + 0.5, join});
    runStart = i;
  }
  return {};
}

void cellsAlong(const Grid& grid, std::span<const PathPoint> points, std::vector<NodeId>& out) {
  out.clear();
  if (points.empty() || grid.cellCount() == 0) return;
  auto visit = [&](double x, double y) {
    // On a line, the cell on either side of it: the first passable one.
    NodeId pick = kNoNode;
    for (int i = 0; i < 4 && pick == kNoNode; ++i) {
      const int cx = static_cast<int>(std::floor(x)) - ((i & 1) && x == std::floor(x) ? 1 : 0);
      const int cy = static_cast<int>(std::floor(y)) - ((i & 2) && y == std::floor(y) ? 1 : 0);
      if (grid.passable(cx, cy)) pick = grid.index(cx, cy);
    }
    if (pick == kNoNode)
      pick = grid.index(std::clamp(static_cast<int>(x), 0, grid.width() - 1),
                        std::clamp(static_cast<int>(y), 0, grid.height() - 1));
    if (out.empty() || out.back() != pick) out.push_back(pick);
  };
  visit(points.front().x, points.front().y);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const PathPoint a = points[i - 1], b = points[i];
    const int samples = std::max(1, static_cast<int>(std::ceil(4.0 * std::hypot(b.x - a.x, b.y - a.y))));
    for (int k = 1; k <= samples; ++k) {
      const double t = static_cast<double>(k) / samples;
      visit(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
    }
  }
}

}  // namespace astar
