// Limits: every size and range the library accepts, in one place. Readers, generators, the
// grid, the searches, the CLI and the page (through the bindings) all use these, so a map
// that loads can always be searched.
#pragma once
#include <cstdint>

namespace astar {

// Grids are kMinGridSide..kMaxGridSide cells per side: 4096 x 4096 = 2^24 cells at most.
inline constexpr int kMinGridSide = 1;
inline constexpr int kMaxGridSide = 4096;
inline constexpr std::uint32_t kMaxGridCells = static_cast<std::uint32_t>(kMaxGridSide) * kMaxGridSide;

// One search handles up to kMaxSearchNodes nodes (explicit graphs may be larger than any
// grid): node ids are 32 bits with 0xFFFFFFFF meaning "none", and the search keeps a node's
// heap position in 32 bits beside two marker values. Tested at kMaxGridCells (a grid).
inline constexpr std::uint32_t kMaxSearchNodes = 0xFFFFFFFDu;
static_assert(kMaxGridCells <= kMaxSearchNodes, "every grid the readers accept must be searchable");

// Goals per query and per map file (the nearest one is found).
inline constexpr int kMaxGoals = 64;

// Portals per grid.
inline constexpr int kMaxPortals = 256;

// Costs. A cell's entry cost is a double in [kMinCellCost, kMaxCost]; a portal's in
// [0, kMaxCost]. A step costs the base step cost (at most 14 in the integer model) times
// the entry cost, so a path (at most kMaxGridCells steps plus each portal edge once) costs
// below 14 * 2^24 * 1e30 + 512 * 1e30 < 1e39: sums never overflow a double.
inline constexpr double kMinCellCost = 1e-30;
inline constexpr double kMaxCost = 1e30;

// Weighted A*'s weight W (f = g + W h): 1 is A*; the bound W x optimal holds for every W here.
inline constexpr double kMinWeight = 1.0;
inline constexpr double kMaxWeight = 1e6;
inline constexpr const char* kWeightRangeMessage = "weight must be a number from 1 to 1000000";

// Hierarchical search (HPA*, hierarchical.h): clusters of kMinClusterSize..kMaxClusterSize
// cells per side (a cluster's intra-cluster costs are a nodes x nodes table filled by one
// Dijkstra over its cells per node, so the top keeps a rebuild local and cheap).
inline constexpr int kMinClusterSize = 4;
inline constexpr int kMaxClusterSize = 128;
inline constexpr int kDefaultClusterSize = 16;

// JPS+ (--algorithm jps-plus): its tables take 16 bytes per cell, so maps over
// kJumpPointPlusMaxCells cells run online JPS instead (the search reports the fallback). Goal
// bounding takes one Dijkstra per passable cell (quadratic): on this project's 2-core VM 0.7 s
// for 2,054 passable cells (arena), 1.7 s for 2,445 (den312d), 41-45 s for 13,000-15,000.
inline constexpr std::uint32_t kJumpPointPlusMaxCells = 4u << 20;
inline constexpr std::uint32_t kGoalBoundingMaxCells = 4096;

// Agents of any size (clearance.h): a square agent of kMinAgentSize..kMaxAgentSize cells per
// side (SearchOptions::agentSize); the clearance map keeps one byte per cell, capped here.
inline constexpr int kMinAgentSize = 1;
inline constexpr int kMaxAgentSize = 8;
inline constexpr const char* kAgentSizeRangeMessage = "agent size must be a whole number from 1 to 8 cells";

// Why `cost` cannot be a cell's entry cost (nullptr when it can): NaN, infinite, <= 0,
// below kMinCellCost or above kMaxCost.
const char* cellCostProblem(double cost);
// Why `cost` cannot be a portal's cost (nullptr when it can): NaN, infinite, < 0 or above kMaxCost.
const char* portalCostProblem(double cost);

}  // namespace astar
