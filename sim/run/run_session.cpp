#include "sim/run/run_session.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include "sim/config/experiment_config.h"
#include "sim/io/output_folder.h"
#include "sim/run/hand_history_export.h"
#include "sim/run/rank_merge.h"
#include "sim/run/run_results.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

// The path with symbolic links and "..", "." resolved as far as it exists.
std::filesystem::path resolved(const std::filesystem::path& path) {
  std::filesystem::path full = std::filesystem::weakly_canonical(std::filesystem::absolute(path));
  if (!full.has_filename() && full.has_parent_path()) full = full.parent_path();
  return full;
}

// Whether `inner` is `outer` or lies inside it.
bool within(const std::filesystem::path& inner, const std::filesystem::path& outer) {
  const std::filesystem::path relative = inner.lexically_relative(outer);
  return !relative.empty() && *relative.begin() != "..";
}

// Throws std::runtime_error when the output folder, the hand-history folder
// and the checkpoint are not apart: each folder is replaced whole, so one
// inside another would delete it. A checkpoint inside the output folder is
// meant to work (the results replace it); inside the hand histories it is not.
void check_paths_apart(const std::filesystem::path& out, const SessionOptions& options) {
  const std::filesystem::path out_path = resolved(out);
  if (!options.hand_history.empty()) {
    const std::filesystem::path history = resolved(options.hand_history);
    if (within(history, out_path) || within(out_path, history)) {
      throw std::runtime_error("--hand-history " + options.hand_history + " and the output folder " + out.string() +
                               " overlap: each is replaced whole, so one would delete the other; choose two "
                               "folders apart");
    }
    if (!options.checkpoint.empty() && within(resolved(options.checkpoint), history)) {
      throw std::runtime_error("--checkpoint " + options.checkpoint + " lies inside --hand-history " +
                               options.hand_history + ", which is replaced whole; choose a path outside it");
    }
  }
  if (!options.checkpoint.empty()) {
    const std::filesystem::path checkpoint = resolved(options.checkpoint);
    if (checkpoint == out_path || within(out_path, checkpoint)) {
      throw std::runtime_error("--checkpoint " + options.checkpoint + " names the output folder " + out.string() +
                               " or a folder around it; name a file (it may lie inside the output folder)");
    }
    std::error_code error;
    if (std::filesystem::is_directory(options.checkpoint, error)) {
      throw std::runtime_error("--checkpoint " + options.checkpoint + " is a directory; name a file");
    }
  }
}

// --baseline is checked as compare.baseline is but, as it changes no
// statistic, stays out of the run's identity (config_hash, checkpoints).
std::vector<std::string> loading_overrides(const SessionOptions& options) {
  std::vector<std::string> loading = options.overrides;
  if (!options.baseline.empty()) loading.push_back("compare.baseline=" + options.baseline);
  return loading;
}

}  // namespace

RunSession RunSession::from_file(const std::string& path, SessionOptions options) {
  Experiment experiment = load_experiment(path, loading_overrides(options));
  return RunSession(std::move(experiment), std::move(options));
}

RunSession RunSession::from_text(const std::string& text, const std::string& display_name, SessionOptions options) {
  Experiment experiment = parse_experiment(text, display_name, loading_overrides(options));
  return RunSession(std::move(experiment), std::move(options));
}

RunSession::RunSession(Experiment experiment, SessionOptions options)
    : experiment_(std::move(experiment)), options_(std::move(options)), identity_overrides_(options_.overrides) {
  out_ = options_.out.empty() ? std::filesystem::path("results") / experiment_.name : options_.out;
  ranks_ = cluster();
}

RunSession::RunSession(RunSession&&) noexcept = default;
RunSession& RunSession::operator=(RunSession&&) noexcept = default;
RunSession::~RunSession() = default;

void RunSession::prepare(const std::function<void(const std::string&)>& note) {
  std::filesystem::path checkpoint_file = options_.checkpoint;
  if (!checkpoint_file.empty() && ranks_.size > 1) {
    checkpoint_file += ".rank-" + std::to_string(ranks_.rank + 1) + "-of-" + std::to_string(ranks_.size);
  }
  try {
    check_paths_apart(out_, options_);
    check_output_dir(out_, options_.force, options_.checkpoint);
    if (!options_.hand_history.empty()) check_output_dir(options_.hand_history, options_.force);
  } catch (const std::exception& error) {
    throw SessionFailure(SessionFailureKind::kBadInput, error.what());
  }
  if (ranks_.is_root()) {
    remove_stale_staging(out_);
    if (!options_.hand_history.empty()) remove_stale_staging(options_.hand_history);
  }

  Shard shard;
  try {
    if (!options_.shard.empty()) {
      if (ranks_.size > 1) throw std::invalid_argument("--shard and mpirun both split the run: use one of them");
      shard = parse_shard(options_.shard);
    }
    if (ranks_.size > 1) shard = Shard{ranks_.rank + 1, ranks_.size};
    if (experiment_.stop && !shard.is_whole()) {
      throw std::invalid_argument(experiment_.source_path +
                                  ": an experiment with a stopping rule (stop:) runs as one process: its batches "
                                  "decide in order when to stop, so it cannot be split into shards or MPI ranks");
    }
  } catch (const std::invalid_argument& error) {
    throw SessionFailure(SessionFailureKind::kBadInput, error.what());
  }
  state_ = initial_state(experiment_, run_identity(experiment_, identity_overrides_, shard));
  if (!checkpoint_file.empty()) {
    checkpoint_.emplace(checkpoint_file, options_.checkpoint_every);
    try {
      resumed_ = checkpoint_->resume(experiment_, state_);
    } catch (const std::exception& error) {
      throw SessionFailure(SessionFailureKind::kBadInput, error.what());
    }
    if (resumed_ && ranks_.is_root()) {
      note("Resuming from " + checkpoint_file.string() + ": " + std::to_string(state_.tournaments_done()) +
           " tournaments already done");
    }
  }
  // Process bots start and answer hello before the first tournament.
  bots_ = std::make_unique<RunBots>(experiment_, out_, ranks_.rank);
}

