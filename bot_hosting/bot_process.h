#pragma once
// One bot program running as a child of sngsim, spoken to in lines: its
// stdin and stdout are pipes, and so is its stderr, which sngsim appends
// to the label's log (bot_hosting/bot_log.h: capped, the rest counted).
// stderr is drained whenever sngsim waits on the bot (for a reply, for
// room to write, for its exit), so a bot that logs much blocks only while
// nobody is waiting for it.
//
// The parent owns its children. Every bot runs in its own process group
// (Ctrl-C at the terminal reaches sngsim only, which then says bye) with
// PR_SET_PDEATHSIG = SIGKILL, so it dies with sngsim even after kill -9.
// The death signal follows the *thread* that forked, not the process, and
// the runner's worker threads may come and go; so every fork is made by one
// launcher thread that lives as long as sngsim (strategies own no other
// thread: all I/O is poll(), read() and write() on the caller's thread).
// The destructor kills the whole process group and reaps it, which also
// ends a bot that ignores SIGTERM. What a bot leaves outside its group is
// adopted by sngsim and ended with the bots (bot_hosting/adopted_processes.h).
//
// Every read and write has a deadline, so a bot that hangs costs time, never
// the run, and a line has a maximum length (kMaxBotLineBytes), so a bot
// that writes without a newline costs a bounded buffer, never the memory. sngsim ignores SIGPIPE once the first bot starts (a write to a
// dead bot is an error to handle, not a signal that kills the run); bots get
// the default disposition back.

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bot_hosting/bot_log.h"

namespace sngsim {

using BotClockPoint = std::chrono::steady_clock::time_point;

// The longest line a bot may write (without its '\n'): replies are a few
// dozen bytes, so 1 MiB leaves room for any reply a bot means to write
// (docs/bot-protocol.md, "Limits"). A longer line is read as kTooLong and
// the rest of it, up to its '\n', is dropped as it arrives.
inline constexpr std::size_t kMaxBotLineBytes = 1024 * 1024;

struct BotCommand {
  std::vector<std::string> argv;                         // argv[0]: the program's absolute path
  std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing in) sngsim's environment
  std::string workdir;                                   // the bot's working directory; empty: sngsim's
  std::string log_path;                                  // stderr is appended here (created if missing)
  // The label's shared log of log_path; when null, the process opens its
  // own with the default limit.
  std::shared_ptr<BotLog> log;
};

class BotProcess {
 public:
  // kTooLong: a line longer than kMaxBotLineBytes (its bytes are dropped).
  enum class Read : std::uint8_t { kLine, kTooLong, kTimeout, kClosed };

  // Starts the program. Throws std::runtime_error when it cannot be started
  // (no pipe, no fork, the log file cannot be opened); a program that
  // cannot be executed starts, writes why to its log and exits with 127.
  explicit BotProcess(const BotCommand& command);
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Writes `bytes` (whole lines) with as few write() calls as the pipe
  // allows (one when it has room). False when the bot closed its input or
  // the deadline passed first.
  bool write(std::string_view bytes, BotClockPoint deadline);
  // The next line of the bot's output without its '\n' (a '\r' before it
  // is dropped too), waiting until `deadline` at most. Output is read in
  // large blocks and buffered, so a burst of lines costs one read().
  Read read_line(std::string& line, BotClockPoint deadline);
  // A line that is already complete, without waiting: true and the line,
  // or false when none has arrived. A line too long to keep counts as a
  // line and comes back empty.
  bool take_ready_line(std::string& line);

  // EOF on the bot's stdin (after bye).
  void close_input();
  // Reaps the bot if it has exited by `deadline`; true once it has.
  bool wait_exit(BotClockPoint deadline);
  // SIGKILL to the process group, then reaps.
  void kill();
  // "exited with status 3", "killed by signal 9", "still running".
  std::string exit_description();
  pid_t pid() const { return pid_; }

 private:
  // Reads what has arrived, waiting until `deadline` (at once when
  // `wait` is false: no poll() first, one read()). False: closed, timed
  // out or nothing there (closed_ says which).
  bool fill(BotClockPoint deadline, bool wait);
  // kLine, kTooLong, or kTimeout when no whole line is buffered.
  Read take_line(std::string& line, std::size_t from);
  // Moves what the bot wrote to stderr so far into its log, without waiting.
  void drain_stderr();

  pid_t pid_ = -1;
  int in_fd_ = -1;   // the bot's stdin
  int out_fd_ = -1;  // the bot's stdout
  int err_fd_ = -1;  // the bot's stderr (-1 once it reached its end)
  std::shared_ptr<BotLog> log_;
  bool closed_ = false;
  bool reaped_ = false;
  int status_ = 0;
  // buffer_[start_, end_) is unread; its size is its capacity, so a
  // read() fills it without clearing it first.
  std::string buffer_;
  std::size_t start_ = 0;
  std::size_t end_ = 0;
  bool dropping_ = false;  // inside a line too long to keep: drop up to its '\n'
};

}  // namespace sngsim
