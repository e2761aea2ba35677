// Thin Embind bindings: the page's engine is one WebEngine (a Grid plus its mirrors as
// typed-array views). Every entry point catches C++ exceptions and rethrows them as JS
// Errors, so nothing from C++ ever reaches JS as a bare number.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "astar/grid.h"

namespace {

using emscripten::val;

[[noreturn]] void throwJsError(const std::string& message) {
  val::global("Error").new_(std::string("astar: ") + message).throw_();
  __builtin_unreachable();
}

// Runs f, turning any C++ exception into a JS Error.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    throwJsError(e.what());
  } catch (...) {
    throwJsError("unknown C++ exception");
  }
}

class WebEngine {
 public:
  WebEngine() { refreshMirrors(); }

  // Returns "" on success, else the error message (the grid is then 0 x 0).
  std::string reset(int width, int height) {
    return guarded([&] {
      astar::Error e = grid_.reset(width, height);
      refreshMirrors();
      return e.message;
    });
  }
  int width() const { return grid_.width(); }
  int height() const { return grid_.height(); }

  std::string setWall(int x, int y) {
    return guarded([&] { return afterEdit(x, y, grid_.setWall(x, y)); });
  }
  std::string setCost(int x, int y, double cost) {
    return guarded([&] { return afterEdit(x, y, grid_.setCost(x, y, cost)); });
  }
  std::string setEntryMask(int x, int y, int mask) {
    return guarded([&] { return afterEdit(x, y, grid_.setEntryMask(x, y, static_cast<std::uint8_t>(mask & 0xFF))); });
  }
  bool wrapX() const { return grid_.wrapX(); }
  bool wrapY() const { return grid_.wrapY(); }
  void setWrap(bool x, bool y) { grid_.setWrap(x, y); }

  // Zero-copy views of per-cell state. They go stale when the heap grows: fetch them
  // again after any call that may allocate.
  val costs() const { return val(emscripten::typed_memory_view(costs_.size(), costs_.data())); }
  val entryMasks() const { return val(emscripten::typed_memory_view(masks_.size(), masks_.data())); }

 private:
  std::string afterEdit(int x, int y, const astar::Error& e) {
    if (e.ok() && grid_.contains(x, y)) {
      const astar::NodeId n = grid_.index(x, y);
      costs_[n] = grid_.cost(n);
      masks_[n] = grid_.entryMask(n);
    }
    return e.message;
  }
  void refreshMirrors() {
    const astar::NodeId cells = grid_.cellCount();
    costs_.resize(cells);
    masks_.resize(cells);
    for (astar::NodeId n = 0; n < cells; ++n) {
      costs_[n] = grid_.passable(n) ? grid_.cost(n) : 0.0f;
      masks_[n] = grid_.entryMask(n);
    }
  }

  astar::Grid grid_;
  std::vector<float> costs_;          // entry cost per cell, 0 = wall
  std::vector<std::uint8_t> masks_;   // allowed entry directions per cell
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_web) {
  emscripten::class_<WebEngine>("Engine")
      .constructor<>()
      .function("reset", &WebEngine::reset)
      .function("width", &WebEngine::width)
      .function("height", &WebEngine::height)
      .function("setWall", &WebEngine::setWall)
      .function("setCost", &WebEngine::setCost)
      .function("setEntryMask", &WebEngine::setEntryMask)
      .function("wrapX", &WebEngine::wrapX)
      .function("wrapY", &WebEngine::wrapY)
      .function("setWrap", &WebEngine::setWrap)
      .function("costs", &WebEngine::costs)
      .function("entryMasks", &WebEngine::entryMasks);
}
