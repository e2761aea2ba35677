// PathService: a priority queue of path requests served by worker threads (one GridSearch
// each) or, without threads, by pump() on the caller's thread.
#include "astar/path_service.h"

#include <algorithm>
#include <atomic>
#include <unordered_map>
#include <utility>

// Emscripten without -pthread has no usable threads: the service then only pumps.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define ASTAR_SERVICE_THREADS 0
#else
#define ASTAR_SERVICE_THREADS 1
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

namespace astar {

namespace {

#if ASTAR_SERVICE_THREADS
using Mutex = std::mutex;
using Lock = std::unique_lock<std::mutex>;
#else
struct Mutex {};
struct Lock {
  explicit Lock(Mutex&) {}
};
#endif

struct Job {
  RequestId id = 0;
  PathRequest request;
  std::atomic<bool> cancel{false};
};

// Heap order: the most urgent job on top; equal priorities in submission order.
bool lessUrgent(const std::unique_ptr<Job>& a, const std::unique_ptr<Job>& b) {
  if (a->request.priority != b->request.priority) return a->request.priority < b->request.priority;
  return a->id > b->id;
}

PathReply cancelledReply(RequestId id) {
  PathReply reply;
  reply.id = id;
  reply.cancelled = true;
  return reply;
}

PathReply finishedReply(const GridSearch& search, const Job& job, SearchStatus status) {
  PathReply reply = cancelledReply(job.id);
  reply.stats = search.stats();  // for a cancelled search: the work done before it stopped
  if (job.cancel.load(std::memory_order_relaxed)) return reply;
  reply.cancelled = false;
  reply.status = status;
  reply.path.assign(search.path().begin(), search.path().end());
  reply.message = search.message();
  return reply;
}

}  // namespace

struct PathService::Impl {
  explicit Impl(const Grid& g) : grid(g), pumpSearch(g) {}

  const Grid& grid;
  mutable Mutex mutex;
  std::vector<std::unique_ptr<Job>> queue;  // a heap under lessUrgent
  std::unordered_map<RequestId, Job*> started;
  std::vector<PathReply> replies;
  RequestId nextId = 1;

  // pump() state: the request in progress on the caller's thread.
  GridSearch pumpSearch;
  std::unique_ptr<Job> pumpJob;
  SearchStatus pumpStatus = SearchStatus::Idle;

#if ASTAR_SERVICE_THREADS
  std::vector<std::thread> workers;
  std::condition_variable workReady;
  std::condition_variable idle;
  bool stopping = false;
#endif

  // Under the lock: takes the most urgent queued job and marks it started.
  std::unique_ptr<Job> popJob() {
    std::pop_heap(queue.begin(), queue.end(), lessUrgent);
    std::unique_ptr<Job> job = std::move(queue.back());
    queue.pop_back();
    started[job->id] = job.get();
    return job;
  }

  // Under the lock: files the reply of a started job. The cancel flag is read again here, under
  // the lock that cancel() holds: a cancel() that returned true (the job was still started) always
  // gives a cancelled reply, even when it came after the search finished.
  void finish(const Job& job, PathReply reply) {
    if (job.cancel.load(std::memory_order_relaxed) && !reply.cancelled) {
      const SearchStats stats = reply.stats;
      reply = cancelledReply(job.id);
      reply.stats = stats;
    }
    started.erase(job.id);
    replies.push_back(std::move(reply));
#if ASTAR_SERVICE_THREADS
    if (queue.empty() && started.empty()) idle.notify_all();
#endif
  }

#if ASTAR_SERVICE_THREADS
  void workerLoop() {
    GridSearch search(grid);
    for (;;) {
      std::unique_ptr<Job> job;
      {
        Lock lock(mutex);
        workReady.wait(lock, [&] { return stopping || !queue.empty(); });
        if (stopping) return;
        job = popJob();
      }
      SearchStatus status = search.begin(job->request.start, job->request.goal, job->request.options);
      while (status == SearchStatus::InProgress && !job->cancel.load(std::memory_order_relaxed))
        status = search.step(kSliceExpansions);
      PathReply reply = finishedReply(search, *job, status);
      Lock lock(mutex);
      finish(*job, std::move(reply));
    }
  }
#endif
};

PathService::PathService(const Grid& grid, unsigned threads) : impl_(std::make_unique<Impl>(grid)) {
#if ASTAR_SERVICE_THREADS
  threads = std::min(threads, 64u);
  impl_->workers.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) impl_->workers.emplace_back([this] { impl_->workerLoop(); });
#else
  (void)threads;
#endif
}

