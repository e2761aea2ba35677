// Grid: cell storage and edits. Neighbour generation is inline in grid.h (pruned
// generation for the search loop: grid_pruning.h).
#include "astar/grid.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace astar {

namespace {
// Ring directions (Grid::openRing_): clockwise from north.
constexpr int kRingX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kRingY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
}  // namespace

Grid::Grid(int width, int height) { (void)reset(width, height); }

// The cell (x, y) changed passability: its neighbours' rings see it in the opposite direction.
void Grid::updateOpenRings(int x, int y) {
  const unsigned open = passable(index(x, y)) ? 1u : 0u;
  for (unsigned d = 0; d < 8; ++d) {
    const int nx = x + kRingX[d], ny = y + kRingY[d];
    if (!contains(nx, ny)) continue;
    std::uint8_t& ring = openRing_[index(nx, ny)];
    const unsigned bit = 1u << ((d + 4) & 7);
    ring = static_cast<std::uint8_t>(open ? ring | bit : ring & ~bit);
  }
}

Error Grid::reset(int width, int height) {
  if (Error e = beginReset(width, height)) return e;
  resetRows(height);
  return {};
}

Error Grid::beginReset(int width, int height) {
  if (width < kMinGridSide || height < kMinGridSide || width > kMaxGridSide || height > kMaxGridSide) {
    *this = Grid();  // a new journal id: every mark on the old map sees everything
    return Error{"grid size " + std::to_string(width) + " x " + std::to_string(height) + " is outside " +
                 std::to_string(kMinGridSide) + ".." + std::to_string(kMaxGridSide) + " per side"};
  }
  width_ = width;
  height_ = height;
  rowMagic_ = ((std::uint64_t{1} << 40) + static_cast<std::uint64_t>(width) - 1) / static_cast<std::uint64_t>(width);
  journal_.everythingChanged(cellCount());
  const std::size_t cells = cellCount();
  // Emptied and reserved (address space, not pages): resetRows writes them a band at a time.
  open_.clear();
  open_.reserve(static_cast<std::size_t>(width + 2) * static_cast<std::size_t>(height + 2));
  for (std::vector<std::uint8_t>* v : {&openRing_, &entryMask_, &portalFlags_}) {
    v->clear();
    v->reserve(cells);
  }
  cost_.clear();
  cost_.reserve(cells);
  rowsReset_ = 0;
  for (int d = 0; d < 8; ++d) moveOffset_[d] = static_cast<std::ptrdiff_t>(kDirectionY[d]) * width + kDirectionX[d];
  portals_.clear();
  portalOut_.clear();
  portalIn_.clear();
  oneWayCount_ = 0;
  minCost_ = 1.0;
  minCostCount_ = static_cast<std::uint32_t>(cells);
  passableCount_ = static_cast<std::uint32_t>(cells);
  wrapX_ = wrapY_ = false;
  return {};
}

void Grid::resetRows(int to) {
  to = std::min(to, height_);
  const int from = rowsReset_;
  if (to <= from) return;
  rowsReset_ = to;
  // open_: the padding row above, then each row between two padding cells; the padding row
  // below comes with the last row.
  open_.resize(to == height_ ? paddedXY(-1, height_ + 1) : paddedXY(-1, to), 0);
  for (int y = from; y < to; ++y) std::fill_n(open_.begin() + static_cast<std::ptrdiff_t>(paddedXY(0, y)), width_, 1);
  // Every neighbour inside the map is open: all eight inside, fewer on the border.
  const std::size_t end = static_cast<std::size_t>(to) * static_cast<std::size_t>(width_);
  openRing_.resize(end, 0xFF);
  auto border = [&](int x, int y) {
    unsigned ring = 0;
    for (unsigned d = 0; d < 8; ++d) ring |= static_cast<unsigned>(contains(x + kRingX[d], y + kRingY[d])) << d;
    openRing_[index(x, y)] = static_cast<std::uint8_t>(ring);
  };
  for (int y = from; y < to; ++y) border(0, y), border(width_ - 1, y);
  for (int x = 0; x < width_; ++x) {
    if (from == 0) border(x, 0);
    if (to == height_) border(x, height_ - 1);
  }
  cost_.resize(end, 1.0);
  entryMask_.resize(end, kAllDirections);
  portalFlags_.resize(end, 0);
}

static Error outside(int x, int y, int w, int h) {
  return Error{"cell (" + std::to_string(x) + ", " + std::to_string(y) + ") is outside the " + std::to_string(w) +
               " x " + std::to_string(h) + " grid"};
}

Error Grid::setWall(int x, int y) {
  if (!contains(x, y)) return outside(x, y, width_, height_);
  const NodeId n = index(x, y);
  if (!passable(n)) return {};
  journal_.cellChanged(n);
  const bool wasMin = cost_[n] == minCost_;
  open_[padded(n)] = 0;
  updateOpenRings(x, y);
  cost_[n] = 0.0;
  --passableCount_;
  if (wasMin && --minCostCount_ == 0) recomputeMinCost();
  return {};
}

