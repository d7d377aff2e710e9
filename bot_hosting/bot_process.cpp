#include "bot_hosting/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "bot_hosting/adopted_processes.h"

extern char** environ;

namespace sngsim {

namespace {

constexpr std::size_t kReadBlock = 64 * 1024;

std::string system_error(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// What the child needs, prepared before fork(): between fork() and exec()
// a multi-threaded parent's child may only make async-signal-safe calls,
// so no allocation happens there.
struct ChildPlan {
  std::vector<std::string> env_storage;
  std::vector<char*> argv;
  std::vector<char*> envp;
  const char* workdir = nullptr;
  int in_read = -1;
  int out_write = -1;
  int log_fd = -1;
  pid_t parent = 0;
};

[[noreturn]] void child_fail(const char* what) {
  const char* reason = std::strerror(errno);
  (void)!::write(STDERR_FILENO, "sngsim: cannot start the bot: ", 30);
  (void)!::write(STDERR_FILENO, what, std::strlen(what));
  (void)!::write(STDERR_FILENO, ": ", 2);
  (void)!::write(STDERR_FILENO, reason, std::strlen(reason));
  (void)!::write(STDERR_FILENO, "\n", 1);
  _exit(127);
}

[[noreturn]] void run_child(const ChildPlan& plan) {
  // Dies with the launcher thread, which lives as long as sngsim; if sngsim
  // died before this line, getppid() already shows it.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != plan.parent) _exit(1);
  setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  signal(SIGPIPE, SIG_DFL);
  if (dup2(plan.log_fd, STDERR_FILENO) < 0) _exit(127);
  if (dup2(plan.in_read, STDIN_FILENO) < 0) child_fail("stdin");
  if (dup2(plan.out_write, STDOUT_FILENO) < 0) child_fail("stdout");
  // Every other descriptor was opened close-on-exec or is closed here.
  close_range(3, ~0U, 0);
  if (plan.workdir != nullptr && chdir(plan.workdir) != 0) child_fail(plan.workdir);
  execve(plan.argv[0], plan.argv.data(), plan.envp.data());
  child_fail(plan.argv[0]);
}

// The one thread that forks (see the header): requests are handed to it
// and answered with the child's pid, one at a time.
class Launcher {
 public:
  static Launcher& instance() {
    // Leaked on purpose: the thread must outlive every bot, to the end.
    static auto* const launcher = new Launcher;
    return *launcher;
  }

  pid_t launch(const ChildPlan& plan) {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return request_ == nullptr; });
    request_ = &plan;
    result_ = 0;
    done_ = false;
    wake_.notify_all();
    finished_.wait(lock, [this] { return done_; });
    const pid_t pid = result_;
    request_ = nullptr;
    idle_.notify_all();
    return pid;
  }

 private:
  Launcher() {
    // A write to a bot that died is an EPIPE to handle, not a signal.
    signal(SIGPIPE, SIG_IGN);
    // What a bot leaves behind stays sngsim's to end (adopted_processes.h).
    adopt_orphaned_descendants();
    std::thread([this] { serve(); }).detach();
  }

  void serve() {
    // Signals (Ctrl-C) go to the other threads.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);
    std::unique_lock lock(mutex_);
    while (true) {
      wake_.wait(lock, [this] { return request_ != nullptr && !done_; });
      const ChildPlan& plan = *request_;
      const pid_t pid = fork();
      if (pid == 0) run_child(plan);
      if (pid > 0) note_bot_started(pid);
      result_ = pid;
      done_ = true;
      finished_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable finished_;
  std::condition_variable idle_;
  const ChildPlan* request_ = nullptr;
  pid_t result_ = 0;
  bool done_ = false;
};

int remaining_ms(BotClockPoint deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) return 0;
  return static_cast<int>(std::min<std::int64_t>((left.count() + 999) / 1000, 1 << 30));
}

}  // namespace

BotProcess::BotProcess(const BotCommand& command) {
  if (command.argv.empty()) throw std::runtime_error("no program to start");
  int in_pipe[2];
  int out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) throw std::runtime_error(system_error("pipe"));
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    throw std::runtime_error(system_error("pipe"));
  }
  const int log_fd = open(command.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  auto close_all = [&] {
    for (const int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], log_fd}) {
      if (fd >= 0) close(fd);
    }
  };
  if (log_fd < 0) {
    const std::string message = system_error(("cannot open the bot's log " + command.log_path).c_str());
    close_all();
    throw std::runtime_error(message);
  }

  ChildPlan plan;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const std::string_view name = text.substr(0, text.find('='));
    bool replaced = false;
    for (const auto& [key, value] : command.env) replaced = replaced || key == name;
    if (!replaced) plan.env_storage.emplace_back(text);
  }
  for (const auto& [key, value] : command.env) plan.env_storage.push_back(key + "=" + value);
  for (const std::string& arg : command.argv) plan.argv.push_back(const_cast<char*>(arg.c_str()));
  plan.argv.push_back(nullptr);
  for (std::string& entry : plan.env_storage) plan.envp.push_back(entry.data());
  plan.envp.push_back(nullptr);
  plan.workdir = command.workdir.empty() ? nullptr : command.workdir.c_str();
  plan.in_read = in_pipe[0];
  plan.out_write = out_pipe[1];
  plan.log_fd = log_fd;
  plan.parent = getpid();

  const pid_t pid = Launcher::instance().launch(plan);
  if (pid < 0) {
    const std::string message = system_error("fork");
    close_all();
    throw std::runtime_error(message);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(log_fd);
  pid_ = pid;
  in_fd_ = in_pipe[1];
  out_fd_ = out_pipe[0];
  fcntl(in_fd_, F_SETFL, fcntl(in_fd_, F_GETFL) | O_NONBLOCK);
  fcntl(out_fd_, F_SETFL, fcntl(out_fd_, F_GETFL) | O_NONBLOCK);
  // Also from this side, so that a kill of the group cannot miss a bot
  // killed before its own setpgid().
  setpgid(pid_, pid_);
  buffer_.resize(2 * kReadBlock);
}

