// The name tables of grid_rules.h: movement rules, cost models, cell shapes and directions, as
// written in map files, the CLI and the page.
#include <iterator>
#include <string_view>

#include "astar/grid_rules.h"

namespace astar {

namespace {

constexpr const char* kMovementNames[kMovementCount] = {"never", "only-when-no-obstacles", "if-at-most-one-obstacle",
                                                        "always"};
constexpr const char* kMovementDescriptions[kMovementCount] = {"4-connected", "8-connected, no corner cutting",
                                                               "8-connected, a diagonal may pass one obstacle",
                                                               "8-connected, diagonals always allowed"};
constexpr const char* kCostModelNames[] = {"real", "integer"};
constexpr const char* kTopologyNames[] = {"square", "hex"};
constexpr const char* kDirectionNames[8] = {"N", "E", "S", "W", "NE", "SE", "SW", "NW"};

template <class Enum, std::size_t N>
const char* nameIn(const char* const (&names)[N], Enum value) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : "unknown";
}

template <class Enum, std::size_t N>
bool parseIn(const char* const (&names)[N], std::string_view name, Enum& out) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) {
      out = static_cast<Enum>(i);
      return true;
    }
  return false;
}

}  // namespace

const char* movementName(DiagonalMovement m) { return nameIn(kMovementNames, m); }
const char* movementDescription(DiagonalMovement m) { return nameIn(kMovementDescriptions, m); }
bool parseMovement(std::string_view name, DiagonalMovement& out) { return parseIn(kMovementNames, name, out); }
const char* costModelName(CostModel m) { return nameIn(kCostModelNames, m); }
bool parseCostModel(std::string_view name, CostModel& out) { return parseIn(kCostModelNames, name, out); }
const char* topologyName(Topology t) { return nameIn(kTopologyNames, t); }
bool parseTopology(std::string_view name, Topology& out) { return parseIn(kTopologyNames, name, out); }
const char* directionName(Direction d) { return nameIn(kDirectionNames, d); }
bool parseDirection(std::string_view name, Direction& out) { return parseIn(kDirectionNames, name, out); }

}  // namespace astar
