// MapTextReader: a playground map read a band of rows per call gives the document the one-shot
// reader gives, reports a problem in the band that holds it (with the one-shot reader's line,
// column and message) and reads nothing after it.
#include <gtest/gtest.h>

#include <string>

#include "astar/formats.h"
#include "astar/map_text_reader.h"

namespace {

using astar::Error;
using astar::MapDocument;
using astar::MapFormat;
using astar::MapTextReader;

// 6 x 8 with terrain, start, two goals, a portal and a one-way cell: every part the reader
// checks after the rows.
const std::string kMap =
    "astar-map 1\n"
    "name: Bands\n"
    "size: 6 x 8\n"
    "movement: always\n"
    "terrain: . 1 floor\n"
    "terrain: ~ 10 water\n"
    "terrain: # wall wall\n"
    "start: 0 0\n"
    "goal: 5 7\n"
    "goal: 4 7\n"
    "portal: 1 1 <-> 4 6 2\n"
    "one-way: 2 3 E\n"
    "grid:\n"
    "......\n"
    "..#...\n"
    ".~~#..\n"
    "......\n"
    "####..\n"
    "..~~..\n"
    "......\n"
    "......\n";

MapDocument readAtOnce(const std::string& text) {
  MapDocument doc;
  const Error e = astar::readMap(text, doc, MapFormat::Playground);
  EXPECT_TRUE(e.ok()) << e.describe();
  return doc;
}

TEST(MapTextReader, BandsGiveTheOneShotDocument) {
  const MapDocument once = readAtOnce(kMap);
  ASSERT_EQ(once.grid.width(), 6);
  for (int band : {1, 3, 8, 100}) {
    MapTextReader reader(kMap);
    ASSERT_FALSE(reader.done());
    EXPECT_EQ(reader.height(), 8);
    int calls = 0, lastRows = 0;
    while (!reader.done()) {
      const Error e = reader.readRows(band);
      ASSERT_TRUE(e.ok()) << e.describe();
      EXPECT_GT(reader.rowsRead(), lastRows);  // every call reads
      lastRows = reader.rowsRead();
      ++calls;
    }
    EXPECT_EQ(calls, (8 + band - 1) / band) << "band " << band;
    EXPECT_EQ(reader.rowsRead(), 8);
    const MapDocument doc = reader.take();
    EXPECT_TRUE(doc == once) << "band " << band;
    EXPECT_EQ(doc.goals.size(), 2u);
    EXPECT_FALSE(doc.grid.passable(2, 1));
    EXPECT_EQ(doc.grid.cost(doc.grid.index(1, 2)), 10.0);
  }
}

TEST(MapTextReader, AProblemIsReportedInItsBandAsTheOneShotReaderSaysIt) {
  std::string bad = kMap;
  bad.replace(bad.find("..~~..\n"), 7, "..~?..\n");  // row 5 (0-based), the file's line 19
  MapDocument doc;
  const Error once = astar::readMap(bad, doc, MapFormat::Playground);
  ASSERT_FALSE(once.ok());
  EXPECT_EQ(once.line, 19);

  MapTextReader reader(bad);
  EXPECT_TRUE(reader.readRows(2).ok());
  EXPECT_TRUE(reader.readRows(2).ok());
  EXPECT_EQ(reader.rowsRead(), 4);
  const Error e = reader.readRows(2);  // rows 4 and 5
  EXPECT_EQ(e.describe(), once.describe());
  EXPECT_TRUE(reader.done());
  EXPECT_EQ(reader.rowsRead(), 4);
  EXPECT_EQ(reader.readRows(2).describe(), once.describe());  // nothing more is read
  EXPECT_EQ(reader.error().describe(), once.describe());
}

TEST(MapTextReader, ProblemsAfterTheRowsAndInTheHeader) {
  // A goal on a wall is found once every row is read.
  std::string wallGoal = kMap;
  wallGoal.replace(wallGoal.find("goal: 4 7"), 9, "goal: 0 4");
  MapTextReader afterRows(wallGoal);
  EXPECT_TRUE(afterRows.readRows(7).ok());
  EXPECT_FALSE(afterRows.done());
  const Error e = afterRows.readRows(7);
  EXPECT_EQ(e.describe(), "line 10, column 7: goal (0, 4) is a wall");
  EXPECT_TRUE(afterRows.done());

  // A header problem: done at once, nothing to read.
  MapTextReader header("astar-map 1\nsize: 3 x 2\n");
  EXPECT_TRUE(header.done());
  EXPECT_EQ(header.height(), 0);
  EXPECT_EQ(header.error().describe(), "line 3, column 1: the file ends before the 'grid:' line");
  EXPECT_EQ(header.readRows(5).describe(), header.error().describe());
}

}  // namespace
