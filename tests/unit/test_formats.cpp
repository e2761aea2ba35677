// Round trips for every map format, format detection, and what writers report as lost.
#include <gtest/gtest.h>

#include <string>

#include "astar/formats.h"

namespace {

// A document using everything the playground format can say.
astar::MapDocument richDocument() {
  astar::MapDocument doc;
  doc.grid.reset(9, 6);
  doc.name = "Rich \\ map";
  doc.author = "tests";
  doc.description = "two lines\nof text, tab\there, caf\xC3\xA9";
  doc.nodeSize = 24;
  doc.grid.setDiagonal(astar::DiagonalMovement::IfAtMostOneObstacle);
  doc.grid.setCostModel(astar::CostModel::Integer);
  for (int x = 0; x < 9; ++x) doc.grid.setWall(x, 0);
  doc.grid.setWall(4, 3);
  doc.grid.setCost(2, 2, 10.0);
  doc.grid.setCost(3, 2, 0.1);  // not exact in float: must survive as the same float
  doc.grid.setCost(5, 4, 2.5);
  doc.grid.setWrap(true, false);
  EXPECT_TRUE(doc.grid.addPortal(1, 1, 7, 4, 3.25, true).ok());
  EXPECT_TRUE(doc.grid.addPortal(2, 5, 8, 1, 0.0, false).ok());
  EXPECT_TRUE(doc.grid.setEntryMask(6, 2, astar::directionBit(astar::East)).ok());
  EXPECT_TRUE(
      doc.grid.setEntryMask(6, 3, astar::directionBit(astar::North) | astar::directionBit(astar::SouthWest)).ok());
  EXPECT_TRUE(doc.grid.setEntryMask(7, 3, 0).ok());
  doc.start = doc.grid.index(1, 2);
  doc.goals = {doc.grid.index(8, 5), doc.grid.index(0, 5)};
  return doc;
}

TEST(PlaygroundFormat, RoundTripKeepsEverything) {
  const astar::MapDocument doc = richDocument();
  const std::string text = astar::writePlaygroundMap(doc);
  astar::MapDocument read;
  const astar::Error e = astar::readPlaygroundMap(text, read);
  ASSERT_TRUE(e.ok()) << e.describe() << "\n" << text;
  EXPECT_TRUE(read.grid == doc.grid);
  EXPECT_EQ(read.name, doc.name);
  EXPECT_EQ(read.author, doc.author);
  EXPECT_EQ(read.description, doc.description);
  EXPECT_EQ(read.nodeSize, doc.nodeSize);
  EXPECT_EQ(read.start, doc.start);
  EXPECT_EQ(read.goals, doc.goals);
  EXPECT_EQ(read.grid.cost(read.grid.index(3, 2)), 0.1) << "costs are kept as the double the text names";
  // Once read, the document (letters and legend included) survives write + read exactly,
  // and writing is stable.
  astar::MapDocument again;
  ASSERT_TRUE(astar::readPlaygroundMap(astar::writePlaygroundMap(read), again).ok());
  EXPECT_EQ(again, read);
  EXPECT_EQ(astar::writePlaygroundMap(again), text);
}

TEST(PlaygroundFormat, ReadsTheDocumentedExample) {
  const char* text =
      "astar-map 1\r\n"
      "# water versus ground\r\n"
      "name: Example\r\n"
      "size: 5 x 3\r\n"
      "movement: never\r\n"
      "terrain: . 1 ground\r\n"
      "terrain: ~ 10 water\r\n"
      "terrain: # wall stone wall\r\n"
      "start: 0 1\r\n"
      "goal: 4 1\r\n"
      "portal: 0 0 -> 4 2 2\r\n"
      "one-way: 2 0 E\r\n"
      "grid:\r\n"
      ".....\r\n"
      ".~~~.\r\n"
      "..#..\r\n";
  astar::MapDocument doc;
  const astar::Error e = astar::readPlaygroundMap(text, doc);
  ASSERT_TRUE(e.ok()) << e.describe();
  EXPECT_EQ(doc.name, "Example");
  EXPECT_EQ(doc.grid.diagonal(), astar::DiagonalMovement::Never);
  EXPECT_FLOAT_EQ(doc.grid.cost(doc.grid.index(2, 1)), 10.0f);
  EXPECT_FALSE(doc.grid.passable(2, 2));
  EXPECT_EQ(doc.terrain[2].name, "stone wall");
  ASSERT_EQ(doc.grid.portals().size(), 1u);
  EXPECT_FALSE(doc.grid.portals()[0].twoWay);
  EXPECT_DOUBLE_EQ(doc.grid.portals()[0].cost, 2.0);
  EXPECT_EQ(doc.grid.entryMask(doc.grid.index(2, 0)), astar::directionBit(astar::East));
  EXPECT_EQ(doc.start, doc.grid.index(0, 1));
  ASSERT_EQ(doc.goals.size(), 1u);
}

TEST(PlaygroundFormat, WriterInventsLettersForEditedCells) {
  astar::MapDocument doc;
  ASSERT_TRUE(astar::readPlaygroundMap("astar-map 1\nsize: 3 x 1\nterrain: o 1 floor\ngrid:\nooo\n", doc).ok());
  doc.grid.setCost(1, 0, 7.0);  // an edit the letters do not know about yet
  doc.grid.setWall(2, 0);
  const std::string text = astar::writePlaygroundMap(doc);
  EXPECT_NE(text.find("terrain: o 1 floor\n"), std::string::npos) << text;
  EXPECT_NE(text.find("terrain: ~ 7 cost 7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("terrain: # wall wall\n"), std::string::npos) << text;
  EXPECT_NE(text.find("grid:\no~#\n"), std::string::npos) << text;
}

TEST(PlaygroundFormat, TooManyCostsFallBackToTheNearestLetter) {
  astar::MapDocument doc;
  doc.grid.reset(100, 1);
  for (int x = 0; x < 100; ++x) doc.grid.setCost(x, 0, 1.0 + x);
  std::vector<std::string> lost;
  const std::string text = astar::writePlaygroundMap(doc, &lost);
  ASSERT_EQ(lost.size(), 1u);
  astar::MapDocument read;
  const astar::Error e = astar::readPlaygroundMap(text, read);
  ASSERT_TRUE(e.ok()) << e.describe();
  EXPECT_FLOAT_EQ(read.grid.cost(read.grid.index(5, 0)), 6.0f);    // had its own letter
  EXPECT_FLOAT_EQ(read.grid.cost(read.grid.index(99, 0)), 94.0f);  // nearest lettered cost
}

TEST(TutorialFormat, RoundTrip) {
  const char* text =
      "// TestGrid1: a small grid\n"
      "20   // node size\n"
      "6    // width\n"
      "3    // height\n"
      "..x...\n"
      "..x.x.   // a comment after a row\n"
      "....x.\n";
  astar::MapDocument doc;
  const astar::Error e = astar::readTutorialGrid(text, doc);
  ASSERT_TRUE(e.ok()) << e.describe();
  EXPECT_EQ(doc.nodeSize, 20);
  EXPECT_EQ(doc.grid.width(), 6);
  EXPECT_FALSE(doc.grid.passable(2, 0));
  EXPECT_TRUE(doc.grid.passable(3, 2));
  const std::string written = astar::writeTutorialGrid(doc);
  EXPECT_EQ(written, "20\n6\n3\n..x...\n..x.x.\n....x.\n");
  astar::MapDocument again;
  ASSERT_TRUE(astar::readTutorialGrid(written, again).ok());
  EXPECT_EQ(again, doc);
  // Numbers on one line and spaced cells read the same.
  astar::MapDocument spaced;
  ASSERT_TRUE(astar::readTutorialGrid("20 6 3\n. . x . . .\n. . x . x .\n. . . . x .\n", spaced).ok());
  EXPECT_TRUE(spaced.grid == doc.grid);
}

TEST(Tutorial2Format, RoundTrip) {
  const char* text = "3\n5\nA0010\n01010\n000B1\n";
  astar::MapDocument doc;
  const astar::Error e = astar::readTutorial2(text, doc);
  ASSERT_TRUE(e.ok()) << e.describe();
  EXPECT_EQ(doc.grid.width(), 5);
  EXPECT_EQ(doc.grid.height(), 3);
  EXPECT_EQ(doc.start, doc.grid.index(0, 0));
  ASSERT_EQ(doc.goals.size(), 1u);
  EXPECT_EQ(doc.goals[0], doc.grid.index(3, 2));
  EXPECT_FALSE(doc.grid.passable(3, 0));
  EXPECT_TRUE(doc.grid.passable(2, 0));
  EXPECT_EQ(astar::writeTutorial2(doc), text);
  astar::MapDocument again;
  ASSERT_TRUE(astar::readTutorial2(astar::writeTutorial2(doc), again).ok());
  EXPECT_EQ(again, doc);
}

// Every format's reader accepts what every writer produced from the same map, and the
// grid survives wherever the format can hold it.
TEST(Formats, ConvertBetweenAllFormats) {
  astar::MapDocument doc;
  ASSERT_TRUE(astar::readTutorial2("3\n5\nA0010\n01010\n000B1\n", doc).ok());
  for (astar::MapFormat f : {astar::MapFormat::Playground, astar::MapFormat::MovingAi, astar::MapFormat::Tutorial,
                             astar::MapFormat::Tutorial2}) {
    SCOPED_TRACE(astar::formatName(f));
    const std::string text = astar::writeMap(doc, f);
    EXPECT_EQ(astar::detectFormat(text), f);
    astar::MapDocument read;
    const astar::Error e = astar::readMap(text, read);
    ASSERT_TRUE(e.ok()) << e.describe() << "\n" << text;
    for (astar::NodeId n = 0; n < doc.grid.cellCount(); ++n) EXPECT_EQ(read.grid.passable(n), doc.grid.passable(n));
  }
}

TEST(Formats, DetectionAndNames) {
  EXPECT_EQ(astar::detectFormat("astar-map 1\n"), astar::MapFormat::Playground);
  EXPECT_EQ(astar::detectFormat("type octile\nheight 1\n"), astar::MapFormat::MovingAi);
  EXPECT_EQ(astar::detectFormat("// c\n16\n2\n2\n..\n..\n"), astar::MapFormat::Tutorial);
  EXPECT_EQ(astar::detectFormat("16 2 2\n..\n..\n"), astar::MapFormat::Tutorial);
  EXPECT_EQ(astar::detectFormat("2\n2\nA0\n0B\n"), astar::MapFormat::Tutorial2);
  EXPECT_EQ(astar::detectFormat("2 2\n0 1\n1 0\n"), astar::MapFormat::Tutorial2);
  EXPECT_EQ(astar::detectFormat("2 2\n0 1\n1 0\n", "a.grid.txt"), astar::MapFormat::Tutorial);  // the name decides
  EXPECT_EQ(astar::detectFormat("16 2 2\n.x\n..\nextra\n"), astar::MapFormat::Tutorial);  // broken, but looks like one
  EXPECT_EQ(astar::detectFormat("garbage", "x.map"), astar::MapFormat::MovingAi);
  EXPECT_EQ(astar::detectFormat("garbage", "x.MAP.TXT"), astar::MapFormat::Playground);
  EXPECT_EQ(astar::detectFormat("garbage", "x.grid.txt"), astar::MapFormat::Tutorial);
  EXPECT_EQ(astar::detectFormat("garbage", "x.tut2.txt"), astar::MapFormat::Tutorial2);
  EXPECT_EQ(astar::detectFormat("garbage", "x.png"), astar::MapFormat::Unknown);
  for (astar::MapFormat f : {astar::MapFormat::Playground, astar::MapFormat::MovingAi, astar::MapFormat::Tutorial,
                             astar::MapFormat::Tutorial2}) {
    astar::MapFormat parsed = astar::MapFormat::Unknown;
    ASSERT_TRUE(astar::parseFormatName(astar::formatName(f), parsed));
    EXPECT_EQ(parsed, f);
    EXPECT_EQ(astar::formatFromFileName(std::string("a") + astar::formatExtension(f)), f);
  }
  astar::MapFormat parsed;
  EXPECT_FALSE(astar::parseFormatName("png", parsed));
}

TEST(Formats, WritersSayWhatTheyDrop) {
  const astar::MapDocument doc = richDocument();
  std::vector<std::string> lost;
  astar::writeMovingAiMap(doc, &lost);
  EXPECT_EQ(lost.size(), 8u);  // costs, movement, cost model, wrap, portals, one-way, start/goals, name
  lost.clear();
  astar::writeTutorialGrid(doc, &lost);
  EXPECT_EQ(lost.size(), 7u);  // costs, movement and cost model, wrap, portals, one-way, start/goals, name
  lost.clear();
  astar::writeTutorial2(doc, &lost);
  EXPECT_EQ(lost.size(), 7u);  // costs, movement and cost model, second goal, wrap, portals, one-way, name
  lost.clear();
  astar::writePlaygroundMap(doc, &lost);
  EXPECT_TRUE(lost.empty());
}

}  // namespace

// The format table (formats.h): every row is reachable by its name and its extensions, what its
// writer produces is detected as it and read back by its reader, and its capabilities say
// exactly what survives that round trip; whatever does not survive, the writer reports.
TEST(Formats, TableRowsAreDetectedReadWrittenAndTheirCapabilitiesTrue) {
  ASSERT_GE(astar::formats().size(), 4u);
  for (const astar::FormatInfo& row : astar::formats()) {
    SCOPED_TRACE(row.name);
    EXPECT_EQ(astar::formatInfo(row.format), &row);
    astar::MapFormat parsed = astar::MapFormat::Unknown;
    ASSERT_TRUE(astar::parseFormatName(row.name, parsed));
    EXPECT_EQ(parsed, row.format);
    ASSERT_FALSE(row.extensions.empty());
    for (const char* extension : row.extensions)
      EXPECT_EQ(astar::formatFromFileName(std::string("map") + extension), row.format) << extension;
    EXPECT_GT(std::string(row.label).size(), 0u);

    const astar::MapDocument doc = richDocument();
    std::vector<std::string> lost;
    const std::string text = row.write(doc, &lost);
    EXPECT_EQ(astar::writeMap(doc, row.format), text);
    EXPECT_EQ(astar::detectFormat(text, std::string("map") + row.extensions[0]), row.format);
    astar::MapDocument read;
    const astar::Error e = row.read(text, read);
    ASSERT_TRUE(e.ok()) << e.describe() << "\n" << text;
    const astar::Grid& a = doc.grid;
    const astar::Grid& b = read.grid;
    bool costs = true, oneWay = true;
    for (astar::NodeId n = 0; n < a.cellCount(); ++n) {
      ASSERT_EQ(b.passable(n), a.passable(n));
      costs = costs && (!a.passable(n) || b.cost(n) == a.cost(n));
      oneWay = oneWay && b.entryMask(n) == a.entryMask(n);
    }
    EXPECT_EQ(row.can.costs, costs);
    EXPECT_EQ(row.can.movementRule, b.diagonal() == a.diagonal() && b.costModel() == a.costModel());
    EXPECT_EQ(row.can.wrap, b.wrapX() == a.wrapX() && b.wrapY() == a.wrapY());
    EXPECT_EQ(row.can.portals, b.portals().size() == a.portals().size());
    EXPECT_EQ(row.can.oneWayCells, oneWay);
    EXPECT_EQ(static_cast<int>(read.goals.size()), std::min<int>(row.can.maxGoals, static_cast<int>(doc.goals.size())));
    EXPECT_EQ(row.can.maxGoals > 0, read.start == doc.start);
    EXPECT_EQ(row.can.metadata,
              read.name == doc.name && read.author == doc.author && read.description == doc.description);
    const bool everything = costs && row.can.movementRule && row.can.wrap && row.can.portals && oneWay &&
                            read.goals == doc.goals && read.start == doc.start && row.can.metadata;
    EXPECT_EQ(lost.empty(), everything) << "a writer that drops something says so, and only then";

    // Hex cells, on a hex map.
    astar::MapDocument hex;
    hex.grid.reset(5, 4);
    hex.grid.setTopology(astar::Topology::Hex);
    astar::MapDocument hexRead;
    ASSERT_TRUE(row.read(row.write(hex, nullptr), hexRead).ok());
    EXPECT_EQ(row.can.hexCells, hexRead.grid.hex());
  }
}
