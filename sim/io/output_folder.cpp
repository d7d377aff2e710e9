#include "sim/io/output_folder.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "sim/io/atomic_file.h"

namespace sngsim {

namespace fs = std::filesystem;

namespace {

// "results/" names the directory "results": drop the empty last component.
fs::path normalized(const fs::path& out_dir) {
  fs::path path = out_dir.lexically_normal();
  if (!path.has_filename() && path.has_parent_path()) path = path.parent_path();
  return path;
}

fs::path parent_of(const fs::path& path) { return path.has_parent_path() ? path.parent_path() : fs::path("."); }

fs::path sibling(const fs::path& path, const std::string& suffix) {
  return parent_of(path) / (path.filename().string() + suffix + std::to_string(::getpid()));
}

bool is_marked(const fs::path& folder) {
  std::error_code error;
  return fs::is_regular_file(fs::symlink_status(folder / kOutputMarker, error));
}

bool is_empty_folder(const fs::path& folder) {
  std::error_code error;
  return fs::is_empty(folder, error) && !error;
}

// Whether `folder` holds nothing but the way to `kept_file` and, beside it,
// files whose names extend its name.
bool holds_only(const fs::path& folder, const fs::path& kept_file) {
  if (kept_file.empty()) return false;
  std::error_code error;
  const fs::path base = fs::weakly_canonical(fs::absolute(folder, error), error);
  if (error) return false;
  const fs::path kept = fs::weakly_canonical(fs::absolute(kept_file, error), error);
  if (error) return false;
  const fs::path relative = kept.lexically_relative(base);
  if (relative.empty() || *relative.begin() == "..") return false;
  const std::vector<fs::path> steps(relative.begin(), relative.end());
  fs::path current = folder;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const bool last = i + 1 == steps.size();
    const std::string name = steps[i].string();
    for (const fs::directory_entry& entry : fs::directory_iterator(current, error)) {
      const std::string found = entry.path().filename().string();
      if (last ? found.rfind(name, 0) != 0 : found != name) return false;
    }
    if (error) return false;
    if (last) return true;
    current /= steps[i];
    if (!fs::is_directory(fs::symlink_status(current, error))) return true;  // not made yet: nothing more there
  }
  return true;
}

// Whether the process `pid` of this machine has ended.
bool process_gone(const std::string& digits) {
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  const pid_t pid = static_cast<pid_t>(std::stol(digits));
  return pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH;
}

}  // namespace

void check_output_dir(const fs::path& out_dir, bool force, const fs::path& kept_file) {
  const fs::path path = normalized(out_dir);
  if (path.empty()) throw std::runtime_error("output directory path is empty");
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) {
      throw std::runtime_error("output path " + path.string() +
                               " exists and is not a directory (or is a symbolic link); choose another --out");
    }
    if (!holds_only(path, kept_file)) {
      if (!force) {
        throw std::runtime_error("output directory " + path.string() +
                                 " already exists; use --force to replace it, or choose another --out");
      }
      if (!is_marked(path) && !is_empty_folder(path)) {
        throw std::runtime_error("output directory " + path.string() + " was not written by sngsim (it has no " +
                                 kOutputMarker +
                                 " file), so --force will not replace it: delete it yourself, "
                                 "or choose another --out");
      }
    }
  }
  // The folder is written next to out_dir and renamed, so the nearest
  // existing ancestor (parents are created) must be a writable directory.
  fs::path ancestor = fs::absolute(parent_of(path), error);
  if (error) throw std::runtime_error("cannot resolve output directory " + path.string() + ": " + error.message());
  while (!fs::exists(ancestor, error) && ancestor.has_parent_path() && ancestor != ancestor.parent_path()) {
    ancestor = ancestor.parent_path();
  }
  if (!fs::is_directory(ancestor, error)) {
    throw std::runtime_error("cannot create output directory " + path.string() + ": " + ancestor.string() +
                             " is not a directory");
  }
  if (::access(ancestor.c_str(), W_OK | X_OK) != 0) {
    throw std::runtime_error("cannot create output directory " + path.string() + ": " + ancestor.string() +
                             " is not writable");
  }
}

void remove_stale_staging(const fs::path& out_dir) {
  const fs::path path = normalized(out_dir);
  if (path.empty() || !path.has_filename()) return;
  const std::string name = path.filename().string();
  std::error_code error;
  const bool out_exists = fs::exists(fs::symlink_status(path, error));
  std::vector<fs::path> stale;
  for (const fs::directory_entry& entry : fs::directory_iterator(parent_of(path), error)) {
    const std::string found = entry.path().filename().string();
    if (found.rfind(name, 0) != 0 || !entry.is_directory(error) || entry.is_symlink(error)) continue;
    const std::string suffix = found.substr(name.size());
    const auto owned_by_dead = [&](const std::string& prefix) {
      return suffix.rfind(prefix, 0) == 0 && process_gone(suffix.substr(prefix.size()));
    };
    if (owned_by_dead(".tmp-") && (is_marked(entry.path()) || is_empty_folder(entry.path()))) {
      stale.push_back(entry.path());
    } else if (owned_by_dead(".old-") && out_exists && is_marked(entry.path())) {
      stale.push_back(entry.path());
    } else if (suffix == ".bots-tmp") {
      stale.push_back(entry.path());
    }
  }
  for (const fs::path& folder : stale) fs::remove_all(folder, error);
}

StagingFolder::StagingFolder(const fs::path& out_dir)
    : out_dir_(normalized(out_dir)), staging_(sibling(out_dir_, ".tmp-")) {
  fs::create_directories(parent_of(out_dir_));
  fs::remove_all(staging_);  // a leftover of a crashed run with our pid
  fs::create_directory(staging_);
  write_file_durably(staging_ / kOutputMarker, "sngsim output folder: `--force` may replace it (docs/safety.md)\n");
}

StagingFolder::~StagingFolder() {
  if (published_) return;
  std::error_code ignored;
  fs::remove_all(staging_, ignored);
}

void StagingFolder::publish(bool force, const fs::path& kept_file) {
  std::error_code error;
  if (fs::exists(fs::symlink_status(out_dir_, error))) {
    check_output_dir(out_dir_, force, kept_file);  // it may have appeared, or changed, while we ran
    const fs::path old = sibling(out_dir_, ".old-");
    fs::remove_all(old);
    fs::rename(out_dir_, old);
    try {
      fs::rename(staging_, out_dir_);
    } catch (...) {
      fs::rename(old, out_dir_);  // put the previous folder back
      throw;
    }
    published_ = true;
    fs::remove_all(old);
  } else {
    fs::rename(staging_, out_dir_);
    published_ = true;
  }
}

}  // namespace sngsim
