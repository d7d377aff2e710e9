#pragma once
// The bots in other processes of one `sngsim run` (strategy: process,
// bot_hosting/bot_pool.h): greeted before the first tournament, sent bye
// after the last, and their stderr logs moved into the results folder as
// bots/<label>.log. Nothing happens for a run without process bots.

#include <filesystem>
#include <memory>
#include <optional>

#include "sim/config/experiment.h"
#include "bot_hosting/bot_pool.h"

namespace sngsim {

class RunBots {
 public:
  // Starts and greets every process bot; logs go to a folder beside `out`
  // until the results are written. On a bot that cannot start, prints the
  // reason (its entry's file:line:column and the end of its stderr) and
  // throws CLI::RuntimeError(kExitBadInput).
  RunBots(const Experiment& experiment, const std::filesystem::path& out, int rank);
  // Removes the logs' folder unless move_logs_into moved it (or said where
  // it stays): no staging folder outlives a run that stopped.
  ~RunBots();
  RunBots(const RunBots&) = delete;
  RunBots& operator=(const RunBots&) = delete;
  // Bye to every bot; their logs are complete after it.
  void finish();
  // Moves the logs into out/bots/ (after the results were written there).
  void move_logs_into(const std::filesystem::path& out);

 private:
  std::optional<BotSession> session_;
  std::filesystem::path staging_;
};

}  // namespace sngsim
