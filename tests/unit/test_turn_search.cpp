// Turn-aware search (astar/turn_space.h) against an independent reference: a Dijkstra over
// (cell, heading) states whose moves are written here from the documented rules (grid.h's
// movement, wrap, portal, one-way and terrain rules; turn_space.h's heading, turn-cost,
// portal and no-reverse rules), not through TurnSpace or Grid::forEachNeighbor.
// 500 random maps per (topology, turn cost, no-reverse) setting: costs equal, every path is a
// chain of legal moves with the reported cost, and the heuristic never overestimates.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "astar/search.h"
#include "astar/turn_space.h"
#include "reference.h"

namespace astar {
namespace {

using testing::Edge;
using testing::Rng;

enum class Shape { Square4, Square8, Hex };
const char* shapeName(Shape s) {
  return s == Shape::Square4 ? "square 4-way" : s == Shape::Square8 ? "square 8-way" : "hex";
}

// Headings in clockwise ring order, as documented in turn_space.h.
std::vector<Direction> ringFor(const Grid& g) {
  if (g.hex()) return {East, SouthEast, SouthWest, West, NorthWest, NorthEast};
  if (g.diagonal() == DiagonalMovement::Never) return {North, East, South, West};
  return {North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest};
}

struct RefMove {
  NodeId cell;
  double cost;
  int heading;  // ring index, or -1 for a portal jump
};

// The grid moves out of `n`, with their headings, from grid.h's rules.
std::vector<RefMove> refCellMoves(const Grid& g, NodeId n) {
  std::vector<RefMove> out;
  if (!g.passable(n)) return out;
  const int w = g.width(), ht = g.height(), x = g.xOf(n), y = g.yOf(n);
  auto at = [&](int cx, int cy, NodeId& id) {
    if (cx < 0 || cx >= w) {
      if (!g.wrapX()) return false;
      cx = ((cx % w) + w) % w;
    }
    if (cy < 0 || cy >= ht) {
      if (!g.wrapY()) return false;
      cy = ((cy % ht) + ht) % ht;
    }
    id = static_cast<NodeId>(cy * w + cx);
    return g.passable(id);
  };
  const std::vector<Direction> ring = ringFor(g);
  for (int h = 0; h < static_cast<int>(ring.size()); ++h) {
    const Direction d = ring[static_cast<std::size_t>(h)];
    int dx = 0, dy = 0;
    if (g.hex()) {
      // odd-r rows: odd rows sit half a cell right, so their upper and lower neighbours are
      // x and x + 1; an even row's are x - 1 and x.
      const bool odd = (y & 1) != 0;
      switch (d) {
        case East: dx = 1; break;
        case West: dx = -1; break;
        case NorthEast: dy = -1, dx = odd ? 1 : 0; break;
        case NorthWest: dy = -1, dx = odd ? 0 : -1; break;
        case SouthEast: dy = 1, dx = odd ? 1 : 0; break;
        case SouthWest: dy = 1, dx = odd ? 0 : -1; break;
        default: break;
      }
    } else {
      dx = d == East || d == NorthEast || d == SouthEast ? 1 : d == West || d == NorthWest || d == SouthWest ? -1 : 0;
      dy = d == South || d == SouthEast || d == SouthWest ? 1 : d == North || d == NorthEast || d == NorthWest ? -1 : 0;
    }
    NodeId m, a, b;
    if (!at(x + dx, y + dy, m) || m == n) continue;
    const bool diagonal = !g.hex() && dx != 0 && dy != 0;
    if (diagonal) {
      const bool sa = at(x + dx, y, a), sb = at(x, y + dy, b);
      if (g.diagonal() == DiagonalMovement::OnlyWhenNoObstacles && !(sa && sb)) continue;
      if (g.diagonal() == DiagonalMovement::IfAtMostOneObstacle && !(sa || sb)) continue;
    }
    if (!(g.entryMask(m) & (1u << d))) continue;
    out.push_back({m, (diagonal ? g.diagonalCost() : g.straightCost()) * g.cost(m), h});
  }
  for (const Portal& p : g.portals()) {
    if (p.from == n && g.passable(p.to)) out.push_back({p.to, p.cost, -1});
    if (p.twoWay && p.to == n && g.passable(p.from)) out.push_back({p.from, p.cost, -1});
  }
  return out;
}

// The state graph: node = cell * (H + 1) + heading, H = "no heading yet".
struct RefStates {
  const Grid& g;
  TurnOptions o;
  int count;  // H
  NodeId slots() const { return static_cast<NodeId>(count + 1); }
  int steps(int a, int b) const {
    const int d = std::abs(a - b);
    return std::min(d, count - d);
  }
  // Moves out of a state; `deadEnd` tells whether a reversal was allowed as the only move.
  std::vector<Edge> moves(NodeId s, bool* deadEnd = nullptr) const {
    const NodeId cell = s / slots();
    const int h = static_cast<int>(s % slots());
    const bool none = h == count;
    const std::vector<RefMove> raw = refCellMoves(g, cell);
    bool onlyReverse = o.noReverse && !none;
    for (const RefMove& m : raw) onlyReverse = onlyReverse && m.heading >= 0 && 2 * steps(h, m.heading) == count;
    if (deadEnd) *deadEnd = onlyReverse && !raw.empty();
    std::vector<Edge> out;
    for (const RefMove& m : raw) {
      if (m.heading < 0) {
        out.push_back({m.cell * slots() + static_cast<NodeId>(h), m.cost});
        continue;
      }
      const int k = none ? 0 : steps(h, m.heading);
      if (o.noReverse && !none && 2 * k == count && !onlyReverse) continue;
      out.push_back({m.cell * slots() + static_cast<NodeId>(m.heading), m.cost + k * o.turnCost});
    }
    return out;
  }
};

int ringIndex(const Grid& g, int direction) {
  const std::vector<Direction> ring = ringFor(g);
  for (std::size_t i = 0; i < ring.size(); ++i)
    if (ring[i] == direction) return static_cast<int>(i);
  return -1;
}

Grid randomTurnGrid(Rng& rng, Shape shape) {
  testing::RandomMapOptions o;
  o.minSide = 2;
  o.maxSide = 9;
  o.wallDensity = 0.2;
  o.oneWayChance = 0.08;
  o.wrap = false;
  Grid g = testing::randomGrid(rng, o);
  if (shape == Shape::Square4) g.setDiagonal(DiagonalMovement::Never);
  if (shape == Shape::Square8 && g.diagonal() == DiagonalMovement::Never)
    g.setDiagonal(static_cast<DiagonalMovement>(1 + rng.below(3)));
  if (shape == Shape::Hex) {
    EXPECT_TRUE(g.setTopology(Topology::Hex).ok());
  }
  const bool wrapX = rng.chance(0.5), wrapY = rng.chance(0.4) && !(g.hex() && g.height() % 2 != 0);
  EXPECT_TRUE(g.setWrap(wrapX, wrapY).ok());
  return g;
}

struct Setting {
  double turnCost;
  bool noReverse;
};
constexpr Setting kSettings[] = {{0.0, false}, {0.5, false}, {1.0, false}, {3.0, false},
                                 {0.0, true},  {0.5, true},  {1.0, true},  {3.0, true}};
constexpr int kMapsPerSetting = 500;

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

// One query on a random map: cost against the reference, the path move by move.
void checkQuery(Rng& rng, Shape shape, const Setting& setting, int map, int& deadEndReversals, int& found) {
  const Grid g = randomTurnGrid(rng, shape);
  const NodeId start = testing::randomPassable(rng, g), goal = testing::randomPassable(rng, g);
  if (start == kNoNode) return;
  TurnOptions o;
  o.turnCost = setting.turnCost;
  o.noReverse = setting.noReverse;
  const std::vector<Direction> ring = ringFor(g);
  if (rng.chance(0.5)) o.initialHeading = ring[static_cast<std::size_t>(rng.below(static_cast<int>(ring.size())))];
  const RefStates ref{g, o, static_cast<int>(ring.size())};
  const NodeId startState =
      start * ref.slots() +
      static_cast<NodeId>(o.initialHeading == kNoHeading ? ref.count : ringIndex(g, o.initialHeading));
  const std::vector<double> dist =
      testing::referenceDijkstra(g.cellCount() * ref.slots(), {startState}, [&](NodeId u) { return ref.moves(u); });
  double best = std::numeric_limits<double>::infinity();
  for (NodeId s = goal * ref.slots(); s < (goal + 1) * ref.slots(); ++s) best = std::min(best, dist[s]);

  const TurnPathResult r = findTurnPath(g, start, goal, o);
  SCOPED_TRACE(::testing::Message() << shapeName(shape) << " map " << map << " " << g.width() << "x" << g.height()
                                    << " turn " << o.turnCost << (o.noReverse ? " no-reverse" : "") << " start "
                                    << start << " goal " << goal << " heading " << o.initialHeading);
  if (std::isinf(best)) {
    ASSERT_EQ(r.status, SearchStatus::NoPath);
    return;
  }
  ASSERT_EQ(r.status, SearchStatus::Found) << r.message;
  ++found;
  ASSERT_TRUE(near(r.stats.pathCost, best)) << r.stats.pathCost << " vs reference " << best;
  ASSERT_EQ(r.cells.size(), r.headings.size());
  ASSERT_EQ(r.cells.front(), start);
  ASSERT_EQ(r.cells.back(), goal);
  // Each step a legal move of the reference state graph; their costs add up to the cost.
  double sum = 0.0;
  for (std::size_t i = 0; i + 1 < r.cells.size(); ++i) {
    const auto state = [&](std::size_t k) {
      return r.cells[k] * ref.slots() + static_cast<NodeId>(r.headings[k] == kNoHeading ? ref.count : r.headings[k]);
    };
    bool deadEnd = false;
    double step = std::numeric_limits<double>::infinity();
    for (const Edge& e : ref.moves(state(i), &deadEnd))
      if (e.to == state(i + 1)) step = std::min(step, e.cost);
    ASSERT_FALSE(std::isinf(step)) << "step " << i << " is not a legal move";
    sum += step;
    const int a = r.headings[i], b = r.headings[i + 1];
    if (o.noReverse && a != kNoHeading && b != kNoHeading && 2 * ref.steps(a, b) == ref.count &&
        r.cells[i] != r.cells[i + 1]) {
      ASSERT_TRUE(deadEnd) << "step " << i << " reverses outside a dead end";
      ++deadEndReversals;
    }
  }
  ASSERT_TRUE(near(sum, r.stats.pathCost));
}

class TurnSearchRandom : public ::testing::TestWithParam<Shape> {};

TEST_P(TurnSearchRandom, CostsEqualAnIndependentStateDijkstraOn500MapsPerSetting) {
  const Shape shape = GetParam();
  int deadEnds = 0, found = 0, queries = 0;
  for (const Setting& setting : kSettings) {
    Rng rng(0x7A11 + static_cast<std::uint64_t>(shape) * 1000 + static_cast<std::uint64_t>(setting.turnCost * 10) +
            (setting.noReverse ? 100 : 0));
    for (int map = 0; map < kMapsPerSetting; ++map) {
      checkQuery(rng, shape, setting, map, deadEnds, found);
      ++queries;
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::printf("%s: %d queries (%d settings x %d maps), %d found, %d dead-end reversals\n", shapeName(shape), queries,
              static_cast<int>(std::size(kSettings)), kMapsPerSetting, found, deadEnds);
  EXPECT_EQ(queries, static_cast<int>(std::size(kSettings)) * kMapsPerSetting);
  EXPECT_GT(found, queries / 2);
  if (shape != Shape::Square8) {
    EXPECT_GT(deadEnds, 0) << "the dead-end rule was exercised";
  }
}

// h(state) <= the exact remaining cost (reverse Dijkstra over the reference states) for every
// state, including with the portal-aware bound.
TEST_P(TurnSearchRandom, HeuristicNeverOverestimates) {
  const Shape shape = GetParam();
  Rng rng(0x4EA7 + static_cast<std::uint64_t>(shape));
  int checked = 0;
  for (int map = 0; map < 120; ++map) {
    const Grid g = randomTurnGrid(rng, shape);
    const NodeId start = testing::randomPassable(rng, g), goal = testing::randomPassable(rng, g);
    if (start == kNoNode) continue;
    TurnOptions o;
    o.turnCost = kSettings[map % std::size(kSettings)].turnCost;
    o.noReverse = kSettings[map % std::size(kSettings)].noReverse;
    const RefStates ref{g, o, static_cast<int>(ringFor(g).size())};
    const NodeId states = g.cellCount() * ref.slots();
    std::vector<std::vector<Edge>> reverse(states);
    for (NodeId s = 0; s < states; ++s)
      for (const Edge& e : ref.moves(s)) reverse[e.to].push_back({s, e.cost});
    std::vector<NodeId> goals;
    for (NodeId s = goal * ref.slots(); s < (goal + 1) * ref.slots(); ++s) goals.push_back(s);
    const std::vector<double> exact = testing::referenceDijkstra(states, goals, [&](NodeId u) { return reverse[u]; });
    const TurnSpace space(g, o);
    for (Heuristic kind : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Exact}) {
      Search<TurnSpace> search(space);
      SearchOptions so;
      so.heuristic = kind;
      if (kind == Heuristic::Manhattan && g.diagonal() != DiagonalMovement::Never && !g.hex()) continue;
      ASSERT_NE(search.begin(space.startNode(start), std::span<const NodeId>(goals), so), SearchStatus::InvalidInput)
          << search.message();
      for (NodeId s = 0; s < states; ++s) {
        if (!g.passable(s / ref.slots()) || std::isinf(exact[s])) continue;
        const double h = search.h(s);
        ASSERT_LE(h, exact[s] + 1e-9 * std::max(1.0, exact[s]))
            << "map " << map << " state " << s << " heuristic " << heuristicName(kind);
        if (kind == Heuristic::Exact) {
          ASSERT_TRUE(near(h, exact[s])) << "exact heuristic, state " << s;
        }
        ++checked;
      }
    }
  }
  std::printf("%s: h <= exact on %d states\n", shapeName(shape), checked);
  EXPECT_GT(checked, 1000);
}

INSTANTIATE_TEST_SUITE_P(Shapes, TurnSearchRandom, ::testing::Values(Shape::Square4, Shape::Square8, Shape::Hex),
                         [](const ::testing::TestParamInfo<Shape>& i) {
                           return std::string(i.param == Shape::Square4   ? "Square4"
                                              : i.param == Shape::Square8 ? "Square8"
                                                                          : "Hex");
                         });

// A corridor: with no-reverse, a mover heading east cannot turn back to the cell behind it;
// it must reach the dead end, reverse there (the only move) and come back.
TEST(TurnSearch, NoReverseGoesToTheDeadEndAndBack) {
  Grid g = testing::gridFromRows({"#.....#"});
  g.setDiagonal(DiagonalMovement::Never);
  TurnOptions o;
  o.noReverse = true;
  o.turnCost = 1.0;
  o.initialHeading = East;
  const TurnPathResult r = findTurnPath(g, g.index(3, 0), g.index(2, 0), o);
  ASSERT_EQ(r.status, SearchStatus::Found) << r.message;
  // 3 -> 4 -> 5 (dead end), reverse (2 steps of 90 degrees), 5 -> 4 -> 3 -> 2.
  EXPECT_EQ(r.cells, (std::vector<NodeId>{3, 4, 5, 4, 3, 2}));
  EXPECT_DOUBLE_EQ(r.stats.pathCost, 5.0 + 2.0);
  o.noReverse = false;
  const TurnPathResult back = findTurnPath(g, g.index(3, 0), g.index(2, 0), o);
  EXPECT_EQ(back.cells, (std::vector<NodeId>{3, 2}));
  EXPECT_DOUBLE_EQ(back.stats.pathCost, 1.0 + 2.0);
}

// A turn cost makes a path with fewer turns win among equally long ones.
TEST(TurnSearch, TurnCostPrefersFewerTurns) {
  Grid g(5, 5);
  g.setDiagonal(DiagonalMovement::Never);
  TurnOptions o;
  o.turnCost = 0.25;
  o.initialHeading = East;
  const TurnPathResult r = findTurnPath(g, g.index(0, 0), g.index(4, 4), o);
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_DOUBLE_EQ(r.stats.pathCost, 8.0 + 0.25);  // east to the corner, one turn, south
  int turns = 0;
  for (std::size_t i = 1; i + 1 < r.headings.size(); ++i) turns += r.headings[i] != r.headings[i + 1];
  EXPECT_EQ(turns, 1);
}

// A wrap keeps the move's direction; a portal jump keeps the heading into the portal cell.
TEST(TurnSearch, WrapAndPortalHeadings) {
  Grid g(6, 3);
  g.setDiagonal(DiagonalMovement::Never);
  ASSERT_TRUE(g.setWrap(true, false).ok());
  TurnSpace space(g);
  std::vector<std::pair<NodeId, TurnMove>> out;
  space.forEachMove(space.node(g.index(5, 1), space.headingOf(East)), [&](NodeId v, double, TurnMove kind) {
    out.push_back({v, kind});
  });
  bool wrapEast = false;
  for (auto [v, kind] : out)
    wrapEast = wrapEast || (v == space.node(g.index(0, 1), space.headingOf(East)) && kind == TurnMove::Step);
  EXPECT_TRUE(wrapEast) << "leaving the east edge is an east move";
  ASSERT_TRUE(g.addPortal(1, 0, 4, 2, 2.5, false).ok());
  out.clear();
  space.forEachMove(space.node(g.index(1, 0), space.headingOf(North)), [&](NodeId v, double, TurnMove kind) {
    out.push_back({v, kind});
  });
  int jumps = 0;
  for (auto [v, kind] : out)
    if (kind == TurnMove::Portal) {
      ++jumps;
      EXPECT_EQ(v, space.node(g.index(4, 2), space.headingOf(North)));
    }
  EXPECT_EQ(jumps, 1);
}

TEST(TurnSearch, BadOptionsAreRefused) {
  Grid g(4, 4);
  g.setDiagonal(DiagonalMovement::Never);
  TurnOptions o;
  o.initialHeading = NorthEast;
  TurnPathResult r = findTurnPath(g, 0, 15, o);
  EXPECT_EQ(r.status, SearchStatus::InvalidInput);
  EXPECT_STREQ(r.message, "the initial heading is not one of this grid's 4 (4-connected) directions");
  o.initialHeading = kNoHeading;
  o.turnCost = -1.0;
  r = findTurnPath(g, 0, 15, o);
  EXPECT_EQ(r.status, SearchStatus::InvalidInput);
  EXPECT_STREQ(r.message, "the turn cost must be a number from 0 to 1e30");
  o.turnCost = 0.0;
  ASSERT_TRUE(g.setWall(3, 3).ok());
  r = findTurnPath(g, 0, 15, o);
  EXPECT_EQ(r.status, SearchStatus::InvalidInput);
  EXPECT_STREQ(r.message, "goal (3, 3) heading N is a wall");
}

}  // namespace
}  // namespace astar
