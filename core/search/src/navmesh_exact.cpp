// NavMesh exact query on uniform maps (navmesh.h), after Polyanya (Cui, Harabor & Grastien,
// IJCAI 2017): a node is a root (the start or a wall corner where the path turns) and the cone
// of directions from it that crosses one portal piece into the polygon beyond; expanding it
// clips the next polygon's portal pieces to the cone (same root) and makes each wall corner of
// that polygon inside the cone a root of its own where a shortest path can bend around it. A
// corner looks on only where such a path goes (bendAround), and along the grid lines through it
// (paths that run along walls). f = the root's length + the shortest way from it through the
// piece to the goal, a lower bound, so the first goal taken off the open list is the shortest
// path in the plane. Coordinates are doubled (integers), so every geometric test is exact.
#include <algorithm>
#include <cmath>

#include "navmesh_impl.h"

namespace astar {

namespace {

struct Vec {
  std::int64_t x = 0, y = 0;
};
Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
std::int64_t cross(Vec a, Vec b) { return a.x * b.y - a.y * b.x; }
// sqrt of the sum of squares, not hypot: the squares of these small integers are exact in
// doubles (so the root is correctly rounded), and hypot cost a sixth of a query.
double lengthOf(Vec d) { return std::sqrt(static_cast<double>(d.x * d.x + d.y * d.y)) * 0.5; }
bool between(Vec first, Vec second, Vec d) { return cross(first, d) >= 0 && cross(d, second) >= 0; }

// Lengths closer than this are one length (sums of square roots of equal paths differ by ulps).
constexpr double kTie = 1e-10;

}  // namespace

struct NavMesh::Impl::ExactSearch {
  using Node = detail::ExactNode;
  Impl& m;
  const Grid& grid;
  const int w, h;
  const bool squeeze;
  const std::uint32_t startId;
  Vec start, goal;
  std::uint32_t goalTile = 0;
  std::uint16_t goalLocal = 0;

  ExactSearch(Impl& mesh, NodeId s, NodeId t)
      : m(mesh),
        grid(mesh.grid),
        w(mesh.grid.width()),
        h(mesh.grid.height()),
        squeeze(mesh.grid.diagonal() == DiagonalMovement::Always),
        startId(static_cast<std::uint32_t>((w + 1) * (h + 1))),
        start{2 * grid.xOf(s) + 1, 2 * grid.yOf(s) + 1},
        goal{2 * grid.xOf(t) + 1, 2 * grid.yOf(t) + 1},
        goalTile(static_cast<std::uint32_t>(mesh.tileOf(grid.xOf(t), grid.yOf(t)))),
        goalLocal(mesh.cellLocal[t]) {}

  Vec rootPoint(std::uint32_t id) const {
    if (id == startId) return start;
    return {2 * static_cast<std::int64_t>(id % static_cast<std::uint32_t>(w + 1)),
            2 * static_cast<std::int64_t>(id / static_cast<std::uint32_t>(w + 1))};
  }
  bool blocked(int x, int y) const { return !grid.passable(x, y); }
  bool current(std::uint32_t id) const { return m.rootStamp[id] == m.stamp; }

  // 1: a grid vertex with exactly one blocked cell (off the map counts), the corner a shortest
  // path bends around; (bx, by) points from the vertex into that cell. 2: two blocked cells
  // meeting diagonally where the movement rule lets paths squeeze through. 0: neither.
  int cornerAt(int x, int y, int& bx, int& by) const {
    const bool nw = blocked(x - 1, y - 1), ne = blocked(x, y - 1), sw = blocked(x - 1, y), se = blocked(x, y);
    if (nw + ne + sw + se == 1) {
      bx = ne || se ? 1 : -1;
      by = sw || se ? 1 : -1;
      return 1;
    }
    return squeeze && pinchAt(x, y) ? 2 : 0;
  }
  bool pinchAt(int x, int y) const {
    const bool nw = blocked(x - 1, y - 1), ne = blocked(x, y - 1), sw = blocked(x - 1, y), se = blocked(x, y);
    return (nw && se && !ne && !sw) || (ne && sw && !nw && !se);
  }
  // The side of the line along d that a one-cell corner's blocked cell lies on (+1 or -1), or 0
  // when the line runs through that cell (a path along d cannot bend tightly around it).
  static int sideOfBlocked(Vec d, int bx, int by) {
    const std::int64_t alongX = -d.y * bx, alongY = d.x * by;
    if ((alongX > 0 && alongY < 0) || (alongX < 0 && alongY > 0)) return 0;
    return alongX + alongY > 0 ? 1 : -1;
  }

