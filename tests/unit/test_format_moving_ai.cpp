// Moving AI .map and .map.scen: reading, writing, round trips, and every benchmark file in
// ../shared/maps-bench (both scenario variants, CRLF files included).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "astar/formats.h"
#include "read_file.h"

namespace {

using astar::testing::readFile;

// The file with LF line ends and a final line end (our writers' form).
std::string normalized(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != '\r') out += c;
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out;
}

const char* kSmallMap =
    "type octile\n"
    "height 3\n"
    "width 5\n"
    "map\n"
    ".G@OS\n"
    "TW...\n"
    ".....\n";

TEST(MovingAiMap, ReadsEveryTerrainLetter) {
  astar::MapDocument doc;
  ASSERT_TRUE(astar::readMovingAiMap(kSmallMap, doc).ok());
  EXPECT_EQ(doc.grid.width(), 5);
  EXPECT_EQ(doc.grid.height(), 3);
  EXPECT_TRUE(doc.grid.passable(0, 0));   // .
  EXPECT_TRUE(doc.grid.passable(1, 0));   // G
  EXPECT_FALSE(doc.grid.passable(2, 0));  // @
  EXPECT_FALSE(doc.grid.passable(3, 0));  // O
  EXPECT_TRUE(doc.grid.passable(4, 0));   // S
  EXPECT_FALSE(doc.grid.passable(0, 1));  // T
  EXPECT_FALSE(doc.grid.passable(1, 1));  // W
  EXPECT_EQ(doc.cells, ".G@OSTW........");
  EXPECT_EQ(doc.grid.diagonal(), astar::DiagonalMovement::OnlyWhenNoObstacles);
  ASSERT_EQ(doc.terrain.size(), 7u);
  EXPECT_EQ(doc.terrain[5].letter, 'T');
  EXPECT_TRUE(doc.terrain[5].wall);
}

TEST(MovingAiMap, RoundTripIsByteExact) {
  astar::MapDocument doc;
  ASSERT_TRUE(astar::readMovingAiMap(kSmallMap, doc).ok());
  EXPECT_EQ(astar::writeMovingAiMap(doc), kSmallMap);
  astar::MapDocument again;
  ASSERT_TRUE(astar::readMovingAiMap(astar::writeMovingAiMap(doc), again).ok());
  EXPECT_EQ(again, doc);
}

TEST(MovingAiMap, CrlfAndHeaderOrderAreAccepted) {
  astar::MapDocument a, b;
  ASSERT_TRUE(astar::readMovingAiMap(kSmallMap, a).ok());
  const std::string reordered = "type octile\r\nwidth 5\r\nheight 3\r\nmap\r\n.G@OS\r\nTW...\r\n.....\r\n\r\n";
  const astar::Error e = astar::readMovingAiMap(reordered, b);
  ASSERT_TRUE(e.ok()) << e.describe();
  EXPECT_EQ(a, b);
}

TEST(MovingAiMap, WriterReplacesLettersThatNoLongerFit) {
  astar::MapDocument doc;
  ASSERT_TRUE(astar::readMovingAiMap(kSmallMap, doc).ok());
  ASSERT_TRUE(doc.grid.setCost(0, 1, 1.0).ok());  // the tree cell is now open ground
  ASSERT_TRUE(doc.grid.setWall(4, 0).ok());       // the swamp cell is now a wall
  ASSERT_TRUE(doc.grid.setCost(1, 2, 3.0).ok());  // a cost Moving AI cannot say
  std::vector<std::string> lost;
  const std::string text = astar::writeMovingAiMap(doc, &lost);
  EXPECT_EQ(text.substr(text.find("map\n") + 4), ".G@O@\n.W...\n.....\n");
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_NE(lost[0].find("cell costs"), std::string::npos);
}

TEST(MovingAiMap, ErrorsCarryLineAndColumn) {
  struct Case {
    const char* text;
    int line, column;
    const char* message;
  } cases[] = {
      {"type octile\nheight 2\nwidth 3\nmap\n...\n..\n", 6, 3, "row has 2 cells, header says 3"},
      {"type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n", 6, 2, "unknown cell 'x' (expected one of . G S @ O T W)"},
      {"type octile\nheight 3\nwidth 2\nmap\n..\n..\n", 7, 1, "the file ends after 2 rows, header says 3"},
      {"type octile\nheight 3\nwidth 3\nmap\n...\n...\n", 3, 7,
       "map size 3 x 3 needs at least 9 bytes of rows, the file has 8 left"},
      {"type octile\nheight 1\nwidth 1\nmap\n.\nmore\n", 6, 1, "unexpected text after the 1 rows the header announced"},
      {"type tile\nheight 1\nwidth 1\nmap\n.\n", 1, 6, "expected 'octile', got 'tile'"},
      {"type octile\nheight 0\nwidth 0\nmap\n", 3, 7, "map size 0 x 0 is outside 1..4096 per side"},
  };
  for (const Case& c : cases) {
    astar::MapDocument doc;
    const astar::Error e = astar::readMovingAiMap(c.text, doc);
    EXPECT_EQ(e.message, c.message) << c.text;
    EXPECT_EQ(e.line, c.line) << c.text;
    EXPECT_EQ(e.column, c.column) << c.text;
  }
}

