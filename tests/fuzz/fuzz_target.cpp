// One libFuzzer target; ASTAR_FUZZ_TARGET (set by part.cmake) picks the check from
// fuzz_checks.h, so every reader gets its own executable from this one file.
#include <cstddef>
#include <cstdint>

#include "fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  astar::fuzz::ASTAR_FUZZ_TARGET(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
