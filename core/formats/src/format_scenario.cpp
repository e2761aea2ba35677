// Moving AI scenario files (.map.scen): a `version` line, then one problem per line:
// bucket, map name, map width, map height, start x, start y, goal x, goal y, optimal length.
// Current files are `version 1` and tab-separated; legacy ones `version 1.0` and
// space-separated; map names may carry a directory. Fields are split on any whitespace.
#include <cmath>
#include <string>

#include "astar/formats.h"
#include "format_text.h"

namespace astar {

std::string_view baseName(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

double scenarioTolerance(std::string_view printed, double value) {
  (void)value;
  int decimals = 0;
  const std::size_t dot = printed.find('.');
  if (dot != std::string_view::npos) {
    for (std::size_t i = dot + 1; i < printed.size() && printed[i] >= '0' && printed[i] <= '9'; ++i) ++decimals;
  }
  return 0.6 * std::pow(10.0, -decimals) + 1e-6;
}

Error readScenario(std::string_view textIn, Scenario& out) {
  text::LineReader reader(textIn);
  text::Line line;
  Error error;
  if (!reader.nextContent(line, error, false)) {
    if (error) return error;
    return text::at(1, 1, "expected 'version 1' (empty scenario file)");
  }
  Scenario scenario;
  {
    const std::vector<text::Token> t = text::tokens(line.text, 2);
    if (t[0].text != "version") return text::expected(t[0], line.number, "'version 1' or 'version 1.0'");
    if (t.size() < 2) return text::at(line.number, static_cast<int>(line.text.size()) + 1, "expected a version number");
    if (t[1].text != "1" && t[1].text != "1.0") return text::expected(t[1], line.number, "version '1' or '1.0'");
    if (t.size() > 2) return text::expected(t[2], line.number, "the end of the version line");
    scenario.version = std::string(t[1].text);
    scenario.separator = scenario.version == "1" ? '\t' : ' ';
  }
  bool firstRow = true;
  while (reader.nextContent(line, error, false)) {
    if (scenario.rows.size() >= kMaxScenarioRows)
      return text::at(line.number, 1, "more than " + std::to_string(kMaxScenarioRows) + " scenario rows");
    if (int bad = text::firstBadByte(line.text, true))
      return text::at(
          line.number, bad,
          "unexpected " + text::describeByte(static_cast<unsigned char>(line.text[static_cast<std::size_t>(bad) - 1])));
    const std::vector<text::Token> t = text::tokens(line.text, 9);
    if (t.size() != 9)
      return text::at(
          line.number, t.size() > 9 ? t[9].column : static_cast<int>(line.text.size()) + 1,
          "expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found " +
              (t.size() > 9 ? std::string("more") : std::to_string(t.size())));
    if (firstRow) {
      // Write back with what the file used, whatever its version line says.
      scenario.separator = line.text.find('\t') != std::string_view::npos ? '\t' : ' ';
      firstRow = false;
    }
    ScenarioRow row;
    row.line = line.number;
    if (!text::parseInt(t[0].text, 0, 1000000000, row.bucket))
      return text::expected(t[0], line.number, "a bucket number >= 0");
    row.mapName = std::string(t[1].text);
    if (!text::parseInt(t[2].text, 1, kMaxGridSide, row.mapWidth))
      return text::expected(t[2], line.number, "a map width in 1.." + std::to_string(kMaxGridSide));
    if (!text::parseInt(t[3].text, 1, kMaxGridSide, row.mapHeight))
      return text::expected(t[3], line.number, "a map height in 1.." + std::to_string(kMaxGridSide));
    int* coords[4] = {&row.startX, &row.startY, &row.goalX, &row.goalY};
    for (int i = 0; i < 4; ++i) {
      const bool isX = i % 2 == 0;
      const int limit = (isX ? row.mapWidth : row.mapHeight) - 1;
      if (!text::parseInt(t[4 + i].text, 0, limit, *coords[i]))
        return text::expected(t[4 + i], line.number,
                              std::string(isX ? "an x" : "a y") + " coordinate in 0.." + std::to_string(limit));
    }
    if (!text::parseNumber(t[8].text, row.optimalLength) || row.optimalLength < 0.0)
      return text::expected(t[8], line.number, "an optimal length (a finite number >= 0)");
    row.optimalText = std::string(t[8].text);
    row.tolerance = scenarioTolerance(row.optimalText, row.optimalLength);
    scenario.rows.push_back(std::move(row));
  }
  if (error) return error;
  out = std::move(scenario);
  return {};
}

std::string writeScenario(const Scenario& scenario) {
  std::string out = "version " + (scenario.version.empty() ? std::string("1") : scenario.version) + "\n";
  const char sep = scenario.separator;
  for (const ScenarioRow& r : scenario.rows) {
    out += std::to_string(r.bucket) + sep + r.mapName + sep + std::to_string(r.mapWidth) + sep +
           std::to_string(r.mapHeight) + sep + std::to_string(r.startX) + sep + std::to_string(r.startY) + sep +
           std::to_string(r.goalX) + sep + std::to_string(r.goalY) + sep +
           (r.optimalText.empty() ? text::formatNumber(r.optimalLength) : r.optimalText) + "\n";
  }
  return out;
}

}  // namespace astar
