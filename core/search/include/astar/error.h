// Error: how every fallible, non-hot-path call in core reports a problem.
// An empty message means success. Readers also fill line and column (1-based). Header-only.
#pragma once
#include <string>

namespace astar {

struct Error {
  std::string message;  // empty when the call succeeded
  int line = 0;         // 1-based; 0 when not about a text position
  int column = 0;       // 1-based; 0 when not about a text position

  bool ok() const { return message.empty(); }
  explicit operator bool() const { return !message.empty(); }  // true when there is an error

  static Error at(int line, int column, std::string message) { return Error{std::move(message), line, column}; }
  // "line 7, column 12: message" when a position is known, else just the message.
  std::string describe() const {
    if (line <= 0) return message;
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
  }
};

}  // namespace astar
