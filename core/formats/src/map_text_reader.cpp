// MapTextReader (map_text_reader.h): the playground format's reader (format_playground.cpp
// documents the format), a band of grid rows per call. readPlaygroundMap runs it to the end.
#include "astar/map_text_reader.h"

#include <algorithm>
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

struct MapTextReader::State {
  explicit State(std::string_view text) : reader(text) {}
  text::LineReader reader;
  Header h;
  std::string letters;  // the terrain letters, in the header's order
  int byLetter[256];    // letter -> terrain index
  int rows = 0;         // grid rows read and applied
  bool finished = false;
  Error error;

  Error readHeader();
  Error applyRows(int from, int to);
  Error checkCells();
};

Error MapTextReader::State::readHeader() {
  text::Line line;
  Error lineError;
  if (!reader.nextContent(line, lineError, false)) {
    if (lineError) return lineError;
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
  bool sawGrid = false;
  while (reader.next(line, lineError)) {
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
  if (lineError) return lineError;
  const int next = reader.lastLine() + 1;
  if (!sawGrid) return text::at(next, 1, "the file ends before the 'grid:' line");
  if (!h.haveSize) return text::at(line.number, 1, "expected a 'size: WIDTH x HEIGHT' line before 'grid:'");
  if (h.doc.terrain.empty()) return text::at(line.number, 1, "expected at least one 'terrain:' line before 'grid:'");
  if (Error e = text::checkGridSize(h.width, h.height, reader.bytesLeft(), 1, h.sizeLine, h.sizeToken.column)) return e;

  for (const Terrain& t : h.doc.terrain) letters += t.letter;
  std::fill(std::begin(byLetter), std::end(byLetter), -1);
  for (std::size_t i = 0; i < h.doc.terrain.size(); ++i)
    byLetter[static_cast<unsigned char>(h.doc.terrain[i].letter)] = static_cast<int>(i);
  // The size was checked against the text's length above: allocating now is bounded by it.
  // Reserved only (address space): each band of rows writes its own cells.
  h.doc.cells.clear();
  h.doc.cells.reserve(static_cast<std::size_t>(h.width) * static_cast<std::size_t>(h.height));
  Grid& g = h.doc.grid;
  if (Error e = g.beginReset(h.width, h.height)) return e;  // its rows are filled with the bands read
  g.setDiagonal(h.movement);
  g.setCostModel(h.costModel);
  if (Error e = g.setTopology(h.topology)) return text::at(h.topologyLine, 1, e.message);
  if (Error e = g.setWrap(h.wrapX, h.wrapY)) return text::at(h.wrapLine, 1, e.message);
  return {};
}

// Reads rows [from, to) and sets their cells in the grid.
Error MapTextReader::State::applyRows(int from, int to) {
  MapDocument& doc = h.doc;
  doc.cells.resize(static_cast<std::size_t>(to) * static_cast<std::size_t>(h.width), '\0');
  if (Error e = text::readRowBand(reader, h.width, h.height, from, to, false, letters, doc.cells)) return e;
  Grid& g = doc.grid;
  g.resetRows(to + 1);  // a wall's row and the next one: a wall changes its neighbours' rings
  const NodeId end = static_cast<NodeId>(to) * static_cast<NodeId>(h.width);
  for (NodeId n = static_cast<NodeId>(from) * static_cast<NodeId>(h.width); n < end; ++n) {
    const Terrain& t = doc.terrain[static_cast<std::size_t>(byLetter[static_cast<unsigned char>(doc.cells[n])])];
    if (t.wall)
      (void)g.setWall(g.xOf(n), g.yOf(n));
    else if (t.cost != 1.0)
      (void)g.setCost(g.xOf(n), g.yOf(n), t.cost);
  }
  return {};
}

// After the rows: nothing but blank lines, and the header's cells inside the grid.
Error MapTextReader::State::checkCells() {
  if (Error e = text::expectEnd(reader, false, h.height)) return e;
  MapDocument& doc = h.doc;
  Grid& g = doc.grid;
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
  return {};
}

MapTextReader::MapTextReader(std::string_view text) : state_(std::make_unique<State>(text)) {
  state_->error = state_->readHeader();
  state_->finished = !state_->error.ok();
}
MapTextReader::~MapTextReader() = default;

Error MapTextReader::readRows(int rows) {
  State& s = *state_;
  if (s.finished) return s.error;
  const int to = std::min(s.h.height, s.rows + std::max(rows, 1));
  s.error = s.applyRows(s.rows, to);
  if (s.error) {
    s.finished = true;
    return s.error;
  }
  s.rows = to;
  if (s.rows == s.h.height) {
    s.error = s.checkCells();
    s.finished = true;
  }
  return s.error;
}

const Error& MapTextReader::error() const { return state_->error; }
bool MapTextReader::done() const { return state_->finished; }
int MapTextReader::rowsRead() const { return state_->rows; }
int MapTextReader::height() const { return state_->error ? 0 : state_->h.height; }
const MapDocument& MapTextReader::document() const { return state_->h.doc; }
MapDocument MapTextReader::take() { return std::move(state_->h.doc); }

}  // namespace astar
