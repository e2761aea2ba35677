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
#include <iterator>
#include <string>

#include "astar/formats.h"
#include "format_text.h"

namespace astar {

namespace {

std::string escapeText(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

std::string unescapeText(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\\' || s[i + 1] == 'n' || s[i + 1] == 'r')) {
      ++i;
      out += s[i] == 'n' ? '\n' : s[i] == 'r' ? '\r' : '\\';
    } else {
      out += s[i];  // any other backslash is kept as written (Windows paths in descriptions)
    }
  }
  return out;
}

// Column (1-based) of the first byte that is a control character other than tab, or that
// starts an invalid UTF-8 sequence; 0 when the text is fine.
int firstBadTextByte(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if ((c < 32 && c != '\t') || c == 127) return static_cast<int>(i) + 1;
      ++i;
      continue;
    }
    const std::size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    if (len == 0 || (len == 3 && c > 0xEF) || i + len > s.size()) return static_cast<int>(i) + 1;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return static_cast<int>(i) + 1;
    const unsigned char d = static_cast<unsigned char>(s[i + 1]);
    // Overlong forms, surrogates and code points above U+10FFFF.
    if ((c == 0xE0 && d < 0xA0) || (c == 0xED && d > 0x9F) || (c == 0xF0 && d < 0x90) || (c == 0xF4 && d > 0x8F))
      return static_cast<int>(i) + 1;
    i += len;
  }
  return 0;
}

struct Position {
  int x = 0, y = 0;
  int line = 0, column = 0;
};

struct PortalLine {
  Position from, to;
  double cost = 1.0;
  bool twoWay = true;
};

struct OneWayLine {
  Position cell;
  std::uint8_t mask = kAllDirections;
};

constexpr std::size_t kMaxHeaderKeys = 16;

// Header fields as read, checked against the grid once the grid is known.
struct Header {
  MapDocument doc;
  bool haveSize = false;
  int width = 0, height = 0;
  text::Token sizeToken;
  int sizeLine = 0;
  DiagonalMovement movement = DiagonalMovement::OnlyWhenNoObstacles;
  CostModel costModel = CostModel::Real;
  bool wrapX = false, wrapY = false;
  Topology topology = Topology::Square;
  int wrapLine = 0, topologyLine = 0;
  bool haveStart = false;
  Position start;
  std::vector<Position> goals;
  std::vector<PortalLine> portals;
  std::vector<OneWayLine> oneWays;
  int seen[kMaxHeaderKeys] = {};  // line of the first occurrence of each single-valued key
};

Error parseCoordinates(const std::vector<text::Token>& t, std::size_t i, int line, Position& out) {
  if (t.size() < i + 2)
    return text::at(line, t.empty() ? 1 : t.back().column + static_cast<int>(t.back().text.size()),
                    "expected x and y coordinates");
  if (!text::parseInt(t[i].text, 0, kMaxGridSide - 1, out.x))
    return text::expected(t[i], line, "an x coordinate in 0.." + std::to_string(kMaxGridSide - 1));
  if (!text::parseInt(t[i + 1].text, 0, kMaxGridSide - 1, out.y))
    return text::expected(t[i + 1], line, "a y coordinate in 0.." + std::to_string(kMaxGridSide - 1));
  out.line = line;
  out.column = t[i].column;
  return {};
}

Error expectNoMore(const std::vector<text::Token>& t, std::size_t n, int line) {
  if (t.size() > n) return text::expected(t[n], line, "the end of the line");
  return {};
}

// One `key: value` line: the value's tokens with their columns in the line.
struct ValueLine {
  std::string_view value;
  int valueColumn = 0;
  int line = 0;
  std::vector<text::Token> t;
  text::Token endToken;
  const text::Token& first() const { return t.empty() ? endToken : t[0]; }
};

// A value that must be one name of a core name table (movement, cost model, cells).
template <class Enum, int Count>
Error parseName(const ValueLine& v, const char* (*nameOf)(Enum), Enum& out) {
  std::string choices;
  for (int i = 0; i < Count; ++i) {
    const char* name = nameOf(static_cast<Enum>(i));
    if (v.t.size() == 1 && v.t[0].text == name) {
      out = static_cast<Enum>(i);
      return {};
    }
    choices += (i == 0 ? "" : i + 1 == Count ? " or " : ", ") + std::string(name);
  }
  return text::expected(v.first(), v.line, choices);
}

Error parseText(Header& h, const ValueLine& v, std::string& out) {
  (void)h;
  if (int bad = firstBadTextByte(v.value))
    return text::at(v.line, v.valueColumn + bad - 1,
                    "unexpected " +
                        text::describeByte(static_cast<unsigned char>(v.value[static_cast<std::size_t>(bad) - 1])) +
                        " (text must be UTF-8 without control characters)");
  if (v.value.size() > kMaxTextValue)
    return text::at(v.line, v.valueColumn, "text is longer than " + std::to_string(kMaxTextValue) + " bytes");
  out = unescapeText(v.value);
  return {};
}
Error parseNameLine(Header& h, const ValueLine& v) { return parseText(h, v, h.doc.name); }
Error parseAuthorLine(Header& h, const ValueLine& v) { return parseText(h, v, h.doc.author); }
Error parseDescriptionLine(Header& h, const ValueLine& v) { return parseText(h, v, h.doc.description); }

