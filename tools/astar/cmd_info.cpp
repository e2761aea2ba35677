// astar info MAP: what a map holds, and how many connected components its passable cells
// form (moves counted in either direction, so a one-way door still joins two areas).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <numeric>

#include "cli.h"

namespace astar::cli {

namespace {

std::string xy(const Grid& g, NodeId n) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "(%d, %d)", g.xOf(n), g.yOf(n));
  return buffer;
}

// Sizes of the components, largest first.
std::vector<std::size_t> componentSizes(const Grid& g) {
  std::vector<NodeId> parent(g.cellCount());
  std::iota(parent.begin(), parent.end(), NodeId{0});
  auto find = [&](NodeId a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  };
  for (NodeId n = 0; n < g.cellCount(); ++n) {
    if (!g.passable(n)) continue;
    g.forEachNeighbor(n, [&](NodeId m, double) {
      const NodeId a = find(n), b = find(m);
      if (a != b) parent[a] = b;
    });
  }
  std::vector<std::size_t> size(g.cellCount(), 0);
  for (NodeId n = 0; n < g.cellCount(); ++n)
    if (g.passable(n)) ++size[find(n)];
  std::vector<std::size_t> out;
  for (std::size_t s : size)
    if (s) out.push_back(s);
  std::sort(out.rbegin(), out.rend());
  return out;
}

}  // namespace

int cmdInfo(const Args& args) {
  if (!expectPositional(args, 1, "info MAP")) return kExitBadInput;
  MapDocument doc;
  MapFormat format = MapFormat::Unknown;
  if (!loadMap(args.positional[0], doc, &format)) return kExitBadInput;
  const Grid& g = doc.grid;
  std::size_t passable = 0;
  for (NodeId n = 0; n < g.cellCount(); ++n) passable += g.passable(n);
  std::ostream& o = std::cout;
  o << "file: " << args.positional[0] << "\nformat: " << formatName(format) << "\n";
  if (!doc.name.empty()) o << "name: " << doc.name << "\n";
  if (!doc.author.empty()) o << "author: " << doc.author << "\n";
  if (!doc.description.empty()) o << "description: " << doc.description << "\n";
  char percent[32];
  std::snprintf(percent, sizeof percent, "%.1f%%",
                g.cellCount() ? 100.0 * static_cast<double>(passable) / g.cellCount() : 0.0);
  o << "size: " << g.width() << " x " << g.height() << " (" << g.cellCount() << " cells)\n"
    << "passable cells: " << passable << " (" << percent << ")\n"
    << "walls: " << g.cellCount() - passable << "\n";
  std::string cells;
  std::vector<Terrain> terrain;
  (void)resolveLetters(doc, cells, terrain);
  for (const Terrain& t : terrain) {
    const std::size_t count = static_cast<std::size_t>(std::count(cells.begin(), cells.end(), t.letter));
    char cost[32];
    std::snprintf(cost, sizeof cost, "cost %g", static_cast<double>(t.cost));
    o << "terrain '" << t.letter << "'" << (t.name.empty() ? "" : " " + t.name) << ": " << (t.wall ? "wall" : cost)
      << ", " << count << " cells\n";
  }
  o << "cells: " << (g.hex() ? "hex (odd rows shifted right)" : "square") << "\n";
  o << "movement: "
    << (g.hex() ? std::string("six hex neighbours")
                : std::string(movementName(g.diagonal())) + " (" + movementDescription(g.diagonal()) + ")")
    << "\n"
    << "cost model: "
    << (g.costModel() == CostModel::Integer ? (g.hex() ? "integer (10)" : "integer (10 / 14)")
                                            : (g.hex() ? "real (1)" : "real (1 / sqrt 2)"))
    << "\n"
    << "wrap: " << (g.wrapX() ? (g.wrapY() ? "x and y" : "x") : (g.wrapY() ? "y" : "none")) << "\n";
  std::size_t twoWay = 0;
  for (const Portal& p : g.portals()) twoWay += p.twoWay;
  o << "portals: " << g.portals().size() << " (" << twoWay << " two-way, " << g.portals().size() - twoWay
    << " one-way)\n";
  std::size_t oneWay = 0;
  for (NodeId n = 0; n < g.cellCount(); ++n) oneWay += g.entryMask(n) != kAllDirections;
  o << "one-way cells: " << oneWay << "\n";
  if (doc.start != kNoNode) o << "start: " << xy(g, doc.start) << "\n";
  for (NodeId goal : doc.goals) o << "goal: " << xy(g, goal) << "\n";
  const std::vector<std::size_t> components = componentSizes(g);
  o << "connected components: " << components.size();
  if (!components.empty()) o << " (largest " << components.front() << " cells)";
  o << "\n";
  return kExitOk;
}

}  // namespace astar::cli
