// Embind bindings for the evolution lab (web/js/lab/): the genetic algorithm (genetic.h) and
// the ant colony (ant_colony.h) on the page's engine's map (web/web_engine.h), stepped one
// generation per call. Linked into the same module as web/bindings.cpp.
//
// A run is tied to the map it started on: after an edit or a load (the grid's change journal,
// core/search/include/astar/map_journal.h, reports any change since the start) step() refuses and stale() says so; the
// page starts a new run. Every entry point returns an error string or a plain value; exceptions become JS Errors
// (guarded), never a bare number.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "astar/ant_colony.h"
#include "astar/genetic.h"
#include "astar/lab_methods.h"
#include "astar/search.h"
#include "web_engine.h"

namespace astar::web {

namespace {

using emscripten::val;

// Reads obj[name] into out (kept when absent). A present value must be a number (an integer
// in [0, 2^32) for whole). Returns "" or the problem.
std::string readNumber(const val& obj, const char* name, bool whole, double& out) {
  const val v = obj[name];
  if (v.isUndefined() || v.isNull()) return "";
  if (!v.isNumber()) return std::string(name) + " must be a number";
  const double x = v.as<double>();
  if (!std::isfinite(x)) return std::string(name) + " must be a finite number";
  if (whole && (x != std::floor(x) || x < 0 || x > 4294967295.0))
    return std::string(name) + " must be a whole number from 0 to 4294967295";
  out = x;
  return "";
}

std::string readCount(const val& obj, const char* name, std::uint32_t& out) {
  double x = out;
  std::string e = readNumber(obj, name, true, x);
  if (e.empty()) out = static_cast<std::uint32_t>(x);
  return e;
}

std::string readSeed(const val& obj, std::uint64_t& out) {
  double x = static_cast<double>(out);
  std::string e = readNumber(obj, "seed", true, x);
  if (e.empty()) out = static_cast<std::uint64_t>(x);
  return e;
}

val historyArray(std::span<const GenerationStats> history) {
  val out = val::array();
  for (const GenerationStats& s : history) {
    val o = val::object();
    o.set("generation", s.generation);
    o.set("best", s.bestCost == kNoLabCost ? val::null() : val(s.bestCost));
    o.set("generationBest", s.generationBest == kNoLabCost ? val::null() : val(s.generationBest));
    o.set("mean", s.meanFitness);
    o.set("reached", s.reached);
    out.call<void>("push", o);
  }
  return out;
}

val cellArray(std::span<const NodeId> cells) {
  val out = val::array();
  for (NodeId n : cells) out.call<void>("push", n);
  return out;
}

class LabRun {
 public:
  explicit LabRun(WebEngine& engine) : engine_(engine) {}

  // The defaults and limits the page shows (never typed in JavaScript), from lab_methods.h.
  static val defaults() {
    val o = val::object();
    for (const LabMethodInfo& m : labMethods()) {
      val values = val::object();
      for (const LabParamInfo& p : m.params)
        if (std::string(p.name) != "maxSteps") values.set(p.name, p.defaultValue);  // the page has no walk length input
      o.set(m.name, values);
    }
    val limits = val::object();
    limits.set("maxPopulation", kLabMaxPopulation);
    limits.set("maxGenerations", kLabMaxGenerations);
    limits.set("maxExponent", kLabMaxExponent);
    o.set("limits", limits);
    return o;
  }