Error parseSizeLine(Header& h, const ValueLine& v) {
  const auto& t = v.t;
  if (t.size() != 3 || t[1].text != "x") return text::expected(v.first(), v.line, "'WIDTH x HEIGHT'");
  long long w = 0, hh = 0;
  if (!text::parseInt(t[0].text, -1000000000000LL, 1000000000000LL, w)) return text::expected(t[0], v.line, "a width");
  if (!text::parseInt(t[2].text, -1000000000000LL, 1000000000000LL, hh))
    return text::expected(t[2], v.line, "a height");
  if (Error e = text::checkGridSize(w, hh, static_cast<std::size_t>(-1), 1, v.line, t[0].column)) return e;
  h.haveSize = true;
  h.width = static_cast<int>(w);
  h.height = static_cast<int>(hh);
  h.sizeToken = t[0];
  h.sizeLine = v.line;
  return {};
}

Error parseCellsLine(Header& h, const ValueLine& v) {
  h.topologyLine = v.line;
  return parseName<Topology, 2>(v, topologyName, h.topology);
}
Error parseMovementLine(Header& h, const ValueLine& v) {
  return parseName<DiagonalMovement, kMovementCount>(v, movementName, h.movement);
}
Error parseCostModelLine(Header& h, const ValueLine& v) {
  return parseName<CostModel, 2>(v, costModelName, h.costModel);
}

Error parseWrapLine(Header& h, const ValueLine& v) {
  const auto& t = v.t;
  if (t.size() == 1 && (t[0].text == "none" || t[0].text == "x" || t[0].text == "y" || t[0].text == "xy")) {
    h.wrapX = t[0].text.find('x') != std::string_view::npos;
    h.wrapY = t[0].text.find('y') != std::string_view::npos;
    h.wrapLine = v.line;
    return {};
  }
  return text::expected(v.first(), v.line, "none, x, y or xy");
}

Error parseNodeSizeLine(Header& h, const ValueLine& v) {
  if (v.t.size() != 1 || !text::parseInt(v.t[0].text, 1, 100000, h.doc.nodeSize))
    return text::expected(v.first(), v.line, "a node size in 1..100000");
  return {};
}

Error parseStartLine(Header& h, const ValueLine& v) {
  if (Error e = parseCoordinates(v.t, 0, v.line, h.start)) return e;
  h.haveStart = true;
  return expectNoMore(v.t, 2, v.line);
}

Error parseGoalLine(Header& h, const ValueLine& v) {
  if (h.goals.size() >= static_cast<std::size_t>(kMaxGoals))
    return text::at(v.line, 1, "too many goals (at most " + std::to_string(kMaxGoals) + ")");
  Position p;
  if (Error e = parseCoordinates(v.t, 0, v.line, p)) return e;
  h.goals.push_back(p);
  return expectNoMore(v.t, 2, v.line);
}

Error parseTerrainLine(Header& h, const ValueLine& v) {
  const auto& t = v.t;
  if (t.empty() || t[0].text.size() != 1 || text::firstBadByte(t[0].text, false))
    return text::expected(v.first(), v.line, "a terrain letter (one printable character)");
  const char letter = t[0].text[0];
  for (const Terrain& other : h.doc.terrain)
    if (other.letter == letter)
      return text::at(v.line, t[0].column, "terrain letter '" + std::string(1, letter) + "' is defined twice");
  Terrain terrain;
  terrain.letter = letter;
  if (t.size() < 2) return text::at(v.line, v.endToken.column, "expected a cost or 'wall' after the letter");
  if (t[1].text == "wall") {
    terrain.wall = true;
  } else {
    double cost = 0;
    if (!text::parseNumber(t[1].text, cost))
      return text::expected(t[1], v.line, "a cost (a number from 1e-30 to 1e30) or 'wall'");
    if (const char* problem = cellCostProblem(cost))
      return text::at(v.line, t[1].column, std::string(problem) + ", got '" + text::shown(t[1].text) + "'");
    terrain.cost = cost;
  }
  if (t.size() > 2) {
    const std::size_t nameStart = static_cast<std::size_t>(t[2].column - v.valueColumn);
    ValueLine name = v;
    name.value = v.value.substr(nameStart);
    name.valueColumn = t[2].column;
    if (Error e = parseText(h, name, terrain.name)) return e;
  }
  h.doc.terrain.push_back(std::move(terrain));
  return {};
}

