// HierarchicalMap: one abstraction per agent size (hierarchical.h), each a Layer
// (hierarchical_build.cpp, hierarchical_query.cpp); this file routes the public calls to them.
#include <algorithm>
#include <cstdio>
#include <string>

#include "hierarchical_impl.h"

namespace astar {

HierarchicalMap::HierarchicalMap(const Grid& grid) : impl_(std::make_unique<Impl>(grid)) {
  impl_->message.reserve(160);  // the longest refusal, so a refused query does not allocate
}
HierarchicalMap::~HierarchicalMap() = default;

HierarchicalMap::Layer* HierarchicalMap::Impl::layerBuilt(int agentSize) {
  std::unique_ptr<Layer>& slot = layers[agentSize - 1];
  if (!slot) {
    if (agentSize > 1) clearance.refresh(grid);
    slot = std::make_unique<Layer>(grid, clearance, agentSize);
    (void)slot->build(clusterSize);
  }
  return slot.get();
}

void HierarchicalMap::Impl::dropRefusedSizes() {
  for (int k = 2; k <= kMaxAgentSize; ++k)
    if (agentSizeProblem(grid, k)) layers[k - 1].reset();
}

Error HierarchicalMap::build(const HierarchicalOptions& options) {
  if (options.clusterSize < kMinClusterSize || options.clusterSize > kMaxClusterSize)
    return Error{"cluster size must be " + std::to_string(kMinClusterSize) + ".." + std::to_string(kMaxClusterSize) +
                 " cells, not " + std::to_string(options.clusterSize)};
  Impl& m = *impl_;
  if (m.grid.cellCount() == 0) return Error{"the grid is empty"};
  m.clusterSize = options.clusterSize;
  // Every size built so far is rebuilt (with the new cluster size); size 1 always.
  if (!m.layers[0]) m.layers[0] = std::make_unique<Layer>(m.grid, m.clearance, 1);
  m.dropRefusedSizes();
  bool bigger = false;
  for (const std::unique_ptr<Layer>& l : m.layers) bigger = bigger || (l && l->moves.size > 1);
  if (bigger) m.clearance.refresh(m.grid);
  for (const std::unique_ptr<Layer>& l : m.layers)
    if (l) (void)l->build(m.clusterSize);
  m.current = 1;
  return {};
}

Error HierarchicalMap::refresh() {
  Impl& m = *impl_;
  if (!built()) return Error{"nothing built yet: call build() first"};
  m.dropRefusedSizes();
  bool bigger = false;
  for (const std::unique_ptr<Layer>& l : m.layers) bigger = bigger || (l && l->moves.size > 1);
  if (bigger) m.clearance.refresh(m.grid);  // the layers above size 1 read it
  for (const std::unique_ptr<Layer>& l : m.layers)
    if (l) l->refresh();
  m.current = 1;
  return {};
}

Error HierarchicalMap::prepare(int agentSize) {
  Impl& m = *impl_;
  if (!built()) return Error{"nothing built yet: call build() first"};
  if (const char* problem = agentSizeProblem(m.grid, agentSize)) return Error{problem};
  if (stale()) return Error{"the grid changed since the last build: call refresh() first"};
  (void)m.layerBuilt(agentSize);
  return {};
}

bool HierarchicalMap::built() const { return impl_->layers[0] && impl_->layers[0]->built; }
bool HierarchicalMap::built(int agentSize) const {
  const Layer* l = impl_->layer(agentSize);
  return l && l->built;
}
bool HierarchicalMap::stale() const { return !built() || !impl_->grid.changesSince(impl_->layers[0]->seen).none(); }

SearchStatus HierarchicalMap::findPath(NodeId start, NodeId goal, std::vector<NodeId>& path, int agentSize) {
  Impl& m = *impl_;
  path.clear();
  m.message.clear();
  auto refuse = [&](const char* why) {
    m.message.assign(why);                // within the capacity reserved at construction: no allocation
    if (Layer* l = m.layer(m.current)) {  // the last answer's path and counts are gone
      l->abstractPath.clear();
      l->stats.abstractExpanded = l->stats.insertExpanded = l->stats.refineExpanded = 0;
      l->stats.abstractPathNodes = 0;
      l->stats.pathCost = 0.0;
    }
    return SearchStatus::InvalidInput;
  };
  if (!built()) return refuse("nothing built yet: call build() first");
  if (const char* problem = agentSizeProblem(m.grid, agentSize)) return refuse(problem);
  if (stale()) return refuse("the grid changed since the last build: call refresh() or update() first");
  const Grid& grid = m.grid;
  if (start >= grid.cellCount() || goal >= grid.cellCount() || !grid.passable(start) || !grid.passable(goal))
    return refuse("start and goal must be passable cells inside the grid");
  Layer& layer = *m.layerBuilt(agentSize);
  m.current = agentSize;
  for (const NodeId n : {start, goal})
    if (!layer.moves.passable(n)) {
      char text[96];
      std::snprintf(text, sizeof text, "%s (%d, %d) has room for a %d x %d agent at most, not %d x %d",
                    n == start ? "start" : "goal", grid.xOf(n), grid.yOf(n), m.clearance.at(n), m.clearance.at(n),
                    agentSize, agentSize);
      return refuse(text);
    }
  return layer.findPath(start, goal, path);
}

const char* HierarchicalMap::message() const { return impl_->message.c_str(); }

const HierarchicalStats& HierarchicalMap::stats() const {
  static const HierarchicalStats kNothing;
  const Layer* l = impl_->layer(impl_->current);
  return l ? l->stats : kNothing;
}

std::span<const NodeId> HierarchicalMap::abstractPath() const {
  const Layer* l = impl_->layer(impl_->current);
  return l ? std::span<const NodeId>(l->abstractPath) : std::span<const NodeId>();
}

int HierarchicalMap::clusterSize() const { return impl_->clusterSize; }
int HierarchicalMap::clustersX() const { return built() ? impl_->layers[0]->clustersX : 0; }
int HierarchicalMap::clustersY() const { return built() ? impl_->layers[0]->clustersY : 0; }

std::span<const NodeId> HierarchicalMap::nodes(int agentSize) const {
  const Layer* l = impl_->layer(agentSize);
  return l ? std::span<const NodeId>(l->nodeCells) : std::span<const NodeId>();
}

void HierarchicalMap::edges(std::vector<AbstractEdge>& out, int agentSize) const {
  out.clear();
  const Layer* l = impl_->layer(agentSize);
  if (!l) return;
  const Layer& m = *l;
  for (std::size_t u = 0; u + 1 < m.edgeFirst.size(); ++u)
    for (std::uint32_t e = m.edgeFirst[u]; e < m.edgeFirst[u + 1]; ++e)
      out.push_back({m.nodeCells[u], m.nodeCells[m.linkEdges[e].to], m.linkEdges[e].cost, m.linkEdges[e].crossing});
  std::sort(out.begin(), out.end(), [](const AbstractEdge& a, const AbstractEdge& b) {
    return a.from != b.from ? a.from < b.from : a.to != b.to ? a.to < b.to : a.crossing < b.crossing;
  });
}

}  // namespace astar
