// The seed "Tutorial 2" file: the number of rows, then of columns, then the rows: `0` a
// navigable cell, `1` a blocked one, `A` the start, `B` the goal (both navigable). Cells
// may be written together ("0110") or spaced ("0 1 1 0"); `//` comments are skipped.
#include <string>

#include "astar/formats.h"
#include "format_text.h"

namespace astar {

Error readTutorial2(std::string_view textIn, MapDocument& out) {
  text::LineReader reader(textIn);
  const char* const names[2] = {"number of rows", "number of columns"};
  long long v[2] = {};
  text::Token where[2];
  int lines[2] = {};
  if (Error e = text::readHeaderNumbers(reader, names, 2, v, where, lines)) return e;
  if (Error e = text::checkGridSize(v[1], v[0], reader.bytesLeft(), 1, lines[1], where[1].column)) return e;
  const int w = static_cast<int>(v[1]), h = static_cast<int>(v[0]);
  MapDocument doc;
  // Rows are read first so that a duplicate A or B can be reported where it stands.
  text::LineReader rows = reader;
  if (Error e = text::readRows(reader, w, h, true, "01AB", doc.cells)) return e;
  if (Error e = text::expectEnd(reader, true, h)) return e;
  if (Error e = doc.grid.reset(w, h)) return e;
  // A second A or B: find where it is written, for the message.
  auto duplicate = [&](NodeId n, NodeId first, const char* what) {
    text::Line line;
    Error error;
    for (int y = 0; y <= doc.grid.yOf(n); ++y) (void)rows.nextContent(line, error, true);
    int column = 1, seen = -1;
    for (std::size_t i = 0; i < line.text.size() && seen < doc.grid.xOf(n); ++i)
      if (!text::isSpace(line.text[i])) ++seen, column = static_cast<int>(i) + 1;
    return text::at(line.number, column,
                    std::string("duplicate ") + what + " (the first is at x " + std::to_string(doc.grid.xOf(first)) +
                        ", y " + std::to_string(doc.grid.yOf(first)) + ")");
  };
  bool used[4] = {};
  for (NodeId n = 0; n < doc.grid.cellCount(); ++n) {
    const char c = doc.cells[n];
    used[c == '0' ? 0 : c == '1' ? 1 : c == 'A' ? 2 : 3] = true;
    if (c == '1') (void)doc.grid.setWall(doc.grid.xOf(n), doc.grid.yOf(n));
    if (c == 'A') {
      if (doc.start != kNoNode) return duplicate(n, doc.start, "start 'A'");
      doc.start = n;
    } else if (c == 'B') {
      if (!doc.goals.empty()) return duplicate(n, doc.goals.front(), "goal 'B'");
      doc.goals.push_back(n);
    }
  }
  const char letters[4] = {'0', '1', 'A', 'B'};
  const char* const terrainNames[4] = {"navigable", "blocked", "start", "goal"};
  for (int i = 0; i < 4; ++i)
    if (used[i]) doc.terrain.push_back(Terrain{letters[i], i == 1, 1.0f, terrainNames[i]});
  out = std::move(doc);
  return {};
}

std::string writeTutorial2(const MapDocument& doc, std::vector<std::string>* lost) {
  const Grid& g = doc.grid;
  std::string out = std::to_string(g.height()) + "\n" + std::to_string(g.width()) + "\n";
  const NodeId goal = doc.goals.empty() ? kNoNode : doc.goals.front();
  bool costsLost = false, markersLost = false;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const NodeId n = g.index(x, y);
      const bool open = g.passable(n);
      costsLost |= open && g.cost(n) != 1.0;
      markersLost |= !open && (n == doc.start || n == goal);
      out += !open ? '1' : n == doc.start ? 'A' : n == goal ? 'B' : '0';
    }
    out += '\n';
  }
  if (lost) {
    if (costsLost) lost->push_back("cell costs other than 1 (Tutorial 2 cells are navigable or blocked)");
    if (g.diagonal() != Grid{}.diagonal() || g.costModel() != Grid{}.costModel())
      lost->push_back("the movement rule and cost model (a Tutorial 2 grid is read as 8-way without corner cutting)");
    if (markersLost) lost->push_back("a start or goal on a blocked cell");
    if (doc.goals.size() > 1) lost->push_back("goals after the first");
    if (g.hex()) lost->push_back("hex cells (the format has square cells only)");
    if (g.wrapX() || g.wrapY()) lost->push_back("wrap-around");
    if (!g.portals().empty()) lost->push_back("portals");
    if (g.hasOneWayCells()) lost->push_back("one-way cells");
    if (!doc.name.empty() || !doc.author.empty() || !doc.description.empty())
      lost->push_back("name, author and description");
  }
  return out;
}

}  // namespace astar
