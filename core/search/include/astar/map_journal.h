// MapJournal: the one record of what changed in a Grid. Every structure built from a grid
// (flow fields, HPA*'s clusters, D* Lite's g values, JPS and JPS+ tables, the page's engine
// objects) keeps the JournalMark of the grid as it saw it, and later asks the grid what
// changed since that mark, instead of keeping a private copy of the map to compare with:
//
//   JournalMark seen = grid.journalMark();      // when the structure is built
//   grid.setWall(x, y);                          // edits, anywhere
//   MapChanges changes = grid.changesSince(seen);
//   if (changes.everything) rebuild();           // a load, resize or rule change, or too long ago
//   else for (NodeId c : changes.cells) repairAround(c);
//   seen = grid.journalMark();
//
// A mark names the journal (each Grid object, and each copy or assignment of one, gets a new
// id) and its revision, so a mark taken on one grid never matches another grid whose revision
// happens to be equal. The journal keeps a bounded number of entries (capacityFor below; when
// full, the older half goes): a mark older than what it keeps sees `everything`, the answer a
// consumer gives to a mass edit anyway. Recording an edit does not allocate after reset()
// reserved the entries.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace astar {

// A cell index (y * width + x) or a graph node; kNoNode: none.
using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

struct JournalMark {
  std::uint64_t journal = 0;   // which journal (0: none, never matches)
  std::uint64_t revision = 0;  // its revision when the mark was taken
  friend bool operator==(const JournalMark&, const JournalMark&) = default;
};

// What changed since a mark. The spans stay valid until the grid's next edit.
struct MapChanges {
  // The map was replaced, resized or reloaded, its rules (movement, cost model, shape, wrap)
  // changed, the mark is from another grid, or the journal no longer reaches back that far.
  bool everything = false;
  std::span<const NodeId> cells;       // cells whose wall, cost or entry mask was set, in order (may repeat)
  std::span<const NodeId> portalEnds;  // both ends of every portal added or removed, in order
  bool none() const { return !everything && cells.empty() && portalEnds.empty(); }
};

class MapJournal {
 public:
  MapJournal();
  // A copy or an assignment is another map as far as marks go: a new id, no entries, and a
  // revision above both (an object's revision never repeats).
  MapJournal(const MapJournal& other);
  MapJournal& operator=(const MapJournal& other);
  ~MapJournal() = default;

  std::uint64_t revision() const { return revision_; }
  JournalMark mark() const { return {id_, revision_}; }
  MapChanges changesSince(JournalMark mark) const;

  // Recording (Grid calls these; each advances the revision by one).
  void cellChanged(NodeId cell);
  void portalChanged(NodeId from, NodeId to);
  // Everything changed (reset, rules) on a map of `cells` cells: earlier marks see
  // `everything`. Reserves room for capacityFor(cells) entries so later edits do not allocate.
  void everythingChanged(std::size_t cells);

  // Entries kept per kind for a map of `cells` cells: a quarter of the map, at least 256,
  // at most 65,536. Marks up to half that many edits old are always served; an older one sees
  // `everything` (a batch that large is a mass edit: consumers rebuild).
  static std::size_t capacityFor(std::size_t cells);

 private:
  void forgetBefore(std::uint64_t revision);  // marks older than `revision` see everything
  template <class T>
  void dropOlderHalf(std::vector<T>& values, std::vector<std::uint64_t>& revisions);
  std::size_t portalCapacity() const;

  std::uint64_t id_;
  std::uint64_t revision_ = 0;
  std::uint64_t floor_ = 0;  // marks older than this see everything
  std::size_t capacity_ = 256;
  std::vector<NodeId> cells_;
  std::vector<std::uint64_t> cellRevisions_;  // ascending, parallel to cells_
  std::vector<NodeId> portalEnds_;
  std::vector<std::uint64_t> portalRevisions_;  // ascending, parallel to portalEnds_
};

}  // namespace astar
