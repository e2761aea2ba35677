// Pac-Man-style arcade mazes.
//
// The maze is drawn on a lattice of corridor lines, mirrored left to right: rows and columns
// 3 cells apart (so the walls between them are 2 cells thick), 4 apart only where a size
// needs it (3-cell walls). The outer wall is the 1-cell border. In the middle a ring of
// corridor surrounds the ghost house (a 1-cell wall box with a 3-row room and a door in the
// middle of its top wall); the ring's columns are lattice columns, and one or two more
// columns run above and below the house, so no wall block there is wider than 3 cells.
//
// Lattice edges (corridor segments between neighbouring line crossings) are picked in mirrored
// pairs: the ring first, then a random spanning set (Kruskal over shuffled pairs, so every
// crossing is reachable), then a few extra loops, then, for every crossing left with fewer
// than two edges, one more (every crossing has at least two possible edges, so dead ends
// always go away and adding edges never makes one). Because every crossing is open and lines
// are at most 4 apart, no 4 x 4 block is solid wall; because lines are at least 3 apart, every
// inner wall cell lies in a 2 x 2 block of wall and no corridor is wider than one cell.
// Tunnel rows open both border cells of a lattice row and the grid wraps in x.
#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "astar/generators.h"
#include "generate_common.h"

namespace astar {

namespace {

// How many 4-gaps a run of 3- and 4-gaps covering `span` cells needs, or -1 when none can
// (spans 1, 2 and 5). A span of 0 is a single line.
int fourGapsFor(int span) {
  for (int fours = 0; fours <= 2; ++fours)
    if (span - 4 * fours >= 0 && (span - 4 * fours) % 3 == 0) return fours;
  return -1;
}

// Lines from a to b inclusive, 3 or 4 apart, with as few 4-gaps as possible, in random places.
std::vector<int> lines(int a, int b, SplitMix64& rng) {
  const int fours = fourGapsFor(b - a), threes = (b - a - 4 * fours) / 3;
  std::vector<int> gaps(static_cast<std::size_t>(threes), 3);
  gaps.insert(gaps.end(), static_cast<std::size_t>(fours), 4);
  for (std::size_t i = gaps.size(); i > 1; --i) std::swap(gaps[i - 1], gaps[rng.below(static_cast<std::uint32_t>(i))]);
  std::vector<int> out = {a};
  for (int g : gaps) out.push_back(out.back() + g);
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

// The columns of the middle: the innermost left column and the gap from it to its mirror
// (3 or 5 on even widths: a 2- or 4-cell wall; 0 on odd widths with a middle corridor, 4 with
// a 3-cell middle wall). Picks the layout with the fewest wide walls.
struct Middle {
  int inner = -1;  // innermost column of the left half (the middle corridor itself when gap is 0)
  int gap = 0;
  int cost = 1000;
};

Middle chooseMiddle(int w) {
  Middle best;
  const int gaps[] = {0, 3, 4, 5};
  for (int gap : gaps) {
    if ((w - 1 - gap) % 2 != 0) continue;  // 0 and 4 on odd widths, 3 and 5 on even ones
    const int inner = (w - 1 - gap) / 2;
    const int fours = fourGapsFor(inner - 1);
    if (fours < 0 || inner - 1 < 3) continue;  // at least one column between the border and the middle
    const int cost = fours + (gap == 4 ? 1 : gap == 5 ? 2 : 0);
    if (cost < best.cost) best = {inner, gap, cost};
  }
  return best;
}

// The house's top wall row: both the rows above and below it must be spans of 3s and 4s;
// the fewest 4-gaps, then the closest to the middle.
int chooseHouseTop(int h) {
  int best = -1, bestScore = 1 << 30;
  for (int top = 2; top + 5 <= h - 2; ++top) {
    const int above = fourGapsFor(top - 2), below = fourGapsFor(h - 7 - top);
    if (above < 0 || below < 0) continue;
    const int score = (above + below) * 1000 + std::abs(2 * top + 5 - h);
    if (score < bestScore) {
      bestScore = score;
      best = top;
    }
  }
  return best;
}

}  // namespace

Error generateArcadeMaze(const ArcadeOptions& o, MapDocument& out, ArcadeLayout* layout) {
  const int w = o.width, h = o.height;
  if (w < 14 || h < 13 || w > kMaxGridSide || h > kMaxGridSide)
    return Error{"arcade maze size " + std::to_string(w) + " x " + std::to_string(h) + " is outside 14.." +
                 std::to_string(kMaxGridSide) + " wide and 13.." + std::to_string(kMaxGridSide) + " high"};
  if (o.tunnels < 0 || o.tunnels > 4) return Error{"an arcade maze has 0 to 4 tunnels"};
  SplitMix64 rng(o.seed);

  // Columns: the left half from the border corridor to the middle, mirrored. The ring's
  // column is the one before the innermost, so the house spans the middle columns.
  const Middle middle = chooseMiddle(w);
  const int ht = chooseHouseTop(h), hb = ht + 4;  // house walls: rows ht and hb, room between
  if (middle.inner < 0 || ht < 0) return Error{"no arcade layout fits " + generate::sizeText(w, h)};
  std::vector<int> xs = lines(1, middle.inner, rng);
  const int ring = xs[xs.size() - 2], hx0 = ring + 1, hx1 = w - 2 - ring;
  for (int i = static_cast<int>(xs.size()) - (middle.gap == 0 ? 2 : 1); i >= 0; --i)
    xs.push_back(w - 1 - xs[static_cast<std::size_t>(i)]);
  // Rows: above the house, the house's middle row (beside it), below the house.
  std::vector<int> ys = lines(1, ht - 1, rng);
  const int midRow = ht + 2;
  ys.push_back(midRow);
  const std::vector<int> below = lines(hb + 1, h - 2, rng);
  ys.insert(ys.end(), below.begin(), below.end());
  const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
  auto colX = [&](int i) { return xs[static_cast<std::size_t>(i)]; };
  auto rowY = [&](int j) { return ys[static_cast<std::size_t>(j)]; };
  // A crossing exists unless it is inside the ring (where the house is).
  auto exists = [&](int i, int j) {
    return !(colX(i) > ring && colX(i) < w - 1 - ring && rowY(j) > ht - 1 && rowY(j) < hb + 1);
  };
  auto node = [&](int i, int j) { return static_cast<std::uint32_t>(j * nx + i); };

  // Edges in mirrored groups. An edge joins crossing a to crossing b (right or down).
  struct Edge {
    std::uint32_t a, b;
  };
  std::vector<Edge> edges;
  std::vector<std::vector<std::uint32_t>> groups;  // edge indices: an edge and its mirror
  std::vector<std::vector<std::uint32_t>> groupsAt(static_cast<std::size_t>(nx * ny));
  std::vector<std::uint32_t> forced;  // the ring, and the middle's edges where the middle wall is 4 cells
  auto addGroup = [&](Edge e, Edge mirror, bool force) {
    std::vector<std::uint32_t> g;
    const auto id = static_cast<std::uint32_t>(groups.size());
    for (const Edge& x : {e, mirror}) {
      if (!g.empty() && edges[g[0]].a == x.a) break;  // an edge on the middle is its own mirror
      g.push_back(static_cast<std::uint32_t>(edges.size()));
      edges.push_back(x);
      groupsAt[x.a].push_back(id);
      groupsAt[x.b].push_back(id);
    }
    groups.push_back(std::move(g));
    if (force) forced.push_back(id);
  };
  const int ringLeft = static_cast<int>(std::find(xs.begin(), xs.end(), ring) - xs.begin());
  for (int j = 0; j < ny; ++j) {
    for (int i = 0; i < nx; ++i) {
      const int m = nx - 1 - i;
      if (i + 1 < nx && i <= m - 1 && exists(i, j) && exists(i + 1, j)) {  // right, from the left half or the middle
        const bool ringRow = (rowY(j) == ht - 1 || rowY(j) == hb + 1) && i >= ringLeft && i < nx - 1 - ringLeft;
        const bool wideMiddle = middle.gap == 5 && i + 1 == m;
        addGroup({node(i, j), node(i + 1, j)}, {node(m - 1, j), node(m, j)}, ringRow || wideMiddle);
      }
      if (j + 1 < ny && i <= m && exists(i, j) && exists(i, j + 1)) {  // down, from the left half or the middle
        const bool ringColumn = i == ringLeft && rowY(j) >= ht - 1 && rowY(j + 1) <= hb + 1;
        addGroup({node(i, j), node(i, j + 1)}, {node(m, j), node(m, j + 1)}, ringColumn);
      }
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
  for (std::uint32_t g : forced) use(g);

  // Tunnels: the house's middle row first (as in the arcade), then other rows but the first
  // and last, opened at both ends.
  std::vector<int> tunnelRows;
  {
    std::vector<int> candidates;
    for (int j = 1; j + 1 < ny; ++j)
      if (rowY(j) != midRow) candidates.push_back(j);
    for (int k = 0; k < o.tunnels; ++k) {
      int j = static_cast<int>(std::find(ys.begin(), ys.end(), midRow) - ys.begin());
      if (k > 0) {
        if (candidates.empty()) return Error{"the maze is too small for " + std::to_string(o.tunnels) + " tunnels"};
        const std::size_t pick = rng.below(static_cast<std::uint32_t>(candidates.size()));
        j = candidates[pick];
        candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(pick));
      }
      tunnelRows.push_back(rowY(j));
      ++degree[node(0, j)];
      ++degree[node(nx - 1, j)];
    }
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
    if (!used[g] && rng.below(100) < 10) use(g);
  // No dead ends: every crossing gets a second edge.
  for (std::uint32_t n = 0; n < degree.size(); ++n) {
    if (!exists(static_cast<int>(n % static_cast<std::uint32_t>(nx)),
                static_cast<int>(n / static_cast<std::uint32_t>(nx))))
      continue;
    while (degree[n] < 2) {
      std::vector<std::uint32_t> free;
      for (std::uint32_t g : groupsAt[n])
        if (!used[g]) free.push_back(g);
      use(free[rng.below(static_cast<std::uint32_t>(free.size()))]);  // a crossing has >= 2 possible edges
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
      const auto cols = static_cast<std::uint32_t>(nx);
      const int ax = colX(static_cast<int>(edges[e].a % cols)), ay = rowY(static_cast<int>(edges[e].a / cols));
      const int bx = colX(static_cast<int>(edges[e].b % cols)), by = rowY(static_cast<int>(edges[e].b / cols));
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
                   "A Pac-Man-style maze: symmetric, one-cell corridors between 2-cell walls, no dead ends, a ghost "
                   "house and " +
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