RunSession::Played RunSession::play(const std::function<void(std::int64_t, std::int64_t)>& progress,
                                    const std::atomic<bool>* stop) {
  RunOptions run_options;
  run_options.threads = options_.threads > 0 ? options_.threads : static_cast<int>(std::thread::hardware_concurrency());
  run_options.stop = stop;
  run_options.play.check_invariants = options_.check;
  run_options.progress = progress;
  std::string checkpoint_failure;
  auto save_checkpoint = [&](const RunState& current, bool now) {
    try {
      now ? checkpoint_->save(current) : checkpoint_->save_if_due(current);
    } catch (const std::exception& error) {
      checkpoint_failure = error.what();
      throw;
    }
  };
  if (checkpoint_) {
    // Saved once before the first tournament: a checkpoint that cannot be
    // written (a read-only disk, a missing permission) fails now, not after
    // the whole run.
    try {
      checkpoint_->save(state_);
    } catch (const std::exception& error) {
      throw SessionFailure(
          SessionFailureKind::kOutputError,
          "cannot save the checkpoint: " + std::string(error.what()) + "\nNothing was run. " +
              (resumed_ ? "The previous checkpoint " + checkpoint_->file().string() +
                              " is intact; free space or fix the folder and run the same command again to resume "
                              "from it."
                        : std::string("Choose a --checkpoint in a writable folder.")));
    }
    run_options.batch_done = [&](const RunState& current) { save_checkpoint(current, false); };
  }
  try {
    continue_run(experiment_, state_, run_options);
    // The finished (or interrupted) state is saved before any result is
    // written, so a failure to write them loses no simulation.
    if (checkpoint_) save_checkpoint(state_, true);
  } catch (const BotSetupFailure& failure) {
    // A bot that keeps crashing without answering: a broken setup.
    throw SessionFailure(SessionFailureKind::kBadInput, failure.what());
  } catch (const std::exception& error) {
    if (checkpoint_failure.empty()) throw;
    // The save before the first tournament succeeded, so a checkpoint exists.
    throw SessionFailure(SessionFailureKind::kOutputError,
                         "cannot save the checkpoint: " + checkpoint_failure + "\nThe previous checkpoint " +
                             checkpoint_->file().string() +
                             " is intact; free space or fix the folder and run the same command again to resume "
                             "from it.");
  }
  if (bots_) bots_->finish();

  if (ranks_.size > 1) {
    try {
      std::optional<RunState> whole = gather_rank_states(experiment_, state_);
      if (!whole) return Played::kOtherRank;  // rank 0 writes the results
      state_ = std::move(*whole);
    } catch (const std::runtime_error& error) {
      const bool stopped = stop != nullptr && stop->load();
      throw SessionFailure(stopped ? SessionFailureKind::kInterrupted : SessionFailureKind::kFailure, error.what());
    }
  }
  if (checkpoint_ && !state_.complete()) return Played::kStoppedAtCheckpoint;
  return result_of(state_).partial ? Played::kStopped : Played::kFinished;
}

RunSummary RunSession::summary() const { return summary_of_state(experiment_, state_); }

RunResult RunSession::result() const { return result_of(state_); }

const std::filesystem::path& RunSession::checkpoint_file() const {
  static const std::filesystem::path kNone;
  return checkpoint_ ? checkpoint_->file() : kNone;
}

RunSummary RunSession::write_results(const std::function<void(const std::string&)>& note) {
  RunSummary summary;
  try {
    summary = write_run_results(out_, experiment_, state_, options_.force, options_.checkpoint);
  } catch (const std::exception& error) {
    std::string message = "cannot write the results to " + out_.string() + ": " + error.what() +
                          "\nNothing was written there; any earlier results in it are untouched.";
    if (checkpoint_) {
      message += "\nThe finished run is saved in " + checkpoint_->file().string() +
                 ": run the same command again to write the results without playing again.";
    }
    throw SessionFailure(SessionFailureKind::kOutputError, message);
  }
  if (checkpoint_) checkpoint_->remove();
  if (bots_) {
    const std::string kept = bots_->move_logs_into(out_);
    if (!kept.empty()) note(kept);
  }
  return summary;
}

void RunSession::write_hand_histories() const {
  if (options_.hand_history.empty()) return;
  // Written beside the run, serially: tournament i is a pure function of
  // (seed, i), so these are exactly the tournaments the statistics counted.
  try {
    StagingFolder staging(options_.hand_history);
    errno = 0;
    try {
      ::sngsim::write_hand_histories(experiment_, staging.path(), options_.hh_tournaments);
    } catch (const std::runtime_error& error) {
      // The writers' messages name the file; the system's reason is errno.
      if (errno == 0) throw;
      throw std::runtime_error(std::string(error.what()) + ": " + std::strerror(errno));
    }
    staging.publish(options_.force);
  } catch (const std::exception& error) {
    throw SessionFailure(SessionFailureKind::kOutputError,
                         "cannot write the hand histories to " + options_.hand_history + ": " + error.what() +
                             "\nNothing was written there; the results in " + out_.string() + "/ are complete.");
  }
}

}  // namespace sngsim
