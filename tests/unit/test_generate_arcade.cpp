// The arcade generator keeps the promises of issue 19 on every seed tried: symmetric left to
// right, connected, no dead ends, corridors one cell wide, walls at least 2 x 2 away from the
// border and the ghost house, no wide solid area, a ghost house with a door in the middle,
// and tunnels that wrap and can be reached.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "astar/generators.h"

namespace {

using astar::NodeId;

// Which passable cells can be reached from `from` through the grid's own neighbours (so the
// wrap-around tunnels count).
std::vector<std::uint8_t> reached(const astar::Grid& g, NodeId from) {
  std::vector<std::uint8_t> seen(g.cellCount(), 0);
  std::vector<NodeId> stack = {from};
  seen[from] = 1;
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    g.forEachNeighbor(n, [&](NodeId m, double) {
      if (!seen[m]) {
        seen[m] = 1;
        stack.push_back(m);
      }
    });
  }
  return seen;
}

// Whether the k x k block with top-left (x, y) is all wall (passable = false) or all floor.
bool blockIs(const astar::Grid& g, int x, int y, int k, bool passable) {
  for (int dy = 0; dy < k; ++dy)
    for (int dx = 0; dx < k; ++dx)
      if (g.passable(x + dx, y + dy) != passable) return false;
  return true;
}

void checkArcade(const astar::ArcadeOptions& o) {
  SCOPED_TRACE("seed " + std::to_string(o.seed) + " size " + std::to_string(o.width) + "x" + std::to_string(o.height) +
               " tunnels " + std::to_string(o.tunnels));
  astar::MapDocument doc;
  astar::ArcadeLayout house;
  const astar::Error e = astar::generateArcadeMaze(o, doc, &house);
  ASSERT_TRUE(e.ok()) << e.message;
  const astar::Grid& g = doc.grid;
  const int w = g.width(), h = g.height();
  ASSERT_EQ(w, o.width);
  ASSERT_EQ(h, o.height);
  ASSERT_EQ(g.diagonal(), astar::DiagonalMovement::Never);
  auto inHouse = [&](int x, int y) {
    return x >= house.houseLeft && x <= house.houseRight && y >= house.houseTop && y <= house.houseBottom;
  };
  auto blockTouchesHouse = [&](int x, int y, int k) {
    return x <= house.houseRight && x + k - 1 >= house.houseLeft && y <= house.houseBottom &&
           y + k - 1 >= house.houseTop;
  };

  // Symmetric left to right.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w / 2; ++x) ASSERT_EQ(g.passable(x, y), g.passable(w - 1 - x, y)) << x << "," << y;

  // Corridors one cell wide: no 2 x 2 block of floor outside the ghost house.
  for (int y = 0; y + 1 < h; ++y)
    for (int x = 0; x + 1 < w; ++x)
      if (!blockTouchesHouse(x, y, 2)) {
        ASSERT_FALSE(blockIs(g, x, y, 2, true)) << "2x2 floor at " << x << "," << y;
      }

  // Walls at least 2 cells thick: every wall cell off the border and outside the house lies
  // in some 2 x 2 block of wall.
  for (int y = 1; y + 1 < h; ++y)
    for (int x = 1; x + 1 < w; ++x) {
      if (g.passable(x, y) || inHouse(x, y)) continue;
      bool inBlock = false;
      for (int by = y - 1; by <= y && !inBlock; ++by)
        for (int bx = x - 1; bx <= x && !inBlock; ++bx) inBlock = blockIs(g, bx, by, 2, false);
      ASSERT_TRUE(inBlock) << "thin wall at " << x << "," << y;
    }

  // No wide solid areas: no 4 x 4 block of wall anywhere.
  for (int y = 0; y + 3 < h; ++y)
    for (int x = 0; x + 3 < w; ++x) ASSERT_FALSE(blockIs(g, x, y, 4, false)) << "4x4 wall at " << x << "," << y;

  // No dead ends: every floor cell has at least two moves (tunnels wrap).
  for (NodeId n = 0; n < g.cellCount(); ++n) {
    if (!g.passable(n)) continue;
    int moves = 0;
    g.forEachNeighbor(n, [&](NodeId, double) { ++moves; });
    ASSERT_GE(moves, 2) << "dead end at " << g.xOf(n) << "," << g.yOf(n);
  }

  // Connected: every floor cell, the house and the tunnels included, is reachable from the start.
  ASSERT_TRUE(g.passable(doc.start));
  ASSERT_EQ(doc.goals.size(), 1u);
  ASSERT_TRUE(g.passable(doc.goals[0]));
  const std::vector<std::uint8_t> seen = reached(g, doc.start);
  for (NodeId n = 0; n < g.cellCount(); ++n)
    ASSERT_EQ(seen[n] != 0, g.passable(n)) << "cell " << g.xOf(n) << "," << g.yOf(n);

  // The ghost house: in the middle, a closed wall box with a door in the middle of its top
  // wall under a corridor, and an open room of three rows.
  ASSERT_EQ(house.houseLeft + house.houseRight, w - 1);
  ASSERT_EQ(house.houseBottom - house.houseTop, 4);
  ASSERT_LE(std::abs(house.houseTop + house.houseBottom - (h - 1)), 8);
  ASSERT_EQ(house.doors.size(), w % 2 == 0 ? 2u : 1u);
  for (NodeId d : house.doors) {
    ASSERT_EQ(g.yOf(d), house.houseTop);
    ASSERT_LE(std::abs(2 * static_cast<int>(g.xOf(d)) - (w - 1)), 1);
    ASSERT_TRUE(g.passable(d));
    ASSERT_TRUE(g.passable(g.xOf(d), house.houseTop - 1));
    ASSERT_EQ(doc.cells[d], '-');
  }
  for (int y = house.houseTop; y <= house.houseBottom; ++y)
    for (int x = house.houseLeft; x <= house.houseRight; ++x) {
      const bool wall = y == house.houseTop || y == house.houseBottom || x == house.houseLeft || x == house.houseRight;
      const bool door = std::find(house.doors.begin(), house.doors.end(), g.index(x, y)) != house.doors.end();
      ASSERT_EQ(g.passable(x, y), !wall || door) << "house cell " << x << "," << y;
    }

  // Tunnels: open at both borders, wrapping, reachable; the rest of the border is wall.
  ASSERT_EQ(static_cast<int>(house.tunnelRows.size()), o.tunnels);
  ASSERT_EQ(g.wrapX(), o.tunnels > 0);
  ASSERT_FALSE(g.wrapY());
  for (int y : house.tunnelRows) {
    ASSERT_TRUE(g.passable(0, y) && g.passable(w - 1, y));
    ASSERT_TRUE(seen[g.index(0, y)] && seen[g.index(w - 1, y)]);
    bool wraps = false;
    g.forEachNeighbor(g.index(0, y), [&](NodeId m, double) { wraps |= m == g.index(w - 1, y); });
    ASSERT_TRUE(wraps) << "tunnel row " << y << " does not wrap";
  }
  int borderOpenings = 0;
  for (int y = 0; y < h; ++y) borderOpenings += g.passable(0, y);
  ASSERT_EQ(borderOpenings, o.tunnels);
  for (int x = 0; x < w; ++x) ASSERT_TRUE(!g.passable(x, 0) && !g.passable(x, h - 1));
}

