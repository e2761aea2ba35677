// Moving AI Lab grid maps (.map): "type octile", "height H", "width W", "map", then H rows
// of W terrain letters. Moving AI benchmarks forbid corner cutting, so maps read here use
// DiagonalMovement::OnlyWhenNoObstacles.
#include <cstring>
#include <string>

#include "astar/formats.h"
#include "format_text.h"

namespace astar {

namespace {

struct MovingAiLetter {
  char letter;
  bool wall;
  const char* name;
};
// The order here is the order of the legend a read map gets.
constexpr MovingAiLetter kLetters[] = {
    {'.', false, "ground"},       {'G', false, "ground"}, {'S', false, "swamp"}, {'@', true, "out of bounds"},
    {'O', true, "out of bounds"}, {'T', true, "trees"},   {'W', true, "water"},
};

const MovingAiLetter* findLetter(char c) {
  for (const MovingAiLetter& l : kLetters)
    if (l.letter == c) return &l;
  return nullptr;
}

}  // namespace

Error readMovingAiMap(std::string_view textIn, MapDocument& out) {
  text::LineReader reader(textIn);
  text::Line line;
  Error error;
  long long width = 0, height = 0;
  int sizeLine = 0, sizeColumn = 1;
  bool sawType = false, sawMap = false, sawHeight = false, sawWidth = false;
  while (!sawMap && reader.nextContent(line, error, false)) {
    const std::vector<text::Token> t = text::tokens(line.text, 2);
    const std::string_view key = t[0].text;
    if (key == "map") {
      if (t.size() > 1) return text::expected(t[1], line.number, "the grid rows after 'map'");
      sawMap = true;
      break;
    }
    const bool isType = key == "type", isHeight = key == "height", isWidth = key == "width";
    if (!isType && !isHeight && !isWidth)
      return text::expected(t[0], line.number, "'type', 'height', 'width' or 'map'");
    if (t.size() != 2)
      return text::at(line.number, t.size() < 2 ? static_cast<int>(line.text.size()) + 1 : t[2].column,
                      "expected one value after '" + std::string(key) + "'");
    if ((isType && sawType) || (isHeight && sawHeight) || (isWidth && sawWidth))
      return text::at(line.number, t[0].column, "duplicate '" + std::string(key) + "' line");
    if (isType) {
      // Every Moving AI grid map is "octile"; other words name movement rules we do not model.
      if (t[1].text != "octile") return text::expected(t[1], line.number, "'octile'");
      sawType = true;
      continue;
    }
    long long v = 0;
    if (!text::parseInt(t[1].text, -1000000000000LL, 1000000000000LL, v))
      return text::expected(t[1], line.number, "a whole number");
    (isHeight ? height : width) = v;
    (isHeight ? sawHeight : sawWidth) = true;
    sizeLine = line.number;
    sizeColumn = t[1].column;
  }
  if (error) return error;
  const int next = reader.lastLine() + 1;
  if (!sawType && !sawMap && !sawWidth && !sawHeight)
    return text::at(next, 1, "expected 'type octile' (empty map file)");
  if (!sawMap) return text::at(next, 1, "expected a 'map' line before the grid rows");
  if (!sawType) return text::at(line.number, 1, "expected a 'type octile' line before 'map'");
  if (!sawHeight) return text::at(line.number, 1, "expected a 'height' line before 'map'");
  if (!sawWidth) return text::at(line.number, 1, "expected a 'width' line before 'map'");
  if (Error e = text::checkGridSize(width, height, reader.bytesLeft(), 1, sizeLine, sizeColumn)) return e;

  const int w = static_cast<int>(width), h = static_cast<int>(height);
  MapDocument doc;
  if (Error e = doc.grid.reset(w, h)) return e;
  doc.grid.setDiagonal(DiagonalMovement::OnlyWhenNoObstacles);
  if (Error e = text::readRows(reader, w, h, false, ".GS@OTW", doc.cells)) return e;
  if (Error e = text::expectEnd(reader, false, h)) return e;
  bool used[sizeof kLetters / sizeof kLetters[0]] = {};
  for (NodeId n = 0; n < doc.grid.cellCount(); ++n) {
    const MovingAiLetter* l = findLetter(doc.cells[n]);
    used[l - kLetters] = true;
    if (l->wall) (void)doc.grid.setWall(doc.grid.xOf(n), doc.grid.yOf(n));
  }
  for (std::size_t i = 0; i < sizeof kLetters / sizeof kLetters[0]; ++i)
    if (used[i]) doc.terrain.push_back(Terrain{kLetters[i].letter, kLetters[i].wall, 1.0f, kLetters[i].name});
  out = std::move(doc);
  return {};
}

std::string writeMovingAiMap(const MapDocument& doc, std::vector<std::string>* lost) {
  const Grid& g = doc.grid;
  const bool haveLetters = doc.cells.size() == g.cellCount();
  std::string out =
      "type octile\nheight " + std::to_string(g.height()) + "\nwidth " + std::to_string(g.width()) + "\nmap\n";
  out.reserve(out.size() + static_cast<std::size_t>(g.cellCount()) + static_cast<std::size_t>(g.height()));
  bool costsLost = false;
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const NodeId n = g.index(x, y);
      const bool open = g.passable(n);
      if (open && g.cost(n) != 1.0) costsLost = true;
      // Keep the original letter (a `T` stays a tree) while it still says the right thing.
      const MovingAiLetter* l = haveLetters ? findLetter(doc.cells[n]) : nullptr;
      out += l && l->wall != open ? l->letter : (open ? '.' : '@');
    }
    out += '\n';
  }
  if (lost) {
    if (costsLost) lost->push_back("cell costs other than 1 (Moving AI cells are passable or not)");
    if (g.diagonal() != DiagonalMovement::OnlyWhenNoObstacles)
      lost->push_back("the movement rule (Moving AI maps are octile without corner cutting)");
    if (g.costModel() != CostModel::Real) lost->push_back("the integer cost model");
    if (g.hex()) lost->push_back("hex cells (the format has square cells only)");
    if (g.wrapX() || g.wrapY()) lost->push_back("wrap-around");
    if (!g.portals().empty()) lost->push_back("portals");
    if (g.hasOneWayCells()) lost->push_back("one-way cells");
    if (doc.start != kNoNode || !doc.goals.empty()) lost->push_back("start and goals (use a .map.scen file)");
    if (!doc.name.empty() || !doc.author.empty() || !doc.description.empty())
      lost->push_back("name, author and description");
  }
  return out;
}

}  // namespace astar