TEST(Scenario, ReadsCurrentAndLegacyRows) {
  const std::string current = "version 1\n1\tmaps/x/arena.map\t49\t49\t1\t2\t3\t4\t5.41421356\n";
  const std::string legacy = "version 1.0\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\n";
  astar::Scenario a, b;
  ASSERT_TRUE(astar::readScenario(current, a).ok());
  ASSERT_TRUE(astar::readScenario(legacy, b).ok());
  ASSERT_EQ(a.rows.size(), 1u);
  EXPECT_EQ(a.rows[0].mapName, "maps/x/arena.map");
  EXPECT_EQ(astar::baseName(a.rows[0].mapName), "arena.map");
  EXPECT_EQ(a.rows[0].startX, 1);
  EXPECT_EQ(a.rows[0].goalY, 4);
  EXPECT_DOUBLE_EQ(a.rows[0].optimalLength, 5.41421356);
  EXPECT_NEAR(a.rows[0].tolerance, 0.6e-8 + 1e-6, 1e-12);
  EXPECT_EQ(b.version, "1.0");
  EXPECT_EQ(b.separator, ' ');
  EXPECT_NEAR(b.rows[0].tolerance, 0.006 + 1e-6, 1e-12);
  EXPECT_EQ(astar::writeScenario(a), current);
  EXPECT_EQ(astar::writeScenario(b), legacy);
}

TEST(Scenario, RejectsBadRows) {
  struct Case {
    const char* text;
    int line, column;
    const char* message;
  } cases[] = {
      {"", 1, 1, "expected 'version 1' (empty scenario file)"},
      {"version 2\n", 1, 9, "expected version '1' or '1.0', got '2'"},
      {"version 1\n1\ta.map\t4\t4\t1\t1\t2\n", 2, 18,
       "expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found 7"},
      {"version 1\n1\ta.map\t4\t4\t1\t1\t4\t2\t3\n", 2, 17, "expected an x coordinate in 0..3, got '4'"},
      {"version 1\n1\ta.map\t4\t4\t1\t1\t2\t2\tnan\n", 2, 21,
       "expected an optimal length (a finite number >= 0), got 'nan'"},
      {"version 1\n1\ta.map\t4\t4\t1\t1\t2\t2\t-1\n", 2, 21,
       "expected an optimal length (a finite number >= 0), got '-1'"},
  };
  for (const Case& c : cases) {
    astar::Scenario s;
    const astar::Error e = astar::readScenario(c.text, s);
    EXPECT_EQ(e.message, c.message) << c.text;
    EXPECT_EQ(e.line, c.line) << c.text;
    EXPECT_EQ(e.column, c.column) << c.text;
  }
}

// Every benchmark map loads, every scenario row fits its map and lands on passable cells,
// and writing the map back gives the original bytes (up to CRLF and a missing final line end).
TEST(MapsBench, EveryMapAndScenarioLoads) {
  const std::filesystem::path dir = ASTAR_MAPS_BENCH_DIR;
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no Moving AI benchmark folder at " << dir;
  int maps = 0, rows = 0, crlf = 0, legacy = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::filesystem::path p = entry.path();
    if (p.extension() != ".map") continue;
    SCOPED_TRACE(p.filename().string());
    const std::string mapText = readFile(p);
    astar::MapDocument doc;
    const astar::Error e = astar::readMovingAiMap(mapText, doc);
    ASSERT_TRUE(e.ok()) << e.describe();
    const bool isCrlf = mapText.find("\r\n") != std::string::npos;
    crlf += isCrlf;
    EXPECT_TRUE(astar::writeMovingAiMap(doc) == normalized(mapText));
    ++maps;

    const std::string scenText = readFile(p.string() + ".scen");
    astar::Scenario scen;
    const astar::Error se = astar::readScenario(scenText, scen);
    ASSERT_TRUE(se.ok()) << se.describe();
    legacy += scen.version == "1.0" || scen.rows.front().mapName.find('/') != std::string::npos;
    ASSERT_FALSE(scen.rows.empty());
    for (const astar::ScenarioRow& r : scen.rows) {
      ASSERT_EQ(astar::baseName(r.mapName), p.filename().string()) << "line " << r.line;
      ASSERT_EQ(r.mapWidth, doc.grid.width()) << "line " << r.line;
      ASSERT_EQ(r.mapHeight, doc.grid.height()) << "line " << r.line;
      ASSERT_TRUE(doc.grid.passable(r.startX, r.startY)) << "line " << r.line;
      ASSERT_TRUE(doc.grid.passable(r.goalX, r.goalY)) << "line " << r.line;
      ASSERT_GT(r.tolerance, 0.0);
      ++rows;
    }
    // Same bytes back (the scenario writer keeps separators and printed lengths).
    const bool scenCrlf = scenText.find("\r\n") != std::string::npos;
    crlf += scenCrlf;
    EXPECT_TRUE(astar::writeScenario(scen) == normalized(scenText));
  }
  EXPECT_EQ(maps, 13);
  EXPECT_EQ(rows, 31870);
  EXPECT_GE(crlf, 2);  // Berlin and Paris maps (their .scen files are LF)
  EXPECT_EQ(legacy, 2);
}

}  // namespace
