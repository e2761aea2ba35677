// Embind bindings for turn-aware search (astar/turn_space.h) on the page's map: TurnPlanner,
// used by the ghost chase (web/js/agents/ghosts.js) so that ghosts plan from (their cell,
// their heading) and never reverse. A request queue pumped with a per-frame expansion budget
// (like AgentWorld's path service), one-shot paths, and the legal moves of a state.
//
// Headings cross the boundary as core's Direction values (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE,
// 6 SW, 7 NW; names from the registry) or -1 for none. Like AgentWorld, every entry point
// first compares the grid's journal mark (core's map_journal.h) with the one it saw: on a
// change the queued and running requests are cancelled. No C++ exception reaches JS (guarded()).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "astar/search.h"
#include "astar/turn_space.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

class TurnPlanner {
 public:
  // The engine must outlive this object; its grid is the same object for its whole life.
  explicit TurnPlanner(WebEngine& engine)
      : grid_(engine.grid()), space_(grid_), search_(space_), seen_(grid_.journalMark()) {}

  // "" or why not (a negative or non-finite turn cost). Cancels requests under way.
  std::string setOptions(double turnCost, bool noReverse) {
    return guarded([&] {
      TurnOptions o;
      o.turnCost = turnCost;
      o.noReverse = noReverse;
      const TurnOptions before = space_.options();
      space_.setOptions(o);
      if (Error e = space_.validate()) {
        space_.setOptions(before);
        return e.message;
      }
      cancelAll();
      return std::string();
    });
  }
  double turnCost() const { return space_.options().turnCost; }
  bool noReverse() const { return space_.options().noReverse; }
  // The grid's headings as Direction values, clockwise (4, 6 or 8 of them).
  val headings() {
    return guarded([&] {
      refresh();
      val out = val::array();
      for (int h = 0; h < space_.headingCount(); ++h) out.call<void>("push", static_cast<int>(space_.direction(h)));
      return out;
    });
  }

  // The allowed moves out of (cell, direction): [{cell, direction, cost, portal}], in the
  // grid's order. Empty for a wall, a cell outside the map or a direction the grid lacks.
  val moves(int cell, int direction) {
    return guarded([&] {
      refresh();
      val out = val::array();
      NodeId node;
      if (!stateOf(cell, direction, node)) return out;
      space_.forEachMove(node, [&](NodeId v, double cost, TurnMove kind) {
        val m = val::object();
        m.set("cell", static_cast<double>(space_.cellOf(v)));
        m.set("direction", directionOf(v));
        m.set("cost", cost);
        m.set("portal", kind == TurnMove::Portal);
        out.call<void>("push", m);
      });
      return out;
    });
  }

  // One path now: {status, cost, expanded, partial, cells, directions, message}.
  val findPath(int cell, int direction, int goal) {
    return guarded([&] {
      refresh();
      Request r{0, 0, 0, 0, 0};
      if (!prepare(cell, direction, goal, r)) return failure(0);
      if (running_) {  // the shared search is needed now: the request under way starts again later
        queue_.push_front(current_);
        running_ = false;
      }
      startSearch(r);
      search_.run();
      return reply(r.id, false);
    });
  }

  // ---- requests: submit, pump(budget) each frame, takeReplies ----
  // Returns the request id (> 0), or 0 when the input is bad (lastError() says why).
  double submit(int cell, int direction, int goal, int priority) {
    return guarded([&] {
      refresh();
      Request r{++nextId_, 0, 0, 0, priority};
      if (!prepare(cell, direction, goal, r)) return 0.0;
      // Higher priority first; equal ones in submission order.
      auto at = std::find_if(queue_.begin(), queue_.end(), [&](const Request& q) { return q.priority < priority; });
      queue_.insert(at, r);
      return static_cast<double>(r.id);
    });
  }
  bool cancel(double id) {
    const auto target = static_cast<std::uint32_t>(id);
    if (running_ && current_.id == target) {
      running_ = false;
      finished_.call<void>("push", cancelledReply(target));
      return true;
    }
    for (auto it = queue_.begin(); it != queue_.end(); ++it)
      if (it->id == target) {
        queue_.erase(it);
        finished_.call<void>("push", cancelledReply(target));
        return true;
      }
    return false;
  }
  // Expands at most `budget` nodes over the queued requests, most urgent first; returns how
  // many it expanded.
  double pump(double budget) {
    return guarded([&] {
      refresh();
      std::uint64_t left = budget > 0 ? static_cast<std::uint64_t>(budget) : 0, used = 0;
      while (left > 0) {
        if (!running_) {
          if (queue_.empty()) break;
          current_ = queue_.front();
          queue_.pop_front();
          startSearch(current_);
          running_ = true;
        }
        const std::uint64_t before = search_.stats().expanded;
        if (search_.status() == SearchStatus::InProgress)
          search_.step(static_cast<std::uint32_t>(std::min<std::uint64_t>(left, 0xFFFFFFFFu)));
        const std::uint64_t spent = search_.stats().expanded - before;
        used += spent;
        left -= std::min(left, spent);
        if (search_.status() != SearchStatus::InProgress) {
          running_ = false;
          finished_.call<void>("push", reply(current_.id, false));
        }
      }
      return static_cast<double>(used);
    });
  }
  double queued() const { return static_cast<double>(queue_.size() + (running_ ? 1 : 0)); }
  // [{id, status, cancelled, cost, expanded, partial, cells, directions}] in finishing order.
  val takeReplies() {
    return guarded([&] {
      refresh();
      val out = finished_;
      finished_ = val::array();
      return out;
    });
  }
  std::string lastError() const { return lastError_; }