  // method "ga" or "aco"; params: the fields of GeneticParams / AntColonyParams by their C++
  // names (absent = default). Returns "" or why the run cannot start.
  std::string start(const std::string& method, int start, int goal, val params) {
    return guarded([&]() -> std::string {
      ga_.reset();
      aco_.reset();
      if (start < 0 || goal < 0) return "set a start and a goal first";
      const Grid& grid = engine_.grid();
      seen_ = grid.journalMark();
      optimal_ = kNoLabCost;
      if (method == "ga") {
        GeneticParams p;
        std::string e = readCount(params, "population", p.population);
        if (e.empty()) e = readCount(params, "generations", p.generations);
        if (e.empty()) e = readNumber(params, "crossoverRate", false, p.crossoverRate);
        if (e.empty()) e = readNumber(params, "mutationRate", false, p.mutationRate);
        if (e.empty()) e = readCount(params, "elitism", p.elitism);
        if (e.empty()) e = readCount(params, "tournament", p.tournament);
        if (e.empty()) e = readSeed(params, p.seed);
        if (!e.empty()) return e;
        ga_ = std::make_unique<GeneticPathfinder>(grid);
        if (Error err = ga_->init(static_cast<NodeId>(start), static_cast<NodeId>(goal), p)) {
          ga_.reset();
          return err.message;
        }
        findOptimal(start, goal);
        return "";
      }
      if (method == "aco") {
        AntColonyParams p;
        std::string e = readCount(params, "ants", p.ants);
        if (e.empty()) e = readCount(params, "generations", p.generations);
        if (e.empty()) e = readCount(params, "alpha", p.alpha);
        if (e.empty()) e = readCount(params, "beta", p.beta);
        if (e.empty()) e = readNumber(params, "evaporation", false, p.evaporation);
        if (e.empty()) e = readNumber(params, "deposit", false, p.deposit);
        if (e.empty()) e = readNumber(params, "eliteWeight", false, p.eliteWeight);
        if (e.empty()) e = readNumber(params, "minPheromone", false, p.minPheromone);
        if (e.empty()) e = readSeed(params, p.seed);
        if (!e.empty()) return e;
        aco_ = std::make_unique<AntColony>(grid);
        if (Error err = aco_->init(static_cast<NodeId>(start), static_cast<NodeId>(goal), p)) {
          aco_.reset();
          return err.message;
        }
        findOptimal(start, goal);
        return "";
      }
      return "unknown method '" + method + "' (ga or aco)";
    });
  }

  bool active() const { return ga_ || aco_; }
  // A*'s optimal cost for the run's query (null when the goal cannot be reached or no run).
  val optimal() const { return optimal_ == kNoLabCost ? val::null() : val(optimal_); }
  bool stale() const { return active() && !engine_.grid().changesSince(seen_).none(); }
  // One more generation: false when finished, not started, or the map changed since start.
  bool step() {
    return guarded([&] {
      if (!active() || stale()) return false;
      return ga_ ? ga_->stepGeneration() : aco_->stepGeneration();
    });
  }
  bool finished() const { return !active() || (ga_ ? ga_->finished() : aco_->finished()); }
  int generation() const { return !active() ? -1 : static_cast<int>(ga_ ? ga_->generation() : aco_->generation()); }
  // [{generation, best (null: none yet), generationBest, mean, reached}, ...] from generation 0.
  val history() const {
    return guarded([&] {
      if (!active()) return val::array();
      return historyArray(ga_ ? ga_->history() : aco_->history());
    });
  }
  val best() const {
    return guarded([&] { return !active() || stale() ? val::array() : cellArray(ga_ ? ga_->best() : aco_->best()); });
  }
  // GA: the current generation's fittest individual (may stop short of the goal).
  val fittest() const {
    return guarded([&] { return !ga_ || stale() ? val::array() : cellArray(ga_->fittest()); });
  }
  // ACO: the pheromone per cell, a copy (Float64Array); null for the GA.
  val pheromone() const {
    return guarded([&] {
      if (!aco_ || stale()) return val::null();
      const std::span<const double> tau = aco_->pheromone();
      return val::global("Float64Array").new_(emscripten::typed_memory_view(tau.size(), tau.data()));
    });
  }

 private:
  void findOptimal(int start, int goal) {
    const PathResult r = findPath(engine_.grid(), static_cast<NodeId>(start), static_cast<NodeId>(goal));
    optimal_ = r.status == SearchStatus::Found ? r.stats.pathCost : kNoLabCost;
  }

  WebEngine& engine_;
  double optimal_ = kNoLabCost;
  std::unique_ptr<GeneticPathfinder> ga_;
  std::unique_ptr<AntColony> aco_;
  JournalMark seen_;  // the map as the run started on it
};

}  // namespace

}  // namespace astar::web

EMSCRIPTEN_BINDINGS(astar_lab) {
  using astar::web::LabRun;
  using astar::web::WebEngine;
  emscripten::class_<LabRun>("LabRun")
      .constructor<WebEngine&>()
      .class_function("defaults", &LabRun::defaults)
      .function("start", &LabRun::start)
      .function("active", &LabRun::active)
      .function("optimal", &LabRun::optimal)
      .function("stale", &LabRun::stale)
      .function("step", &LabRun::step)
      .function("finished", &LabRun::finished)
      .function("generation", &LabRun::generation)
      .function("history", &LabRun::history)
      .function("best", &LabRun::best)
      .function("fittest", &LabRun::fittest)
      .function("pheromone", &LabRun::pheromone);
}
