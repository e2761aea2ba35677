// MapJournal: entries are (revision, cell) pairs in two append-only arrays, one per kind,
// so the changes since a mark are a suffix of each, found by binary search.
#include "astar/map_journal.h"

#include <algorithm>
#include <atomic>

#include "astar/limits.h"

namespace astar {

namespace {
// Journal ids: unique per object for the process (path service threads copy grids too).
std::uint64_t nextJournalId() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

constexpr std::size_t kMinEntries = 256;
constexpr std::size_t kMaxEntries = std::size_t{1} << 16;

template <class T>
std::span<const T> since(const std::vector<T>& values, const std::vector<std::uint64_t>& revisions,
                         std::uint64_t revision) {
  const auto first = std::upper_bound(revisions.begin(), revisions.end(), revision);
  return std::span<const T>(values).subspan(static_cast<std::size_t>(first - revisions.begin()));
}
}  // namespace

std::size_t MapJournal::capacityFor(std::size_t cells) { return std::clamp(cells / 4, kMinEntries, kMaxEntries); }

// Every portal removed and added again: 4 ends each.
std::size_t MapJournal::portalCapacity() const {
  return std::min(capacity_, 4 * static_cast<std::size_t>(kMaxPortals));
}

MapJournal::MapJournal() : id_(nextJournalId()) {}

MapJournal::MapJournal(const MapJournal& other)
    : id_(nextJournalId()), revision_(other.revision_ + 1), floor_(revision_), capacity_(other.capacity_) {}

MapJournal& MapJournal::operator=(const MapJournal& other) {
  if (this == &other) return *this;
  id_ = nextJournalId();
  capacity_ = other.capacity_;
  revision_ = std::max(revision_, other.revision_) + 1;
  forgetBefore(revision_);
  return *this;
}

MapChanges MapJournal::changesSince(JournalMark mark) const {
  MapChanges changes;
  if (mark.journal != id_ || mark.revision < floor_ || mark.revision > revision_) {
    changes.everything = true;
    return changes;
  }
  changes.cells = since(cells_, cellRevisions_, mark.revision);
  changes.portalEnds = since(portalEnds_, portalRevisions_, mark.revision);
  return changes;
}

void MapJournal::forgetBefore(std::uint64_t revision) {
  floor_ = revision;
  cells_.clear();
  cellRevisions_.clear();
  portalEnds_.clear();
  portalRevisions_.clear();
}

// Full: the older half of a kind's entries goes (in place, no allocation); marks taken
// before the newest entry that went see everything, recent marks are still served.
template <class T>
void MapJournal::dropOlderHalf(std::vector<T>& values, std::vector<std::uint64_t>& revisions) {
  const std::size_t half = values.size() / 2;
  if (half == 0) return;
  floor_ = std::max(floor_, revisions[half - 1]);
  values.erase(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half));
  revisions.erase(revisions.begin(), revisions.begin() + static_cast<std::ptrdiff_t>(half));
}

void MapJournal::cellChanged(NodeId cell) {
  ++revision_;
  if (cells_.size() >= capacity_) dropOlderHalf(cells_, cellRevisions_);
  cells_.push_back(cell);
  cellRevisions_.push_back(revision_);
}

void MapJournal::portalChanged(NodeId from, NodeId to) {
  ++revision_;
  if (portalEnds_.size() + 2 > portalCapacity()) dropOlderHalf(portalEnds_, portalRevisions_);
  for (NodeId end : {from, to}) {
    portalEnds_.push_back(end);
    portalRevisions_.push_back(revision_);
  }
}

void MapJournal::everythingChanged(std::size_t cells) {
  ++revision_;
  capacity_ = capacityFor(cells);
  forgetBefore(revision_);
  cells_.reserve(capacity_);
  cellRevisions_.reserve(capacity_);
  portalEnds_.reserve(portalCapacity());
  portalRevisions_.reserve(portalCapacity());
}

}  // namespace astar
