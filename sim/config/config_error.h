#pragma once
// The error every reader of an experiment throws: a message with its place
// in the file.

#include <stdexcept>
#include <string>

namespace sngsim {

// A problem in an experiment file. `line` and `column` are 1-based; both are 0
// when no place in the file is to blame (a missing file, a --set override).
// what() is "file:line:column: message", or "file: message" without a place.
// `message` is one line.
struct ConfigError : std::runtime_error {
  ConfigError(std::string file_name, int line_number, int column_number, std::string text);

  std::string file;
  int line = 0;
  int column = 0;
  std::string message;  // what() without the location prefix
};

}  // namespace sngsim