BotProcess::~BotProcess() {
  kill();
  if (in_fd_ >= 0) close(in_fd_);
  if (out_fd_ >= 0) close(out_fd_);
}

bool BotProcess::write(std::string_view bytes, BotClockPoint deadline) {
  if (in_fd_ < 0) return false;
  while (!bytes.empty()) {
    const ssize_t written = ::write(in_fd_, bytes.data(), bytes.size());
    if (written > 0) {
      bytes.remove_prefix(static_cast<std::size_t>(written));
      continue;
    }
    if (written < 0 && errno == EINTR) continue;
    if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd wait{in_fd_, POLLOUT, 0};
      const int ready = poll(&wait, 1, remaining_ms(deadline));
      if (ready == 0) return false;
      if (ready < 0 && errno != EINTR) return false;
      continue;
    }
    return false;  // EPIPE: the bot closed its input or died
  }
  return true;
}

bool BotProcess::fill(BotClockPoint deadline, bool wait) {
  if (closed_) return false;
  if (start_ == end_) start_ = end_ = 0;
  if (buffer_.size() - end_ < kReadBlock / 2) {
    // Room at the end: move the unread bytes to the front, or grow.
    buffer_.erase(0, start_);
    end_ -= start_;
    start_ = 0;
    if (buffer_.size() < end_ + kReadBlock) buffer_.resize(end_ + kReadBlock);
  }
  while (true) {
    if (wait) {
      pollfd ready_fd{out_fd_, POLLIN, 0};
      const int ready = poll(&ready_fd, 1, remaining_ms(deadline));
      if (ready == 0) return false;
      if (ready < 0 && errno != EINTR) {
        closed_ = true;
        return false;
      }
      if (ready < 0) continue;
    }
    const ssize_t got = ::read(out_fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (got > 0) {
      end_ += static_cast<std::size_t>(got);
      return true;
    }
    if (got == 0) {
      closed_ = true;
      return false;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      closed_ = true;
      return false;
    }
    if (!wait) return false;
  }
}

// The next complete line in buffer_[start_, end_) from `from` on, moved out.
// What is buffered of a line longer than kMaxBotLineBytes is dropped at
// once, and the rest of it as it arrives, so the buffer never holds more
// than the limit and a read block.
BotProcess::Read BotProcess::take_line(std::string& line, std::size_t from) {
  while (true) {
    const char* begin = buffer_.data();
    const void* found = std::memchr(begin + from, '\n', end_ - from);
    if (found == nullptr) {
      if (dropping_) {
        start_ = end_;
      } else if (end_ - start_ > kMaxBotLineBytes) {
        dropping_ = true;
        start_ = end_;
        line.clear();
        return Read::kTooLong;
      }
      return Read::kTimeout;
    }
    const auto end = static_cast<std::size_t>(static_cast<const char*>(found) - begin);
    if (dropping_) {  // the end of a line already reported as too long
      dropping_ = false;
      start_ = from = end + 1;
      continue;
    }
    std::size_t stop = end;
    if (stop > start_ && buffer_[stop - 1] == '\r') --stop;
    const std::size_t line_start = start_;
    start_ = end + 1;
    if (stop - line_start > kMaxBotLineBytes) {
      line.clear();
      return Read::kTooLong;
    }
    line.assign(buffer_, line_start, stop - line_start);
    return Read::kLine;
  }
}

bool BotProcess::take_ready_line(std::string& line) {
  if (take_line(line, start_) != Read::kTimeout) return true;
  // Whatever has arrived, without waiting.
  const std::size_t unread = end_ - start_;
  if (!fill(std::chrono::steady_clock::now(), false)) return false;
  return take_line(line, start_ + unread) != Read::kTimeout;
}

BotProcess::Read BotProcess::read_line(std::string& line, BotClockPoint deadline) {
  std::size_t searched = start_;
  while (true) {
    const Read taken = take_line(line, searched);
    if (taken != Read::kTimeout) return taken;
    const std::size_t unread = end_ - start_;
    if (!fill(deadline, true)) return closed_ ? Read::kClosed : Read::kTimeout;
    searched = start_ + unread;  // fill() may have moved the unread bytes to the front
  }
}

void BotProcess::close_input() {
  if (in_fd_ >= 0) close(in_fd_);
  in_fd_ = -1;
}

bool BotProcess::wait_exit(BotClockPoint deadline) {
  while (!reaped_) {
    const pid_t done = waitpid(pid_, &status_, WNOHANG);
    if (done == pid_ || (done < 0 && errno == ECHILD)) {
      reaped_ = true;
      note_bot_reaped(pid_);
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

void BotProcess::kill() {
  if (pid_ <= 0) return;
  // The group takes the bot's own children too (a group id is not reused
  // while a member lives); the bot itself in case it left the group.
  ::kill(-pid_, SIGKILL);
  if (reaped_) return;
  ::kill(pid_, SIGKILL);
  while (!reaped_) {
    const pid_t done = waitpid(pid_, &status_, 0);
    if (done == pid_ || (done < 0 && errno != EINTR)) reaped_ = true;
  }
  note_bot_reaped(pid_);
}

std::string BotProcess::exit_description() {
  if (!reaped_ && !wait_exit(std::chrono::steady_clock::now() + std::chrono::milliseconds(200))) {
    return "still running";
  }
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status_));
  return "ended";
}

}  // namespace sngsim
