// The seed tutorial's grid file: node size, width and height (whitespace-separated, on one
// line or several), then `height` rows of `width` cells: `x` a wall, `.` a floor cell.
// `//` comments and blank lines are skipped anywhere, as the tutorial's own files have them.
#include <string>

#include "astar/formats.h"
#include "format_text.h"

namespace astar {

Error readTutorialGrid(std::string_view textIn, MapDocument& out) {
  text::LineReader reader(textIn);
  const char* const names[3] = {"node size", "width", "height"};
  long long v[3] = {};
  text::Token where[3];
  int lines[3] = {};
  if (Error e = text::readHeaderNumbers(reader, names, 3, v, where, lines)) return e;
  if (v[0] < 1 || v[0] > 100000) return text::expected(where[0], lines[0], "a node size in 1..100000");
  if (Error e = text::checkGridSize(v[1], v[2], reader.bytesLeft(), 1, lines[2], where[2].column)) return e;
  const int w = static_cast<int>(v[1]), h = static_cast<int>(v[2]);
  MapDocument doc;
  doc.nodeSize = static_cast<int>(v[0]);
  if (Error e = text::readRows(reader, w, h, true, ".xX", doc.cells)) return e;
  if (Error e = text::expectEnd(reader, true, h)) return e;
  if (Error e = doc.grid.reset(w, h)) return e;
  bool upper = false, lower = false, floor = false;
  for (NodeId n = 0; n < doc.grid.cellCount(); ++n) {
    const char c = doc.cells[n];
    floor |= c == '.';
    upper |= c == 'X';
    lower |= c == 'x';
    if (c != '.') (void)doc.grid.setWall(doc.grid.xOf(n), doc.grid.yOf(n));
  }
  if (floor) doc.terrain.push_back(Terrain{'.', false, 1.0f, "floor"});
  if (lower) doc.terrain.push_back(Terrain{'x', true, 1.0f, "wall"});
  if (upper) doc.terrain.push_back(Terrain{'X', true, 1.0f, "wall"});
  out = std::move(doc);
  return {};
}

std::string writeTutorialGrid(const MapDocument& doc, std::vector<std::string>* lost) {
  const Grid& g = doc.grid;
  const bool haveCells = doc.cells.size() == g.cellCount();
  std::string out;
  if (!doc.name.empty()) out += "// " + doc.name + "\n";
  out += std::to_string(doc.nodeSize > 0 ? doc.nodeSize : 16) + "\n" + std::to_string(g.width()) + "\n" +
         std::to_string(g.height()) + "\n";
  bool costsLost = false;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const NodeId n = g.index(x, y);
      if (g.passable(n)) {
        costsLost |= g.cost(n) != 1.0;
        out += '.';
      } else {
        out += haveCells && doc.cells[n] == 'X' ? 'X' : 'x';
      }
    }
    out += '\n';
  }
  if (lost) {
    if (costsLost) lost->push_back("cell costs other than 1 (tutorial cells are walls or floor)");
    if (g.diagonal() != Grid{}.diagonal() || g.costModel() != Grid{}.costModel())
      lost->push_back("the movement rule and cost model (a tutorial grid is read as 8-way without corner cutting)");
    if (g.hex()) lost->push_back("hex cells (the format has square cells only)");
    if (g.wrapX() || g.wrapY()) lost->push_back("wrap-around");
    if (!g.portals().empty()) lost->push_back("portals");
    if (g.hasOneWayCells()) lost->push_back("one-way cells");
    if (!doc.name.empty() || !doc.author.empty() || !doc.description.empty())
      lost->push_back("name, author and description (the name is written as a comment, which readers skip)");
    if (doc.start != kNoNode || !doc.goals.empty()) lost->push_back("start and goals");
  }
  return out;
}

}  // namespace astar