  // The heap's order: the smallest f on top; on a tie the longer g (nearer the goal), then the
  // older node, so a query's expansions do not depend on the heap's history.
  bool later(const OpenEntry& a, const OpenEntry& b) const {
    if (a.f != b.f) return a.f > b.f;
    const double ga = m.exactNodes[a.id].g, gb = m.exactNodes[b.id].g;
    return ga != gb ? ga < gb : a.id > b.id;
  }

  void push(const Node& n, double f) {
    m.exactNodes.push_back(n);
    m.open.push_back({f, static_cast<std::uint32_t>(m.exactNodes.size() - 1)});
    std::push_heap(m.open.begin(), m.open.end(),
                   [this](const OpenEntry& a, const OpenEntry& b) { return later(a, b); });
  }

  void reachGoal(std::uint32_t root, double length) {
    const double whole = length + lengthOf(goal - rootPoint(root));
    push(Node{.g = whole, .root = root, .kind = Node::Goal}, whole);
  }

  // The grid vertex (x, y) seen straight from the root: a new root if it is a corner a shortest
  // path can bend around from that direction, and shorter than any way to it found before.
  void reachVertex(std::uint32_t root, double length, int x, int y) {
    int bx = 0, by = 0;
    const int kind = cornerAt(x, y, bx, by);
    if (kind == 0) return;
    const Vec from = rootPoint(root), c{2 * x, 2 * y}, d = c - from;
    if (d.x == 0 && d.y == 0) return;
    if (kind == 1 && sideOfBlocked(d, bx, by) == 0) return;
    const auto id = static_cast<std::uint32_t>(y * (w + 1) + x);
    const double through = length + lengthOf(d);
    if (current(id) && (m.rootDone[id] || through >= m.rootLength[id] - kTie)) return;
    m.rootStamp[id] = m.stamp;
    m.rootDone[id] = 0;
    m.rootLength[id] = through;
    m.rootParent[id] = root;
    push(Node{.g = through, .root = id, .kind = Node::Turn}, through + lengthOf(goal - c));
  }

  // A lower bound of the way from r through the piece a-b (on the line, axis-aligned) to the
  // goal: straight to the goal, or to its mirror image when both lie on the same side of the
  // line, if that line crosses the piece; else around the nearer end.
  double restThrough(Vec r, double ax, double ay, double bx, double by) const {
    const bool horizontal = ay == by;
    const double line = horizontal ? ay : ax, rAcross = static_cast<double>(horizontal ? r.y : r.x);
    const double rAlong = static_cast<double>(horizontal ? r.x : r.y);
    double tAcross = static_cast<double>(horizontal ? goal.y : goal.x);
    const double tAlong = static_cast<double>(horizontal ? goal.x : goal.y);
    if ((tAcross - line) * (rAcross - line) > 0.0) tAcross = 2.0 * line - tAcross;
    const double s = (line - rAcross) / (tAcross - rAcross), hit = rAlong + s * (tAlong - rAlong);
    const double lo = horizontal ? std::min(ax, bx) : std::min(ay, by),
                 hi = horizontal ? std::max(ax, bx) : std::max(ay, by);
    auto dist = [](double x0, double y0, double x1, double y1) {
      return std::sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
    };
    if (hit >= lo && hit <= hi) return dist(rAlong, rAcross, tAlong, tAcross) * 0.5;
    const double aAlong = horizontal ? ax : ay, bAlong = horizontal ? bx : by;
    const double viaA = dist(rAlong, rAcross, aAlong, line) + dist(aAlong, line, tAlong, tAcross);
    const double viaB = dist(rAlong, rAcross, bAlong, line) + dist(bAlong, line, tAlong, tAcross);
    return std::min(viaA, viaB) * 0.5;
  }

