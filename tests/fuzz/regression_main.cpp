// Feeds every seed-corpus file and every saved crash (tests/fuzz/corpus/<target>/,
// tests/fuzz/regressions/<target>/) to the fuzz checks, in any build (no clang needed).
// A failing check aborts, so ctest reports the test as failed with the check's message.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_checks.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: fuzz_regressions DIR...   (each DIR holds one folder per target)\n");
    return 2;
  }
  int total = 0;
  for (const astar::fuzz::Target& t : astar::fuzz::kTargets) {
    int files = 0;
    for (int a = 1; a < argc; ++a) {
      const std::filesystem::path dir = std::filesystem::path(argv[a]) / t.name;
      if (!std::filesystem::is_directory(dir)) continue;
      for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path().filename().string()[0] == '.') continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        std::fprintf(stderr, "%s: %s\n", t.name, entry.path().filename().string().c_str());
        t.check(s.str());
        ++files;
      }
    }
    std::printf("%-10s %d files\n", t.name, files);
    if (files == 0) {
      std::fprintf(stderr, "no corpus files for %s: is the path right?\n", t.name);
      return 1;
    }
    total += files;
  }
  std::printf("%d files, all checks passed\n", total);
  return 0;
}
