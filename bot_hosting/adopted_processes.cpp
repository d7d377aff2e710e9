#include "bot_hosting/adopted_processes.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace sngsim {

namespace {

struct ProcessEntry {
  pid_t parent = 0;
  pid_t group = 0;
};

std::mutex& bots_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::set<pid_t>& running_bots() {
  static auto* const bots = new std::set<pid_t>;  // leaked: bots end after static destruction
  return *bots;
}

// Every process's parent and group, from /proc/<pid>/stat ("pid (comm)
// state ppid pgrp ..."; comm may hold spaces and parentheses, so the
// fields are read after the last ')').
std::map<pid_t, ProcessEntry> process_table() {
  std::map<pid_t, ProcessEntry> table;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    char state = 0;
    long parent = 0;
    long group = 0;
    if (std::sscanf(text.c_str() + close + 1, " %c %ld %ld", &state, &parent, &group) != 3) continue;
    table[static_cast<pid_t>(std::stol(name))] = {static_cast<pid_t>(parent), static_cast<pid_t>(group)};
  }
  return table;
}

void kill_tree(pid_t root, const std::map<pid_t, ProcessEntry>& table) {
  std::vector<pid_t> pending{root};
  while (!pending.empty()) {
    const pid_t pid = pending.back();
    pending.pop_back();
    ::kill(pid, SIGKILL);
    for (const auto& [child, entry] : table) {
      if (entry.parent == pid) pending.push_back(child);
    }
  }
}

}  // namespace

void adopt_orphaned_descendants() {
  static const bool adopted = [] { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; }();
  static_cast<void>(adopted);  // without it (an old kernel) the process group kill still applies
}

void note_bot_started(pid_t pid) {
  const std::lock_guard lock(bots_mutex());
  running_bots().insert(pid);
}

void note_bot_reaped(pid_t pid) {
  const std::lock_guard lock(bots_mutex());
  running_bots().erase(pid);
}

void end_adopted_processes() {
  const pid_t self = getpid();
  const pid_t own_group = getpgrp();
  // Each round kills the adopted children found with their trees; what was
  // forked meanwhile is adopted in turn when its parent dies, and found by
  // the next round.
  for (int round = 0; round < 100; ++round) {
    const std::map<pid_t, ProcessEntry> table = process_table();
    std::vector<pid_t> adopted;
    {
      const std::lock_guard lock(bots_mutex());
      for (const auto& [pid, entry] : table) {
        if (entry.parent == self && entry.group != own_group && running_bots().count(pid) == 0) adopted.push_back(pid);
      }
    }
    if (adopted.empty()) return;
    for (const pid_t pid : adopted) kill_tree(pid, table);
    for (const pid_t pid : adopted) {
      int status = 0;
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    }
  }
}

}  // namespace sngsim
