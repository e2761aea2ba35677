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
#include "format_playground.h"
#include "format_text.h"

namespace astar {

using playground::Header;
using playground::OneWayLine;
using playground::PortalLine;
using playground::Position;

namespace {

Error checkCell(const Grid& g, const Position& p, const char* what, bool mustBeOpen) {
  if (!g.contains(p.x, p.y))
    return text::at(p.line, p.column,
                    std::string(what) + " (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ") is outside the " +
                        std::to_string(g.width()) + " x " + std::to_string(g.height()) + " grid");
  if (mustBeOpen && !g.passable(p.x, p.y))
    return text::at(p.line, p.column,
                    std::string(what) + " (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ") is a wall");
  return {};
}

}  // namespace

Error readPlaygroundMap(std::string_view textIn, MapDocument& out) {
  text::LineReader reader(textIn);
  text::Line line;
  Error error;
  if (!reader.nextContent(line, error, false)) {
    if (error) return error;
    return text::at(1, 1, "the file is empty: expected 'astar-map 1'");
  }
  {
    const std::vector<text::Token> t = text::tokens(line.text, 2);
    if (t[0].text != "astar-map") return text::expected(t[0], line.number, "'astar-map 1'");
    if (t.size() < 2 || t[1].text != "1")
      return text::expected(
          t.size() < 2 ? text::Token{std::string_view(), static_cast<int>(line.text.size()) + 1} : t[1], line.number,
          "format version '1'");
    if (Error e = playground::expectNoMore(t, 2, line.number)) return e;
  }
  Header h;
  bool sawGrid = false;
  while (reader.next(line, error)) {
    const std::string_view s = text::trim(line.text);
    if (s.empty() || s[0] == '#') continue;
    const int indent = static_cast<int>(s.data() - line.text.data());
    const std::size_t colon = s.find(':');
    const std::string_view key = text::trim(s.substr(0, colon == std::string_view::npos ? s.size() : colon));
    if (colon == std::string_view::npos) return text::at(line.number, indent + 1, "expected 'key: value' or 'grid:'");
    if (key == "grid") {
      if (!text::trim(s.substr(colon + 1)).empty())
        return text::at(line.number, indent + static_cast<int>(colon) + 2,
                        "expected the grid rows on the lines after 'grid:'");
      sawGrid = true;
      break;
    }
    // The value without leading blanks, keeping its column in the line.
    std::string_view value = s.substr(colon + 1);
    int valueColumn = indent + static_cast<int>(colon) + 2;
    while (!value.empty() && text::isSpace(value.front())) value.remove_prefix(1), ++valueColumn;
    if (Error e = parseHeaderLine(h, key, indent + 1, value, valueColumn, line.number)) return e;
  }
  if (error) return error;
  const int next = reader.lastLine() + 1;
  if (!sawGrid) return text::at(next, 1, "the file ends before the 'grid:' line");
  if (!h.haveSize) return text::at(line.number, 1, "expected a 'size: WIDTH x HEIGHT' line before 'grid:'");
  if (h.doc.terrain.empty()) return text::at(line.number, 1, "expected at least one 'terrain:' line before 'grid:'");
  if (Error e = text::checkGridSize(h.width, h.height, reader.bytesLeft(), 1, h.sizeLine, h.sizeToken.column)) return e;

  std::string letters;
  for (const Terrain& t : h.doc.terrain) letters += t.letter;
  MapDocument& doc = h.doc;
  if (Error e = text::readRows(reader, h.width, h.height, false, letters, doc.cells)) return e;
  if (Error e = text::expectEnd(reader, false, h.height)) return e;

  Grid& g = doc.grid;
  if (Error e = g.reset(h.width, h.height)) return e;
  g.setDiagonal(h.movement);
  g.setCostModel(h.costModel);
  if (Error e = g.setTopology(h.topology)) return text::at(h.topologyLine, 1, e.message);
  if (Error e = g.setWrap(h.wrapX, h.wrapY)) return text::at(h.wrapLine, 1, e.message);
  int byLetter[256];
  std::fill(std::begin(byLetter), std::end(byLetter), -1);
  for (std::size_t i = 0; i < doc.terrain.size(); ++i)
    byLetter[static_cast<unsigned char>(doc.terrain[i].letter)] = static_cast<int>(i);
  for (NodeId n = 0; n < g.cellCount(); ++n) {
    const Terrain& t = doc.terrain[static_cast<std::size_t>(byLetter[static_cast<unsigned char>(doc.cells[n])])];
    if (t.wall)
      (void)g.setWall(g.xOf(n), g.yOf(n));
    else if (t.cost != 1.0)
      (void)g.setCost(g.xOf(n), g.yOf(n), t.cost);
  }
  if (h.haveStart) {
    if (Error e = checkCell(g, h.start, "start", true)) return e;
    doc.start = g.index(h.start.x, h.start.y);
  }
  for (const Position& p : h.goals) {
    if (Error e = checkCell(g, p, "goal", true)) return e;
    const NodeId n = g.index(p.x, p.y);
    if (std::find(doc.goals.begin(), doc.goals.end(), n) != doc.goals.end())
      return text::at(p.line, p.column,
                      "goal (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ") is listed twice");
    doc.goals.push_back(n);
  }
  for (const PortalLine& p : h.portals) {
    if (Error e = checkCell(g, p.from, "portal end", false)) return e;
    if (Error e = checkCell(g, p.to, "portal end", false)) return e;
    if (Error e = g.addPortal(p.from.x, p.from.y, p.to.x, p.to.y, p.cost, p.twoWay))
      return text::at(p.from.line, p.from.column, e.message);
  }
  for (const OneWayLine& o : h.oneWays) {
    if (Error e = checkCell(g, o.cell, "one-way cell", false)) return e;
    if (g.entryMask(g.index(o.cell.x, o.cell.y)) != kAllDirections)
      return text::at(
          o.cell.line, o.cell.column,
          "one-way cell (" + std::to_string(o.cell.x) + ", " + std::to_string(o.cell.y) + ") is listed twice");
    if (o.mask == kAllDirections)
      return text::at(o.cell.line, o.cell.column,
                      "a one-way cell enterable in all 8 directions is an ordinary cell: drop the line");
    (void)g.setEntryMask(o.cell.x, o.cell.y, o.mask);
  }
  out = std::move(doc);
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
