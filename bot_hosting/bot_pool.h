#pragma once
// Which bot process serves a table seat: one connection per process bot
// and runner thread (the thread that plays the tournament), or per thread
// and table seat with `process: {per_seat: true}`. Connections live from
// their first use to shutdown() (or the end of sngsim), so a thread's
// tournaments reuse one process each.
//
// A run greets every bot before its first tournament with a session:
//
//   BotSession session(specs, results_dir / "bots.tmp");  // throws BotSetupFailure
//   ... run ...
//   session.finish();  // bye to every bot, then the logs are complete
//
// Without a session (tests, benches) connections start on first use and
// bots log into a temporary folder; a bot that cannot start then faults
// its decisions until kMaxCrashesInARow stops the run.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bot_hosting/bot_connection.h"
#include "bot_hosting/process_bot_spec.h"

namespace sngsim {

// The connection of the calling thread for `spec` (and `seat` when the
// spec is per seat), started if new. The reference stays valid until
// shutdown_bots(); only the calling thread may use it.
BotConnection& bot_connection(const std::shared_ptr<const ProcessBotSpec>& spec, int seat);

// Has every decide posted on the calling thread's connections answered
// (BotConnection::answer_posted): one batch per bot that speaks protocol 2.
// A runner thread with tables in flight calls it once they all wait.
void answer_waiting_decisions();

// Where each bot's stderr goes: `<directory>/<label>.log`, shared by the
// label's processes (appended). A label that is not a plain file name
// (`a/b`, `..`, very long) gets a name with a hash of the label, so every
// label has its own file (`a/b` -> `a_b-<16 hex digits>.log`). The default is a fresh folder under the
// system's temporary directory.
void set_bot_log_directory(const std::filesystem::path& directory);
std::filesystem::path bot_log_path(const std::string& label);
std::string bot_log_file_name(const std::string& label);  // "<name>.log", without the folder

// Says bye to every bot, gives them `grace` to exit, kills what is left
// (their descendants too: bot_hosting/adopted_processes.h) and forgets
// every connection.
void shutdown_bots(std::chrono::milliseconds grace = std::chrono::milliseconds(1000));

// Greets every bot of a run before it starts (one process each, which the
// first runner thread then adopts) and ends them all when finished or
// destroyed. Throws BotSetupFailure for the first bot that cannot start.
class BotSession {
 public:
  BotSession(const std::vector<std::shared_ptr<const ProcessBotSpec>>& specs,
             const std::filesystem::path& log_directory);
  ~BotSession();
  BotSession(const BotSession&) = delete;
  BotSession& operator=(const BotSession&) = delete;
  void finish();

 private:
  bool finished_ = false;
};

}  // namespace sngsim
