#pragma once
// A bot in another process as an experiment file describes it
// (`strategy: process`, docs/bot-protocol.md): what to run, where, with
// what, and the clock it plays under. Read once when the experiment loads
// (sim/config/experiment_config), shared read-only by every thread.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sngsim {

// RULES V5: a time limit per decision and a bank per tournament drawn on
// when a decision takes longer. Defaults: 5 s and 60 s (the shortest limit
// and the bank the rules' tournaments use; `time:` changes them).
struct BotClock {
  std::int64_t per_action_us = 5'000'000;
  std::int64_t bank_us = 60'000'000;
};

// How much of a label's stderr its log keeps (`bots: {log_limit_mb}`,
// bot_hosting/bot_log.h).
inline constexpr std::int64_t kDefaultBotLogLimitBytes = 10LL * 1024 * 1024;

struct ProcessBotSpec {
  std::string label;
  // "file:line:column" of the lineup entry, for the messages that stop a
  // run (a bot that cannot start).
  std::string origin;
  std::vector<std::string> command;                      // command[0]: the program's absolute path; then its arguments
  std::string params_json = "{}";                        // the entry's params as a JSON object, sent in hello
  std::vector<std::pair<std::string, std::string>> env;  // extra environment variables
  std::string workdir;                                   // absolute; the bot's working directory
  bool per_seat = false;                                 // a process per seat instead of one per runner thread
  double handshake_s = 10.0;                             // how long a bot may take to answer hello
  BotClock clock;
  std::int64_t log_limit_bytes = kDefaultBotLogLimitBytes;  // of the label's stderr log

  // Equal for entries that may share processes (the same label and
  // settings in several matrix cells).
  std::string identity() const;
};

}  // namespace sngsim
