// Shared pieces of the `astar` command-line tool: argument parsing, file reading and map
// loading with messages in one style ("astar: FILE:LINE:COLUMN: message"). Exit statuses:
// 0 success, 1 a result that is not what was expected (scenario mismatch, no path),
// 2 a bad file or argument.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "astar/formats.h"

namespace astar::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitMismatch = 1;
inline constexpr int kExitBadInput = 2;

// The name messages start with ("astar: ..."); bench/bench_boost sets its own.
inline const char* programName = "astar";

struct Args {
  std::string command;
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // "--rows" -> "10"; flags map to ""
  bool has(const std::string& option) const { return options.count(option) != 0; }
  std::string get(const std::string& option, const std::string& fallback = "") const;
};

// Every helper below returns false after printing its message to stderr.
// Splits argv into positional arguments and options. valueOptions take a value, flags do not.
// A flag and its "--no-" twin (both in flags) may not be given together.
bool parseArgs(int argc, char** argv, const std::vector<std::string>& valueOptions,
               const std::vector<std::string>& flags, Args& out);
// The options of a usage line: "[--x VALUE]" takes a value, "[--x]" is a flag, and
// "[--x|--no-x]" gives two flags (at most one of them may be used: see parseArgs).
void optionsFromUsage(const std::string& usage, std::vector<std::string>& valueOptions,
                      std::vector<std::string>& flags);
bool expectPositional(const Args& args, std::size_t count, const char* usage);

bool readFile(const std::string& path, std::string& out);
bool writeFile(const std::string& path, const std::string& text);  // "-" is stdout
bool loadMap(const std::string& path, MapDocument& doc, MapFormat* format = nullptr);

bool parseIntArg(const std::string& text, const char* what, long long min, long long max, long long& out);
bool parseNumberArg(const std::string& text, const char* what, double& out);

// "FILE:LINE:COLUMN: message" (without the position when the error has none).
std::string located(const std::string& path, const Error& e);
// Prints "astar: message" to stderr.
void fail(const std::string& message);

// Usage pieces shared by several commands (commands.inc): the options of the planners
// (planners.h; each planner takes some of them, and refuses the others), and the options of the
// benchmark runners (astar bench, bench/bench_boost).
#define ASTAR_PLANNER_OPTIONS                                                                                  \
  "[--heuristic H] [--weight W] [--wrap-aware|--no-wrap-aware] [--portal-aware|--no-portal-aware] [--reopen] " \
  "[--goal-bounding-cells N] [--cluster-size N] [--turn-cost C] [--no-reverse] [--heading DIR] [--agent-size N]"
#define ASTAR_BENCH_OPTIONS                                                               \
  "[--algorithms LIST] [--sample N] [--repeat R] [--warmup-ms MS] " ASTAR_PLANNER_OPTIONS \
  " [--four-connected] [--json] [--progress] [--no-progress]"

// Declarations of every command (from commands.inc).
#define ASTAR_COMMAND(name, function, usage, summary) int function(const Args& args);
#include "commands.inc"
#undef ASTAR_COMMAND

}  // namespace astar::cli
