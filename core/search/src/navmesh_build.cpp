// NavMesh build (navmesh.h): tiles of greedily merged rectangles, their portals, and the
// incremental rebuild of the tiles the grid's change journal names.
#include <algorithm>
#include <chrono>

#include "navmesh_impl.h"

namespace astar {

namespace {

using detail::kNoLocal;
using detail::NavTile;
using detail::TileLink;

}  // namespace

std::uint32_t NavMesh::Impl::tileOfId(std::uint32_t id) const {
  const auto it = std::upper_bound(tileOffset.begin(), tileOffset.end(), id);
  return static_cast<std::uint32_t>(it - tileOffset.begin() - 1);
}

// Greedy rectangles inside one tile (the rule in navmesh.h), written to cellLocal.
void NavMesh::Impl::mergeTile(int tile) {
  const int tx0 = (tile % tilesX) * kNavMeshTileSize, ty0 = (tile / tilesX) * kNavMeshTileSize;
  const int tx1 = std::min(tx0 + kNavMeshTileSize, grid.width()), ty1 = std::min(ty0 + kNavMeshTileSize, grid.height());
  NavTile& t = tiles[static_cast<std::size_t>(tile)];
  t.polygons.clear();
  for (int y = ty0; y < ty1; ++y)
    for (int x = tx0; x < tx1; ++x) cellLocal[grid.index(x, y)] = kNoLocal;
  auto joins = [&](int x, int y, double cost) {
    const NodeId n = grid.index(x, y);
    return grid.passable(n) && cellLocal[n] == kNoLocal && grid.cost(n) == cost;
  };
  for (int y = ty0; y < ty1; ++y)
    for (int x = tx0; x < tx1; ++x) {
      const NodeId n = grid.index(x, y);
      if (!grid.passable(n) || cellLocal[n] != kNoLocal) continue;
      const double cost = grid.cost(n);
      int x1 = x + 1;
      while (x1 < tx1 && joins(x1, y, cost)) ++x1;
      int y1 = y + 1;
      for (; y1 < ty1; ++y1) {
        bool whole = true;
        for (int cx = x; cx < x1 && whole; ++cx) whole = joins(cx, y1, cost);
        if (!whole) break;
      }
      const auto local = static_cast<std::uint16_t>(t.polygons.size());
      for (int cy = y; cy < y1; ++cy)
        for (int cx = x; cx < x1; ++cx) cellLocal[grid.index(cx, cy)] = local;
      t.polygons.push_back(NavPolygon{x, y, x1, y1, cost});
    }
}

// Portals of every polygon of one tile, read from cellLocal (so the neighbouring tiles' polygons
// must be current): runs of one polygon along each side, then the corner squeezes.
void NavMesh::Impl::linkTile(int tile) {
  NavTile& t = tiles[static_cast<std::size_t>(tile)];
  t.links.clear();
  t.linkStart.assign(1, 0);
  const int w = grid.width(), h = grid.height();
  auto at = [&](int x, int y, std::uint32_t& outTile, std::uint16_t& outLocal) {
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    outLocal = cellLocal[grid.index(x, y)];
    outTile = static_cast<std::uint32_t>(tileOf(x, y));
    return outLocal != kNoLocal;
  };
  // Cells (x + i * dx, y + i * dy) for i in [0, length): the side's outer row or column; the
  // portal runs along the line `fixed` (vertex coordinate) on the axis the side is on.
  auto side = [&](int x, int y, int dx, int dy, int length, int fixed, bool horizontal) {
    std::uint32_t runTile = 0, nextTile = 0;
    std::uint16_t runLocal = kNoLocal, nextLocal = kNoLocal;
    int runStart = 0;
    for (int i = 0; i <= length; ++i) {
      if (i == length || !at(x + i * dx, y + i * dy, nextTile, nextLocal)) nextLocal = kNoLocal;
      if (nextLocal == runLocal && (nextLocal == kNoLocal || nextTile == runTile)) continue;
      if (runLocal != kNoLocal) {
        const int a = (horizontal ? x : y) + runStart, b = (horizontal ? x : y) + i;
        t.links.push_back(horizontal ? TileLink{runTile, runLocal, a, fixed, b, fixed}
                                     : TileLink{runTile, runLocal, fixed, a, fixed, b});
      }
      runTile = nextTile;
      runLocal = nextLocal;
      runStart = i;
    }
  };
  const bool squeeze = grid.diagonal() == DiagonalMovement::Always;
  for (const NavPolygon& p : t.polygons) {
    const int pw = p.x1 - p.x0, ph = p.y1 - p.y0;
    side(p.x0, p.y0 - 1, 1, 0, pw, p.y0, true);   // north
    side(p.x1, p.y0, 0, 1, ph, p.x1, false);      // east
    side(p.x0, p.y1, 1, 0, pw, p.y1, true);       // south
    side(p.x0 - 1, p.y0, 0, 1, ph, p.x0, false);  // west
    if (squeeze) {
      // A corner cell beyond the diagonal whose two side cells are walls (or off the map).
      const int cornerX[4] = {p.x0 - 1, p.x1, p.x1, p.x0 - 1}, cornerY[4] = {p.y0 - 1, p.y0 - 1, p.y1, p.y1};
      const int insideX[4] = {p.x0, p.x1 - 1, p.x1 - 1, p.x0}, insideY[4] = {p.y0, p.y0, p.y1 - 1, p.y1 - 1};
      const int vertexX[4] = {p.x0, p.x1, p.x1, p.x0}, vertexY[4] = {p.y0, p.y0, p.y1, p.y1};
      for (int c = 0; c < 4; ++c) {
        std::uint32_t cornerTile = 0, unusedTile = 0;
        std::uint16_t cornerLocal = kNoLocal, unusedLocal = kNoLocal;
        if (!at(cornerX[c], cornerY[c], cornerTile, cornerLocal)) continue;
        if (at(cornerX[c], insideY[c], unusedTile, unusedLocal) || at(insideX[c], cornerY[c], unusedTile, unusedLocal))
          continue;
        t.links.push_back(TileLink{cornerTile, cornerLocal, vertexX[c], vertexY[c], vertexX[c], vertexY[c]});
      }
    }
    t.linkStart.push_back(static_cast<std::uint32_t>(t.links.size()));
  }
}

void NavMesh::Impl::fullBuild() {
  tilesX = (grid.width() + kNavMeshTileSize - 1) / kNavMeshTileSize;
  tilesY = (grid.height() + kNavMeshTileSize - 1) / kNavMeshTileSize;
  const int count = tilesX * tilesY;
  tiles.assign(static_cast<std::size_t>(count), NavTile{});
  cellLocal.assign(grid.cellCount(), kNoLocal);
  for (int tile = 0; tile < count; ++tile) mergeTile(tile);
  for (int tile = 0; tile < count; ++tile) linkTile(tile);
  stats.tilesRebuilt = static_cast<std::uint32_t>(count);
  stats.fullBuild = true;
}

void NavMesh::Impl::finishBuild() {
  tileOffset.assign(tiles.size() + 1, 0);
  linkOffset.assign(tiles.size() + 1, 0);
  std::uint64_t links = 0;
  std::size_t bytes = cellLocal.capacity() * sizeof(std::uint16_t) +
                      (tileOffset.capacity() + linkOffset.capacity()) * sizeof(std::uint32_t) +
                      tiles.capacity() * sizeof(detail::NavTile);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const NavTile& t = tiles[i];
    tileOffset[i + 1] = tileOffset[i] + static_cast<std::uint32_t>(t.polygons.size());
    linkOffset[i + 1] = linkOffset[i] + static_cast<std::uint32_t>(t.links.size());
    links += t.links.size();
    bytes += t.polygons.capacity() * sizeof(NavPolygon) + t.linkStart.capacity() * sizeof(std::uint32_t) +
             t.links.capacity() * sizeof(TileLink);
  }
  stats.tileCount = static_cast<std::uint32_t>(tiles.size());
  stats.polygons = tileOffset.back();
  stats.portals = links / 2;  // each shared segment is stored by both of its polygons
  stats.bytes = bytes;
  mark = grid.journalMark();
  built = true;
}