Error Grid::setCost(int x, int y, double cost) {
  if (!contains(x, y)) return outside(x, y, width_, height_);
  if (const char* problem = cellCostProblem(cost)) return Error{problem};
  const NodeId n = index(x, y);
  const double c = cost;
  journal_.cellChanged(n);
  const bool wasOpen = passable(n);
  const bool wasMin = wasOpen && cost_[n] == minCost_;
  open_[padded(n)] = 1;
  if (!wasOpen) updateOpenRings(x, y);
  cost_[n] = c;
  if (!wasOpen) ++passableCount_;
  const double currentMin = minCost_;
  if (c < currentMin || minCostCount_ == 0) {
    minCost_ = c;
    minCostCount_ = 1;
  } else if (c == currentMin) {
    if (!wasMin) ++minCostCount_;
  } else if (wasMin && --minCostCount_ == 0) {
    recomputeMinCost();
  }
  return {};
}

void Grid::recomputeMinCost() {
  double best = 0.0;
  std::uint32_t count = 0;
  for (NodeId n = 0; n < cellCount(); ++n) {
    if (!passable(n)) continue;
    if (count == 0 || cost_[n] < best) {
      best = cost_[n];
      count = 1;
    } else if (cost_[n] == best) {
      ++count;
    }
  }
  minCost_ = count ? best : 1.0;
  minCostCount_ = count;
}

Error Grid::setEntryMask(int x, int y, std::uint8_t allowedDirections) {
  if (!contains(x, y)) return outside(x, y, width_, height_);
  const NodeId n = index(x, y);
  const bool was = entryMask_[n] != kAllDirections, now = allowedDirections != kAllDirections;
  entryMask_[n] = allowedDirections;
  journal_.cellChanged(n);
  if (was && !now) --oneWayCount_;
  if (!was && now) ++oneWayCount_;
  return {};
}

void Grid::setCostModel(CostModel m) {
  costModel_ = m;
  journal_.everythingChanged(cellCount());
  straightCost_ = m == CostModel::Integer ? 10.0 : 1.0;
  diagonalCost_ = m == CostModel::Integer ? 14.0 : 1.4142135623730951;
}

Error Grid::addPortal(int fromX, int fromY, int toX, int toY, double cost, bool twoWay) {
  if (!contains(fromX, fromY)) return outside(fromX, fromY, width_, height_);
  if (!contains(toX, toY)) return outside(toX, toY, width_, height_);
  if (fromX == toX && fromY == toY) return Error{"a portal must join two different cells"};
  if (const char* problem = portalCostProblem(cost)) return Error{problem};
  if (portals_.size() >= static_cast<std::size_t>(kMaxPortals))
    return Error{"too many portals (at most " + std::to_string(kMaxPortals) + ")"};
  portals_.push_back(Portal{index(fromX, fromY), index(toX, toY), cost, twoWay});
  journal_.portalChanged(portals_.back().from, portals_.back().to);
  rebuildPortalEdges();
  return {};
}

void Grid::removePortal(std::size_t i) {
  if (i >= portals_.size()) return;
  journal_.portalChanged(portals_[i].from, portals_[i].to);
  portals_.erase(portals_.begin() + static_cast<std::ptrdiff_t>(i));
  rebuildPortalEdges();
}

void Grid::clearPortals() {
  for (const Portal& p : portals_) journal_.portalChanged(p.from, p.to);
  portals_.clear();
  rebuildPortalEdges();
}

void Grid::rebuildPortalEdges() {
  portalOut_.clear();
  std::fill(portalFlags_.begin(), portalFlags_.end(), std::uint8_t{0});
  for (const Portal& p : portals_) {
    portalOut_.push_back({p.from, p.to, p.cost});
    if (p.twoWay) portalOut_.push_back({p.to, p.from, p.cost});
  }
  portalIn_ = portalOut_;
  std::stable_sort(portalOut_.begin(), portalOut_.end(),
                   [](const PortalEdge& a, const PortalEdge& b) { return a.from < b.from; });
  std::stable_sort(portalIn_.begin(), portalIn_.end(),
                   [](const PortalEdge& a, const PortalEdge& b) { return a.to < b.to; });
  for (const PortalEdge& e : portalOut_) {
    portalFlags_[e.from] |= 1u;
    portalFlags_[e.to] |= 2u;
  }
}

bool operator==(const Grid& a, const Grid& b) {
  return a.width_ == b.width_ && a.height_ == b.height_ && a.open_ == b.open_ && a.cost_ == b.cost_ &&
         a.entryMask_ == b.entryMask_ && a.portals_ == b.portals_ && a.diagonal_ == b.diagonal_ &&
         a.costModel_ == b.costModel_ && a.wrapX_ == b.wrapX_ && a.wrapY_ == b.wrapY_ && a.topology_ == b.topology_;
}

static Error oddHexWrap(int height) {
  return Error{"a hex grid wraps vertically only with an even height (this one is " + std::to_string(height) +
               " rows): odd rows are shifted, so the seam must join an odd row to an even one"};
}

Error Grid::setTopology(Topology t) {
  if (t != Topology::Square && t != Topology::Hex) return Error{"unknown topology"};
  if (t == Topology::Hex && wrapY_ && height_ % 2 != 0) return oddHexWrap(height_);
  topology_ = t;
  journal_.everythingChanged(cellCount());
  return {};
}

Error Grid::setWrap(bool x, bool y) {
  if (topology_ == Topology::Hex && y && height_ % 2 != 0) return oddHexWrap(height_);
  wrapX_ = x && width_ > 0;
  wrapY_ = y && height_ > 0;
  journal_.everythingChanged(cellCount());
  return {};
}

}  // namespace astar
