// Header-only. How much of the long data sets a test runs: the ASan+UBSan build samples fewer
// rows (its searches cost ~10x; the release build runs them in full), and `make test-long`
// (ASTAR_LONG_TESTS) asks for every row.
#pragma once
#include <cstdlib>

namespace astar::testing {

#ifdef ASTAR_SANITIZED_BUILD
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

inline bool longRun() { return std::getenv("ASTAR_LONG_TESTS") != nullptr; }

}  // namespace astar::testing