NavMesh::NavMesh(const Grid& grid) : impl_(std::make_unique<Impl>(grid)) {}
NavMesh::~NavMesh() = default;

Error NavMesh::supports(const Grid& grid) {
  if (grid.hex()) return Error{"the navigation mesh needs square cells (this map has hex cells)"};
  if (grid.wrapX() || grid.wrapY()) return Error{"the navigation mesh does not cross wrap-around edges"};
  if (!grid.portals().empty()) return Error{"the navigation mesh does not take portals"};
  if (grid.hasOneWayCells()) return Error{"the navigation mesh does not take one-way cells"};
  return {};
}

Error NavMesh::build() {
  Impl& m = *impl_;
  m.built = false;
  if (Error e = supports(m.grid)) return e;
  const auto began = std::chrono::steady_clock::now();
  m.fullBuild();
  m.finishBuild();
  m.stats.buildMilliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return {};
}

Error NavMesh::refresh() {
  Impl& m = *impl_;
  if (!m.built) return Error{"the navigation mesh was not built"};
  const MapChanges changes = m.grid.changesSince(m.mark);
  if (changes.none()) return {};
  if (Error e = supports(m.grid)) {
    m.built = false;
    return e;
  }
  if (changes.everything || !changes.portalEnds.empty()) return build();
  const auto began = std::chrono::steady_clock::now();
  std::vector<std::uint8_t> dirty(m.tiles.size(), 0), relink(m.tiles.size(), 0);
  for (NodeId cell : changes.cells) dirty[static_cast<std::size_t>(m.tileOf(m.grid.xOf(cell), m.grid.yOf(cell)))] = 1;
  std::uint32_t rebuilt = 0;
  for (int tile = 0; tile < static_cast<int>(m.tiles.size()); ++tile) {
    if (!dirty[static_cast<std::size_t>(tile)]) continue;
    m.mergeTile(tile);
    ++rebuilt;
    // The tile's portals and its neighbours' (theirs name its polygons, which were renumbered).
    const int tx = tile % m.tilesX, ty = tile / m.tilesX;
    for (int ny = std::max(0, ty - 1); ny <= std::min(m.tilesY - 1, ty + 1); ++ny)
      for (int nx = std::max(0, tx - 1); nx <= std::min(m.tilesX - 1, tx + 1); ++nx)
        relink[static_cast<std::size_t>(ny) * static_cast<std::size_t>(m.tilesX) + static_cast<std::size_t>(nx)] = 1;
  }
  for (int tile = 0; tile < static_cast<int>(m.tiles.size()); ++tile)
    if (relink[static_cast<std::size_t>(tile)]) m.linkTile(tile);
  m.stats.tilesRebuilt = rebuilt;
  m.stats.fullBuild = false;
  m.finishBuild();
  m.stats.buildMilliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return {};
}

