#pragma once
// Experiment files: the project's only YAML reader. Turns a file (plus the
// command line's --set overrides) into a validated, fully defaulted and
// matrix-expanded Experiment, or reports the first problem with its place in
// the file. The schema is documented in docs/config-reference.md.

#include <stdexcept>
#include <string>
#include <vector>

#include "sim/config/experiment.h"

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

// Reads, validates and expands the experiment in `path`. Each override is
// "dotted.key=value" (from --set): the key addresses mapping keys of the
// document (`table.stack`, `payouts.places`, `matrix.table.players`), the
// value is parsed as YAML, and the key may be one the file omits. Overrides
// apply in order, before the matrix expands. Throws ConfigError.
Experiment load_experiment(const std::string& path, const std::vector<std::string>& overrides = {});

// The same from text already in memory; `display_name` stands for the file
// in error messages, source_path and the default experiment name.
Experiment parse_experiment(const std::string& text, const std::string& display_name,
                            const std::vector<std::string>& overrides = {});

}  // namespace sngsim
