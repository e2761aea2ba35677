// Our own map format: everything the core models, readable and diffable.
//
//   astar-map 1
//   # comment lines start with '#'
//   name: Water versus ground
//   size: 12 x 7
//   movement: never                 (never | only-when-no-obstacles | if-at-most-one-obstacle | always)
//   cost-model: real                (real | integer)
//   wrap: none                      (none | x | y | xy)
//   terrain: . 1 ground             (letter, cost or `wall`, optional name)
//   terrain: ~ 10 water
//   terrain: # wall wall
//   start: 1 3
//   goal: 10 3                      (repeatable)
//   portal: 2 2 <-> 9 2 1           (two-way; `->` one-way; cost)
//   one-way: 5 3 E                  (the directions a cell may be entered moving in, or `none`)
//   grid:
//   <height rows of width letters>
//
// Text values (name, author, description, terrain names) escape `\` `\n` `\r` as `\\`
// `\n` `\r`; leading and trailing blanks are not kept. The writer emits keys in the order
// above, so write(read(write(doc))) == write(doc).
#include <algorithm>
#include <cstring>
#include <string>

#include "astar/formats.h"
#include "astar/map_text_reader.h"
#include "format_playground.h"
#include "format_text.h"

namespace astar {

// The band reader (map_text_reader.cpp) run to its end: both read the same way.
Error readPlaygroundMap(std::string_view text, MapDocument& out) {
  MapTextReader reader(text);
  while (!reader.done())
    if (Error e = reader.readRows(reader.height())) return e;
  if (reader.error()) return reader.error();
  out = reader.take();
  return {};
}

std::string writePlaygroundMap(const MapDocument& doc, std::vector<std::string>* lost) {
  const Grid& g = doc.grid;
  std::string cells;
  std::vector<Terrain> terrain;
  if (Error e = resolveLetters(doc, cells, terrain))
    if (lost) lost->push_back(e.message);
  std::string out = "astar-map 1\n";
  if (!doc.name.empty()) out += "name: " + playground::escapeText(doc.name) + "\n";
  if (!doc.author.empty()) out += "author: " + playground::escapeText(doc.author) + "\n";
  if (!doc.description.empty()) out += "description: " + playground::escapeText(doc.description) + "\n";
  out += "size: " + std::to_string(g.width()) + " x " + std::to_string(g.height()) + "\n";
  if (g.hex()) out += "cells: hex\n";  // square is the default: square maps read as they always did
  out += std::string("movement: ") + movementName(g.diagonal()) + "\n";
  out += std::string("cost-model: ") + costModelName(g.costModel()) + "\n";
  out += std::string("wrap: ") + (g.wrapX() ? (g.wrapY() ? "xy" : "x") : (g.wrapY() ? "y" : "none")) + "\n";
  if (doc.nodeSize > 0) out += "node-size: " + std::to_string(doc.nodeSize) + "\n";
  for (const Terrain& t : terrain) {
    out += std::string("terrain: ") + t.letter + " " + (t.wall ? std::string("wall") : text::formatNumber(t.cost));
    if (!t.name.empty()) {
      out += ' ';
      out += playground::escapeText(t.name);
    }
    out += "\n";
  }
  auto xy = [&](NodeId n) { return std::to_string(g.xOf(n)) + " " + std::to_string(g.yOf(n)); };
  if (doc.start != kNoNode && doc.start < g.cellCount()) out += "start: " + xy(doc.start) + "\n";
  for (NodeId goal : doc.goals)
    if (goal < g.cellCount()) out += "goal: " + xy(goal) + "\n";
  for (const Portal& p : g.portals())
    out += "portal: " + xy(p.from) + (p.twoWay ? " <-> " : " -> ") + xy(p.to) + " " + text::formatNumber(p.cost) + "\n";
  for (NodeId n = 0; g.hasOneWayCells() && n < g.cellCount(); ++n) {
    const std::uint8_t mask = g.entryMask(n);
    if (mask == kAllDirections) continue;
    out += "one-way: " + xy(n);
    if (mask == 0) out += " none";
    for (int d = 0; d < 8; ++d)
      if (mask & (1u << d)) out += std::string(" ") + directionName(static_cast<Direction>(d));
    out += "\n";
  }
  out += "grid:\n";
  out.reserve(out.size() + cells.size() + static_cast<std::size_t>(g.height()));
  for (int y = 0; y < g.height() && !cells.empty(); ++y) {
    out.append(cells, static_cast<std::size_t>(y) * static_cast<std::size_t>(g.width()),
               static_cast<std::size_t>(g.width()));
    out += '\n';
  }
  return out;
}

}  // namespace astar