  // Where the ray from r along d meets the axis-aligned line of the piece a-b.
  static void hit(Vec r, Vec d, const Node& n, double& x, double& y) {
    if (n.ay == n.by) {
      y = n.ay;
      x = static_cast<double>(r.x) +
          static_cast<double>(d.x) * static_cast<double>(n.ay - r.y) / static_cast<double>(d.y);
    } else {
      x = n.ax;
      y = static_cast<double>(r.y) +
          static_cast<double>(d.y) * static_cast<double>(n.ax - r.x) / static_cast<double>(d.x);
    }
  }

  // The directions a root looks in: every one, or those from `first` counter-clockwise (as cross()
  // counts) to `second`, less than half a turn; first == second: that one direction only.
  struct Cone {
    bool every = true;
    Vec first, second;
    bool sees(Vec d) const {
      if (every) return true;
      if (!between(first, second, d)) return false;
      return cross(first, second) != 0 || first.x * d.x + first.y * d.y > 0;
    }
  };

  // The piece a-b (doubled) of a portal into (tile, local), seen from the root inside the cone.
  void pushPiece(std::uint32_t root, double length, const Cone& cone, Vec a, Vec b, std::uint32_t tile,
                 std::uint16_t local) {
    // A dead end (one portal, no goal): a shortest path never enters it to come back out.
    const detail::NavTile& beyond = m.tiles[tile];
    if (beyond.linkStart[local + 1U] - beyond.linkStart[local] == 1 && (tile != goalTile || local != goalLocal)) return;
    const Vec r = rootPoint(root), da = a - r, db = b - r;
    const std::int64_t turn = cross(da, db);
    if (turn == 0) return;  // the root is on the piece's line: the walks along grid lines cover it
    const Vec pieceFirst = turn > 0 ? da : db, pieceSecond = turn > 0 ? db : da;
    Vec lo = pieceFirst, hi = pieceSecond;
    if (!cone.every) {  // the two cones' overlap starts and ends at a side of one inside the other
      if (!cone.sees(lo)) {
        if (!between(pieceFirst, pieceSecond, cone.first)) return;
        lo = cone.first;
      }
      if (!cone.sees(hi)) {
        if (!between(pieceFirst, pieceSecond, cone.second)) return;
        hi = cone.second;
      }
    }
    if (cross(lo, hi) <= 0) return;
    Node n;
    n.kind = Node::Interval;
    n.root = root;
    n.g = length;
    n.tile = tile;
    n.local = local;
    n.firstX = static_cast<std::int32_t>(lo.x);
    n.firstY = static_cast<std::int32_t>(lo.y);
    n.secondX = static_cast<std::int32_t>(hi.x);
    n.secondY = static_cast<std::int32_t>(hi.y);
    n.ax = static_cast<std::int32_t>(a.x);
    n.ay = static_cast<std::int32_t>(a.y);
    n.bx = static_cast<std::int32_t>(b.x);
    n.by = static_cast<std::int32_t>(b.y);
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    hit(r, lo, n, x0, y0);
    hit(r, hi, n, x1, y1);
    push(n, length + restThrough(r, x0, y0, x1, y1));
  }

