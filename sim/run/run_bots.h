#pragma once
// The bots in other processes of one run (strategy: process,
// bot_hosting/bot_pool.h): greeted before the first tournament, sent bye
// after the last, and their stderr logs moved into the results folder as
// bots/<label>.log. Hosted bots (strategy: python) log there too. Nothing
// happens for a run without either.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "sim/config/experiment.h"
#include "bot_hosting/bot_pool.h"

namespace sngsim {

class RunBots {
 public:
  // Starts and greets every process bot; logs go to a folder beside `out`
  // until the results are written. Throws SessionFailure: kBadInput for a
  // bot that cannot start (its entry's file:line:column and the end of its
  // stderr), kOutputError when the logs' folder cannot be made.
  RunBots(const Experiment& experiment, const std::filesystem::path& out, int rank);
  // Removes the logs' folder unless move_logs_into moved it (or said where
  // it stays): no staging folder outlives a run that stopped.
  ~RunBots();
  RunBots(const RunBots&) = delete;
  RunBots& operator=(const RunBots&) = delete;
  // Bye to every bot; their logs are complete after it.
  void finish();
  // Moves the logs into out/bots/ (after the results were written there).
  // Returns a line for the user when they stay where they were, else empty.
  std::string move_logs_into(const std::filesystem::path& out);

 private:
  std::optional<BotSession> session_;
  std::filesystem::path staging_;
};

}  // namespace sngsim
