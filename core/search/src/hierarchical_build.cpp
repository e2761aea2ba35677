// HPA* abstraction: clusters, entrances (kept crossings), intra-cluster costs, the linked
// abstract graph, and the incremental update. See hierarchical.h for the entrance rule.
#include <algorithm>
#include <chrono>
#include <limits>
#include <string>

#include "hierarchical_impl.h"

namespace astar {

namespace detail {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The cheapest move from a to b the agent's generator offers (+inf when none).
double moveCost(const AgentMoves& moves, NodeId a, NodeId b) {
  if (!moves.passable(a) || !moves.passable(b)) return kInf;
  double best = kInf;
  moves.forEachNeighbor(a, [&](NodeId m, double c) {
    if (m == b && c < best) best = c;
  });
  return best;
}

bool mutual(const AgentMoves& moves, NodeId a, NodeId b) {
  return moveCost(moves, a, b) < kInf && moveCost(moves, b, a) < kInf;
}

int wrapped(int v, int n) { return v < 0 ? v + n : v >= n ? v - n : v; }

}  // namespace

}  // namespace detail

int HierarchicalMap::Layer::besideCluster(int cluster, int side) const {
  int cx = cluster % clustersX, cy = cluster / clustersX;
  cx += kDirectionX[side];
  cy += kDirectionY[side];
  if (cx < 0 || cx >= clustersX) {
    if (!grid.wrapX()) return -1;
    cx = detail::wrapped(cx, clustersX);
  }
  if (cy < 0 || cy >= clustersY) {
    if (!grid.wrapY()) return -1;
    cy = detail::wrapped(cy, clustersY);
  }
  const int other = cy * clustersX + cx;
  return other == cluster ? -1 : other;
}

void HierarchicalMap::Layer::neighbourClusters(int cluster, std::vector<int>& out) const {
  out.clear();
  const int cx = cluster % clustersX, cy = cluster / clustersX;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int x = cx + dx, y = cy + dy;
      if ((x < 0 || x >= clustersX) && !grid.wrapX()) continue;
      if ((y < 0 || y >= clustersY) && !grid.wrapY()) continue;
      x = detail::wrapped(x, clustersX);
      y = detail::wrapped(y, clustersY);
      const int other = y * clustersX + x;
      if (other != cluster) out.push_back(other);
    }
  for (std::uint32_t p : portalPartners[static_cast<std::size_t>(cluster)]) out.push_back(static_cast<int>(p));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void HierarchicalMap::Layer::computePortalPartners() {
  portalPartners.assign(clusters.size(), {});
  for (const Portal& p : grid.portals()) {
    const int a = clusterOf(p.from), b = clusterOf(p.to);
    if (a == b) continue;
    portalPartners[static_cast<std::size_t>(a)].push_back(static_cast<std::uint32_t>(b));
    portalPartners[static_cast<std::size_t>(b)].push_back(static_cast<std::uint32_t>(a));
  }
}

