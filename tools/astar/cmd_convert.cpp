// astar convert IN OUT [--to FORMAT]: reads any map format, writes the one OUT's extension
// (or --to) names, and says on stderr what the target format could not hold.
#include <iostream>

#include "cli.h"

namespace astar::cli {

int cmdConvert(const Args& args) {
  if (!expectPositional(args, 2, "convert IN OUT [--to FORMAT]")) return kExitBadInput;
  const std::string& in = args.positional[0];
  const std::string& out = args.positional[1];
  MapFormat to = MapFormat::Unknown;
  if (args.has("--to")) {
    if (!parseFormatName(args.get("--to"), to)) {
      fail("convert: unknown format '" + args.get("--to") + "' (use playground, movingai, tutorial or tutorial2)");
      return kExitBadInput;
    }
  } else {
    to = formatFromFileName(out);
    if (to == MapFormat::Unknown) {
      fail("convert: cannot tell the format from '" + out +
           "' (use .map.txt, .map, .grid.txt or .tut2.txt, or --to FORMAT)");
      return kExitBadInput;
    }
  }
  MapDocument doc;
  if (!loadMap(in, doc)) return kExitBadInput;
  std::vector<std::string> lost;
  const std::string text = writeMap(doc, to, &lost);
  for (const std::string& l : lost) std::cerr << "astar: warning: " << formatName(to) << " cannot hold " << l << "\n";
  return writeFile(out, text) ? kExitOk : kExitBadInput;
}

}  // namespace astar::cli