bool NavMesh::built() const { return impl_->built; }
bool NavMesh::stale() const { return impl_->built && !impl_->grid.changesSince(impl_->mark).none(); }
const char* NavMesh::message() const { return impl_->message.c_str(); }
const NavMeshStats& NavMesh::stats() const { return impl_->stats; }
std::span<const std::uint32_t> NavMesh::corridor() const { return impl_->corridorPolygons; }
std::uint32_t NavMesh::polygonCount() const { return impl_->built ? impl_->tileOffset.back() : 0; }

NavPolygon NavMesh::polygon(std::uint32_t id) const {
  const Impl& m = *impl_;
  if (id >= polygonCount()) return {};
  const std::uint32_t tile = m.tileOfId(id);
  return m.tiles[tile].polygons[id - m.tileOffset[tile]];
}

void NavMesh::portalsOf(std::uint32_t id, std::vector<NavPortal>& out) const {
  const Impl& m = *impl_;
  out.clear();
  if (id >= polygonCount()) return;
  const std::uint32_t tile = m.tileOfId(id), local = id - m.tileOffset[tile];
  const NavTile& t = m.tiles[tile];
  for (std::uint32_t i = t.linkStart[local]; i < t.linkStart[local + 1]; ++i) {
    const TileLink& l = t.links[i];
    out.push_back(NavPortal{m.globalOf(l.tile, l.local), l.ax, l.ay, l.bx, l.by});
  }
}

std::uint32_t NavMesh::polygonAt(NodeId cell) const {
  const Impl& m = *impl_;
  if (!m.built || cell >= m.grid.cellCount()) return kNoPolygon;
  return m.globalAt(m.grid.xOf(cell), m.grid.yOf(cell));
}

}  // namespace astar
