#pragma once
// `run --checkpoint FILE`: the run state (sim/run/run_state) saved every few
// seconds, atomically, so that a run killed at any moment (even by SIGKILL
// or a power cut) resumes from its last save and ends with exactly the
// numbers of an uninterrupted run.

#include <chrono>
#include <filesystem>

#include "sim/config/experiment.h"
#include "sim/run/run_state.h"

namespace sngsim {

class Checkpoint {
 public:
  Checkpoint(std::filesystem::path file, double every_seconds);

  const std::filesystem::path& file() const { return file_; }

  // When the file exists, replaces `state` with the state it holds and
  // returns true. Throws std::runtime_error, changing nothing, when the file
  // is not a state or belongs to another run (config, overrides, seed,
  // tournament count, shard or sngsim version differ): the message says
  // which and how to start afresh.
  bool resume(const Experiment& experiment, RunState& state) const;

  // Saves when `every_seconds` have passed since the last save.
  void save_if_due(const RunState& state);
  // Saves now. Throws std::runtime_error (e.g. a full disk); the previous
  // checkpoint is then still whole.
  void save(const RunState& state);
  // Deletes the file (once the results it leads to are written).
  void remove() const;

 private:
  std::filesystem::path file_;
  std::chrono::duration<double> every_;
  std::chrono::steady_clock::time_point last_save_;
};

}  // namespace sngsim
