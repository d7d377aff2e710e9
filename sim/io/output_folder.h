#pragma once
// Output folders that sngsim owns: the results of `run` and `merge`, and
// hand histories. Each is written whole under a staging name beside it,
// `<folder>.tmp-<pid>`, marked as sngsim's with a file kOutputMarker, and
// renamed into place only once complete, so a reader sees the old folder or
// the new one, never half of one. --force replaces only a folder that holds
// the marker (or nothing at all): a typo in --out, a `name` or
// --hand-history cannot delete a folder sngsim did not write.

#include <filesystem>
#include <string>

namespace sngsim {

// The file that marks a folder as written by sngsim (docs/safety.md).
inline constexpr const char* kOutputMarker = ".sngsim-output";

// Throws std::runtime_error (with a message a user can act on) unless a
// folder could be written at out_dir: an existing out_dir needs `force` and
// must be a directory sngsim wrote (it holds kOutputMarker) or be empty;
// the nearest existing ancestor must be a writable directory. Creates and
// changes nothing. The CLI calls it before running so that a bad output
// path costs no simulation time.
//
// `kept_file`, when not empty, is a file inside out_dir that may already be
// there (the run's --checkpoint): a folder that holds nothing but it (and
// files whose names extend it: its temporary and per-rank files) counts as
// absent, so a run that keeps its checkpoint inside its output folder can
// be resumed with the same command.
void check_output_dir(const std::filesystem::path& out_dir, bool force, const std::filesystem::path& kept_file = {});

// Removes what killed runs left beside out_dir: staging folders
// `<out_dir>.tmp-<pid>` whose process is gone and that hold kOutputMarker
// (or nothing), a `<out_dir>.old-<pid>` of a dead process once out_dir
// exists again, and `<out_dir>.bots-tmp` (the process bots' logs of a run
// that never finished). Anything else is left alone. Errors are ignored:
// cleaning is a courtesy, never a reason to fail.
void remove_stale_staging(const std::filesystem::path& out_dir);

// A folder being written: created (with the marker) as `<out_dir>.tmp-<pid>`
// and removed again unless publish() renamed it into place, on every way
// out of the scope (an error, an exception, a stop).
class StagingFolder {
 public:
  // Throws std::runtime_error or std::filesystem::filesystem_error when the
  // folder cannot be made.
  explicit StagingFolder(const std::filesystem::path& out_dir);
  ~StagingFolder();
  StagingFolder(const StagingFolder&) = delete;
  StagingFolder& operator=(const StagingFolder&) = delete;

  // Where to write the files.
  const std::filesystem::path& path() const { return staging_; }

  // Renames the staging folder to out_dir. An existing out_dir is replaced
  // only when check_output_dir(out_dir, force, kept_file) allows it (it is
  // checked again: the folder may have appeared while the run played), and
  // only after the new folder is complete; on failure the old one is put
  // back. Throws std::runtime_error or std::filesystem::filesystem_error.
  void publish(bool force, const std::filesystem::path& kept_file = {});

 private:
  std::filesystem::path out_dir_;
  std::filesystem::path staging_;
  bool published_ = false;
};

}  // namespace sngsim
