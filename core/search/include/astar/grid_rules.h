// The grid's rules: how diagonal moves are allowed, the step cost model, the cell shape and
// the eight directions, with their names as written in map files, the CLI and the page
// (grid_rules.cpp). The grid (grid.h) keeps one of each; its neighbour generator applies them.
#pragma once
#include <cstdint>
#include <string_view>

namespace astar {

// How diagonal moves are allowed (names as in PathFinding.js). Never = 4-connected.
enum class DiagonalMovement : std::uint8_t { Never, OnlyWhenNoObstacles, IfAtMostOneObstacle, Always };
// Base step costs: Real = 1 and sqrt(2); Integer = 10 and 14 (the tutorial's integer mode).
enum class CostModel : std::uint8_t { Real, Integer };
// Cell shape. Hex: pointy-top hexagons in rows, odd rows shifted right by half a cell (the
// "odd-r" offset layout of Red Blob Games). A hex cell has six neighbours, East, West,
// NorthEast, SouthEast, SouthWest and NorthWest (the Direction values; no North or South),
// each one step of straightCost(); the diagonal rule does not apply.
enum class Topology : std::uint8_t { Square, Hex };

// Directions: the four orthogonal ones first, so a 4-connected scan is directions 0..3.
enum Direction : std::uint8_t { North, East, South, West, NorthEast, SouthEast, SouthWest, NorthWest };
inline constexpr int kDirectionX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr int kDirectionY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
inline constexpr Direction kOppositeDirection[8] = {South,     West,      North,     East,
                                                    SouthWest, NorthWest, NorthEast, SouthEast};
inline constexpr std::uint8_t kAllDirections = 0xFF;
inline constexpr std::uint8_t directionBit(Direction d) { return static_cast<std::uint8_t>(1u << d); }

// Names as written in map files, the CLI and the page: one table each (grid.cpp), exported
// to JavaScript by the bindings. parse* accept exactly these names.
inline constexpr int kMovementCount = 4;
const char* movementName(DiagonalMovement m);         // "never", "only-when-no-obstacles", ...
const char* movementDescription(DiagonalMovement m);  // "4-connected", "8-connected, no corner cutting", ...
bool parseMovement(std::string_view name, DiagonalMovement& out);
const char* costModelName(CostModel m);  // "real", "integer"
bool parseCostModel(std::string_view name, CostModel& out);
const char* topologyName(Topology t);  // "square", "hex"
bool parseTopology(std::string_view name, Topology& out);
const char* directionName(Direction d);  // "N", "E", "S", "W", "NE", "SE", "SW", "NW"
bool parseDirection(std::string_view name, Direction& out);

}  // namespace astar
