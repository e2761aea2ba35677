// Embind bindings for the navigation-mesh layer (web/js/navmesh/): core's NavMesh over the page
// engine's own map (no second copy), built on the first query and refreshed by core from the
// grid's change journal after edits; and the Theta* line of the same query, so the page can
// draw the any-angle paths beside the grid path. On a map the mesh does not apply to (hex,
// wrap, portals, one-way cells) query() gives core's reason instead.
//   const layer = new core.NavMeshLayer(engine.raw);
//   const r = layer.query(start, goal);  // {status, message, cost, length, points: [x, y, ...],
//                                        //  corridor: [polygon ids], crossed: [ax, ay, bx, by, ...],
//                                        //  polygons, portals, tiles, tilesRebuilt, fullBuild,
//                                        //  buildMs, bytes, expanded}
//   layer.rectangles();                  // Int32Array [x0, y0, x1, y1, ...] of every polygon
//   layer.theta(start, goal);            // {status, cost, length, points}: Theta* on the same map
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "astar/navmesh.h"
#include "astar/search.h"
#include "web_engine.h"

namespace {

using astar::web::guarded;
using astar::web::WebEngine;
using emscripten::val;

// The Euclidean length of a polyline, and its points as one flat JS array [x, y, ...].
double lengthOf(std::span<const astar::PathPoint> points) {
  double length = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i)
    length += std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return length;
}
val flatPoints(std::span<const astar::PathPoint> points) {
  val out = val::array();
  for (const astar::PathPoint& p : points) {
    out.call<void>("push", p.x);
    out.call<void>("push", p.y);
  }
  return out;
}

bool validEnds(const astar::Grid& grid, int start, int goal) {
  return start >= 0 && goal >= 0 && static_cast<astar::NodeId>(start) < grid.cellCount() &&
         static_cast<astar::NodeId>(goal) < grid.cellCount();
}

class NavMeshLayer {
 public:
  explicit NavMeshLayer(WebEngine& engine) : engine_(engine), mesh_(engine.grid()) {}

  val query(int start, int goal) {
    return guarded([&] {
      val out = val::object();
      const astar::Grid& grid = engine_.grid();
      if (const astar::Error why = astar::NavMesh::supports(grid)) {
        out.set("status", std::string("unsupported"));
        out.set("message", why.message);
        return out;
      }
      if (const astar::Error e = mesh_.built() ? mesh_.refresh() : mesh_.build()) {
        out.set("status", std::string("invalid-input"));
        out.set("message", e.message);
        return out;
      }
      const bool ends = validEnds(grid, start, goal);
      astar::SearchStatus status = astar::SearchStatus::Idle;
      points_.clear();
      if (ends) status = mesh_.findPath(static_cast<astar::NodeId>(start), static_cast<astar::NodeId>(goal), points_);
      const bool found = status == astar::SearchStatus::Found;
      const astar::NavMeshStats& s = mesh_.stats();
      out.set("status", std::string(ends ? astar::statusName(status) : "idle"));
      out.set("message", std::string(ends ? mesh_.message() : ""));
      out.set("cost", found ? val(s.pathCost) : val::null());
      out.set("length", found ? val(lengthOf(points_)) : val::null());
      out.set("points", found ? flatPoints(points_) : val::array());
      val corridor = val::array(), crossed = val::array();
      if (found) {
        const auto ids = mesh_.corridor();
        for (std::size_t i = 0; i < ids.size(); ++i) {
          corridor.call<void>("push", ids[i]);
          if (i + 1 == ids.size()) break;
          // The portal this corridor crosses from polygon i to polygon i + 1.
          mesh_.portalsOf(ids[i], portals_);
          for (const astar::NavPortal& p : portals_) {
            if (p.to != ids[i + 1]) continue;
            for (int v : {p.ax, p.ay, p.bx, p.by}) crossed.call<void>("push", v);
            break;
          }
        }
      }
      out.set("corridor", corridor);
      out.set("crossed", crossed);
      out.set("polygons", s.polygons);
      out.set("portals", static_cast<double>(s.portals));
      out.set("tiles", s.tileCount);
      out.set("tilesRebuilt", s.tilesRebuilt);
      out.set("fullBuild", s.fullBuild);
      out.set("buildMs", s.buildMilliseconds);
      out.set("bytes", static_cast<double>(s.bytes));
      out.set("expanded", static_cast<double>(ends ? s.expanded : 0));
      return out;
    });
  }

  // Every polygon's rectangle of the last build, flat: a live view of wasm memory (copy it).
  val rectangles() {
    rectangles_.clear();
    const std::uint32_t count = mesh_.built() ? mesh_.polygonCount() : 0;
    rectangles_.reserve(4 * static_cast<std::size_t>(count));
    for (std::uint32_t id = 0; id < count; ++id) {
      const astar::NavPolygon p = mesh_.polygon(id);
      rectangles_.insert(rectangles_.end(), {p.x0, p.y0, p.x1, p.y1});
    }
    return val(emscripten::typed_memory_view(rectangles_.size(), rectangles_.data()));
  }

  // Theta* (the search loop's row, octile heuristic, as `astar path --algorithm theta`) from
  // start to goal: its turning points (cell corners on plane maps, else cell centres), its cost
  // and Euclidean length.
  val theta(int start, int goal) {
    return guarded([&] {
      val out = val::object();
      const astar::Grid& grid = engine_.grid();
      if (!validEnds(grid, start, goal)) {
        out.set("status", std::string("idle"));
        return out;
      }
      astar::SearchOptions options;
      options.algorithm = astar::Algorithm::Theta;
      const astar::PathResult r =
          astar::findPath(grid, static_cast<astar::NodeId>(start), static_cast<astar::NodeId>(goal), options);
      const bool found = r.status == astar::SearchStatus::Found;
      thetaPoints_.clear();
      if (found && !r.points.empty()) thetaPoints_ = r.points;  // the corner lattice: corners, not centres
      if (found && r.points.empty())
        for (astar::NodeId n : r.path)
          thetaPoints_.push_back({grid.xOf(n) + 0.5, grid.yOf(n) + 0.5,
                                  thetaPoints_.empty() ? astar::PathJoin::Start : astar::PathJoin::Walk});
      out.set("status", std::string(astar::statusName(r.status)));
      out.set("cost", found ? val(r.stats.pathCost) : val::null());
      out.set("length", found ? val(lengthOf(thetaPoints_)) : val::null());
      out.set("points", flatPoints(thetaPoints_));
      return out;
    });
  }

 private:
  WebEngine& engine_;  // must outlive this (the page's engine lives as long as the page)
  astar::NavMesh mesh_;
  std::vector<astar::PathPoint> points_, thetaPoints_;
  std::vector<astar::NavPortal> portals_;
  std::vector<int> rectangles_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_navmesh) {
  emscripten::class_<NavMeshLayer>("NavMeshLayer")
      .constructor<WebEngine&>()
      .function("query", &NavMeshLayer::query)
      .function("rectangles", &NavMeshLayer::rectangles)
      .function("theta", &NavMeshLayer::theta);
}
