// Map file formats: readers and writers between text and a MapDocument (a Grid plus the
// things a file carries around it: name, start, goals, the letter each cell was written
// with). Core does no file I/O: callers pass the file's bytes and, optionally, its name.
//
//   astar::MapDocument doc;
//   if (astar::Error e = astar::readMap(text, doc, astar::detectFormat(text, "arcade.map.txt")))
//     std::cerr << e.describe() << "\n";   // "line 7, column 12: row has 27 cells, header says 28"
//   std::string out = astar::writeMap(doc, astar::MapFormat::MovingAi);
//
// Formats (maps/README.md documents each with an example):
//   Playground  our own: "astar-map 1", `key: value` header lines, then `grid:` and the rows.
//   MovingAi    Moving AI Lab .map (type/height/width/map header, terrain letters . G S @ O T W).
//   Tutorial    the seed tutorial's grid file: node size, width, height, rows of `x` / `.`.
//   Tutorial2   the seed "Tutorial 2" file: rows, columns, rows of 0 / 1 / A (start) / B (goal).
// Scenario files (.map.scen) are lists of problems, not maps: see readScenario.
//
// Every reader checks sizes against the limits below before it allocates anything, never
// reads past the text and reports the first problem with its 1-based line and column.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "astar/error.h"
#include "astar/grid.h"
#include "astar/map_document.h"

namespace astar {

inline constexpr std::size_t kMaxLineLength = 20000;  // bytes per line (a 4096-wide row, spaced)
inline constexpr int kMaxTerrainTypes = 94;           // one per printable ASCII letter
inline constexpr std::size_t kMaxTextValue = 4096;    // name, author, description, terrain name
inline constexpr std::size_t kMaxScenarioRows = 1000000;

enum class MapFormat : std::uint8_t { Unknown, Playground, MovingAi, Tutorial, Tutorial2 };

const char* formatName(MapFormat f);                          // "playground", "movingai", "tutorial", "tutorial2"
bool parseFormatName(std::string_view name, MapFormat& out);  // the names above
// By the file name's ending (any of a format's extensions, the longest match first: ".map.txt"
// Playground before ".map" MovingAi); Unknown otherwise.
MapFormat formatFromFileName(std::string_view fileName);
// By content first (the Playground magic line, the Moving AI `type` line, the tutorial
// number headers), then by the file name. Unknown when neither tells.
MapFormat detectFormat(std::string_view text, std::string_view fileName = {});
const char* formatExtension(MapFormat f);  // the one written: ".map.txt", ".map", ".grid.txt", ".tut2.txt"

// What a format can hold; a writer drops the rest and says so (writeMap's `lost`).
struct FormatCapabilities {
  bool costs = false;         // cell entry costs other than 1
  bool movementRule = false;  // the diagonal rule and cost model
  bool hexCells = false;
  bool wrap = false;
  bool portals = false;
  bool oneWayCells = false;
  int maxGoals = 0;       // 0: no start or goal
  bool metadata = false;  // name, author, description
};

// The format table: one row per map format, read for detection, dispatch, the CLI's help and
// convert, the fuzz targets and the page's file picker (registry().formats). Adding a format =
// its reader and writer in core/formats/src/format_<name>.cpp and a row (formats.cpp there).
struct FormatInfo {
  MapFormat format = MapFormat::Unknown;
  const char* name = "";   // "playground", "movingai", ...: --to, links, fuzz target and corpus folder
  const char* label = "";  // for people: "A* Playground map", "Moving AI map", ...
  std::span<const char* const> extensions = {};  // recognised endings, the one written first
  Error (*read)(std::string_view text, MapDocument& out) = nullptr;
  std::string (*write)(const MapDocument& doc, std::vector<std::string>* lost) = nullptr;
  FormatCapabilities can = {};
};
std::span<const FormatInfo> formats();
const FormatInfo* formatInfo(MapFormat f);  // nullptr for Unknown

// Reads text in the given format (Unknown: detectFormat(text)). On error `out` is left
// in an unspecified but valid state.
Error readMap(std::string_view text, MapDocument& out, MapFormat format = MapFormat::Unknown);
Error readPlaygroundMap(std::string_view text, MapDocument& out);
Error readMovingAiMap(std::string_view text, MapDocument& out);
Error readTutorialGrid(std::string_view text, MapDocument& out);
Error readTutorial2(std::string_view text, MapDocument& out);

// Writes the document. A format that cannot hold something (costs in a Moving AI map, portals
// in a tutorial file, ...) drops it and, when `lost` is given, appends one line saying what.
std::string writeMap(const MapDocument& doc, MapFormat format, std::vector<std::string>* lost = nullptr);
std::string writePlaygroundMap(const MapDocument& doc, std::vector<std::string>* lost = nullptr);
std::string writeMovingAiMap(const MapDocument& doc, std::vector<std::string>* lost = nullptr);
std::string writeTutorialGrid(const MapDocument& doc, std::vector<std::string>* lost = nullptr);
std::string writeTutorial2(const MapDocument& doc, std::vector<std::string>* lost = nullptr);

// The letter each cell should be written with and the legend, from doc.cells/doc.terrain when
// they agree with doc.grid, else derived from the grid ('#' walls, '.' cost 1, other letters
// for other costs). Always fills `cells`; returns an error (a warning: the output is still
// usable) when the grid has more distinct costs than letters and some cells got the letter
// of the nearest cost.
Error resolveLetters(const MapDocument& doc, std::string& cells, std::vector<Terrain>& terrain);

// ---- Moving AI scenarios (.map.scen) ----

struct ScenarioRow {
  int bucket = 0;
  std::string mapName;  // as written (may include a directory)
  int mapWidth = 0;
  int mapHeight = 0;
  int startX = 0, startY = 0, goalX = 0, goalY = 0;
  double optimalLength = 0.0;
  std::string optimalText;  // the length as printed, so a written file is byte-identical
  // How far a correct search cost may differ from optimalLength: 0.6 units in the last
  // printed decimal (a correctly rounded value is within 0.5; 2 decimals: 0.006) plus 1e-6
  // for the generator's own floating-point noise. Not relative: on a 5000-long path a
  // relative bound would accept suboptimal paths (7 straight steps vs 5 diagonals differ
  // by only 0.07).
  double tolerance = 0.0;
  int line = 0;  // 1-based line in the file
  friend bool operator==(const ScenarioRow&, const ScenarioRow&) = default;
};

struct Scenario {
  std::string version;    // "1" (current, tab-separated) or "1.0" (legacy, space-separated)
  char separator = '\t';  // what the writer puts between fields
  std::vector<ScenarioRow> rows;
  friend bool operator==(const Scenario&, const Scenario&) = default;
};

// Accepts `version 1` and `version 1.0` headers, fields split on any whitespace, LF or CRLF.
Error readScenario(std::string_view text, Scenario& out);
std::string writeScenario(const Scenario& scenario);
// "maps/bgmaps/AR0011SR.map" -> "AR0011SR.map" (either slash).
std::string_view baseName(std::string_view path);
// The tolerance rule above for a length printed as `text`.
double scenarioTolerance(std::string_view text, double value);

}  // namespace astar
