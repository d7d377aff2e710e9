#pragma once
// Expecting a ConfigError from an experiment text, with its exact place and
// message (tests of sim/config/experiment_config and of the keys other features
// add to it).

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "sim/config/experiment_config.h"

namespace sngsim::testing {

// The ConfigError that reading `text` as `file` throws; fails the test if none.
inline ConfigError config_error_of(const std::string& text, const std::string& file,
                                   const std::vector<std::string>& overrides = {}) {
  try {
    parse_experiment(text, file, overrides);
  } catch (const ConfigError& error) {
    return error;
  }
  FAIL("expected a ConfigError for:\n" << text);
  throw std::logic_error("unreachable");
}

// Reading `text` as `file` fails at line:column (0:0 for no place) with
// exactly `message`, and what() is "file:line:column: message".
inline void check_config_error(const std::string& text, const std::string& file, int line, int column,
                               const std::string& message, const std::vector<std::string>& overrides = {}) {
  const ConfigError error = config_error_of(text, file, overrides);
  INFO(error.what());
  CHECK(error.file == file);
  CHECK(error.line == line);
  CHECK(error.column == column);
  CHECK(error.message == message);
  if (line > 0) {
    CHECK(std::string(error.what()) ==
          file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message);
  } else {
    CHECK(std::string(error.what()) == file + ": " + message);
  }
}

}  // namespace sngsim::testing
