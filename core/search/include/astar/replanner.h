// Replanner: D* Lite (Koenig & Likhachev 2002, the optimized version with km) over a Grid.
//
//   astar::Replanner replanner(grid);           // keeps a reference: the grid is the one map
//   replanner.plan(start, goal);                 // Found / NoPath / InvalidInput
//   grid.setWall(x, y);                          // the caller edits the grid ...
//   replanner.moveStart(next);                   // ... says where the agent now stands,
//   replanner.repair();                          // then the path is repaired, not rebuilt
//   replanner.path();  replanner.cost();  replanner.stats().expanded;
//
// It searches backward from the goal (g = cost to the goal) through the grid's neighbour
// generator only: forEachPredecessor when a cell's g changes, forEachNeighbor to recompute a
// cell's rhs, so wrap-around, portals, one-way cells, hex cells and terrain all count. The key's
// heuristic is a lower bound on the cost from the start: the wrap-aware metric of
// defaultHeuristic, capped by the cheapest way into any portal (min over portal edges u -> v of
// metric(start, u) + cost): admissible and consistent with portals, and it keeps the triangle
// inequality km relies on when the start moves.
//
// A repair reads the cells edited since the last plan or repair from the grid's change journal
// (map_journal.h). Starting over (every cell unseen again) happens by itself, counted in
// stats().startedOver, when the journal reports a load, resize or rule change (movement, cost
// model, cell shape, wrap) or a portal edit, or the grid's lowest cell cost drops below the
// one the heuristic was scaled by. No exceptions; after the
// first plan on a map size a repair does not allocate.
#pragma once
#include <cstdint>
#include <memory>
#include <span>

#include "astar/grid.h"

namespace astar {

enum class ReplanStatus : std::uint8_t { Idle, Found, NoPath, InvalidInput };
inline constexpr int kReplanStatusCount = 4;
const char* replanStatusName(ReplanStatus s);  // "idle", "found", "no-path", "invalid-input"

struct ReplanStats {
  std::uint64_t expanded = 0;       // cells expanded (made consistent) by the last plan or repair
  std::uint64_t updated = 0;        // rhs recomputations by the last plan or repair
  std::uint64_t totalExpanded = 0;  // since plan()
  std::uint32_t repairs = 0;        // repairs since plan()
  bool startedOver = false;         // the last repair began again from nothing (see above)
};

class Replanner {
 public:
  explicit Replanner(const Grid& grid);
  ~Replanner();
  Replanner(const Replanner&) = delete;
  Replanner& operator=(const Replanner&) = delete;

  // A new query: forgets everything and searches from scratch.
  ReplanStatus plan(NodeId start, NodeId goal);
  // The agent now stands on `start` (any passable cell). InvalidInput if it is not; else Idle
  // until repair().
  ReplanStatus moveStart(NodeId start);
  // Brings g up to date with every edit of the grid since the last plan or repair.
  ReplanStatus repair();

  ReplanStatus status() const { return status_; }
  const char* message() const { return message_; }  // why InvalidInput; "" otherwise
  NodeId start() const { return start_; }
  NodeId goal() const { return goal_; }
  double cost() const;  // of the current path; +inf without one
  // The path, start first, after a plan or repair that found one; valid until the next call.
  std::span<const NodeId> path() const;
  // Copies the path into a caller-owned buffer; returns its length (may exceed out.size()).
  std::size_t copyPath(std::span<NodeId> out) const;
  const ReplanStats& stats() const { return stats_; }
  // Keep the list of cells expanded by each plan or repair (off by default).
  void setRecordExpanded(bool on) { record_ = on; }
  // The cells the last plan or repair expanded, in order (a cell made consistent twice is
  // listed twice), when recording; valid until the next call.
  std::span<const NodeId> expandedCells() const;
  // Inspection: the cost-to-goal estimates (+inf when unknown).
  double g(NodeId n) const;
  double rhs(NodeId n) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  ReplanStatus status_ = ReplanStatus::Idle;
  ReplanStats stats_;
  NodeId start_ = kNoNode;
  NodeId goal_ = kNoNode;
  bool record_ = false;
  char message_[128] = {};
};

}  // namespace astar
