// Test-only references written straight from the rules in grid.h, independent of the
// library's neighbour generator and search loop, plus a seeded random map maker.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "astar/grid.h"

namespace astar::testing {

struct Rng {  // splitmix64: same numbers on every platform
  std::uint64_t state;
  explicit Rng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  double unit() { return static_cast<double>(next() >> 11) / 9007199254740992.0; }
  bool chance(double p) { return unit() < p; }
};

struct Edge {
  NodeId to;
  double cost;
};

// All moves out of (x, y), from the documented rules.
inline std::vector<Edge> referenceMoves(const Grid& grid, NodeId n) {
  std::vector<Edge> out;
  const int w = grid.width(), h = grid.height(), x = grid.xOf(n), y = grid.yOf(n);
  auto cell = [&](int cx, int cy, NodeId& id) {
    if (cx < 0 || cx >= w) {
      if (!grid.wrapX()) return false;
      cx = ((cx % w) + w) % w;
    }
    if (cy < 0 || cy >= h) {
      if (!grid.wrapY()) return false;
      cy = ((cy % h) + h) % h;
    }
    id = static_cast<NodeId>(cy * w + cx);
    return true;
  };
  if (!grid.passable(n)) return out;
  if (grid.hex()) {
    // Axial coordinates (q, r) of odd-r rows: q = x - floor(y / 2). The six neighbours and
    // their Direction names, from Red Blob Games' hex grid guide.
    struct HexMove {
      int dq, dr;
      Direction d;
    };
    static constexpr HexMove kHexMoves[6] = {{1, 0, East},       {-1, 0, West},     {1, -1, NorthEast},
                                             {0, -1, NorthWest}, {0, 1, SouthEast}, {-1, 1, SouthWest}};
    const int q = x - (y - (y & 1)) / 2;
    for (const HexMove& mv : kHexMoves) {
      const int r2 = y + mv.dr, q2 = q + mv.dq;
      const int floorHalf = r2 >= 0 ? r2 / 2 : -((-r2 + 1) / 2);  // floor(r2 / 2)
      NodeId m;
      if (!cell(q2 + floorHalf, r2, m) || !grid.passable(m) || m == n) continue;
      if (!(grid.entryMask(m) & (1u << mv.d))) continue;
      out.push_back({m, grid.straightCost() * grid.cost(m)});
    }
  }
  const int dirs = grid.hex() ? 0 : grid.diagonal() == DiagonalMovement::Never ? 4 : 8;
  for (int d = 0; d < dirs; ++d) {
    const int dx = kDirectionX[d], dy = kDirectionY[d];
    NodeId m, a, b;
    if (!cell(x + dx, y + dy, m) || !grid.passable(m) || m == n) continue;
    if (d >= 4) {
      const bool sa = cell(x + dx, y, a) && grid.passable(a);
      const bool sb = cell(x, y + dy, b) && grid.passable(b);
      const DiagonalMovement rule = grid.diagonal();
      if (rule == DiagonalMovement::OnlyWhenNoObstacles && !(sa && sb)) continue;
      if (rule == DiagonalMovement::IfAtMostOneObstacle && !(sa || sb)) continue;
    }
    if (!(grid.entryMask(m) & (1u << d))) continue;
    out.push_back({m, (d < 4 ? grid.straightCost() : grid.diagonalCost()) * grid.cost(m)});
  }
  for (const Portal& p : grid.portals()) {
    if (p.from == n && grid.passable(p.to)) out.push_back({p.to, p.cost});
    if (p.twoWay && p.to == n && grid.passable(p.from)) out.push_back({p.from, p.cost});
  }
  return out;
}

// Plain Dijkstra (std::priority_queue, lazy deletion) from `sources` over an adjacency given
// as edgesOf(NodeId) -> std::vector<Edge>.
template <class EdgesOf>
std::vector<double> referenceDijkstra(NodeId nodes, const std::vector<NodeId>& sources, EdgesOf&& edgesOf) {
  std::vector<double> dist(nodes, std::numeric_limits<double>::infinity());
  using Item = std::pair<double, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  for (NodeId s : sources) {
    dist[s] = 0.0;
    queue.push({0.0, s});
  }
  while (!queue.empty()) {
    const auto [d, u] = queue.top();
    queue.pop();
    if (d > dist[u]) continue;
    for (const Edge& e : edgesOf(u))
      if (d + e.cost < dist[e.to]) {
        dist[e.to] = d + e.cost;
        queue.push({dist[e.to], e.to});
      }
  }
  return dist;
}

// Distances from `source` to every node (+inf if unreachable).
inline std::vector<double> referenceDistances(const Grid& grid, NodeId source) {
  return referenceDijkstra(grid.cellCount(), {source}, [&](NodeId u) { return referenceMoves(grid, u); });
}

// Distances from every node to the nearest of `goals` (Dijkstra over the reversed moves).
inline std::vector<double> referenceDistancesToGoals(const Grid& grid, const std::vector<NodeId>& goals) {
  std::vector<std::vector<Edge>> reverse(grid.cellCount());
  for (NodeId n = 0; n < grid.cellCount(); ++n)
    for (const Edge& e : referenceMoves(grid, n)) reverse[e.to].push_back({n, e.cost});
  return referenceDijkstra(grid.cellCount(), goals, [&](NodeId u) { return reverse[u]; });
}

// True clearance by brute force (clearance.h's definition, written again here): the largest
// k <= cap such that the k x k square with (x, y) as its top-left cell is inside the map and
// holds no wall.
inline int referenceClearance(const Grid& grid, int x, int y, int cap) {
  int best = 0;
  for (int k = 1; k <= cap; ++k) {
    bool free = true;
    for (int dy = 0; dy < k && free; ++dy)
      for (int dx = 0; dx < k && free; ++dx) free = grid.passable(x + dx, y + dy);
    if (!free) break;
    best = k;
  }
  return best;
}

// The map as a k x k agent anchored at its top-left cell sees it: the same grid with every cell
// whose k x k square is not free walled. Its moves (referenceMoves) are the agent's moves.
inline Grid referenceAgentGrid(const Grid& grid, int k) {
  Grid out = grid;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (grid.passable(x, y) && referenceClearance(grid, x, y, k) < k) (void)out.setWall(x, y);
  return out;
}

struct RandomMapOptions {
  int minSide = 4, maxSide = 24;
  double wallDensity = 0.25;
  double terrainChance = 0.3;  // chance a floor cell gets a cost other than 1
  bool wrap = true;            // random wrap axes
  int maxPortals = 3;
  double oneWayChance = 0.03;
  bool randomMovement = true;  // random DiagonalMovement and cost model
  double hexChance = 0.0;      // chance of hex cells (no random numbers drawn when 0)
};

// Plain maps: walls only, one cost, no wrap, portals or one-way cells, the movement rule left as
// is (the tests of JPS+, the subgoal graph and the any-angle reference set it themselves).
inline RandomMapOptions plainMapOptions(int minSide, int maxSide, double wallDensity) {
  RandomMapOptions o;
  o.minSide = minSide;
  o.maxSide = maxSide;
  o.wallDensity = wallDensity;
  o.terrainChance = 0.0;
  o.wrap = false;
  o.maxPortals = 0;
  o.oneWayChance = 0.0;
  o.randomMovement = false;
  return o;
}

inline Grid randomGrid(Rng& rng, const RandomMapOptions& o = {}) {
  Grid grid(o.minSide + rng.below(o.maxSide - o.minSide + 1), o.minSide + rng.below(o.maxSide - o.minSide + 1));
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      if (rng.chance(o.wallDensity)) {
        (void)grid.setWall(x, y);
      } else if (rng.chance(o.terrainChance)) {
        static const double costs[] = {0.5, 1.5, 2.0, 3.0, 10.0};
        (void)grid.setCost(x, y, costs[rng.below(5)]);
      }
      if (rng.chance(o.oneWayChance)) (void)grid.setEntryMask(x, y, static_cast<std::uint8_t>(rng.next() & 0xFF));
    }
  if (o.randomMovement) {
    grid.setDiagonal(static_cast<DiagonalMovement>(rng.below(4)));
    grid.setCostModel(rng.chance(0.25) ? CostModel::Integer : CostModel::Real);
  }
  if (o.hexChance > 0.0 && rng.chance(o.hexChance)) (void)grid.setTopology(Topology::Hex);
  if (o.wrap) {
    const bool wrapX = rng.chance(0.5), wrapY = rng.chance(0.3);
    (void)grid.setWrap(wrapX, wrapY && !(grid.hex() && grid.height() % 2 != 0));
  }
  const int portals = o.maxPortals > 0 ? rng.below(o.maxPortals + 1) : 0;
  for (int i = 0; i < portals; ++i) {
    const int ax = rng.below(grid.width()), ay = rng.below(grid.height());
    const int bx = rng.below(grid.width()), by = rng.below(grid.height());
    if (ax == bx && ay == by) continue;
    (void)grid.addPortal(ax, ay, bx, by, rng.unit() * 4.0, rng.chance(0.6));
  }
  return grid;
}

inline NodeId randomPassable(Rng& rng, const Grid& grid) {
  for (int tries = 0; tries < 1000; ++tries) {
    const NodeId n = static_cast<NodeId>(rng.below(static_cast<int>(grid.cellCount())));
    if (grid.passable(n)) return n;
  }
  for (NodeId n = 0; n < grid.cellCount(); ++n)
    if (grid.passable(n)) return n;
  return kNoNode;
}

// Builds a grid from rows of characters: '#' wall, '.' floor, digits 1-9 cost, '~' water (cost 10).
inline Grid gridFromRows(const std::vector<const char*>& rows) {
  const int h = static_cast<int>(rows.size()), w = static_cast<int>(std::strlen(rows[0]));
  Grid grid(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const char c = rows[static_cast<std::size_t>(y)][x];
      if (c == '#') (void)grid.setWall(x, y);
      if (c >= '1' && c <= '9') (void)grid.setCost(x, y, c - '0');
      if (c == '~') (void)grid.setCost(x, y, 10.0);
    }
  return grid;
}

}  // namespace astar::testing
