// NavMesh's state, shared by the build (navmesh_build.cpp), the corridor search for terrain
// (navmesh_query.cpp) and its funnel (navmesh_funnel.cpp), and the exact search for uniform maps
// (navmesh_exact.cpp, navmesh_corridor.cpp). Internal to core.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "astar/navmesh.h"

namespace astar {

namespace detail {

inline constexpr std::uint16_t kNoLocal = 0xFFFF;
static_assert(kNavMeshTileSize * kNavMeshTileSize < kNoLocal, "a tile's polygon index fits in 16 bits");

// A portal as a tile stores it: the polygon beyond by (tile, index in that tile), so rebuilding
// one tile renumbers nothing elsewhere.
struct TileLink {
  std::uint32_t tile = 0;
  std::uint16_t local = 0;
  int ax = 0, ay = 0, bx = 0, by = 0;
};

struct NavTile {
  std::vector<NavPolygon> polygons;
  std::vector<std::uint32_t> linkStart;  // polygons.size() + 1 offsets into links
  std::vector<TileLink> links;
};

struct FunnelPoint {
  double x = 0.0, y = 0.0;
};

// One portal of the corridor as the funnel sees it, walking from polygon k-1 into polygon k.
struct CorridorPortal {
  FunnelPoint left, right;
};

// Twice the signed area of (o, a, b): > 0 when b is left of o -> a as the funnel sees it (y grows
// downwards; the rule only has to be the same everywhere). Exact for the mesh's coordinates.
inline double cross(FunnelPoint o, FunnelPoint a, FunnelPoint b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}
inline bool same(FunnelPoint a, FunnelPoint b) { return a.x == b.x && a.y == b.y; }
inline FunnelPoint centreOf(const NavPolygon& p) { return {(p.x0 + p.x1) * 0.5, (p.y0 + p.y1) * 0.5}; }

// The portal from polygon `from` into `to` with its ends as left and right of that walk.
inline CorridorPortal orientPortal(const NavPolygon& from, const NavPolygon& to, int ax, int ay, int bx, int by) {
  const FunnelPoint a{static_cast<double>(ax), static_cast<double>(ay)},
      b{static_cast<double>(bx), static_cast<double>(by)};
  const FunnelPoint c0 = centreOf(from), c1 = centreOf(to);
  const FunnelPoint middle{(a.x + b.x) * 0.5, (a.y + b.y) * 0.5};
  const FunnelPoint ahead{middle.x + c1.x - c0.x, middle.y + c1.y - c0.y};
  return cross(middle, ahead, b) < 0.0 ? CorridorPortal{a, b} : CorridorPortal{b, a};
}

// A point of the pulled path and the corridor portal it lies on.
struct PathCorner {
  FunnelPoint point;
  std::size_t portal = 0;
};

// A node of the exact search (navmesh_exact.cpp). Coordinates are doubled, so cell centres and
// grid vertices are integers and every orientation test is exact. Interval: the directions
// from the root between `first` and `second` (counter-clockwise as cross() counts) that cross the
// piece a-b of a portal into polygon (tile, local). Turn: the root is a wall corner reached at g.
// Goal: the goal seen from the root, g the whole path.
struct ExactNode {
  enum Kind : std::uint8_t { Interval, Turn, Goal };
  double g = 0.0;  // the path's length up to the root (Goal: up to the goal)
  std::uint32_t root = 0;
  Kind kind = Interval;
  std::uint16_t local = 0;
  std::uint32_t tile = 0;
  std::int32_t firstX = 0, firstY = 0, secondX = 0, secondY = 0;
  std::int32_t ax = 0, ay = 0, bx = 0, by = 0;
};

}  // namespace detail

struct NavMesh::Impl {
  explicit Impl(const Grid& g) : grid(g) {}

