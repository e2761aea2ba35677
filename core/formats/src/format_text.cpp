// Shared helpers of the text readers: see format_text.h.
#include "format_text.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace astar::text {

bool LineReader::next(Line& line, Error& error) {
  if (pos_ >= text_.size()) return false;
  const std::size_t end = text_.find('\n', pos_);
  const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
  std::string_view s = text_.substr(pos_, stop - pos_);
  pos_ = end == std::string_view::npos ? text_.size() : end + 1;
  ++number_;
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  if (s.size() > kMaxLineLength) {
    error = Error::at(number_, static_cast<int>(kMaxLineLength) + 1,
                      "line is longer than " + std::to_string(kMaxLineLength) + " bytes");
    return false;
  }
  line.text = s;
  line.number = number_;
  return true;
}

bool LineReader::nextContent(Line& line, Error& error, bool stripComments) {
  while (next(line, error)) {
    std::string_view s = line.text;
    if (stripComments) {
      const std::size_t c = s.find("//");
      if (c != std::string_view::npos) s = s.substr(0, c);
    }
    // Keep the column numbers of the original line: only drop trailing blanks here.
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    if (trim(s).empty()) continue;
    line.text = s;
    return true;
  }
  return false;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<Token> tokens(std::string_view line, std::size_t maxTokens) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < line.size() && out.size() <= maxTokens) {
    while (i < line.size() && isSpace(line[i])) ++i;
    if (i >= line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && !isSpace(line[i])) ++i;
    out.push_back(Token{line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

int firstBadByte(std::string_view s, bool allowTab) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c >= 32 && c < 127) || (allowTab && c == '\t')) continue;
    return static_cast<int>(i) + 1;
  }
  return 0;
}

std::string describeByte(unsigned char c) {
  if (c >= 33 && c < 127) return std::string("'") + static_cast<char>(c) + "'";
  if (c == ' ') return "a space";
  if (c == '\t') return "a tab";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
}

bool parseInt(std::string_view s, long long min, long long max, long long& out) {
  if (s.empty()) return false;
  bool negative = false;
  std::size_t i = 0;
  if (s[0] == '-' || s[0] == '+') {
    negative = s[0] == '-';
    i = 1;
  }
  if (i == s.size() || s.size() - i > 18) return false;
  long long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');  // at most 18 digits: cannot overflow
  }
  if (negative) v = -v;
  if (v < min || v > max) return false;
  out = v;
  return true;
}

bool parseInt(std::string_view s, int min, int max, int& out) {
  long long v = 0;
  if (!parseInt(s, static_cast<long long>(min), static_cast<long long>(max), v)) return false;
  out = static_cast<int>(v);
  return true;
}

bool parseNumber(std::string_view s, double& out) {
  if (s.empty() || s.size() > 64) return false;
  // Validate the shape ourselves so strtod's extras (inf, nan, hex, locale) never apply.
  std::size_t i = 0;
  if (s[i] == '-' || s[i] == '+') ++i;
  std::size_t digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    std::size_t expDigits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++expDigits;
    if (expDigits == 0) return false;
  }
  if (i != s.size()) return false;
  char buffer[72];
  s.copy(buffer, s.size());
  buffer[s.size()] = '\0';
  errno = 0;
  const double v = std::strtod(buffer, nullptr);
  if (!std::isfinite(v)) return false;
  out = v;
  return true;
}

std::string formatNumber(double v) {
  char buffer[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  return buffer;
}

std::string shown(std::string_view s) {
  // At most 40 bytes, unprintable ones as \xNN, so a message is always printable ASCII.
  std::string out;
  static const char* hex = "0123456789ABCDEF";
  for (char ch : s.substr(0, 40)) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 32 && c < 127) {
      out += ch;
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (s.size() > 40) out += "...";
  return out;
}

Error expected(const Token& t, int line, const std::string& what) {
  return Error::at(line, t.column, "expected " + what + ", got '" + shown(t.text) + "'");
}

Error at(int line, int column, const std::string& what) { return Error::at(line, column, what); }

Error checkGridSize(long long width, long long height, std::size_t bytesLeft, std::size_t bytesPerCell, int line,
                    int column) {
  if (width < 1 || height < 1 || width > kMaxGridSide || height > kMaxGridSide)
    return Error::at(line, column,
                     "map size " + std::to_string(width) + " x " + std::to_string(height) + " is outside 1.." +
                         std::to_string(kMaxGridSide) + " per side");
  const unsigned long long need = static_cast<unsigned long long>(width) * static_cast<unsigned long long>(height) *
                                  static_cast<unsigned long long>(bytesPerCell);
  if (need > bytesLeft)
    return Error::at(line, column,
                     "map size " + std::to_string(width) + " x " + std::to_string(height) + " needs at least " +
                         std::to_string(need) + " bytes of rows, the file has " + std::to_string(bytesLeft) + " left");
  return {};
}

static std::string listLetters(std::string_view allowed) {
  std::string out;
  for (char c : allowed) {
    if (!out.empty()) out += ' ';
    out += c;
  }
  return out;
}

Error readRows(LineReader& reader, int width, int height, bool spaced, std::string_view allowed, std::string& cells) {
  cells.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), '\0');
  return readRowBand(reader, width, height, 0, height, spaced, allowed, cells);
}

