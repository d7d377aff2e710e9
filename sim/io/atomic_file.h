#pragma once
// Files that are either complete or absent: written beside their final name,
// flushed to the disk, then renamed over it. A crash, a kill (even SIGKILL)
// or a full disk at any moment leaves the previous file untouched.

#include <filesystem>
#include <string_view>

namespace sngsim {

// Writes `text` to `path` (fsync, rename, fsync of the folder). Throws
// std::runtime_error naming the path and the system's reason (e.g. "No space
// left on device") and removes its temporary file on failure.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

// Writes `text` to a new file `path` and fsyncs it; the caller renames the
// folder it is in. Throws std::runtime_error as above.
void write_file_durably(const std::filesystem::path& path, std::string_view text);

}  // namespace sngsim