 private:
  struct Request {
    std::uint32_t id;
    NodeId start;  // a node of space_
    NodeId goal;   // a cell
    int direction;
    int priority;
  };

  bool stateOf(int cell, int direction, NodeId& node) const {
    if (cell < 0 || static_cast<NodeId>(cell) >= grid_.cellCount() || !grid_.passable(static_cast<NodeId>(cell)))
      return false;
    int h = kNoHeading;
    if (direction != -1) {
      if (direction < 0 || direction >= 8) return false;
      h = space_.headingOf(static_cast<Direction>(direction));
      if (h == kNoHeading) return false;
    }
    node = space_.node(static_cast<NodeId>(cell), h);
    return true;
  }
  int directionOf(NodeId n) const {
    const int h = space_.headingAt(n);
    return h == kNoHeading ? -1 : static_cast<int>(space_.direction(h));
  }
  bool prepare(int cell, int direction, int goal, Request& r) {
    if (!stateOf(cell, direction, r.start)) {
      lastError_ = "the start must be a floor cell of the map with a heading of its moves (or -1)";
      return false;
    }
    if (goal < 0 || static_cast<NodeId>(goal) >= grid_.cellCount() || !grid_.passable(static_cast<NodeId>(goal))) {
      lastError_ = "the goal must be a floor cell of the map";
      return false;
    }
    r.goal = static_cast<NodeId>(goal);
    r.direction = direction;
    lastError_.clear();
    return true;
  }
  void startSearch(const Request& r) {
    goals_.clear();
    space_.goalNodes(r.goal, goals_);
    SearchOptions options;  // A*, octile on the cell (tunnel- and portal-aware)
    search_.begin(r.start, std::span<const NodeId>(goals_), options);
  }
  val reply(std::uint32_t id, bool cancelled) {
    val o = val::object();
    o.set("id", static_cast<double>(id));
    o.set("status", static_cast<int>(search_.status()));
    o.set("cancelled", cancelled);
    o.set("cost", search_.stats().pathCost);
    o.set("expanded", static_cast<double>(search_.stats().expanded));
    o.set("partial", search_.stats().partial);
    o.set("message", std::string(search_.message()));
    val cells = val::array(), directions = val::array();
    for (NodeId n : search_.path()) {
      cells.call<void>("push", static_cast<double>(space_.cellOf(n)));
      directions.call<void>("push", directionOf(n));
    }
    o.set("cells", cells);
    o.set("directions", directions);
    return o;
  }
  val failure(std::uint32_t id) {
    val o = cancelledReply(id);
    o.set("cancelled", false);
    o.set("status", static_cast<int>(SearchStatus::InvalidInput));
    o.set("message", lastError_);
    return o;
  }
  static val cancelledReply(std::uint32_t id) {
    val o = val::object();
    o.set("id", static_cast<double>(id));
    o.set("status", static_cast<int>(SearchStatus::Idle));
    o.set("cancelled", true);
    o.set("cost", 0.0);
    o.set("expanded", 0.0);
    o.set("partial", false);
    o.set("message", std::string());
    o.set("cells", val::array());
    o.set("directions", val::array());
    return o;
  }
  void cancelAll() {
    if (running_) finished_.call<void>("push", cancelledReply(current_.id));
    running_ = false;
    for (const Request& r : queue_) finished_.call<void>("push", cancelledReply(r.id));
    queue_.clear();
  }
  // A map edit or a new document: the cells of queued requests may mean something else now.
  void refresh() {
    const JournalMark now = grid_.journalMark();
    if (now == seen_) return;
    seen_ = now;
    cancelAll();
  }

  const Grid& grid_;
  TurnSpace space_;
  Search<TurnSpace> search_;
  JournalMark seen_;
  std::deque<Request> queue_;
  Request current_{0, 0, 0, 0, 0};
  bool running_ = false;
  std::uint32_t nextId_ = 0;
  std::vector<NodeId> goals_;
  val finished_ = val::array();
  std::string lastError_;
};

}  // namespace

}  // namespace astar::web

EMSCRIPTEN_BINDINGS(astar_turns) {
  using astar::web::TurnPlanner;
  using astar::web::WebEngine;
  emscripten::class_<TurnPlanner>("TurnPlanner")
      .constructor<WebEngine&>()
      .function("setOptions", &TurnPlanner::setOptions)
      .function("turnCost", &TurnPlanner::turnCost)
      .function("noReverse", &TurnPlanner::noReverse)
      .function("headings", &TurnPlanner::headings)
      .function("moves", &TurnPlanner::moves)
      .function("findPath", &TurnPlanner::findPath)
      .function("submit", &TurnPlanner::submit)
      .function("cancel", &TurnPlanner::cancel)
      .function("pump", &TurnPlanner::pump)
      .function("queued", &TurnPlanner::queued)
      .function("takeReplies", &TurnPlanner::takeReplies)
      .function("lastError", &TurnPlanner::lastError);
}
