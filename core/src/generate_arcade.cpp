// Pac-Man-style arcade mazes.
//
// The maze is drawn on a lattice: corridor rows and columns at least two cells apart (so no
// two corridors touch and every corridor is one cell wide), mirrored left to right. We pick
// lattice edges in mirrored pairs: first a random spanning set (Kruskal over shuffled pairs,
// so every lattice node is reachable), then a few extra loops, then, for every node left
// with fewer than two edges, one more edge (a lattice node always has at least two, so
// dead ends always go away and adding edges never creates one). The ghost house sits in the
// middle, between the innermost columns and between two corridor rows, with its door under
// the corridor above it; tunnel rows open both side walls and the grid wraps in x.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "astar/generators.h"
#include "generate_common.h"

namespace astar {

namespace {

// Lattice lines from a to b inclusive, 2 or 3 cells apart, ending exactly on b (b - a >= 2).
std::vector<int> lines(int a, int b, SplitMix64& rng) {
  std::vector<int> out = {a};
  int v = a;
  while (b - v >= 2) {
    const int rest = b - v;
    const int step = rest <= 3 ? rest : rest == 4 ? 2 : 2 + static_cast<int>(rng.below(2));
    v += step;
    out.push_back(v);
  }
  return out;
}

struct UnionFind {
  std::vector<std::uint32_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  }
  bool unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    parent[a] = b;
    return true;
  }
};

}  // namespace