Error parsePortalLine(Header& h, const ValueLine& v) {
  const auto& t = v.t;
  if (h.portals.size() >= static_cast<std::size_t>(kMaxPortals))
    return text::at(v.line, 1, "too many portals (at most " + std::to_string(kMaxPortals) + ")");
  PortalLine p;
  if (Error e = parseCoordinates(t, 0, v.line, p.from)) return e;
  if (t.size() < 3 || (t[2].text != "<->" && t[2].text != "->"))
    return text::expected(t.size() < 3 ? v.endToken : t[2], v.line, "'<->' (two-way) or '->' (one-way)");
  p.twoWay = t[2].text == "<->";
  if (Error e = parseCoordinates(t, 3, v.line, p.to)) return e;
  if (t.size() > 5) {
    if (!text::parseNumber(t[5].text, p.cost))
      return text::expected(t[5], v.line, "a portal cost (a number from 0 to 1e30)");
    if (const char* problem = portalCostProblem(p.cost))
      return text::at(v.line, t[5].column, std::string(problem) + ", got '" + text::shown(t[5].text) + "'");
  }
  h.portals.push_back(p);
  return expectNoMore(t, 6, v.line);
}

Error parseOneWayLine(Header& h, const ValueLine& v) {
  const auto& t = v.t;
  OneWayLine o;
  if (Error e = parseCoordinates(t, 0, v.line, o.cell)) return e;
  if (t.size() < 3)
    return text::at(v.line, v.endToken.column, "expected entry directions (N E S W NE SE SW NW) or 'none'");
  o.mask = 0;
  if (t.size() == 3 && t[2].text == "none") {
    h.oneWays.push_back(o);
    return {};
  }
  if (t.size() > 10) return text::expected(t[10], v.line, "the end of the line (at most 8 directions)");
  for (std::size_t i = 2; i < t.size(); ++i) {
    Direction d = North;
    if (!parseDirection(t[i].text, d)) return text::expected(t[i], v.line, "a direction (N E S W NE SE SW NW)");
    if (o.mask & directionBit(d))
      return text::at(v.line, t[i].column, "direction " + std::string(directionName(d)) + " given twice");
    o.mask = static_cast<std::uint8_t>(o.mask | directionBit(d));
  }
  h.oneWays.push_back(o);
  return {};
}

// The header keys, in the order the writer emits them: the only list of them.
struct KeySpec {
  const char* name;
  bool repeatable;  // terrain, goal, portal, one-way; the others at most once
  Error (*parse)(Header&, const ValueLine&);
};
constexpr KeySpec kKeys[] = {
    {"name", false, parseNameLine},
    {"author", false, parseAuthorLine},
    {"description", false, parseDescriptionLine},
    {"size", false, parseSizeLine},
    {"cells", false, parseCellsLine},
    {"movement", false, parseMovementLine},
    {"cost-model", false, parseCostModelLine},
    {"wrap", false, parseWrapLine},
    {"node-size", false, parseNodeSizeLine},
    {"terrain", true, parseTerrainLine},
    {"start", false, parseStartLine},
    {"goal", true, parseGoalLine},
    {"portal", true, parsePortalLine},
    {"one-way", true, parseOneWayLine},
};
constexpr std::size_t kKeyCount = std::size(kKeys);
static_assert(kKeyCount <= kMaxHeaderKeys, "Header::seen has a slot per key");

std::string keyList() {
  std::string out;
  for (const KeySpec& k : kKeys) out += std::string(k.name) + ", ";
  out.resize(out.size() - 2);
  return out + " or grid";
}

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
    if (Error e = expectNoMore(t, 2, line.number)) return e;
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
    std::size_t k = 0;
    while (k < kKeyCount && key != kKeys[k].name) ++k;
    if (k == kKeyCount)
      return text::at(line.number, indent + 1, "unknown key '" + text::shown(key) + "' (expected " + keyList() + ")");
    if (!kKeys[k].repeatable) {
      if (h.seen[k])
        return text::at(
            line.number, indent + 1,
            "duplicate '" + std::string(key) + "' (the first is on line " + std::to_string(h.seen[k]) + ")");
      h.seen[k] = line.number;
    }
    // The value without leading blanks, keeping its column in the line.
    ValueLine v;
    v.value = s.substr(colon + 1);
    v.valueColumn = indent + static_cast<int>(colon) + 2;
    while (!v.value.empty() && text::isSpace(v.value.front())) v.value.remove_prefix(1), ++v.valueColumn;
    v.line = line.number;
    v.t = text::tokens(v.value, 12);
    for (text::Token& token : v.t) token.column += v.valueColumn - 1;
    v.endToken = text::Token{std::string_view(), v.valueColumn + static_cast<int>(v.value.size())};
    if (Error e = kKeys[k].parse(h, v)) return e;
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
  if (!doc.name.empty()) out += "name: " + escapeText(doc.name) + "\n";
  if (!doc.author.empty()) out += "author: " + escapeText(doc.author) + "\n";
  if (!doc.description.empty()) out += "description: " + escapeText(doc.description) + "\n";
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
      out += escapeText(t.name);
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
