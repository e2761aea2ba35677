// Every map in maps/ loads, is listed in maps/index.json, stays small, has its goal
// reachable from its start, and survives a round trip through its own format.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "astar/formats.h"
#include "read_file.h"

namespace {

using astar::testing::readFile;

bool reachable(const astar::Grid& g, astar::NodeId from, astar::NodeId to) {
  std::vector<std::uint8_t> seen(g.cellCount(), 0);
  std::vector<astar::NodeId> stack = {from};
  seen[from] = 1;
  while (!stack.empty()) {
    const astar::NodeId n = stack.back();
    stack.pop_back();
    if (n == to) return true;
    g.forEachNeighbor(n, [&](astar::NodeId m, double) {
      if (!seen[m]) {
        seen[m] = 1;
        stack.push_back(m);
      }
    });
  }
  return false;
}

TEST(BundledMaps, EveryMapLoadsAndIsListed) {
  const std::filesystem::path dir = ASTAR_MAPS_DIR;
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  const std::string index = readFile(dir / "index.json");
  int maps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory()) continue;  // maps/lessons/: the lessons' maps (tests/web/*lessons*)
    if (name == "index.json" || name == "README.md" || (name.size() > 5 && name.substr(name.size() - 5) == ".scen"))
      continue;
    SCOPED_TRACE(name);
    EXPECT_LT(std::filesystem::file_size(entry.path()), 1u << 20);
    EXPECT_NE(index.find("\"file\": \"" + name + "\""), std::string::npos) << "not in maps/index.json";
    const std::string text = readFile(entry.path());
    const astar::MapFormat format = astar::detectFormat(text, name);
    ASSERT_EQ(format, astar::formatFromFileName(name)) << "content and extension disagree";
    astar::MapDocument doc;
    const astar::Error e = astar::readMap(text, doc, format);
    ASSERT_TRUE(e.ok()) << e.describe();
    if (format == astar::MapFormat::Playground) {
      EXPECT_FALSE(doc.name.empty());
      EXPECT_FALSE(doc.description.empty());
      EXPECT_EQ(doc.author, "A* Playground project");
    }
    if (doc.start != astar::kNoNode) {
      for (astar::NodeId goal : doc.goals) EXPECT_TRUE(reachable(doc.grid, doc.start, goal));
    }
    astar::MapDocument again;
    ASSERT_TRUE(astar::readMap(astar::writeMap(doc, format), again, format).ok());
    EXPECT_TRUE(again.grid == doc.grid);
    ++maps;
  }
  EXPECT_GE(maps, 10);
}

TEST(BundledMaps, ArcadeMazeIsTheClassicShape) {
  astar::MapDocument doc;
  const astar::Error e =
      astar::readPlaygroundMap(readFile(std::filesystem::path(ASTAR_MAPS_DIR) / "arcade.map.txt"), doc);
  ASSERT_TRUE(e.ok()) << e.describe();
  const astar::Grid& g = doc.grid;
  EXPECT_EQ(g.width(), 28);
  EXPECT_EQ(g.height(), 31);
  EXPECT_TRUE(g.wrapX());
  EXPECT_NE(doc.cells.find('-'), std::string::npos);  // the ghost house door
  int tunnels = 0;
  for (int y = 0; y < g.height(); ++y) tunnels += g.passable(0, y) && g.passable(g.width() - 1, y);
  EXPECT_EQ(tunnels, 1);
}

TEST(BundledMaps, MovingAiSampleScenarioFitsItsMap) {
  const std::filesystem::path dir = ASTAR_MAPS_DIR;
  astar::MapDocument doc;
  ASSERT_TRUE(astar::readMovingAiMap(readFile(dir / "random128-25-7.map"), doc).ok());
  astar::Scenario scen;
  ASSERT_TRUE(astar::readScenario(readFile(dir / "random128-25-7.map.scen"), scen).ok());
  ASSERT_FALSE(scen.rows.empty());
  for (const astar::ScenarioRow& r : scen.rows) {
    EXPECT_EQ(astar::baseName(r.mapName), "random128-25-7.map");
    EXPECT_TRUE(reachable(doc.grid, doc.grid.index(r.startX, r.startY), doc.grid.index(r.goalX, r.goalY)));
  }
}

}  // namespace
