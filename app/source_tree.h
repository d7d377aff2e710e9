#pragma once
// Files a command reads from the source tree the binary was built from
// (scripts/report.py, configs/bench.yaml), so that the command works from any
// folder, not only from the project's root.

#include <filesystem>
#include <string>
#include <vector>

namespace sngsim {

// `relative` (e.g. "configs/bench.yaml") found in, first hit wins:
//   1. the source tree this binary was built from (SNGSIM_SOURCE_DIR, set by
//      CMake);
//   2. <folder of the binary>/.. (a build folder inside a moved source tree).
// Returns an empty path when neither holds a regular file; every place looked
// at is appended to `searched`, for the message that says so.
std::filesystem::path find_in_source_tree(const std::filesystem::path& relative, std::vector<std::string>& searched);

}  // namespace sngsim
