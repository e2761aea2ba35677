// JsonText: a JSON object or array written as it is built, for data that crosses into
// JavaScript once as one string and one JSON.parse (registry_bindings.cpp). Setting a property
// of a JS object through Embind's val is one call across the boundary per property: the
// registry's ~2,000 of them took 30-90 ms on a desktop, ~0.4 s of a phone's page load.
#pragma once
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>

namespace astar::web {

class JsonText {
 public:
  static JsonText object() { return JsonText('{', '}'); }
  static JsonText array() { return JsonText('[', ']'); }

  // Objects: a property. Arrays: push.
  template <class Value>
  JsonText& set(std::string_view key, const Value& value) {
    separate();
    quote(key);
    text_ += ':';
    write(value);
    return *this;
  }
  template <class Value>
  JsonText& push(const Value& value) {
    separate();
    write(value);
    return *this;
  }
  // The finished text (the object or array closed).
  std::string text() const { return text_ + close_; }

 private:
  JsonText(char open, char close) : text_(1, open), close_(close) {}

  void separate() {
    if (!empty_) text_ += ',';
    empty_ = false;
  }
  void quote(std::string_view s) {
    text_ += '"';
    for (const char c : s) {
      if (c == '"' || c == '\\') {
        text_ += '\\';
        text_ += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
        text_ += escaped;
      } else {
        text_ += c;  // UTF-8 passes through
      }
    }
    text_ += '"';
  }
  template <class Value>
  void write(const Value& value) {
    if constexpr (std::is_same_v<Value, bool>) {
      text_ += value ? "true" : "false";
    } else if constexpr (std::is_integral_v<Value> || std::is_enum_v<Value>) {
      text_ += std::to_string(static_cast<long long>(value));
    } else if constexpr (std::is_floating_point_v<Value>) {
      writeNumber(static_cast<double>(value));
    } else if constexpr (std::is_same_v<Value, JsonText>) {
      text_ += value.text();
    } else {
      quote(std::string_view(value));
    }
  }
  void writeNumber(double x) {
    // JSON has no infinity or NaN: a registry value must be finite (JSON.parse refuses this).
    if (!std::isfinite(x)) {
      text_ += "not finite";
      return;
    }
    char number[32];
    std::snprintf(number, sizeof number, "%.17g", x);  // 17 digits: the same double back
    text_ += number;
  }

  std::string text_;
  char close_;
  bool empty_ = true;
};

}  // namespace astar::web