void HierarchicalMap::Layer::computeCrossings(int cluster) {
  using detail::Crossing;
  const detail::ClusterSpace s = space(cluster);
  detail::ClusterData& data = clusters[static_cast<std::size_t>(cluster)];
  data.out.clear();
  const int width = grid.width(), height = grid.height();
  // Border position i of a side: a = the cluster's cell, b = the facing cell beyond the side.
  auto ends = [&](int side, int i, NodeId& a, NodeId& b) {
    int ax = 0, ay = 0;
    switch (side) {
      case North: ax = s.x0 + i, ay = s.y0; break;
      case South: ax = s.x0 + i, ay = s.y0 + s.h - 1; break;
      case East: ax = s.x0 + s.w - 1, ay = s.y0 + i; break;
      default: ax = s.x0, ay = s.y0 + i; break;
    }
    a = grid.index(ax, ay);
    b = grid.index(detail::wrapped(ax + kDirectionX[side], width), detail::wrapped(ay + kDirectionY[side], height));
  };
  for (int side = North; side <= West; ++side) {
    std::vector<std::int32_t>& run = runOf[side];
    run.clear();
    if (besideCluster(cluster, side) < 0) continue;
    const int length = side == North || side == South ? s.w : s.h;
    run.assign(static_cast<std::size_t>(length), -1);
    std::int32_t runs = 0;
    NodeId prevA = kNoNode, prevB = kNoNode;
    int begin = 0;
    auto close = [&](int end) {  // keeps the crossings of the entrance [begin, end)
      const int n = end - begin;
      const int picks[2] = {n < kLongEntrance ? begin + (n - 1) / 2 : begin, end - 1};
      for (int k = 0; k < (n < kLongEntrance ? 1 : 2); ++k) {
        NodeId a, b;
        ends(side, picks[k], a, b);
        data.out.push_back({a, b, detail::moveCost(moves, a, b)});
      }
    };
    for (int i = 0; i < length; ++i) {
      NodeId a, b;
      ends(side, i, a, b);
      if (!(detail::moveCost(moves, a, b) < detail::kInf)) {
        if (i > 0 && run[static_cast<std::size_t>(i - 1)] >= 0) close(i);
        continue;
      }
      const bool joins = i > 0 && run[static_cast<std::size_t>(i - 1)] >= 0 && detail::mutual(moves, prevA, a) &&
                         detail::mutual(moves, prevB, b);
      if (!joins) {
        if (i > 0 && run[static_cast<std::size_t>(i - 1)] >= 0) close(i);
        begin = i;
        ++runs;
      }
      run[static_cast<std::size_t>(i)] = runs - 1;
      prevA = a;
      prevB = b;
    }
    if (length > 0 && run[static_cast<std::size_t>(length - 1)] >= 0) close(length);
  }
  // Whether the move u -> v joins two cells of one entrance (its kept crossing replaces it).
  auto covered = [&](NodeId u, NodeId v) {
    for (int side = North; side <= West; ++side) {
      if (runOf[side].empty()) continue;
      const int ux = grid.xOf(u) - s.x0, uy = grid.yOf(u) - s.y0;
      const int vx = grid.xOf(v), vy = grid.yOf(v);
      int i = -1, j = -1;
      if (side == North || side == South) {
        const int rowA = side == North ? 0 : s.h - 1;
        const int rowB = detail::wrapped(s.y0 + rowA + kDirectionY[side], height);
        if (uy == rowA && vy == rowB) i = ux, j = vx - s.x0;
      } else {
        const int colA = side == West ? 0 : s.w - 1;
        const int colB = detail::wrapped(s.x0 + colA + kDirectionX[side], width);
        if (ux == colA && vx == colB) i = uy, j = vy - s.y0;
      }
      const int n = static_cast<int>(runOf[side].size());
      if (i < 0 || j < 0 || i >= n || j >= n) continue;
      const std::int32_t r = runOf[side][static_cast<std::size_t>(i)];
      if (r >= 0 && r == runOf[side][static_cast<std::size_t>(j)]) return true;
    }
    return false;
  };
  auto leaving = [&](NodeId u) {
    if (!moves.passable(u)) return;
    moves.forEachNeighbor(u, [&](NodeId v, double cost) {
      NodeId local;
      if (s.inside(v, local) || covered(u, v)) return;
      data.out.push_back({u, v, cost});
    });
  };
  // Only border cells and portal ends can leave a cluster (every other move is one step).
  for (int y = 0; y < s.h; ++y)
    for (int x = 0; x < s.w; ++x)
      if (y == 0 || y == s.h - 1 || x == 0 || x == s.w - 1) leaving(grid.index(s.x0 + x, s.y0 + y));
  for (const Portal& p : grid.portals()) {
    NodeId local;
    if (s.inside(p.from, local)) leaving(p.from);
    if (p.twoWay && s.inside(p.to, local)) leaving(p.to);
  }
  std::sort(data.out.begin(), data.out.end(), [](const Crossing& a, const Crossing& b) {
    return a.from != b.from ? a.from < b.from : a.to != b.to ? a.to < b.to : a.cost < b.cost;
  });
  data.out.erase(std::unique(data.out.begin(), data.out.end(),
                             [](const Crossing& a, const Crossing& b) { return a.from == b.from && a.to == b.to; }),
                 data.out.end());
}

