// Navigation mesh built from a Grid: free space as convex polygons joined by portals; on uniform
// maps an exact any-angle search over them (after Polyanya), with terrain A* over the polygons
// and the simple stupid funnel algorithm (Mononen 2010) for the straight path.
//
//   astar::NavMesh mesh(grid);
//   mesh.build();                               // tiles of merged rectangles and their portals
//   mesh.findPath(start, goal, points);         // points in the plane (exact on uniform maps)
//   grid.setWall(...);  mesh.refresh();         // rebuilds only the tiles the edits touch
//
// Polygons (the documented choice): the map is cut into kNavMeshTileSize x kNavMeshTileSize
// tiles (as Recast tiles its meshes), and inside each tile the free cells are merged greedily into
// axis-aligned rectangles of one entry cost: scanning rows from the top and cells from the left,
// the first cell not yet covered grows right while the cells are free, of its cost and not
// covered, then down while the whole row below is. So each polygon is convex, has uniform
// terrain, and the mesh covers exactly the free cells with disjoint polygons. A tile's polygons
// depend on its own cells only, which is what makes refresh() equal to a fresh build.
//
// Portals: two polygons are joined where their rectangles share a boundary segment of positive
// length (the segment is the portal). With DiagonalMovement::Always a grid move may squeeze
// between two walls that touch at a corner, so there two polygons that touch only at that
// vertex are joined by a portal of zero length (the vertex); under the other rules such a squeeze
// is no move and no portal. So the mesh connects exactly the cells the grid's moves connect.
//
// Queries: the polygons of start and goal (cell centres) are found through a per-cell table.
// On uniform maps (every passable cell of one cost, as on the Moving AI maps) the query is exact:
// the path is the shortest path in the plane (the any-angle optimum), found by a search after
// Polyanya (Cui, Harabor & Grastien, IJCAI 2017) over nodes "a root (the start or a wall corner)
// and the directions from it that cross one portal piece": expanding a node clips the next
// polygon's portal pieces to those directions, and each wall corner in view becomes a root of its
// own (only where a shortest path can bend around it); f is the root's length plus the shortest
// way through the piece to the goal, a lower bound, so the first goal taken off the open list is
// optimal. Coordinates are doubled into integers, so its geometric tests are exact. The corridor
// is then the polygons the path crosses, each sharing a portal with the next.
//
// With terrain, A* runs over search nodes "a polygon entered through one of its portals" (so a
// polygon reached two ways keeps both), each carrying the funnel of the corridor that reached it
// (apex, left and right points), advanced one funnel step per portal: g is the cost up to the
// apex (each piece at the polygon it leaves), h the shortest way from the apex to the goal around
// the funnel's sides times the map's lowest cost. Each time the goal's polygon comes off the open
// list, the simple stupid funnel measures that corridor's path; the search stops when no open
// estimate is below the best measured. The path is valid in the plane (every segment stays inside
// the corridor's polygons: it never enters a wall, leaves the map or squeezes between diagonal
// walls where the movement rule forbids it), but not always the cheapest: a node keeps only its
// best estimate, so a corridor can be dropped for one that looked better. Its bound is stated
// only as measured (bench/README.md, "Navigation mesh").
//
// Cost of a path (the rule where terrain differs): each straight segment is split where it
// crosses the corridor's portals, and each piece costs its Euclidean length times its polygon's
// cost times the grid's straight step cost. On uniform terrain with the Real cost model this is
// the path's Euclidean length. A piece running along a portal counts in the polygon beyond it.
//
// Supported maps: square cells without wrap, portals or one-way cells (build() refuses the
// others with a message; a segment could not cross a seam or a teleport anyway). Every movement
// rule and cost model, and terrain.
//
// Incremental rebuild: refresh() reads the cells edited since the last build or refresh from
// the grid's change journal (map_journal.h), rebuilds the rectangles of the tiles holding them,
// then the portals of those tiles and their eight neighbours. A load or a rule change rebuilds
// everything. The result equals a fresh build, polygon by polygon and portal by portal.
// Queries reuse their buffers (grown by the first query and after a rebuild that adds portals).
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"
#include "astar/path_smoothing.h"
#include "astar/search.h"

