// Feeds every seed-corpus file and every saved crash (tests/fuzz/corpus/<target>/,
// tests/fuzz/regressions/<target>/) to the fuzz checks, in any build (no clang needed).
// A failing check aborts, so ctest reports the test as failed with the check's message.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_checks.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: fuzz_regressions DIR...   (each DIR holds one folder per target)\n");
    return 2;
  }
  int total = 0;
  const std::vector<astar::fuzz::Target> targets = astar::fuzz::targets();
  // Every folder of the corpus is a target: a folder without one (a format dropped from the
  // table, a typo) fails, as does a target without files.
  for (const auto& folder : std::filesystem::directory_iterator(argv[1])) {
    const std::string name = folder.path().filename().string();
    bool known = false;
    for (const astar::fuzz::Target& t : targets) known = known || t.name == name;
    if (folder.is_directory() && !known) {
      std::fprintf(stderr, "%s has a folder %s, but there is no such fuzz target\n", argv[1], name.c_str());
      return 1;
    }
  }
  for (const astar::fuzz::Target& t : targets) {
    int files = 0;
    for (int a = 1; a < argc; ++a) {
      const std::filesystem::path dir = std::filesystem::path(argv[a]) / t.name;
      if (!std::filesystem::is_directory(dir)) continue;
      for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path().filename().string()[0] == '.') continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        std::fprintf(stderr, "%s: %s\n", t.name.c_str(), entry.path().filename().string().c_str());
        astar::fuzz::check(t.name, s.str());
        ++files;
      }
    }
    std::printf("%-10s %d files\n", t.name.c_str(), files);
    if (files == 0) {
      std::fprintf(stderr, "no corpus files for %s: is the path right?\n", t.name.c_str());
      return 1;
    }
    total += files;
  }
  std::printf("%d files, all checks passed\n", total);
  return 0;
}