  // Every corner of polygon (tile, local) in the cone from the root, every portal piece (not on
  // the line `skip*`), clipped to it, and the goal if the polygon holds it and the cone sees it.
  void seePolygon(std::uint32_t root, double length, const Cone& cone, std::uint32_t tile, std::uint16_t local,
                  int skipHorizontal, int skipVertical) {
    const detail::NavTile& t = m.tiles[tile];
    const NavPolygon& p = t.polygons[local];
    const Vec r = rootPoint(root);
    if (tile == goalTile && local == goalLocal && cone.sees(goal - r)) reachGoal(root, length);
    auto vertex = [&](int x, int y) {
      if (cone.sees(Vec{2 * x, 2 * y} - r)) reachVertex(root, length, x, y);
    };
    vertex(p.x0, p.y0);
    vertex(p.x1, p.y0);
    vertex(p.x0, p.y1);
    vertex(p.x1, p.y1);
    for (std::uint32_t i = t.linkStart[local]; i < t.linkStart[local + 1U]; ++i) {
      const detail::TileLink& l = t.links[i];
      vertex(l.ax, l.ay);
      vertex(l.bx, l.by);
      if (l.ax == l.bx && l.ay == l.by) continue;  // a squeeze point: a corner, reached above
      if (l.ay == l.by ? 2 * l.ay == skipHorizontal : 2 * l.ax == skipVertical) continue;
      pushPiece(root, length, cone, Vec{2 * l.ax, 2 * l.ay}, Vec{2 * l.bx, 2 * l.by}, l.tile, l.local);
    }
  }

  // Where a shortest path can go on from a one-cell corner it reached along `in`: straight on, or
  // bending around the blocked cell, as far as that cell's nearer edge (beyond it the path would
  // not touch the cell: a shortcut would exist).
  static Cone bendAround(Vec in, int bx, int by) {
    const int side = sideOfBlocked(in, bx, by);
    const Vec edges[2] = {{bx, 0}, {0, by}};
    Vec nearer{};
    int nearerRank = 3;
    for (const Vec& e : edges) {
      const std::int64_t turn = side * cross(in, e);
      // 0: straight on; 1: a bend of less than half a turn; 2: straight back.
      const int rank = turn > 0 ? 1 : in.x * e.x + in.y * e.y > 0 ? 0 : 2;
      if (rank < nearerRank || (rank == 1 && nearerRank == 1 && side * cross(e, nearer) > 0)) {
        nearer = e;
        nearerRank = rank;
      }
    }
    Cone cone;
    cone.every = false;
    if (nearerRank == 0) {
      cone.first = cone.second = in;
    } else {
      cone.first = side > 0 ? in : nearer;
      cone.second = side > 0 ? nearer : in;
    }
    return cone;
  }

  // A root: the polygons around it and the grid lines through it, in every direction from the
  // start or a squeeze point, in bendAround's from a one-cell corner.
  void expandRoot(std::uint32_t id, double length) {
    const Vec v = rootPoint(id);
    Cone cone;
    if (id != startId) {
      int bx = 0, by = 0;
      if (cornerAt(static_cast<int>(v.x / 2), static_cast<int>(v.y / 2), bx, by) == 1)
        cone = bendAround(v - rootPoint(m.rootParent[id]), bx, by);
    }
    std::uint32_t seenTile[4] = {}, seenLocal[4] = {};
    int polygons = 0;
    auto visit = [&](int cx, int cy) {
      if (blocked(cx, cy)) return;
      const auto tile = static_cast<std::uint32_t>(m.tileOf(cx, cy));
      const std::uint16_t local = m.cellLocal[grid.index(cx, cy)];
      for (int k = 0; k < polygons; ++k)
        if (seenTile[k] == tile && seenLocal[k] == local) return;
      seenTile[polygons] = tile;
      seenLocal[polygons++] = local;
      seePolygon(id, length, cone, tile, local, -1, -1);
    };
    if (id == startId) {
      visit(static_cast<int>(v.x / 2), static_cast<int>(v.y / 2));
      return;
    }
    const int x = static_cast<int>(v.x / 2), y = static_cast<int>(v.y / 2);
    visit(x - 1, y - 1);
    visit(x, y - 1);
    visit(x - 1, y);
    visit(x, y);
    const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& e : steps)
      if (cone.sees(Vec{e[0], e[1]})) walkLine(id, length, x, y, e[0], e[1]);
  }

