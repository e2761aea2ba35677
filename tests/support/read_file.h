// Test helper: a whole file as a string (empty when it cannot be read).
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace astar::testing {

inline std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace astar::testing
