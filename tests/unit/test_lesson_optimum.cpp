// The "Why do grid paths zig-zag?" lesson (maps/lessons/8_zigzag.lesson.json) states the
// length of the shortest path in the plane on its map, a figure the page cannot compute: this
// checks its text and its last claim against the exact any-angle reference (a visibility graph
// of the walls' corners, itself checked against a brute force in test_any_angle_reference).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "any_angle_reference.h"
#include "astar/formats.h"
#include "astar/search.h"
#include "read_file.h"

namespace {

using astar::testing::readFile;

TEST(LessonOptimum, TheZigZagLessonStatesTheExactOptimum) {
  const std::filesystem::path dir = std::filesystem::path(ASTAR_MAPS_DIR) / "lessons";
  const std::string lesson = readFile(dir / "8_zigzag.lesson.json");
  std::smatch map, text;
  ASSERT_TRUE(std::regex_search(lesson, map, std::regex(R"re("map": "([^"]+)")re")));
  ASSERT_TRUE(std::regex_search(
      lesson, text, std::regex(R"(in the plane bends only at the corners of walls: here it is ([0-9.]+) long)")))
      << "the last step states the optimum";
  // The last length claimed (the last step's navmesh path, equal to the optimum on this map).
  const std::regex lengthClaim(R"re("length": ([0-9.]+))re");
  std::string claimed;
  for (auto it = std::sregex_iterator(lesson.begin(), lesson.end(), lengthClaim); it != std::sregex_iterator(); ++it)
    claimed = (*it)[1].str();
  ASSERT_FALSE(claimed.empty()) << "the lesson claims a length";

  astar::MapDocument doc;
  const std::string mapText = readFile(dir / map[1].str());
  ASSERT_FALSE(astar::readMap(mapText, doc, astar::detectFormat(mapText, map[1].str()))) << map[1];
  ASSERT_EQ(doc.goals.size(), 1u);
  const astar::testing::PlanePath optimum = astar::testing::shortestPlanePath(doc.grid, doc.start, doc.goals[0]);
  ASSERT_TRUE(optimum.found);
  const double stated = std::strtod(text[1].str().c_str(), nullptr),
               claimedLength = std::strtod(claimed.c_str(), nullptr);
  EXPECT_NEAR(stated, optimum.length, 0.005) << "the text rounds to two decimals";
  EXPECT_NEAR(claimedLength, optimum.length, 1e-8 * optimum.length)
      << "the page checks the navmesh path against this figure";
  // The lesson's other point: the optimum is shorter than the grid optimum (it bends off the grid).
  const astar::PathResult grid = astar::findPath(doc.grid, doc.start, doc.goals[0]);
  ASSERT_EQ(grid.status, astar::SearchStatus::Found);
  EXPECT_LT(optimum.length, grid.stats.pathCost - 1.0);
}

}  // namespace