  // Along a grid line from the vertex (x, y) while the edge has a free cell beside it, up to the
  // first corner (which carries the walk on) or a gap of no width.
  void walkLine(std::uint32_t id, double length, int x, int y, int ex, int ey) {
    for (;;) {
      const int nx = x + ex, ny = y + ey;
      const bool freeBeside = ex != 0 ? !blocked(std::min(x, nx), y - 1) || !blocked(std::min(x, nx), y)
                                      : !blocked(x - 1, std::min(y, ny)) || !blocked(x, std::min(y, ny));
      if (!freeBeside) return;
      int bx = 0, by = 0;
      if (cornerAt(nx, ny, bx, by) != 0) {
        reachVertex(id, length, nx, ny);
        return;
      }
      if (pinchAt(nx, ny)) return;
      x = nx;
      y = ny;
    }
  }

  // Interval node: the polygon beyond its piece, seen through the node's cone.
  void expandInterval(const Node& n) {
    const bool horizontal = n.ay == n.by;
    const Cone cone{false, Vec{n.firstX, n.firstY}, Vec{n.secondX, n.secondY}};
    seePolygon(n.root, n.g, cone, n.tile, n.local, horizontal ? n.ay : -1, horizontal ? -1 : n.ax);
  }

  SearchStatus run(std::uint32_t& goalRoot) {
    const std::size_t roots = static_cast<std::size_t>(startId) + 1;
    if (m.rootStamp.size() < roots) {
      m.rootStamp.assign(roots, 0);
      m.rootLength.assign(roots, 0.0);
      m.rootParent.assign(roots, 0);
      m.rootDone.assign(roots, 0);
    }
    m.nextStamp();
    m.exactNodes.clear();
    m.open.clear();
    m.rootStamp[startId] = m.stamp;
    m.rootLength[startId] = 0.0;
    m.rootParent[startId] = startId;
    m.rootDone[startId] = 0;
    push(Node{.g = 0.0, .root = startId, .kind = Node::Turn}, lengthOf(goal - start));
    auto laterFirst = [this](const OpenEntry& a, const OpenEntry& b) { return later(a, b); };
    while (!m.open.empty()) {
      std::pop_heap(m.open.begin(), m.open.end(), laterFirst);
      const std::uint32_t at = m.open.back().id;
      m.open.pop_back();
      const Node n = m.exactNodes[at];  // a copy: expanding grows the node list
      if (n.kind == Node::Goal) {
        goalRoot = n.root;
        m.stats.pathLength = n.g;
        return SearchStatus::Found;
      }
      if (n.kind == Node::Turn) {
        if (m.rootDone[n.root] || n.g > m.rootLength[n.root]) continue;  // reached shorter since
        m.rootDone[n.root] = 1;
        ++m.stats.expanded;
        expandRoot(n.root, n.g);
        continue;
      }
      ++m.stats.expanded;
      expandInterval(n);
    }
    return SearchStatus::NoPath;
  }
};

SearchStatus NavMesh::Impl::searchExact(NodeId start, NodeId goal, std::vector<PathPoint>& points) {
  ExactSearch search(*this, start, goal);
  std::uint32_t goalRoot = 0;
  const SearchStatus status = search.run(goalRoot);
  if (status != SearchStatus::Found) return status;
  // The roots from the goal's back to the start, then reversed: start, corners, goal.
  points.clear();
  points.push_back(PathPoint{grid.xOf(goal) + 0.5, grid.yOf(goal) + 0.5, PathJoin::Walk});
  for (std::uint32_t r = goalRoot; r != search.startId; r = rootParent[r]) {
    const Vec p = search.rootPoint(r);
    points.push_back(PathPoint{static_cast<double>(p.x) * 0.5, static_cast<double>(p.y) * 0.5, PathJoin::Walk});
  }
  points.push_back(PathPoint{grid.xOf(start) + 0.5, grid.yOf(start) + 0.5, PathJoin::Start});
  std::reverse(points.begin(), points.end());
  if (start == goal) points.pop_back();
  double length = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i)
    length += std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  stats.pathLength = length;
  stats.pathCost = length * grid.minCost() * grid.straightCost();
  return status;
}

}  // namespace astar
