// PathService: many path requests at once on one grid, most urgent first.
//
//   astar::PathService service(grid, 2);          // two worker threads, one GridSearch each
//   auto id = service.submit({start, goal, {}, /*priority*/ 5});
//   service.cancel(id);                            // before or during its search
//   service.waitIdle();  service.takeReplies(replies);
//
// With threads = 0 (and always in a WebAssembly build without pthreads) there are no workers:
// pump(budget) runs queued requests on the calling thread, highest priority first, within an
// expansion budget (a per-frame budget shared by all queued requests); a started request
// keeps its place until it finishes. Results are those of a single-threaded GridSearch run.
// The grid must not be edited while requests are queued or running (waitIdle() first).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "astar/grid.h"
#include "astar/search.h"

namespace astar {

using RequestId = std::uint64_t;  // 0 is never a valid id

struct PathRequest {
  NodeId start = kNoNode;
  NodeId goal = kNoNode;
  SearchOptions options;
  int priority = 0;  // higher runs first; equal priorities run in submission order
};

struct PathReply {
  RequestId id = 0;
  SearchStatus status = SearchStatus::Idle;  // Found, NoPath or InvalidInput; Idle when cancelled
  bool cancelled = false;
  SearchStats stats;  // when cancelled while running: the work done before it stopped
  std::vector<NodeId> path;
  std::string message;  // why InvalidInput
};

class PathService {
 public:
  // threads: worker threads (0 = run in pump()). Builds without thread support always use 0.
  explicit PathService(const Grid& grid, unsigned threads = 0);
  ~PathService();  // stops the workers; queued requests are dropped
  PathService(const PathService&) = delete;
  PathService& operator=(const PathService&) = delete;

  RequestId submit(const PathRequest& request);
  // Cancels a queued or running request; its reply (cancelled = true) is ready at once for a
  // queued one, after the current step slice for a running one. False if unknown or done (its
  // reply filed); true always means a cancelled reply, even if the search had just finished.
  bool cancel(RequestId id);

  // Runs queued requests on this thread for up to `budget` node expansions; returns how
  // many were used. Does nothing (returns 0) when worker threads are running.
  std::uint64_t pump(std::uint64_t budget);
  // Blocks until nothing is queued or running (with no workers: pumps until done).
  void waitIdle();
  // Moves finished replies (in finishing order) to the end of out; returns how many.
  std::size_t takeReplies(std::vector<PathReply>& out);

  unsigned threads() const;
  std::size_t queued() const;   // waiting, not started
  std::size_t running() const;  // started, not finished
  static bool threadsSupported();

  // Expansions per step() slice between cancellation checks.
  static constexpr std::uint32_t kSliceExpansions = 2048;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace astar