namespace astar {

// The navigation mesh's name in the CLI (`--algorithm navmesh`) and on the page.
inline constexpr const char* kNavMeshName = "navmesh";
inline constexpr const char* kNavMeshLabel = "Navigation mesh";
// Cells per tile side: rectangles never cross a tile's border (the unit of refresh()). The exact
// search's paths do not depend on it. With terrain, smaller tiles give more polygons and more
// search states, so better corridors and slower queries: on the shared Moving AI maps (before
// the exact search) 16 kept every map's mean length within 1.02 x the exact optimum where 32 did
// not (bench/README.md, "Navigation mesh").
inline constexpr int kNavMeshTileSize = 16;
inline constexpr std::uint32_t kNoPolygon = 0xFFFFFFFFu;

// An axis-aligned rectangle of free cells [x0, x1) x [y0, y1) with one entry cost.
struct NavPolygon {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double cost = 1.0;
  friend bool operator==(const NavPolygon&, const NavPolygon&) = default;
};

// A portal out of a polygon: the polygon it leads to and the shared segment, from (ax, ay) to
// (bx, by) in grid vertex coordinates (a zero-length segment for a corner squeeze).
struct NavPortal {
  std::uint32_t to = kNoPolygon;
  int ax = 0, ay = 0, bx = 0, by = 0;
  friend bool operator==(const NavPortal&, const NavPortal&) = default;
};

struct NavMeshStats {
  // The last build() or refresh().
  double buildMilliseconds = 0.0;
  bool fullBuild = false;
  std::uint32_t tilesRebuilt = 0;  // tiles whose rectangles were merged again
  std::uint32_t tileCount = 0;
  std::uint32_t polygons = 0;
  std::uint64_t portals = 0;  // shared segments (each joins two polygons, counted once)
  std::size_t bytes = 0;      // the mesh's memory (tables and per-cell index, not query buffers)
  // The last query.
  std::uint64_t expanded = 0;  // search nodes expanded (exact search: roots and intervals)
  std::uint32_t corridorPolygons = 0;
  double pathLength = 0.0;  // Euclidean, in cells
  double pathCost = 0.0;    // by the rule above
};

class NavMesh {
 public:
  explicit NavMesh(const Grid& grid);
  ~NavMesh();
  NavMesh(const NavMesh&) = delete;
  NavMesh& operator=(const NavMesh&) = delete;

  // Whether a mesh can be built for this grid (square, no wrap, portals or one-way cells).
  static Error supports(const Grid& grid);
  Error build();
  // Rebuilds what the edits since the last build or refresh touch (nothing when none). Error
  // if nothing was built yet or the grid is no longer supported (then nothing is built).
  Error refresh();
  bool built() const;
  bool stale() const;  // the grid was edited since the last build or refresh

  // Found: points from the start cell's centre to the goal cell's centre (PathJoin::Start,
  // then Walk). NoPath: none (points empty). InvalidInput: start or goal outside the grid or a
  // wall, or nothing built (message()).
  SearchStatus findPath(NodeId start, NodeId goal, std::vector<PathPoint>& points);
  const char* message() const;
  const NavMeshStats& stats() const;
  // The last query's polygons, start's first, each sharing a portal with the next.
  std::span<const std::uint32_t> corridor() const;

  // Inspection. Polygon ids run tile by tile (rows of tiles), in merge order inside a tile.
  std::uint32_t polygonCount() const;
  NavPolygon polygon(std::uint32_t id) const;
  void portalsOf(std::uint32_t id, std::vector<NavPortal>& out) const;
  std::uint32_t polygonAt(NodeId cell) const;  // kNoPolygon for a wall

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace astar