TEST(ArcadeGenerator, ThousandSeedsKeepEveryPromise) {
  astar::ArcadeOptions o;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    o.seed = seed;
    o.tunnels = 1 + static_cast<int>(seed % 2);
    checkArcade(o);
    if (HasFatalFailure()) return;
  }
}

TEST(ArcadeGenerator, EverySmallSizeAndOtherTunnelCounts) {
  std::uint64_t seed = 11;
  for (int w = 14; w <= 40; ++w)
    for (int h = 13; h <= 40; h += 3)
      for (int tunnels = 0; tunnels <= 2; ++tunnels) {
        astar::ArcadeOptions o;
        o.width = w;
        o.height = h;
        o.tunnels = tunnels;
        o.seed = seed++;
        checkArcade(o);
        if (HasFatalFailure()) return;
      }
  const int large[][2] = {{101, 77}, {255, 255}};
  for (const auto& s : large) {
    astar::ArcadeOptions o;
    o.width = s[0];
    o.height = s[1];
    o.tunnels = 4;
    o.seed = seed++;
    checkArcade(o);
    if (HasFatalFailure()) return;
  }
}

TEST(ArcadeGenerator, SameSeedSameMazeAndSeedsDiffer) {
  astar::MapDocument a, b, c;
  astar::ArcadeOptions o;
  o.seed = 7;
  ASSERT_TRUE(astar::generateArcadeMaze(o, a).ok());
  ASSERT_TRUE(astar::generateArcadeMaze(o, b).ok());
  o.seed = 8;
  ASSERT_TRUE(astar::generateArcadeMaze(o, c).ok());
  EXPECT_EQ(a, b);
  EXPECT_NE(a.cells, c.cells);
}

}  // namespace