  const Grid& grid;
  bool built = false;
  JournalMark mark;
  int tilesX = 0, tilesY = 0;
  std::vector<detail::NavTile> tiles;
  std::vector<std::uint32_t> tileOffset;  // global id of each tile's first polygon; back() = count
  std::vector<std::uint32_t> linkOffset;  // index of each tile's first portal link; back() = count
  std::vector<std::uint16_t> cellLocal;   // per cell: its polygon's index in its tile (kNoLocal: wall)
  NavMeshStats stats;
  std::string message;

  // Query state: one node per portal link (its polygon entered through that portal) and one for
  // the start, so a polygon reached through two portals keeps both funnels. A node is current
  // when its stamp is the query's.
  // A polygon's node carries the funnel of the corridor that reached it (its apex, the apex's
  // cost so far, and the left and right points the funnel passes): the search's estimate.
  struct Node {
    double f = 0.0;  // apexCost + a lower bound of the rest through the funnel
    double apexCost = 0.0;
    detail::FunnelPoint apex, left, right;
    std::uint32_t parent = kNoPolygon;
    std::uint32_t stamp = 0;
    std::uint32_t tile = 0;  // where the polygon is stored
    std::uint16_t local = 0;
    bool closed = false;
    bool expanded = false;               // expanded at least once this query (so it may have children)
    int ax = 0, ay = 0, bx = 0, by = 0;  // the portal it was entered by
  };
  struct OpenEntry {
    double f;
    std::uint32_t id;
  };
  std::vector<Node> nodes;
  std::vector<OpenEntry> open;
  std::uint32_t stamp = 0;
  std::vector<std::uint32_t> corridor;          // the last path's nodes, start's first
  std::vector<std::uint32_t> corridorPolygons;  // and their polygons (global ids)
  std::vector<detail::CorridorPortal> portals;
  std::vector<detail::PathCorner> corners;
  std::vector<PathPoint> trial;  // a corridor's path while the search compares corridors

  // Exact search state: its nodes, and per root (grid vertex, then the start) the best length,
  // the root before it and whether it was expanded, current when rootStamp is the query's.
  struct ExactSearch;
  std::vector<detail::ExactNode> exactNodes;
  std::vector<double> rootLength;
  std::vector<std::uint32_t> rootParent, rootStamp;
  std::vector<std::uint8_t> rootDone;

  // A new query's stamp, shared by both searches; when it wraps, every node and root is forgotten once.
  void nextStamp() {
    if (++stamp != 0) return;
    for (Node& n : nodes) n.stamp = 0;
    std::fill(rootStamp.begin(), rootStamp.end(), 0U);
    stamp = 1;
  }

  int tileOf(int x, int y) const { return (y / kNavMeshTileSize) * tilesX + x / kNavMeshTileSize; }
  std::uint32_t globalOf(std::uint32_t tile, std::uint16_t local) const { return tileOffset[tile] + local; }
  std::uint32_t globalAt(int x, int y) const {
    const std::uint16_t local = cellLocal[grid.index(x, y)];
    return local == detail::kNoLocal ? kNoPolygon : globalOf(static_cast<std::uint32_t>(tileOf(x, y)), local);
  }
  // The tile of a global id (binary search over tileOffset: inspection only, queries carry it).
  std::uint32_t tileOfId(std::uint32_t id) const;

  // Build (navmesh_build.cpp).
  void fullBuild();
  void mergeTile(int tile);
  void linkTile(int tile);
  void finishBuild();

  // Query (navmesh_query.cpp) and funnel (navmesh_funnel.cpp).
  SearchStatus searchCorridor(NodeId start, NodeId goal);
  void pullString(NodeId start, NodeId goal, std::vector<PathPoint>& points);
  // Exact search on uniform maps (navmesh_exact.cpp): points, length and cost; then the polygons
  // the path crosses, each joined to the next by a portal (navmesh_corridor.cpp).
  SearchStatus searchExact(NodeId start, NodeId goal, std::vector<PathPoint>& points);
  void corridorAlong(const std::vector<PathPoint>& points);
};

}  // namespace astar