Error generateArcadeMaze(const ArcadeOptions& o, MapDocument& out, ArcadeLayout* layout) {
  const int w = o.width, h = o.height;
  if (w < 14 || h < 13 || w > kMaxGridSide || h > kMaxGridSide)
    return Error{"arcade maze size " + std::to_string(w) + " x " + std::to_string(h) + " is outside 14.." +
                 std::to_string(kMaxGridSide) + " wide and 13.." + std::to_string(kMaxGridSide) + " high"};
  if (o.tunnels < 0 || o.tunnels > 4) return Error{"an arcade maze has 0 to 4 tunnels"};
  SplitMix64 rng(o.seed);

  // The house: walls from houseLeft to its mirror, 4 rows (wall, 2 rows of room, wall).
  const int houseWidth = w >= 24 ? 8 : 6;
  const int hx0 = (w - houseWidth) / 2, hx1 = w - 1 - hx0;
  const int ht = (h - 4) / 2, hb = ht + 3;

  // Lattice lines: rows above and below the house, columns on the left half, mirrored.
  std::vector<int> ys = lines(1, ht - 1, rng);
  const std::vector<int> below = lines(hb + 1, h - 2, rng);
  ys.insert(ys.end(), below.begin(), below.end());
  std::vector<int> xs = lines(1, hx0 - 1, rng);
  const int half = static_cast<int>(xs.size());
  for (int i = half - 1; i >= 0; --i) xs.push_back(w - 1 - xs[static_cast<std::size_t>(i)]);
  const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
  auto node = [&](int i, int j) { return static_cast<std::uint32_t>(j * nx + i); };

  // Edges in mirrored groups. An edge joins node a to node b (right or down).
  struct Edge {
    std::uint32_t a, b;
  };
  std::vector<Edge> edges;
  std::vector<std::vector<std::uint32_t>> groups;  // edge indices, an edge with its mirror
  std::vector<std::vector<std::uint32_t>> groupsAt(static_cast<std::size_t>(nx * ny));
  auto addGroup = [&](const std::vector<Edge>& es) {
    std::vector<std::uint32_t> g;
    for (const Edge& e : es) {
      g.push_back(static_cast<std::uint32_t>(edges.size()));
      edges.push_back(e);
      groupsAt[e.a].push_back(static_cast<std::uint32_t>(groups.size()));
      groupsAt[e.b].push_back(static_cast<std::uint32_t>(groups.size()));
    }
    groups.push_back(std::move(g));
  };
  std::uint32_t aboveHouse = 0, belowHouse = 0;  // groups of the centre edges next to the house
  for (int j = 0; j < ny; ++j) {
    for (int i = 0; i < half; ++i) {
      const int m = nx - 2 - i;  // mirror of the edge (i, i+1) is (m, m+1)
      if (i < half - 1)
        addGroup({{node(i, j), node(i + 1, j)}, {node(m, j), node(m + 1, j)}});
      else {
        if (ys[static_cast<std::size_t>(j)] == ht - 1) aboveHouse = static_cast<std::uint32_t>(groups.size());
        if (ys[static_cast<std::size_t>(j)] == hb + 1) belowHouse = static_cast<std::uint32_t>(groups.size());
        addGroup({{node(i, j), node(i + 1, j)}});  // the centre edge is its own mirror
      }
      if (j < ny - 1) addGroup({{node(i, j), node(i, j + 1)}, {node(nx - 1 - i, j), node(nx - 1 - i, j + 1)}});
    }
  }
  std::vector<std::uint8_t> used(groups.size(), 0);
  std::vector<int> degree(static_cast<std::size_t>(nx * ny), 0);
  UnionFind sets(static_cast<std::size_t>(nx * ny));
  auto use = [&](std::uint32_t g) {
    used[g] = 1;
    for (std::uint32_t e : groups[g]) {
      ++degree[edges[e].a];
      ++degree[edges[e].b];
      sets.unite(edges[e].a, edges[e].b);
    }
  };
  // The house door needs the corridor above; the start sits on the one below.
  use(aboveHouse);
  use(belowHouse);

  // Tunnels: rows other than the first and last, opened at both ends.
  std::vector<int> tunnelRows;
  {
    std::vector<int> candidates;
    for (int j = 1; j + 1 < ny; ++j) candidates.push_back(j);
    for (int k = 0; k < o.tunnels && !candidates.empty(); ++k) {
      const std::size_t pick = rng.below(static_cast<std::uint32_t>(candidates.size()));
      const int j = candidates[pick];
      candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(pick));
      tunnelRows.push_back(ys[static_cast<std::size_t>(j)]);
      ++degree[node(0, j)];
      ++degree[node(nx - 1, j)];
    }
    if (static_cast<int>(tunnelRows.size()) < o.tunnels)
      return Error{"the maze is too small for " + std::to_string(o.tunnels) + " tunnels"};
    std::sort(tunnelRows.begin(), tunnelRows.end());
  }

  // Spanning set over shuffled groups, then some extra loops.
  std::vector<std::uint32_t> order(groups.size());
  std::iota(order.begin(), order.end(), 0u);
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  for (std::uint32_t g : order) {
    if (used[g]) continue;
    bool joins = false;
    for (std::uint32_t e : groups[g]) joins |= sets.find(edges[e].a) != sets.find(edges[e].b);
    if (joins) use(g);
  }
  for (std::uint32_t g : order)
    if (!used[g] && rng.below(100) < 12) use(g);
  // No dead ends: every node gets a second edge.
  for (std::uint32_t n = 0; n < degree.size(); ++n) {
    while (degree[n] < 2) {
      std::vector<std::uint32_t> free;
      for (std::uint32_t g : groupsAt[n])
        if (!used[g]) free.push_back(g);
      use(free[rng.below(static_cast<std::uint32_t>(free.size()))]);  // a lattice node has >= 2 edges
    }
  }

  // Draw it.
  MapDocument doc;
  Grid& grid = doc.grid;
  (void)grid.reset(w, h);
  grid.setDiagonal(DiagonalMovement::Never);
  std::vector<std::uint8_t> open(grid.cellCount(), 0);
  auto openCell = [&](int x, int y) { open[grid.index(x, y)] = 1; };
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (!used[g]) continue;
    for (std::uint32_t e : groups[g]) {
      const int ax = xs[edges[e].a % static_cast<std::uint32_t>(nx)],
                ay = ys[edges[e].a / static_cast<std::uint32_t>(nx)];
      const int bx = xs[edges[e].b % static_cast<std::uint32_t>(nx)],
                by = ys[edges[e].b / static_cast<std::uint32_t>(nx)];
      for (int y = ay; y <= by; ++y)
        for (int x = ax; x <= bx; ++x) openCell(x, y);
    }
  }
  for (int y : tunnelRows) {
    openCell(0, y);
    openCell(w - 1, y);
  }
  for (int y = ht + 1; y < hb; ++y)
    for (int x = hx0 + 1; x < hx1; ++x) openCell(x, y);
  std::vector<NodeId> doors;
  for (int x = (w - 1) / 2; x <= w / 2; ++x) {
    openCell(x, ht);
    doors.push_back(grid.index(x, ht));
  }
  for (NodeId n = 0; n < grid.cellCount(); ++n)
    if (!open[n]) (void)grid.setWall(grid.xOf(n), grid.yOf(n));
  grid.setWrap(o.tunnels > 0, false);

  doc.start = grid.index((w - 1) / 2, hb + 1);
  doc.goals = {grid.index(xs[0], ys[0])};
  generate::finish(doc, "Arcade maze " + generate::sizeText(w, h) + " seed " + std::to_string(o.seed),
                   "A Pac-Man-style maze: symmetric, one-cell corridors, no dead ends, a ghost house and " +
                       std::to_string(o.tunnels) + " wrap-around tunnel" + (o.tunnels == 1 ? "" : "s") + ", seed " +
                       std::to_string(o.seed) + ".");
  doc.terrain.push_back(Terrain{'-', false, 1.0f, "ghost house door"});
  for (NodeId d : doors) doc.cells[d] = '-';
  if (layout) {
    layout->houseLeft = hx0;
    layout->houseTop = ht;
    layout->houseRight = hx1;
    layout->houseBottom = hb;
    layout->doors = doors;
    layout->tunnelRows = tunnelRows;
  }
  out = std::move(doc);
  return {};
}

}  // namespace astar
