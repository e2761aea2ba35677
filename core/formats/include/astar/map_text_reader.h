// MapTextReader: a playground map text (formats.h: "astar-map 1") read a band of grid rows per
// call, so a caller that must not block for long (the page opening a 4096² link: 16 M cells)
// spreads the reading over short tasks. The one-shot reader (readMap with MapFormat::Playground)
// is this reader run to its end: both read and check the text the same way.
//
//   astar::MapTextReader reader(text);             // reads the header (up to `grid:`)
//   while (!reader.done()) if (astar::Error e = reader.readRows(256)) return e;
//   astar::MapDocument doc = reader.take();
#pragma once
#include <memory>
#include <string_view>

#include "astar/error.h"
#include "astar/map_document.h"

namespace astar {

class MapTextReader {
 public:
  // Reads the header of `text` (which must outlive the reader); a problem is kept in error().
  explicit MapTextReader(std::string_view text);
  ~MapTextReader();
  MapTextReader(const MapTextReader&) = delete;
  MapTextReader& operator=(const MapTextReader&) = delete;

  // Reads up to `rows` more grid rows into the document's grid. After the last row it checks
  // the rest of the text and the header's cells (start, goals, portals, one-way cells). Returns
  // the first problem (also kept in error(); later calls return it again and read nothing).
  Error readRows(int rows);
  const Error& error() const;
  // Every row read and the document checked (or a problem found).
  bool done() const;
  int rowsRead() const;
  int height() const;  // the header's; 0 when the header has a problem
  // The document as read so far: its grid has the cells of the rows read (the header's cells
  // once done()).
  const MapDocument& document() const;
  // The document, once done() without error (moved out: call once).
  MapDocument take();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace astar
