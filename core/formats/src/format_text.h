// Shared pieces of the text readers (private to core): a line splitter that enforces the
// line-length limit and strips CR, whitespace tokens with their columns, strict number
// parsing that behaves the same in every standard library (the wasm build's libc++ has no
// floating-point from_chars), and shortest round-trip number printing.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "astar/error.h"
#include "astar/formats.h"

namespace astar::text {

struct Line {
  std::string_view text;  // without the line end (LF or CRLF)
  int number = 0;         // 1-based
};

class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}
  // The next line; false at the end of the text (or on error, which is then set).
  bool next(Line& line, Error& error);
  // Like next() but skips lines that are blank once `//` comments are removed (when
  // stripComments) and returns the line with the comment and surrounding blanks removed.
  bool nextContent(Line& line, Error& error, bool stripComments);
  int lastLine() const { return number_; }
  bool atEnd() const { return pos_ >= text_.size(); }
  std::size_t bytesLeft() const { return text_.size() - pos_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

struct Token {
  std::string_view text;
  int column = 0;  // 1-based column of the token's first byte
};

bool isSpace(char c);
std::string_view trim(std::string_view s);
// Splits on spaces and tabs; stops after maxTokens + 1 tokens (so "too many" is detectable
// without storing a hostile line's every token).
std::vector<Token> tokens(std::string_view line, std::size_t maxTokens);
// Column (1-based) of the first byte that is not a printable ASCII character, tab allowed
// when allowTab; 0 when all are fine.
int firstBadByte(std::string_view s, bool allowTab);
// "'q'" for printable bytes, "byte 0xC3" otherwise.
std::string describeByte(unsigned char c);

// Decimal integer in [min, max], optional leading '-', nothing else.
bool parseInt(std::string_view s, long long min, long long max, long long& out);
bool parseInt(std::string_view s, int min, int max, int& out);
// Decimal number: digits, one '.', optional exponent; no inf/nan/hex. Finite result.
bool parseNumber(std::string_view s, double& out);
// Shortest text that parses back to exactly the same value.
std::string formatNumber(double v);

// What the text says, for a message: at most 40 bytes, unprintable bytes as \xNN.
std::string shown(std::string_view s);
// Error helpers.
Error expected(const Token& t, int line, const std::string& what);
Error at(int line, int column, const std::string& what);

// Checks a header's width x height against kMaxGridSide and against the bytes left, before
// anything is allocated. bytesPerCell: the least number of bytes a cell takes in the file.
Error checkGridSize(long long width, long long height, std::size_t bytesLeft, std::size_t bytesPerCell, int line,
                    int column);

// Reads `height` grid rows of `width` one-byte cells into `cells` (row-major). spaced: blanks
// between cells are skipped (and, with comments, `//` comments and blank lines too).
// Letters outside `allowed` are errors naming the allowed set.
Error readRows(LineReader& reader, int width, int height, bool spaced, std::string_view allowed, std::string& cells);
// The same for rows [fromRow, toRow) of `height` into `cells`, already sized width x height
// (a reader that reads a band of rows per call: MapTextReader).
Error readRowBand(LineReader& reader, int width, int height, int fromRow, int toRow, bool spaced,
                  std::string_view allowed, std::string& cells);
// After the last row only blank lines (and `//` comments when comments) may follow.
Error expectEnd(LineReader& reader, bool comments, int rows);

// Reads `count` whole numbers from the start of a tutorial file (on one line or several,
// `//` comments skipped); names[i] says what the i-th one is in messages. Fills each number's
// token and line for later range messages.
Error readHeaderNumbers(LineReader& reader, const char* const* names, int count, long long* values, Token* where,
                        int* lines);

}  // namespace astar::text
