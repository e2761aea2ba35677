// Embind: what keeps a big map (a 4096² share link: 16 M cells) from blocking the page.
//   MapTextLoad   a map text copied in as UTF-8 bytes and read a band of rows per call (read at once,
//                 a 4096² map blocked the page for 0.6 s), into its own document: the engine's
//                 map is replaced only at commit(), once the whole text is read and checked.
//                 core's MapTextReader reads it (the one-shot loadMap reads the same way).
//   StateSampler  the search states of one cell per step x step block, for the canvas's layer
//                 drawn at about the canvas's size (canvas/cell_layers.js): not all 16 M states
//                 each frame.
//   const load = new core.MapTextLoad(engine.raw);
//   load.textBuffer(bytes.length).set(bytes); load.begin();
//   while (!load.done()) { if (load.read(rows)) ...; await nextTask(); }
//   load.commit(); load.delete();
#include <emscripten/bind.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "astar/map_text_reader.h"
#include "web_engine.h"

namespace {

using astar::Grid;
using astar::MapTextReader;
using astar::web::guarded;
using astar::web::WebEngine;

class MapTextLoad {
 public:
  explicit MapTextLoad(WebEngine& engine) : engine_(engine) {}

  // Room for the text's `bytes` UTF-8 bytes: a Uint8Array (a LIVE view, see engine.js) that the
  // page fills with TextEncoder's bytes (a memory copy; a JS string argument is converted a
  // character at a time, 0.4 s for 16 MB).
  emscripten::val textBuffer(double bytes) {
    return guarded([&] {
      text_.assign(static_cast<std::size_t>(std::max(0.0, bytes)), '\0');
      return emscripten::val(
          emscripten::typed_memory_view(text_.size(), reinterpret_cast<std::uint8_t*>(text_.data())));
    });
  }
  // Reads the header: the text must be whole and in the playground format ("astar-map 1").
  void begin() {
    guarded([&] { reader_ = std::make_unique<MapTextReader>(text_); });
  }
  // Reads up to `rows` more rows, and fills the engine's per-cell mirrors of them. Returns "" or
  // the problem ("line L, column C: why"). The first call only makes room for the mirrors: the
  // wasm heap grows by 144 MB on a 4096² map, a task of its own after the grid's.
  std::string read(int rows) {
    return guarded([&]() -> std::string {
      if (!reader_) return "begin() was not called";
      const std::size_t cells = reader_->document().grid.cellCount();
      if (!reader_->done() && costs_.capacity() < cells) {
        costs_.reserve(cells);
        masks_.reserve(cells);
        return "";
      }
      if (const astar::Error e = reader_->readRows(rows)) return e.describe();
      const Grid& g = reader_->document().grid;
      const astar::NodeId end = static_cast<astar::NodeId>(reader_->rowsRead()) * static_cast<astar::NodeId>(g.width());
      for (astar::NodeId n = static_cast<astar::NodeId>(costs_.size()); n < end; ++n)
        costs_.push_back(g.passable(n) ? g.cost(n) : 0.0);
      // One-way cells are set after the rows (the header's lines): their masks then.
      if (reader_->done()) {
        masks_.assign(g.cellCount(), astar::kAllDirections);
        for (astar::NodeId n = 0; g.hasOneWayCells() && n < g.cellCount(); ++n) masks_[n] = g.entryMask(n);
      }
      return "";
    });
  }
  bool done() const { return !reader_ || reader_->done(); }
  std::string problem() const { return reader_ ? reader_->error().describe() : ""; }
  // Replaces the engine's map with the document read. Returns "" or why not.
  std::string commit() {
    return guarded([&]() -> std::string {
      if (!reader_ || !reader_->done()) return "the map text is not read to its end yet";
      if (reader_->error()) return reader_->error().describe();
      engine_.replaceMap(reader_->take(), std::move(costs_), std::move(masks_));
      return "";
    });
  }

 private:
  WebEngine& engine_;
  std::string text_;
  std::unique_ptr<MapTextReader> reader_;
  std::vector<double> costs_;  // the engine's mirrors of the rows read
  std::vector<std::uint8_t> masks_;
};

class StateSampler {
 public:
  explicit StateSampler(WebEngine& engine) : engine_(engine) {}

  // Uint8Array (a LIVE view, see engine.js) of ceil(width / step) x ceil(height / step) states,
  // row by row: each block's first cell's (0 unseen, 1 open, 2 closed).
  emscripten::val sample(int step) {
    return guarded([&] {
      const Grid& g = engine_.grid();
      step = std::max(1, step);
      const int width = g.width(), height = g.height();
      samples_.assign(
          static_cast<std::size_t>((width + step - 1) / step) * static_cast<std::size_t>((height + step - 1) / step),
          0);
      if (engine_.searchActive()) {
        std::size_t p = 0;
        for (int y = 0; y < height; y += step)
          for (int x = 0; x < width; x += step)
            samples_[p++] = static_cast<std::uint8_t>(engine_.search().state(g.index(x, y)));
      }
      return emscripten::val(emscripten::typed_memory_view(samples_.size(), samples_.data()));
    });
  }

 private:
  WebEngine& engine_;
  std::vector<std::uint8_t> samples_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(astar_big_map) {
  emscripten::class_<MapTextLoad>("MapTextLoad")
      .constructor<WebEngine&>()
      .function("textBuffer", &MapTextLoad::textBuffer)
      .function("begin", &MapTextLoad::begin)
      .function("read", &MapTextLoad::read)
      .function("done", &MapTextLoad::done)
      .function("problem", &MapTextLoad::problem)
      .function("commit", &MapTextLoad::commit);
  emscripten::class_<StateSampler>("StateSampler").constructor<WebEngine&>().function("sample", &StateSampler::sample);
}
