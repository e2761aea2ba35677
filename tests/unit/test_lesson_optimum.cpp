// The "Why do grid paths zig-zag?" lesson (maps/lessons/8_zigzag.lesson.json) states the
// length of the shortest path in the plane on its map, a figure the page cannot compute: this
// checks its text and its last claim against the exact any-angle reference (a visibility graph
// of the walls' corners, itself checked against a brute force in test_any_angle_reference).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "any_angle_reference.h"
#include "astar/formats.h"
#include "astar/search.h"
#include "read_file.h"

namespace {

using astar::testing::readFile;

// What follows `prefix` in `text` (from `from` on), up to the first character not in `chars`;
// npos-safe: "" when the prefix is not there. (Plain searches: GCC 12's std::regex warns under
// ASan, and warnings are errors.) `from` moves past the match.
std::string after(const std::string& text, std::string_view prefix, std::string_view chars, std::size_t& from) {
  const std::size_t at = text.find(prefix, from);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + prefix.size(), end = text.find_first_not_of(chars, begin);
  from = end == std::string::npos ? text.size() : end;
  return text.substr(begin, from - begin);
}

constexpr std::string_view kNumber = "0123456789.";

TEST(LessonOptimum, TheZigZagLessonStatesTheExactOptimum) {
  const std::filesystem::path dir = std::filesystem::path(ASTAR_MAPS_DIR) / "lessons";
  const std::string lesson = readFile(dir / "8_zigzag.lesson.json");
  std::size_t at = 0;
  const std::string mapFile = after(lesson, "\"map\": \"", "abcdefghijklmnopqrstuvwxyz0123456789_.-", at);
  ASSERT_FALSE(mapFile.empty()) << "the lesson names its map";
  at = 0;
  const std::string statedText =
      after(lesson, "in the plane bends only at the corners of walls: here it is ", kNumber, at);
  ASSERT_FALSE(statedText.empty()) << "the last step states the optimum";
  // The last length claimed (the last step's navmesh path, equal to the optimum on this map).
  std::string claimed;
  for (at = lesson.find("\"length\": "); at != std::string::npos; at = lesson.find("\"length\": ", at)) {
    const std::string next = after(lesson, "\"length\": ", kNumber, at);
    if (!next.empty()) claimed = next;  // a number (a step's measure), not a word
  }
  ASSERT_FALSE(claimed.empty()) << "the lesson claims a length";

  astar::MapDocument doc;
  const std::string mapText = readFile(dir / mapFile);
  ASSERT_FALSE(astar::readMap(mapText, doc, astar::detectFormat(mapText, mapFile))) << mapFile;
  ASSERT_EQ(doc.goals.size(), 1u);
  const astar::testing::PlanePath optimum = astar::testing::shortestPlanePath(doc.grid, doc.start, doc.goals[0]);
  ASSERT_TRUE(optimum.found);
  const double stated = std::strtod(statedText.c_str(), nullptr), claimedLength = std::strtod(claimed.c_str(), nullptr);
  EXPECT_NEAR(stated, optimum.length, 0.005) << "the text rounds to two decimals";
  EXPECT_NEAR(claimedLength, optimum.length, 1e-8 * optimum.length)
      << "the page checks the navmesh path against this figure";
  // The lesson's other point: the optimum is shorter than the grid optimum (it bends off the grid).
  const astar::PathResult grid = astar::findPath(doc.grid, doc.start, doc.goals[0]);
  ASSERT_EQ(grid.status, astar::SearchStatus::Found);
  EXPECT_LT(optimum.length, grid.stats.pathCost - 1.0);
}

}  // namespace
