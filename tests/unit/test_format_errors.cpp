// Malformed input: every case gives its own message at its own line and column, and no
// reader crashes, hangs or allocates for a size it has not seen the bytes for.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "astar/formats.h"

namespace {

using astar::MapFormat;

struct Case {
  const char* label;
  MapFormat format;
  std::string text;
  int line, column;
  const char* message;
};

const std::string kHead = "astar-map 1\nsize: 3 x 2\nterrain: . 1 floor\nterrain: # wall\n";

const Case kCases[] = {
    // Any format.
    {"empty file", MapFormat::Playground, "", 1, 1, "the file is empty: expected 'astar-map 1'"},
    {"empty tutorial", MapFormat::Tutorial, "", 1, 1, "the file is empty: expected the node size"},
    {"only comments", MapFormat::Tutorial2, "// nothing here\n\n", 3, 1,
     "the file ends early: expected the number of rows"},
    {"unknown format", MapFormat::Unknown, "hello\n", 1, 1,
     "unknown map format (expected a playground map starting 'astar-map 1', a Moving AI map starting 'type octile', or "
     "a "
     "tutorial grid starting with its numbers)"},
    {"line too long", MapFormat::MovingAi, "type octile\n" + std::string(25000, ' ') + "\n", 2, 20001,
     "line is longer than 20000 bytes"},
    // Playground format.
    {"wrong magic", MapFormat::Playground, "astar-mop 1\n", 1, 1, "expected 'astar-map 1', got 'astar-mop'"},
    {"wrong version", MapFormat::Playground, "astar-map 7\n", 1, 11, "expected format version '1', got '7'"},
    {"truncated header", MapFormat::Playground, "astar-map 1\nsize: 3 x 2\n", 3, 1,
     "the file ends before the 'grid:' line"},
    {"no size", MapFormat::Playground, "astar-map 1\nterrain: . 1\ngrid:\n", 3, 1,
     "expected a 'size: WIDTH x HEIGHT' line before 'grid:'"},
    {"no terrain", MapFormat::Playground, "astar-map 1\nsize: 1 x 1\ngrid:\n.\n", 3, 1,
     "expected at least one 'terrain:' line before 'grid:'"},
    {"not key value", MapFormat::Playground, "astar-map 1\nsize 3 x 2\n", 2, 1, "expected 'key: value' or 'grid:'"},
    {"unknown key", MapFormat::Playground, "astar-map 1\n  colour: red\n", 2, 3,
     "unknown key 'colour' (expected name, author, description, size, cells, movement, cost-model, wrap, node-size, "
     "terrain, "
     "start, goal, portal, one-way or grid)"},
    {"duplicate name", MapFormat::Playground, "astar-map 1\nname: a\nname: b\n", 3, 1,
     "duplicate 'name' (the first is on line 2)"},
    {"size 0 x 0", MapFormat::Playground, "astar-map 1\nsize: 0 x 0\n", 2, 7,
     "map size 0 x 0 is outside 1..4096 per side"},
    {"size 100000 x 100000", MapFormat::Playground, "astar-map 1\nsize: 100000 x 100000\n", 2, 7,
     "map size 100000 x 100000 is outside 1..4096 per side"},
    {"size bigger than the file", MapFormat::Playground, "astar-map 1\nsize: 4096 x 4096\nterrain: . 1\ngrid:\n...\n",
     2, 7, "map size 4096 x 4096 needs at least 16777216 bytes of rows, the file has 4 left"},
    {"size garbage", MapFormat::Playground, "astar-map 1\nsize: 3 by 2\n", 2, 7, "expected 'WIDTH x HEIGHT', got '3'"},
    {"wrong row length", MapFormat::Playground, kHead + "grid:\n...\n..\n", 7, 3, "row has 2 cells, header says 3"},
    {"row too long", MapFormat::Playground, kHead + "grid:\n....#\n...\n", 6, 4, "row has 5 cells, header says 3"},
    {"unknown letter", MapFormat::Playground, kHead + "grid:\n...\n.~.\n", 7, 2,
     "unknown cell '~' (expected one of . #)"},
    {"non-ascii cell", MapFormat::Playground, kHead + "grid:\n...\n.\xC3\xA9\n", 7, 2,
     "unknown cell byte 0xC3 (expected one of . #)"},
    {"text after the grid", MapFormat::Playground, kHead + "grid:\n...\n...\nmore\n", 8, 1,
     "unexpected text after the 2 rows the header announced"},
    {"negative cost", MapFormat::Playground, "astar-map 1\nterrain: ~ -3 water\n", 2, 12,
     "a cell cost must be > 0 (a cell that cannot be entered is a wall), got '-3'"},
    {"NaN cost", MapFormat::Playground, "astar-map 1\nterrain: ~ nan\n", 2, 12,
     "expected a cost (a number from 1e-30 to 1e30) or 'wall', got 'nan'"},
    {"zero cost", MapFormat::Playground, "astar-map 1\nterrain: ~ 0\n", 2, 12,
     "a cell cost must be > 0 (a cell that cannot be entered is a wall), got '0'"},
    {"huge cost", MapFormat::Playground, "astar-map 1\nterrain: ~ 1e999\n", 2, 12,
     "expected a cost (a number from 1e-30 to 1e30) or 'wall', got '1e999'"},
    {"cost above the limit", MapFormat::Playground, "astar-map 1\nterrain: ~ 1e31\n", 2, 12,
     "a cell cost must be at most 1e30, got '1e31'"},
    {"cost 1e308", MapFormat::Playground, "astar-map 1\nterrain: ~ 1e308\n", 2, 12,
     "a cell cost must be at most 1e30, got '1e308'"},
    {"cost below the limit", MapFormat::Playground, "astar-map 1\nterrain: ~ 1e-31\n", 2, 12,
     "a cell cost must be at least 1e-30, got '1e-31'"},
    {"infinite cost", MapFormat::Playground, "astar-map 1\nterrain: ~ inf\n", 2, 12,
     "expected a cost (a number from 1e-30 to 1e30) or 'wall', got 'inf'"},
    {"two-letter terrain", MapFormat::Playground, "astar-map 1\nterrain: ab 1\n", 2, 10,
     "expected a terrain letter (one printable character), got 'ab'"},
    {"terrain twice", MapFormat::Playground, "astar-map 1\nterrain: a 1\nterrain: a 2\n", 3, 10,
     "terrain letter 'a' is defined twice"},
    {"bad movement", MapFormat::Playground, "astar-map 1\nmovement: sideways\n", 2, 11,
     "expected never, only-when-no-obstacles, if-at-most-one-obstacle or always, got 'sideways'"},
    {"bad wrap", MapFormat::Playground, "astar-map 1\nwrap: z\n", 2, 7, "expected none, x, y or xy, got 'z'"},
    {"duplicate start", MapFormat::Playground, "astar-map 1\nstart: 0 0\nstart: 1 1\n", 3, 1,
     "duplicate 'start' (the first is on line 2)"},
    {"start out of range", MapFormat::Playground, kHead + "start: 3 0\ngrid:\n...\n...\n", 5, 8,
     "start (3, 0) is outside the 3 x 2 grid"},
    {"start on a wall", MapFormat::Playground, kHead + "start: 1 1\ngrid:\n...\n.#.\n", 5, 8, "start (1, 1) is a wall"},
    {"goal twice", MapFormat::Playground, kHead + "goal: 1 1\ngoal: 1 1\ngrid:\n...\n...\n", 6, 7,
     "goal (1, 1) is listed twice"},
    {"negative coordinate", MapFormat::Playground, "astar-map 1\ngoal: -1 0\n", 2, 7,
     "expected an x coordinate in 0..4095, got '-1'"},
    {"portal to itself", MapFormat::Playground, kHead + "portal: 1 1 <-> 1 1 2\ngrid:\n...\n...\n", 5, 9,
     "a portal must join two different cells"},
    {"portal out of range", MapFormat::Playground, kHead + "portal: 0 0 -> 7 1\ngrid:\n...\n...\n", 5, 16,
     "portal end (7, 1) is outside the 3 x 2 grid"},
    {"portal bad arrow", MapFormat::Playground, "astar-map 1\nportal: 0 0 => 1 1\n", 2, 13,
     "expected '<->' (two-way) or '->' (one-way), got '=>'"},
    {"portal negative cost", MapFormat::Playground, "astar-map 1\nportal: 0 0 -> 1 1 -4\n", 2, 20,
     "a portal cost must be >= 0, got '-4'"},
    {"portal cost 1e308", MapFormat::Playground, "astar-map 1\nportal: 0 0 -> 1 1 1e308\n", 2, 20,
     "a portal cost must be at most 1e30, got '1e308'"},
    {"portal cost nan", MapFormat::Playground, "astar-map 1\nportal: 0 0 -> 1 1 nan\n", 2, 20,
     "expected a portal cost (a number from 0 to 1e30), got 'nan'"},
    {"portal cost inf", MapFormat::Playground, "astar-map 1\nportal: 0 0 -> 1 1 inf\n", 2, 20,
     "expected a portal cost (a number from 0 to 1e30), got 'inf'"},
    {"one-way bad direction", MapFormat::Playground, "astar-map 1\none-way: 0 0 up\n", 2, 14,
     "expected a direction (N E S W NE SE SW NW), got 'up'"},
    {"one-way twice", MapFormat::Playground, kHead + "one-way: 0 0 E\none-way: 0 0 W\ngrid:\n...\n...\n", 6, 10,
     "one-way cell (0, 0) is listed twice"},
    {"control byte in name", MapFormat::Playground, "astar-map 1\nname: a\x01z\n", 2, 8,
     "unexpected byte 0x01 (text must be UTF-8 without control characters)"},
    {"invalid utf-8 in name", MapFormat::Playground, "astar-map 1\nname: caf\xE9!\n", 2, 10,
     "unexpected byte 0xE9 (text must be UTF-8 without control characters)"},
    // Moving AI.
    {"moving ai truncated header", MapFormat::MovingAi, "type octile\nheight 4\n", 3, 1,
     "expected a 'map' line before the grid rows"},
    {"moving ai no width", MapFormat::MovingAi, "type octile\nheight 4\nmap\n", 3, 1,
     "expected a 'width' line before 'map'"},
    {"moving ai bad key", MapFormat::MovingAi, "type octile\ndepth 4\n", 2, 1,
     "expected 'type', 'height', 'width' or 'map', got 'depth'"},
    {"moving ai duplicate height", MapFormat::MovingAi, "type octile\nheight 4\nheight 5\n", 3, 1,
     "duplicate 'height' line"},
    {"moving ai NaN width", MapFormat::MovingAi, "type octile\nheight 4\nwidth NaN\n", 3, 7,
     "expected a whole number, got 'NaN'"},
    {"moving ai negative", MapFormat::MovingAi, "type octile\nheight -4\nwidth 4\nmap\n....\n", 3, 7,
     "map size 4 x -4 is outside 1..4096 per side"},
    // Tutorial grid.
    {"tutorial wrong row length", MapFormat::Tutorial, "16\n3\n2\n...\n.x\n", 5, 3, "row has 2 cells, header says 3"},
    {"tutorial unknown cell", MapFormat::Tutorial, "16 3 2\n...\n.o.\n", 3, 2,
     "unknown cell 'o' (expected one of . x X)"},
    {"tutorial bad node size", MapFormat::Tutorial, "0 3 2\n...\n...\n", 1, 1,
     "expected a node size in 1..100000, got '0'"},
    {"tutorial word for number", MapFormat::Tutorial, "16\nwide\n", 2, 1,
     "expected the width (a whole number), got 'wide'"},
    {"tutorial too few rows", MapFormat::Tutorial, "16 3 2\n...\n// a long comment, no second row\n", 4, 1,
     "the file ends after 1 rows, header says 2"},
    // Tutorial 2.
    {"tutorial2 duplicate start", MapFormat::Tutorial2, "2\n3\nA00\n0A0\n", 4, 2,
     "duplicate start 'A' (the first is at x 0, y 0)"},
    {"tutorial2 duplicate goal", MapFormat::Tutorial2, "2 3\nB 0 0\n0 0 B\n", 3, 5,
     "duplicate goal 'B' (the first is at x 0, y 0)"},
    {"tutorial2 unknown cell", MapFormat::Tutorial2, "1\n3\n0x0\n", 3, 2, "unknown cell 'x' (expected one of 0 1 A B)"},
    {"tutorial2 100000 rows", MapFormat::Tutorial2, "100000\n100000\n", 2, 1,
     "map size 100000 x 100000 is outside 1..4096 per side"},
    {"tutorial2 header with extra number", MapFormat::Tutorial2, "2 3 4\n", 1, 5,
     "expected the grid rows after the header numbers, got '4'"},
};

TEST(MalformedInput, EachCaseHasItsOwnMessageLineAndColumn) {
  ASSERT_GE(sizeof kCases / sizeof kCases[0], 30u);
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.label);
    astar::MapDocument doc;
    const astar::Error e = astar::readMap(c.text, doc, c.format);
    EXPECT_EQ(e.message, c.message);
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
  }
}

