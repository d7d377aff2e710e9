#include "bot_hosting/bot_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <stdexcept>

namespace sngsim {

namespace {

void write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;  // a full disk: the bot plays on, its log is short
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
}

std::string mib(std::int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

}  // namespace

BotLog::BotLog(std::string path, std::int64_t limit_bytes) : path_(std::move(path)), limit_bytes_(limit_bytes) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error("cannot open the bot's log " + path_ + ": " + std::strerror(errno));
  struct stat status {};
  if (::fstat(fd_, &status) == 0) size_ = status.st_size;
}

BotLog::~BotLog() {
  if (dropped_ > 0) {
    write_all(fd_, "\n[sngsim: " + std::to_string(dropped_) +
                       " more bytes of stderr were dropped: this log is cut at " + mib(limit_bytes_) +
                       " (bots: {log_limit_mb})]\n");
  }
  ::close(fd_);
}

void BotLog::write(std::string_view bytes) {
  const std::lock_guard lock(mutex_);
  const std::int64_t room = std::max<std::int64_t>(0, limit_bytes_ - size_);
  const auto kept = static_cast<std::size_t>(std::min<std::int64_t>(room, static_cast<std::int64_t>(bytes.size())));
  if (kept > 0) {
    write_all(fd_, bytes.substr(0, kept));
    size_ += static_cast<std::int64_t>(kept);
  }
  if (kept == bytes.size()) return;
  if (dropped_ == 0) {
    const std::string mark = "\n[sngsim: this log reached its limit of " + mib(limit_bytes_) +
                             " (bots: {log_limit_mb}); what the bot writes from here on is dropped and counted]\n";
    write_all(fd_, mark);
    size_ += static_cast<std::int64_t>(mark.size());
  }
  dropped_ += static_cast<std::int64_t>(bytes.size() - kept);
}

std::int64_t BotLog::dropped_bytes() const {
  const std::lock_guard lock(mutex_);
  return dropped_;
}

std::shared_ptr<BotLog> shared_bot_log(const std::string& path, std::int64_t limit_bytes) {
  static std::mutex mutex;
  static auto* const logs = new std::map<std::string, std::weak_ptr<BotLog>>;  // leaked: used up to exit
  const std::lock_guard lock(mutex);
  std::weak_ptr<BotLog>& slot = (*logs)[path];
  if (auto log = slot.lock()) return log;
  auto log = std::make_shared<BotLog>(path, limit_bytes);
  slot = log;
  return log;
}

}  // namespace sngsim
