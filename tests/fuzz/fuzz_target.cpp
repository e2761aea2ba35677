// One libFuzzer target; ASTAR_FUZZ_TARGET (the target's name, set by part.cmake from the
// corpus folders) picks the check in fuzz_checks.h, so every reader gets its own executable
// from this one file.
#include <cstddef>
#include <cstdint>

#include "fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  astar::fuzz::check(ASTAR_FUZZ_TARGET, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