TEST(MalformedInput, MessagesAreDistinct) {
  // Two cases with the same message would mean the test does not tell them apart.
  for (std::size_t i = 0; i < sizeof kCases / sizeof kCases[0]; ++i)
    for (std::size_t j = i + 1; j < sizeof kCases / sizeof kCases[0]; ++j)
      if (kCases[i].format == kCases[j].format) {
        EXPECT_FALSE(std::string(kCases[i].message) == kCases[j].message)
            << kCases[i].label << " / " << kCases[j].label;
      }
}

// A header promising the largest map with no rows behind it must fail at once, and a large
// but well-formed map must read in reasonable time.
TEST(MalformedInput, HugeHeadersFailFastAndLargeMapsRead) {
  const auto begin = std::chrono::steady_clock::now();
  astar::MapDocument doc;
  for (int i = 0; i < 1000; ++i)
    ASSERT_FALSE(astar::readMovingAiMap("type octile\nheight 4096\nwidth 4096\nmap\n", doc).ok());
  std::string big = "type octile\nheight 1024\nwidth 1024\nmap\n";
  for (int y = 0; y < 1024; ++y) big += std::string(1024, y % 2 ? '.' : 'T') + "\n";
  const astar::Error e = astar::readMovingAiMap(big, doc);
  ASSERT_TRUE(e.ok()) << e.describe();
  EXPECT_EQ(doc.grid.width(), 1024);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  EXPECT_LT(seconds, 5.0);
}

}  // namespace
