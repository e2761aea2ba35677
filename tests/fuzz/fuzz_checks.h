// What every fuzz target checks, shared by the libFuzzer targets (clang, -DASTAR_FUZZ=ON)
// and the regression runner that feeds the corpus to the same checks in every build.
//
// Beyond "no crash, no sanitizer report, no hang": whatever a reader accepts must survive a
// round trip through the matching writer (write, read again: accepted and equal), and
// whatever it rejects must carry a message and a position inside the text.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "astar/formats.h"

namespace astar::fuzz {

[[noreturn]] inline void failCheck(const char* target, const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz check failed (%s): %s\n%s\n", target, what, detail.c_str());
  std::abort();
}

// A rejected input: a message, and a line/column that exist (1-based, the line within the
// text's line count + 1).
inline void checkRejection(const char* target, std::string_view text, const Error& e) {
  if (e.message.empty()) failCheck(target, "error without a message", "");
  // Messages reach the browser and terminals: printable ASCII only (newline allowed).
  for (char c : e.message)
    if ((c < 32 && c != '\n') || c > 126) failCheck(target, "unprintable byte in an error message", e.describe());
  if (e.line < 0 || e.column < 0) failCheck(target, "negative position", e.describe());
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  if (static_cast<std::size_t>(e.line) > lines + 1)
    failCheck(target, "error line past the end of the text", e.describe());
}

inline void checkMapRoundTrip(const char* target, std::string_view text, MapFormat format) {
  MapDocument doc;
  const Error e = readMap(text, doc, format);
  if (e) {
    checkRejection(target, text, e);
    return;
  }
  const MapFormat written = format == MapFormat::Unknown ? detectFormat(text) : format;
  const std::string again = writeMap(doc, written);
  MapDocument doc2;
  const Error e2 = readMap(again, doc2, written);
  if (e2) failCheck(target, "the writer's output does not read back", e2.describe() + "\n" + again.substr(0, 2000));
  if (!(doc2 == doc)) failCheck(target, "the document changed in a round trip", again.substr(0, 2000));
  if (writeMap(doc2, written) != again) failCheck(target, "writing is not stable", again.substr(0, 2000));
}

inline void detect(std::string_view text) { checkMapRoundTrip("detect", text, MapFormat::Unknown); }

// Any format in (auto-detected, then each explicit reader), our playground format out: what
// a reader accepts must come back from the playground writer and reader with the same grid
// (cells, costs, walls, portals, movement, wrap, topology), start and goals, and writing it
// again must give the same text. This is the path of an import on the page, then a save or a
// share link (both playground text).
inline void roundTrip(std::string_view text) {
  constexpr MapFormat kFormats[] = {MapFormat::Unknown, MapFormat::Playground, MapFormat::MovingAi, MapFormat::Tutorial,
                                    MapFormat::Tutorial2};
  for (MapFormat format : kFormats) {
    MapDocument doc;
    const Error e = readMap(text, doc, format);
    if (e) {
      checkRejection("roundtrip", text, e);
      continue;
    }
    const std::string written = writeMap(doc, MapFormat::Playground);
    const std::string from = format == MapFormat::Unknown
                                 ? std::string("auto-detected ") + formatName(detectFormat(text))
                                 : std::string(formatName(format));
    MapDocument back;
    const Error e2 = readMap(written, back, MapFormat::Playground);
    if (e2)
      failCheck("roundtrip", "the playground text of a map does not read back",
                "read as " + from + "\n" + e2.describe() + "\n" + written.substr(0, 2000));
    if (!(back.grid == doc.grid))
      failCheck("roundtrip", "the grid changed", "read as " + from + "\n" + written.substr(0, 2000));
    if (back.start != doc.start)
      failCheck("roundtrip", "the start changed", "read as " + from + "\n" + written.substr(0, 2000));
    if (back.goals != doc.goals)
      failCheck("roundtrip", "the goals changed", "read as " + from + "\n" + written.substr(0, 2000));
    if (writeMap(back, MapFormat::Playground) != written)
      failCheck("roundtrip", "writing the playground text is not stable",
                "read as " + from + "\n" + written.substr(0, 2000));
  }
}

inline void scenario(std::string_view text) {
  Scenario s;
  const Error e = readScenario(text, s);
  if (e) {
    checkRejection("scenario", text, e);
    return;
  }
  const std::string again = writeScenario(s);
  Scenario s2;
  const Error e2 = readScenario(again, s2);
  if (e2) failCheck("scenario", "the writer's output does not read back", e2.describe());
  // Line numbers may differ (blank lines are not written back); everything else may not.
  for (ScenarioRow& r : s.rows) r.line = 0;
  for (ScenarioRow& r : s2.rows) r.line = 0;
  if (!(s2 == s)) failCheck("scenario", "the scenario changed in a round trip", again.substr(0, 2000));
}

// The targets: one per row of core's format table (its reader and writer, by the row's name),
// then the scenario reader, detection and the round trip into our own format. A target's seed
// corpus is tests/fuzz/corpus/<name>/ and each folder there is a target (tests/fuzz/part.cmake).
struct Target {
  std::string name;
  void (*check)(std::string_view) = nullptr;  // nullptr: a map format's round trip (format)
  MapFormat format = MapFormat::Unknown;
};
inline std::vector<Target> targets() {
  std::vector<Target> out;
  for (const FormatInfo& f : formats()) out.push_back({f.name, nullptr, f.format});
  out.push_back({"scenario", scenario});
  out.push_back({"detect", detect});
  out.push_back({"roundtrip", roundTrip});
  return out;
}

// Runs the target called `name` on text; an unknown name is a failed check.
inline void check(std::string_view name, std::string_view text) {
  for (const Target& t : targets()) {
    if (t.name != name) continue;
    if (t.check)
      t.check(text);
    else
      checkMapRoundTrip(t.name.c_str(), text, t.format);
    return;
  }
  failCheck("fuzz", "no such fuzz target", std::string(name));
}

}  // namespace astar::fuzz