PathService::~PathService() {
#if ASTAR_SERVICE_THREADS
  {
    Lock lock(impl_->mutex);
    impl_->stopping = true;
    for (auto& entry : impl_->started) entry.second->cancel = true;  // stop running searches soon
  }
  impl_->workReady.notify_all();
  for (std::thread& t : impl_->workers) t.join();
#endif
}

bool PathService::threadsSupported() { return ASTAR_SERVICE_THREADS != 0; }

unsigned PathService::threads() const {
#if ASTAR_SERVICE_THREADS
  return static_cast<unsigned>(impl_->workers.size());
#else
  return 0;
#endif
}

std::size_t PathService::queued() const {
  Lock lock(impl_->mutex);
  return impl_->queue.size();
}

std::size_t PathService::running() const {
  Lock lock(impl_->mutex);
  return impl_->started.size();
}

RequestId PathService::submit(const PathRequest& request) {
  auto job = std::make_unique<Job>();
  job->request = request;
  RequestId id;
  {
    Lock lock(impl_->mutex);
    id = job->id = impl_->nextId++;
    impl_->queue.push_back(std::move(job));
    std::push_heap(impl_->queue.begin(), impl_->queue.end(), lessUrgent);
  }
#if ASTAR_SERVICE_THREADS
  impl_->workReady.notify_one();
#endif
  return id;
}

bool PathService::cancel(RequestId id) {
  Lock lock(impl_->mutex);
  auto& queue = impl_->queue;
  const auto it = std::find_if(queue.begin(), queue.end(), [&](const std::unique_ptr<Job>& j) { return j->id == id; });
  if (it != queue.end()) {
    queue.erase(it);
    std::make_heap(queue.begin(), queue.end(), lessUrgent);
    impl_->replies.push_back(cancelledReply(id));
#if ASTAR_SERVICE_THREADS
    if (queue.empty() && impl_->started.empty()) impl_->idle.notify_all();
#endif
    return true;
  }
  const auto running = impl_->started.find(id);
  if (running == impl_->started.end()) return false;
  running->second->cancel = true;
  return true;
}

std::uint64_t PathService::pump(std::uint64_t budget) {
  if (threads() != 0) return 0;
  Impl& s = *impl_;
  std::uint64_t used = 0;
  while (used < budget) {
    if (!s.pumpJob) {
      {
        Lock lock(s.mutex);
        if (s.queue.empty()) break;
        s.pumpJob = s.popJob();
      }
      const PathRequest& r = s.pumpJob->request;
      s.pumpStatus = s.pumpSearch.begin(r.start, r.goal, r.options);
    }
    if (s.pumpStatus == SearchStatus::InProgress && !s.pumpJob->cancel.load(std::memory_order_relaxed)) {
      const std::uint64_t before = s.pumpSearch.stats().expanded;
      const auto slice = static_cast<std::uint32_t>(std::min<std::uint64_t>(budget - used, kSliceExpansions));
      s.pumpStatus = s.pumpSearch.step(slice);
      used += std::max<std::uint64_t>(1, s.pumpSearch.stats().expanded - before);
      if (s.pumpStatus == SearchStatus::InProgress && !s.pumpJob->cancel.load(std::memory_order_relaxed)) continue;
    }
    PathReply reply = finishedReply(s.pumpSearch, *s.pumpJob, s.pumpStatus);
    Lock lock(s.mutex);
    s.finish(*s.pumpJob, std::move(reply));
    s.pumpJob.reset();
  }
  return used;
}

void PathService::waitIdle() {
#if ASTAR_SERVICE_THREADS
  if (threads() != 0) {
    Lock lock(impl_->mutex);
    impl_->idle.wait(lock, [&] { return impl_->queue.empty() && impl_->started.empty(); });
    return;
  }
#endif
  while (queued() != 0 || impl_->pumpJob) pump(1u << 20);
}

std::size_t PathService::takeReplies(std::vector<PathReply>& out) {
  Lock lock(impl_->mutex);
  const std::size_t n = impl_->replies.size();
  for (PathReply& r : impl_->replies) out.push_back(std::move(r));
  impl_->replies.clear();
  return n;
}

}  // namespace astar
