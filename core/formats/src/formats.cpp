// Format names, detection, dispatch, and the letter/legend resolution every writer shares.
#include <algorithm>
#include <cmath>
#include <string>

#include "astar/formats.h"
#include "format_text.h"

namespace astar {

namespace {

constexpr const char* kPlaygroundExtensions[] = {".map.txt"};
constexpr const char* kMovingAiExtensions[] = {".map"};
constexpr const char* kTutorialExtensions[] = {".grid.txt", ".grid"};
constexpr const char* kTutorial2Extensions[] = {".tut2.txt", ".tut2"};

constexpr FormatInfo kFormats[] = {
    {.format = MapFormat::Playground,
     .name = "playground",
     .label = "A* Playground map",
     .extensions = kPlaygroundExtensions,
     .read = readPlaygroundMap,
     .write = writePlaygroundMap,
     .can = {.costs = true,
             .movementRule = true,
             .hexCells = true,
             .wrap = true,
             .portals = true,
             .oneWayCells = true,
             .maxGoals = kMaxGoals,
             .metadata = true}},
    {.format = MapFormat::MovingAi,
     .name = "movingai",
     .label = "Moving AI map",
     .extensions = kMovingAiExtensions,
     .read = readMovingAiMap,
     .write = writeMovingAiMap,
     .can = {}},
    {.format = MapFormat::Tutorial,
     .name = "tutorial",
     .label = "tutorial grid",
     .extensions = kTutorialExtensions,
     .read = readTutorialGrid,
     .write = writeTutorialGrid,
     .can = {}},
    {.format = MapFormat::Tutorial2,
     .name = "tutorial2",
     .label = "Tutorial 2 grid",
     .extensions = kTutorial2Extensions,
     .read = readTutorial2,
     .write = writeTutorial2,
     .can = {.maxGoals = 1}},
};

bool endsWith(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    char c = s[s.size() - suffix.size() + i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != suffix[i]) return false;
  }
  return true;
}

// Letters offered for costs that have none yet ('#' and '.' are tried first for walls and 1).
constexpr std::string_view kSpareLetters =
    "~:;,^%&*+=-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!$()<>?[]{}|`'\"/\\_@#.";

}  // namespace

std::span<const FormatInfo> formats() { return kFormats; }

const FormatInfo* formatInfo(MapFormat f) {
  for (const FormatInfo& i : kFormats)
    if (i.format == f) return &i;
  return nullptr;
}

const char* formatName(MapFormat f) {
  const FormatInfo* i = formatInfo(f);
  return i ? i->name : "unknown";
}

const char* formatExtension(MapFormat f) {
  const FormatInfo* i = formatInfo(f);
  return i ? i->extensions.front() : "";
}

bool parseFormatName(std::string_view name, MapFormat& out) {
  for (const FormatInfo& i : kFormats) {
    if (name == i.name) {
      out = i.format;
      return true;
    }
  }
  return false;
}

MapFormat formatFromFileName(std::string_view fileName) {
  // The longest ending that matches: ".map.txt" (playground) wins over ".map" (Moving AI).
  MapFormat best = MapFormat::Unknown;
  std::size_t bestLength = 0;
  for (const FormatInfo& i : kFormats)
    for (std::string_view ending : i.extensions)
      if (ending.size() > bestLength && endsWith(fileName, ending)) {
        best = i.format;
        bestLength = ending.size();
      }
  return best;
}

MapFormat detectFormat(std::string_view textIn, std::string_view fileName) {
  text::LineReader reader(textIn);
  text::Line line;
  Error error;
  if (!reader.nextContent(line, error, true)) return formatFromFileName(fileName);
  const std::vector<text::Token> t = text::tokens(line.text, 1);
  if (t[0].text == "astar-map") return MapFormat::Playground;
  if (t[0].text == "type" || t[0].text == "height" || t[0].text == "width") return MapFormat::MovingAi;
  long long v = 0;
  if (!text::parseInt(t[0].text, -1000000000000LL, 1000000000000LL, v)) return formatFromFileName(fileName);
  // Both tutorial files start with numbers, and a spaced "0 1" row reads as numbers too:
  // trust the file name when it says which, else the reader that accepts the text.
  const MapFormat byName = formatFromFileName(fileName);
  if (byName == MapFormat::Tutorial || byName == MapFormat::Tutorial2) return byName;
  MapDocument scratch;
  if (readTutorial2(textIn, scratch).ok()) return MapFormat::Tutorial2;
  if (readTutorialGrid(textIn, scratch).ok()) return MapFormat::Tutorial;
  // Neither: pick by the cell letters, so the error message comes from the likelier reader.
  return textIn.substr(0, 4096).find_first_of(".xX") != std::string_view::npos ? MapFormat::Tutorial
                                                                               : MapFormat::Tutorial2;
}

