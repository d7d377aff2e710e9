#pragma once
// Experiment files: the project's only YAML reader. Turns a file (plus the
// command line's --set overrides) into a validated, fully defaulted and
// matrix-expanded Experiment, or reports the first problem with its place in
// the file. The schema is documented in docs/config-reference.md.

#include <string>
#include <vector>

#include "sim/config/config_error.h"
#include "sim/config/experiment.h"

namespace sngsim {

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
