// Shared helpers of the `astar` tool: see cli.h.
#include "cli.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace astar::cli {

namespace {
// Map files are at most a few MiB (4096 x 4096 letters is 16 MiB); refuse anything far larger
// before reading it into memory.
constexpr std::streamoff kMaxFileBytes = 64 * 1024 * 1024;
}  // namespace

std::string located(const std::string& path, const Error& e) {
  std::string out = path;
  if (e.line > 0) {
    out += ':';
    out += std::to_string(e.line);
    out += ':';
    out += std::to_string(e.column);
  }
  out += ": ";
  out += e.message;
  return out;
}

void fail(const std::string& message) { std::cerr << programName << ": " << message << "\n"; }

void optionsFromUsage(const std::string& usage, std::vector<std::string>& valueOptions,
                      std::vector<std::string>& flags) {
  std::size_t i = 0;
  while ((i = usage.find("[--", i)) != std::string::npos) {
    const std::size_t close = usage.find(']', i);
    const std::string inside = usage.substr(i + 1, close - i - 1);
    const std::size_t space = inside.find(' ');
    if (space != std::string::npos) {
      valueOptions.push_back(inside.substr(0, space));
    } else {
      std::stringstream alternatives(inside);
      std::string flag;
      while (std::getline(alternatives, flag, '|')) flags.push_back(flag);
    }
    i = close;
  }
}

std::string Args::get(const std::string& option, const std::string& fallback) const {
  const auto it = options.find(option);
  return it == options.end() ? fallback : it->second;
}

bool parseArgs(int argc, char** argv, const std::vector<std::string>& valueOptions,
               const std::vector<std::string>& flags, Args& out) {
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      const bool takesValue = std::find(valueOptions.begin(), valueOptions.end(), a) != valueOptions.end();
      const bool isFlag = std::find(flags.begin(), flags.end(), a) != flags.end();
      if (!takesValue && !isFlag) {
        fail(out.command + ": unknown option " + a);
        return false;
      }
      if (out.options.count(a)) {
        fail(out.command + ": option " + a + " given twice");
        return false;
      }
      const std::string twin = a.compare(0, 5, "--no-") == 0 ? "--" + a.substr(5) : "--no-" + a.substr(2);
      if (isFlag && out.options.count(twin) && std::find(flags.begin(), flags.end(), twin) != flags.end()) {
        fail(out.command + ": options " + twin + " and " + a + " contradict each other");
        return false;
      }
      if (takesValue) {
        if (i + 1 >= argc) {
          fail(out.command + ": option " + a + " needs a value");
          return false;
        }
        out.options[a] = argv[++i];
      } else {
        out.options[a] = "";
      }
    } else {
      out.positional.push_back(a);
    }
  }
  return true;
}

bool expectPositional(const Args& args, std::size_t count, const char* usage) {
  if (args.positional.size() == count) return true;
  fail(args.command + ": expected " + std::to_string(count) + " argument" + (count == 1 ? "" : "s") + ", got " +
       std::to_string(args.positional.size()) + "\nusage: astar " + usage);
  return false;
}

bool readFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    fail(path + ": cannot open (" + std::strerror(errno) + ")");
    return false;
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0 || size > kMaxFileBytes) {
    fail(path + ": not a readable file of at most 64 MiB");
    return false;
  }
  in.seekg(0, std::ios::beg);
  out.resize(static_cast<std::size_t>(size));
  in.read(out.data(), size);
  if (!in) {
    fail(path + ": read error");
    return false;
  }
  return true;
}

bool writeFile(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::cout << text;
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    fail(path + ": cannot write (" + std::strerror(errno) + ")");
    return false;
  }
  return true;
}

bool loadMap(const std::string& path, MapDocument& doc, MapFormat* format) {
  std::string text;
  if (!readFile(path, text)) return false;
  const MapFormat f = detectFormat(text, path);
  if (const Error e = readMap(text, doc, f)) {
    fail(located(path, e) + (f == MapFormat::Unknown ? "" : std::string(" (read as ") + formatName(f) + ")"));
    return false;
  }
  if (format) *format = f;
  return true;
}

bool parseIntArg(const std::string& text, const char* what, long long min, long long max, long long& out) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || v < min || v > max) {
    fail(std::string(what) + " must be a whole number in " + std::to_string(min) + ".." + std::to_string(max) +
         ", got '" + text + "'");
    return false;
  }
  out = v;
  return true;
}

bool parseNumberArg(const std::string& text, const char* what, double& out) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v)) {
    fail(std::string(what) + " must be a number, got '" + text + "'");
    return false;
  }
  out = v;
  return true;
}

}  // namespace astar::cli