void HierarchicalMap::Layer::computeNodes(int cluster, std::vector<NodeId>& out) const {
  out.clear();
  for (const detail::Crossing& c : clusters[static_cast<std::size_t>(cluster)].out) out.push_back(c.from);
  std::vector<int> around;
  neighbourClusters(cluster, around);
  for (int other : around)
    for (const detail::Crossing& c : clusters[static_cast<std::size_t>(other)].out)
      if (clusterOf(c.to) == cluster) out.push_back(c.to);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void HierarchicalMap::Layer::computeDist(int cluster) {
  const detail::ClusterSpace s = space(cluster);
  detail::ClusterData& data = clusters[static_cast<std::size_t>(cluster)];
  const std::size_t k = data.nodes.size();
  data.dist.assign(k * k, detail::kInf);
  for (std::size_t i = 0; i < k; ++i) {
    const NodeId source = s.local(data.nodes[i]);
    detail::dijkstraFill<false>(s, std::span<const NodeId>(&source, 1), fillDist, fillWork);
    for (std::size_t j = 0; j < k; ++j) data.dist[i * k + j] = fillDist[s.local(data.nodes[j])];
  }
}

void HierarchicalMap::Layer::link() {
  for (NodeId cell : nodeCells) cellToNode[cell] = kNoNode;
  nodeCells.clear();
  clusterFirst.assign(clusters.size() + 1, 0);
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    clusterFirst[c] = static_cast<std::uint32_t>(nodeCells.size());
    nodeCells.insert(nodeCells.end(), clusters[c].nodes.begin(), clusters[c].nodes.end());
  }
  clusterFirst[clusters.size()] = static_cast<std::uint32_t>(nodeCells.size());
  for (std::size_t i = 0; i < nodeCells.size(); ++i) cellToNode[nodeCells[i]] = static_cast<std::uint32_t>(i);
  edgeFirst.assign(nodeCells.size() + 1, 0);
  linkEdges.clear();
  for (std::size_t c = 0; c < clusters.size(); ++c) {
    const detail::ClusterData& data = clusters[c];
    const std::size_t k = data.nodes.size();
    std::size_t next = 0;  // data.out is sorted by from, like data.nodes
    for (std::size_t i = 0; i < k; ++i) {
      edgeFirst[clusterFirst[c] + i] = static_cast<std::uint32_t>(linkEdges.size());
      for (std::size_t j = 0; j < k; ++j)
        if (j != i && data.dist[i * k + j] < detail::kInf)
          linkEdges.push_back({static_cast<std::uint32_t>(clusterFirst[c] + j), data.dist[i * k + j], false});
      while (next < data.out.size() && data.out[next].from == data.nodes[i]) {
        linkEdges.push_back({cellToNode[data.out[next].to], data.out[next].cost, true});
        ++next;
      }
    }
  }
  edgeFirst[nodeCells.size()] = static_cast<std::uint32_t>(linkEdges.size());
  abstractPath.reserve(nodeCells.size() + 2);
  stats.abstractNodes = static_cast<std::uint32_t>(nodeCells.size());
  stats.abstractEdges = linkEdges.size();
  stats.clusterCount = static_cast<std::uint32_t>(clusters.size());
}

