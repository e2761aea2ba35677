// The header lines of the playground format (`key: value`, before `grid:`): one function per
// key and one table of keys (kKeys), the only list of them; the reader and its error messages
// take the names from it.
#include <iterator>
#include <string>

#include "format_playground.h"

namespace astar::playground {

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

namespace {

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

}  // namespace

Error expectNoMore(const std::vector<text::Token>& t, std::size_t n, int line) {
  if (t.size() > n) return text::expected(t[n], line, "the end of the line");
  return {};
}

Error parseHeaderLine(Header& h, std::string_view key, int keyColumn, std::string_view value, int valueColumn,
                      int line) {
  std::size_t k = 0;
  while (k < kKeyCount && key != kKeys[k].name) ++k;
  if (k == kKeyCount)
    return text::at(line, keyColumn, "unknown key '" + text::shown(key) + "' (expected " + keyList() + ")");
  if (!kKeys[k].repeatable) {
    if (h.seen[k])
      return text::at(line, keyColumn,
                      "duplicate '" + std::string(key) + "' (the first is on line " + std::to_string(h.seen[k]) + ")");
    h.seen[k] = line;
  }
  ValueLine v;
  v.value = value;
  v.valueColumn = valueColumn;
  v.line = line;
  v.t = text::tokens(value, 12);
  for (text::Token& token : v.t) token.column += valueColumn - 1;
  v.endToken = text::Token{std::string_view(), valueColumn + static_cast<int>(value.size())};
  return kKeys[k].parse(h, v);
}

}  // namespace astar::playground
