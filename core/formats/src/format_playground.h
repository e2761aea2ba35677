// Internal to the playground format (format_playground*.cpp): the header as read, and the
// parser of one `key: value` line (format_playground_header.cpp, a table of keys).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "astar/formats.h"
#include "format_text.h"

namespace astar::playground {

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

inline constexpr std::size_t kMaxHeaderKeys = 16;

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

// Parses one header line whose key starts at keyColumn: unknown keys, repeated single keys
// and bad values give an Error with line and column.
Error parseHeaderLine(Header& h, std::string_view key, int keyColumn, std::string_view value, int valueColumn,
                      int line);
Error expectNoMore(const std::vector<text::Token>& t, std::size_t n, int line);
std::string escapeText(const std::string& s);

}  // namespace astar::playground
