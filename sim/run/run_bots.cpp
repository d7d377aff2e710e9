#include "sim/run/run_bots.h"

#include <string>
#include <vector>

#include "sim/run/session_failure.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

RunBots::RunBots(const Experiment& experiment, const std::filesystem::path& out, int rank) {
  std::vector<std::shared_ptr<const ProcessBotSpec>> specs;
  bool hosted = false;
  for (const Cell& cell : experiment.cells) {
    for (const Entrant& entrant : cell.entrants) {
      if (entrant.process != nullptr) specs.push_back(entrant.process);
      hosted = hosted || entrant.hosted;
    }
  }
  if (specs.empty() && !hosted) return;
  // Beside the results, which are written under a temporary name and
  // renamed whole: the logs join them once they are.
  staging_ = out.string() + (rank > 0 ? ".bots-rank-" + std::to_string(rank) : std::string(".bots-tmp"));
  std::error_code ignored;
  std::filesystem::remove_all(staging_, ignored);
  try {
    std::filesystem::create_directories(staging_);
    // Hosted bots (sim/config/hosted_bots.h) log there too: their faults' tracebacks.
    if (specs.empty()) {
      set_bot_log_directory(staging_);
    } else {
      session_.emplace(specs, staging_);
    }
  } catch (const BotSetupFailure& failure) {
    std::filesystem::remove_all(staging_, ignored);  // nothing half-written
    staging_.clear();
    throw SessionFailure(SessionFailureKind::kBadInput, failure.what());
  } catch (const std::filesystem::filesystem_error& error) {
    staging_.clear();
    throw SessionFailure(SessionFailureKind::kOutputError,
                         std::string("cannot make the folder for the bots' logs: ") + error.what());
  }
}

RunBots::~RunBots() {
  if (staging_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(staging_, ignored);
}

void RunBots::finish() {
  if (session_) session_->finish();
}

std::string RunBots::move_logs_into(const std::filesystem::path& out) {
  if (staging_.empty()) return {};
  std::error_code ec;
  std::filesystem::remove_all(out / "bots", ec);
  std::filesystem::rename(staging_, out / "bots", ec);
  const std::filesystem::path kept = staging_;
  staging_.clear();  // moved, or kept where the message says
  if (ec) return "the bots' logs stay in " + kept.string() + " (" + ec.message() + ")";
  return {};
}

}  // namespace sngsim