Error readRowBand(LineReader& reader, int width, int height, int fromRow, int toRow, bool spaced,
                  std::string_view allowed, std::string& cells) {
  Line line;
  Error error;
  const std::size_t w = static_cast<std::size_t>(width);
  bool isAllowed[256] = {};  // a table, not a search of `allowed` per cell (16 M cells on a 4096² map)
  for (const char c : allowed) isAllowed[static_cast<unsigned char>(c)] = true;
  for (int y = fromRow; y < toRow; ++y) {
    const bool got = spaced ? reader.nextContent(line, error, true) : reader.next(line, error);
    if (!got) {
      if (error) return error;
      return at(reader.lastLine() + 1, 1,
                "the file ends after " + std::to_string(y) + " rows, header says " + std::to_string(height));
    }
    char* row = cells.data() + static_cast<std::size_t>(y) * w;
    std::size_t count = 0;
    for (std::size_t i = 0; i < line.text.size(); ++i) {
      const char c = line.text[i];
      if (spaced && isSpace(c)) continue;
      if (count == w) {
        std::size_t total = count;  // count the rest, to say how long the row really is
        for (std::size_t j = i; j < line.text.size(); ++j) total += !(spaced && isSpace(line.text[j]));
        return at(line.number, static_cast<int>(i) + 1,
                  "row has " + std::to_string(total) + " cells, header says " + std::to_string(width));
      }
      if (!isAllowed[static_cast<unsigned char>(c)])
        return at(line.number, static_cast<int>(i) + 1,
                  "unknown cell " + describeByte(static_cast<unsigned char>(c)) + " (expected one of " +
                      listLetters(allowed) + ")");
      row[count++] = c;
    }
    if (count != w)
      return at(line.number, static_cast<int>(line.text.size()) + 1,
                "row has " + std::to_string(count) + " cells, header says " + std::to_string(width));
  }
  return {};
}

Error expectEnd(LineReader& reader, bool comments, int rows) {
  Line line;
  Error error;
  while (reader.nextContent(line, error, comments)) {
    const std::string_view rest = trim(line.text);
    return at(line.number, static_cast<int>(rest.data() - line.text.data()) + 1,
              "unexpected text after the " + std::to_string(rows) + " rows the header announced");
  }
  return error;
}

// Reads `count` whole numbers from the start of a tutorial file (comments skipped).
Error readHeaderNumbers(LineReader& reader, const char* const* names, int count, long long* values, Token* where,
                        int* lines) {
  Line line;
  Error error;
  int got = 0;
  while (got < count) {
    if (!reader.nextContent(line, error, true)) {
      if (error) return error;
      return at(reader.lastLine() + 1, 1,
                std::string(got == 0 && reader.lastLine() == 0 ? "the file is empty: " : "the file ends early: ") +
                    "expected the " + names[got]);
    }
    const std::vector<Token> t = tokens(line.text, static_cast<std::size_t>(count - got));
    if (t.size() > static_cast<std::size_t>(count - got))
      return expected(t[static_cast<std::size_t>(count - got)], line.number, "the grid rows after the header numbers");
    for (const Token& token : t) {
      if (!parseInt(token.text, -1000000000000LL, 1000000000000LL, values[got]))
        return expected(token, line.number, std::string("the ") + names[got] + " (a whole number)");
      where[got] = token;
      lines[got] = line.number;
      ++got;
    }
  }
  return {};
}

}  // namespace astar::text
