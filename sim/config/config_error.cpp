#include "sim/config/config_error.h"

#include <string_view>
#include <utility>

namespace sngsim {

namespace {

// A ConfigError is one line, yet its message quotes the file, which may hold
// any byte (a quoted scalar that spans lines, a tab, a NUL); control
// characters are written as escapes so the message cannot break the line or
// the terminal.
std::string one_line(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

ConfigError::ConfigError(std::string file_name, int line_number, int column_number, std::string text)
    : std::runtime_error(one_line(line_number > 0 ? file_name + ":" + std::to_string(line_number) + ":" +
                                                        std::to_string(column_number) + ": " + text
                                                  : file_name + ": " + text)),
      file(std::move(file_name)),
      line(line_number),
      column(column_number),
      message(one_line(text)) {}

}  // namespace sngsim
