#pragma once
// A bot label's stderr log (bots/<label>.log), shared by every process of
// the label: sngsim reads each bot's stderr through a pipe
// (bot_hosting/bot_process.h) and appends it here, up to a limit for the
// file (`bots: {log_limit_mb}`, default 10 MiB). Past the limit the bytes
// are counted, not written: a line marks where the log was cut, and when
// the last process of the label is done, a line says how many were dropped
// (docs/bot-protocol.md, "Limits"). A log that was already over the limit
// when the run began (a resumed run) writes nothing more.

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace sngsim {

class BotLog {
 public:
  // Opens (creates or appends to) `path`. Throws std::runtime_error when it
  // cannot be opened.
  BotLog(std::string path, std::int64_t limit_bytes);
  ~BotLog();  // the dropped line, if any bytes were dropped
  BotLog(const BotLog&) = delete;
  BotLog& operator=(const BotLog&) = delete;

  // Appends what a bot wrote, or counts it past the limit. Thread-safe.
  void write(std::string_view bytes);
  const std::string& path() const { return path_; }
  std::int64_t dropped_bytes() const;

 private:
  std::string path_;
  std::int64_t limit_bytes_;
  int fd_ = -1;
  mutable std::mutex mutex_;
  std::int64_t size_ = 0;     // the file's size as this log knows it
  std::int64_t dropped_ = 0;  // bytes past the limit
};

// The log of `path`, shared while anyone holds it: every connection of a
// label gets the same one, so the limit is the label's, and the dropped
// line is written once, when the last holder lets it go.
std::shared_ptr<BotLog> shared_bot_log(const std::string& path, std::int64_t limit_bytes);

}  // namespace sngsim
