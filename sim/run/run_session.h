#pragma once
// One run of an experiment from beginning to end, as `sngsim run` and the
// Python package (python/sngsim) both do it: load the experiment, check
// where the results go, resume a checkpoint, start the process bots, play
// (with progress and a stop request), and write the results and hand
// histories. The CLI only parses options and prints; Python only converts.
//
//   RunSession session = RunSession::from_file(path, options);  // ConfigError
//   session.prepare(note);                                      // SessionFailure
//   switch (session.play(progress, &stop)) { ... }              // InvariantViolation, SessionFailure
//   RunSummary summary = session.write_results();               // SessionFailure
//   session.write_hand_histories();                             // SessionFailure
//
// Errors: the experiment reader's ConfigError from from_file/from_text,
// InvariantViolation from play() under `check`, SessionFailure (its kind
// says which exit code the CLI gives) from the rest. Messages are the lines
// the user reads, file:line:column included where one is to blame.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/report/summary.h"
#include "sim/run/checkpoint.h"
#include "sim/run/cluster.h"
#include "sim/run/run_bots.h"
#include "sim/run/run_state.h"
#include "sim/run/runner.h"
#include "sim/run/session_failure.h"

namespace sngsim {

struct SessionOptions {
  // --set overrides in order, then --tournaments and --seed as overrides
  // ("tournaments=N", "seed=S"): they are the run's identity.
  std::vector<std::string> overrides;
  std::string baseline;       // compare.baseline; checked, but not part of the identity
  std::filesystem::path out;  // empty: results/<experiment name>
  bool force = false;         // replace an existing output folder
  int threads = 0;            // 0: every core
  bool check = false;         // every invariant after every hand (sim/check)
  std::string hand_history;   // a folder for PHH hand histories; empty: none
  std::int64_t hh_tournaments = 10;
  std::string checkpoint;  // a state file saved every checkpoint_every seconds; empty: none
  double checkpoint_every = 5.0;
  std::string shard;  // "K/N"; empty: the whole run
};

class RunSession {
 public:
  // Loads the experiment (throws ConfigError).
  static RunSession from_file(const std::string& path, SessionOptions options);
  // The same from text in memory; `display_name` stands for the file.
  static RunSession from_text(const std::string& text, const std::string& display_name, SessionOptions options);

  RunSession(RunSession&&) noexcept;
  RunSession& operator=(RunSession&&) noexcept;
  ~RunSession();

  const Experiment& experiment() const { return experiment_; }
  const SessionOptions& options() const { return options_; }
  const std::filesystem::path& out() const { return out_; }
  const ClusterInfo& ranks() const { return ranks_; }

  // Checks the output folder, the hand-history folder and the checkpoint
  // (apart, writable as asked), removes what killed runs left beside them,
  // cuts the shard, resumes the checkpoint when it exists and starts the
  // process bots. `note` gets lines for the user as they happen ("Resuming
  // from ..."). Throws SessionFailure; nothing is written then.
  void prepare(const std::function<void(const std::string&)>& note);

  enum class Played {
    kFinished,             // every tournament (or a stopping rule's end): write the results
    kStopped,              // stopped on request: the results are partial
    kStoppedAtCheckpoint,  // stopped, the state saved in the checkpoint: resume, do not write
    kOtherRank,            // an MPI rank other than 0: rank 0 writes
  };
  // Plays what is left, in `options().threads` threads, calling `progress`
  // (about every 100 ms, from another thread) and stopping once `stop` is
  // set (the batch under way is dropped). The checkpoint, if any, is saved
  // every few seconds and at the end. Throws InvariantViolation under
  // `check`, SessionFailure (kBadInput for a bot that keeps crashing,
  // kOutputError for a checkpoint that cannot be saved).
  Played play(const std::function<void(std::int64_t done, std::int64_t total)>& progress,
              const std::atomic<bool>* stop);

  // The summary of what was played, without writing anything.
  RunSummary summary() const;
  RunResult result() const;
  const RunState& state() const { return state_; }
  const std::filesystem::path& checkpoint_file() const;

  // Writes the results into out() (all or nothing), then removes the
  // checkpoint and moves the bots' logs in. Returns the summary written.
  // Throws SessionFailure (kOutputError) with what to do next.
  RunSummary write_results(const std::function<void(const std::string&)>& note);
  // The hand histories of the first hh_tournaments tournaments per cell
  // into options().hand_history (when given). Throws SessionFailure.
  void write_hand_histories() const;

 private:
  RunSession(Experiment experiment, SessionOptions options);

  Experiment experiment_;
  SessionOptions options_;
  std::vector<std::string> identity_overrides_;
  std::filesystem::path out_;
  ClusterInfo ranks_;
  RunState state_;
  std::optional<Checkpoint> checkpoint_;
  bool resumed_ = false;
  std::unique_ptr<RunBots> bots_;
};

}  // namespace sngsim