Error readMap(std::string_view text, MapDocument& out, MapFormat format) {
  if (format == MapFormat::Unknown) format = detectFormat(text);
  if (const FormatInfo* i = formatInfo(format)) return i->read(text, out);
  if (text.empty()) return Error::at(1, 1, "the file is empty");
  return Error::at(1, 1,
                   "unknown map format (expected a playground map starting 'astar-map 1', a Moving AI map starting "
                   "'type octile', or a tutorial grid starting with its numbers)");
}

std::string writeMap(const MapDocument& doc, MapFormat format, std::vector<std::string>* lost) {
  const FormatInfo* i = formatInfo(format);
  return (i ? i->write : writePlaygroundMap)(doc, lost);  // Unknown: the playground format
}

Error resolveLetters(const MapDocument& doc, std::string& cells, std::vector<Terrain>& terrain) {
  const Grid& g = doc.grid;
  terrain.clear();
  int byLetter[256];
  std::fill(std::begin(byLetter), std::end(byLetter), -1);
  // Keep the document's legend, minus entries a file could not hold (bad or repeated letters).
  for (const Terrain& t : doc.terrain) {
    const unsigned char c = static_cast<unsigned char>(t.letter);
    if (c < 33 || c > 126 || byLetter[c] >= 0) continue;
    if (!t.wall && !(t.cost > 0.0)) continue;
    byLetter[c] = static_cast<int>(terrain.size());
    terrain.push_back(t);
    terrain.back().cost = t.wall ? 1.0 : t.cost;
  }
  auto fits = [&](const Terrain& t, NodeId n) { return g.passable(n) ? !t.wall && t.cost == g.cost(n) : t.wall; };
  const bool haveCells = doc.cells.size() == g.cellCount();
  cells.assign(g.cellCount(), '\0');
  int lastMatch = -1;  // runs of equal cells are common: try the last match first
  Error result;
  for (NodeId n = 0; n < g.cellCount(); ++n) {
    if (haveCells) {
      const int i = byLetter[static_cast<unsigned char>(doc.cells[n])];
      if (i >= 0 && fits(terrain[static_cast<std::size_t>(i)], n)) {
        cells[n] = doc.cells[n];
        continue;
      }
    }
    if (lastMatch >= 0 && fits(terrain[static_cast<std::size_t>(lastMatch)], n)) {
      cells[n] = terrain[static_cast<std::size_t>(lastMatch)].letter;
      continue;
    }
    int match = -1;
    for (std::size_t i = 0; i < terrain.size() && match < 0; ++i)
      if (fits(terrain[i], n)) match = static_cast<int>(i);
    if (match < 0) {
      // A new legend entry: '#' for walls, '.' for cost 1 when free, else a spare letter.
      const bool wall = !g.passable(n);
      char letter = 0;
      const char preferred = wall ? '#' : (g.cost(n) == 1.0 ? '.' : '~');
      if (byLetter[static_cast<unsigned char>(preferred)] < 0) letter = preferred;
      for (std::size_t i = 0; !letter && i < kSpareLetters.size(); ++i)
        if (byLetter[static_cast<unsigned char>(kSpareLetters[i])] < 0) letter = kSpareLetters[i];
      if (!letter) {
        // Out of letters: use the passable entry with the nearest cost, and say so.
        double best = 0.0;
        for (std::size_t i = 0; i < terrain.size(); ++i) {
          const double d = std::abs(terrain[i].cost - g.cost(n));
          if (terrain[i].wall == wall && (match < 0 || d < best)) match = static_cast<int>(i), best = d;
        }
        if (match < 0) match = 0;
        result = Error{"the map has more different cell costs than the " + std::to_string(kMaxTerrainTypes) +
                       " letters a file can give them; some cells were written with the nearest cost"};
        cells[n] = terrain[static_cast<std::size_t>(match)].letter;
        continue;
      }
      Terrain t;
      t.letter = letter;
      t.wall = wall;
      t.cost = wall ? 1.0 : g.cost(n);
      t.name = wall ? "wall" : (t.cost == 1.0 ? "floor" : "cost " + text::formatNumber(t.cost));
      byLetter[static_cast<unsigned char>(letter)] = static_cast<int>(terrain.size());
      terrain.push_back(t);
      match = static_cast<int>(terrain.size()) - 1;
    }
    lastMatch = match;
    cells[n] = terrain[static_cast<std::size_t>(match)].letter;
  }
  return result;
}

}  // namespace astar
