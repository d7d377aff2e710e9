#pragma once
// Waiting for a run under way to save part of its work: the checkpoint and
// kill tests stop a run once its state file holds some tournaments.

#include <chrono>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <system_error>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/shell_util.h"

namespace sngsim::testing {

// True once `file` holds a state whose first cell has played some units
// (a checkpoint or state.json being written), false after `limit`.
inline bool wait_for_partial_state(const std::filesystem::path& file, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    std::error_code error;
    if (std::filesystem::exists(file, error)) {
      try {
        const nlohmann::json state = nlohmann::json::parse(read_text(file));
        if (state["cells"][0]["next"].get<std::int64_t>() > 0) return true;
      } catch (const std::exception&) {
        // Not there whole yet: saves are atomic renames, so only a missing
        // or another run's file gets here; look again.
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace sngsim::testing