void HierarchicalMap::Layer::reserveQueryBuffers() {
  // The largest area a query searches: the 3 x 3 clusters around the start.
  const std::size_t area = std::min<std::size_t>(grid.cellCount(), 9 * static_cast<std::size_t>(size) * size);
  for (std::vector<double>* v : {&startDist, &goalDist, &segmentDist}) v->reserve(area);
  for (std::vector<NodeId>* v : {&startParent, &goalNext, &segmentParent, &segmentCells}) v->reserve(area);
  localWork.position.reserve(area);
  localWork.heap.reserve(area);
}

Error HierarchicalMap::Layer::build(int clusterSize) {
  const auto began = std::chrono::steady_clock::now();
  size = clusterSize;
  clustersX = (grid.width() + size - 1) / size;
  clustersY = (grid.height() + size - 1) / size;
  clusters.assign(static_cast<std::size_t>(clustersX) * static_cast<std::size_t>(clustersY), {});
  nodeCells.clear();
  cellToNode.assign(grid.cellCount(), kNoNode);
  computePortalPartners();
  const int count = static_cast<int>(clusters.size());
  for (int c = 0; c < count; ++c) computeCrossings(c);
  for (int c = 0; c < count; ++c) {
    computeNodes(c, clusters[static_cast<std::size_t>(c)].nodes);
    computeDist(c);
  }
  link();
  seen = grid.journalMark();
  reserveQueryBuffers();
  built = true;
  stats.clustersRebuilt = static_cast<std::uint32_t>(count);
  stats.fullBuild = true;
  stats.buildMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return {};
}

void HierarchicalMap::Layer::repairCells(std::span<const NodeId> changedCells) {
  std::vector<int> dirty, touched, around;
  for (NodeId cell : changedCells)
    if (cell < grid.cellCount()) dirty.push_back(clusterOf(cell));
  std::sort(dirty.begin(), dirty.end());
  dirty.erase(std::unique(dirty.begin(), dirty.end()), dirty.end());
  // Crossings of the edited clusters and of every cluster whose moves can see their cells.
  auto grow = [&](const std::vector<int>& from, std::vector<int>& out) {
    out = from;
    for (int c : from) {
      neighbourClusters(c, around);
      out.insert(out.end(), around.begin(), around.end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  };
  grow(dirty, touched);
  for (int c : touched) computeCrossings(c);
  // Node sets may change one ring further (a crossing's far end); costs only where cells or nodes changed.
  std::vector<int> ring;
  grow(touched, ring);
  std::uint32_t rebuilt = 0;
  std::vector<NodeId> fresh;
  for (int c : ring) {
    detail::ClusterData& data = clusters[static_cast<std::size_t>(c)];
    computeNodes(c, fresh);
    if (fresh == data.nodes && !std::binary_search(dirty.begin(), dirty.end(), c)) continue;
    data.nodes.swap(fresh);
    computeDist(c);
    ++rebuilt;
  }
  link();
  stats.clustersRebuilt = rebuilt;
}

void HierarchicalMap::Layer::refresh() {
  const MapChanges changes = grid.changesSince(seen);
  if (changes.none()) return;
  if (changes.everything || !changes.portalEnds.empty()) {
    (void)build(size);
    return;
  }
  const auto began = std::chrono::steady_clock::now();
  if (moves.size == 1) {
    repairCells(changes.cells);
  } else {
    // A k x k agent's moves read the anchors whose square holds an edited cell: the k x k block
    // ending at it (its clearance, and its own cost and entry mask at the block's corner).
    std::vector<NodeId> anchors;
    const int k = moves.size;
    for (const NodeId changed : changes.cells) {
      if (changed >= grid.cellCount()) continue;
      const int ex = grid.xOf(changed), ey = grid.yOf(changed);
      for (int y = std::max(0, ey - k + 1); y <= ey; ++y)
        for (int x = std::max(0, ex - k + 1); x <= ex; ++x) anchors.push_back(grid.index(x, y));
    }
    repairCells(anchors);
  }
  seen = grid.journalMark();
  stats.fullBuild = false;
  stats.buildMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
}

}  // namespace astar
