// astar generate KIND OUT [--width W] [--height H] [--seed S] [--density D] [--tunnels T] [--to FORMAT]
// KIND: a generator of core's registry (astar/generators.h). The same seed always gives the same map.
#include <iostream>

#include "astar/generators.h"
#include "cli.h"

namespace astar::cli {

int cmdGenerate(const Args& args) {
  const char* usage = "generate KIND OUT [--width W] [--height H] [--seed S] [--density D] [--tunnels T] [--to FORMAT]";
  if (!expectPositional(args, 2, usage)) return kExitBadInput;
  const std::string& kind = args.positional[0];
  const std::string& out = args.positional[1];
  const GeneratorInfo* info = findGenerator(kind);
  GeneratorOptions o;  // the registry's defaults
  long long width = info ? info->defaultWidth : 63, height = info ? info->defaultHeight : 63, seed = 1, tunnels = 1;
  if (args.has("--width") && !parseIntArg(args.get("--width"), "--width", 1, kMaxGridSide, width)) return kExitBadInput;
  if (args.has("--height") && !parseIntArg(args.get("--height"), "--height", 1, kMaxGridSide, height))
    return kExitBadInput;
  if (args.has("--seed") && !parseIntArg(args.get("--seed"), "--seed", 0, 9007199254740992LL, seed))
    return kExitBadInput;
  if (args.has("--tunnels") && !parseIntArg(args.get("--tunnels"), "--tunnels", 0, 4, tunnels)) return kExitBadInput;
  if (args.has("--density") && !parseNumberArg(args.get("--density"), "--density", o.density)) return kExitBadInput;
  MapFormat to = args.has("--to") ? MapFormat::Unknown : formatFromFileName(out);
  if (args.has("--to") && !parseFormatName(args.get("--to"), to)) {
    fail("generate: unknown format '" + args.get("--to") + "'");
    return kExitBadInput;
  }
  if (to == MapFormat::Unknown) to = MapFormat::Playground;
  o.width = static_cast<int>(width);
  o.height = static_cast<int>(height);
  o.seed = static_cast<std::uint64_t>(seed);
  o.tunnels = static_cast<int>(tunnels);
  MapDocument doc;
  const Error e = generateMap(kind, o, doc);
  if (e) {
    fail("generate: " + e.message);
    return kExitBadInput;
  }
  std::vector<std::string> lost;
  const std::string text = writeMap(doc, to, &lost);
  for (const std::string& l : lost) std::cerr << "astar: warning: " << formatName(to) << " cannot hold " << l << "\n";
  return writeFile(out, text) ? kExitOk : kExitBadInput;
}

}  // namespace astar::cli
