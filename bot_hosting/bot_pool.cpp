#include "bot_hosting/bot_pool.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

#include "bot_hosting/adopted_processes.h"

namespace sngsim {

namespace {

using Key = std::tuple<std::string, std::thread::id, int>;  // spec identity, thread, seat (-1: any)

struct Pool {
  std::mutex mutex;
  std::map<Key, std::unique_ptr<BotConnection>> connections;
  // Started by a session before the run, not yet adopted by a thread.
  std::map<std::string, std::unique_ptr<BotConnection>> greeted;
  std::filesystem::path log_directory;
};

Pool& pool() {
  // Leaked on purpose: bots are killed by their death signal at exit, and
  // a destructor here would race runner threads still finishing.
  static auto* const instance = new Pool;
  return *instance;
}

// A label's log file name, unique per label: a label of plain characters
// (letters, digits, '-', '_', '.'; up to 100 of them, not starting with
// '.', not ending like a suffix below) is its own name. Any other gets its
// plain characters (others as '_', cut to 100) and a suffix from a hash of
// the whole label, so that `a/b` and `a_b` never share a file.
std::string file_name_of(const std::string& label) {
  constexpr std::size_t kMaxPlain = 100;
  std::string name;
  bool plain = !label.empty() && label[0] != '.' && label.size() <= kMaxPlain;
  for (const char c : label) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    plain = plain && ok;
    if (name.size() < kMaxPlain) name += ok ? c : '_';
  }
  const std::size_t dash = label.rfind('-');
  const bool looks_suffixed = dash != std::string::npos && label.size() - dash == 17 &&
                              label.find_first_not_of("0123456789abcdef", dash + 1) == std::string::npos;
  if (plain && !looks_suffixed) return name;
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a, 64 bits: the same name in every run
  for (const char c : label) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char suffix[18];
  std::snprintf(suffix, sizeof suffix, "-%016llx", static_cast<unsigned long long>(hash));
  return (name.empty() || name[0] == '.' ? "_" + name : name) + suffix;
}

std::filesystem::path log_directory_locked(Pool& p) {
  if (p.log_directory.empty()) {
    p.log_directory = std::filesystem::temp_directory_path() / ("sngsim-bots-" + std::to_string(getpid()));
  }
  std::filesystem::create_directories(p.log_directory);
  return p.log_directory;
}

}  // namespace

std::string bot_log_file_name(const std::string& label) { return file_name_of(label) + ".log"; }

void set_bot_log_directory(const std::filesystem::path& directory) {
  Pool& p = pool();
  const std::lock_guard lock(p.mutex);
  p.log_directory = directory;
}

std::filesystem::path bot_log_path(const std::string& label) {
  Pool& p = pool();
  const std::lock_guard lock(p.mutex);
  return log_directory_locked(p) / bot_log_file_name(label);
}

BotConnection& bot_connection(const std::shared_ptr<const ProcessBotSpec>& spec, int seat) {
  Pool& p = pool();
  const std::string identity = spec->identity();
  const Key key{identity, std::this_thread::get_id(), spec->per_seat ? seat : -1};
  std::unique_lock lock(p.mutex);
  auto found = p.connections.find(key);
  if (found != p.connections.end()) return *found->second;
  std::unique_ptr<BotConnection> connection;
  if (auto greeted = p.greeted.find(identity); greeted != p.greeted.end()) {
    connection = std::move(greeted->second);
    p.greeted.erase(greeted);
  } else {
    const std::filesystem::path log = log_directory_locked(p) / bot_log_file_name(spec->label);
    connection = std::make_unique<BotConnection>(spec, log.string());
  }
  BotConnection& result = *connection;
  p.connections.emplace(key, std::move(connection));
  return result;
}

void answer_waiting_decisions() {
  Pool& p = pool();
  std::vector<BotConnection*> waiting;
  {
    const std::lock_guard lock(p.mutex);
    const std::thread::id self = std::this_thread::get_id();
    for (auto& [key, connection] : p.connections) {
      if (std::get<1>(key) == self && connection->has_posted()) waiting.push_back(connection.get());
    }
  }
  // Every batch written before the first reply is waited for: the bots work at once.
  for (BotConnection* connection : waiting) connection->send_posted();
  for (BotConnection* connection : waiting) connection->answer_posted();
}

void shutdown_bots(std::chrono::milliseconds grace) {
  Pool& p = pool();
  std::map<Key, std::unique_ptr<BotConnection>> connections;
  std::map<std::string, std::unique_ptr<BotConnection>> greeted;
  {
    const std::lock_guard lock(p.mutex);
    connections.swap(p.connections);
    greeted.swap(p.greeted);
  }
  for (auto& [key, connection] : connections) connection->begin_shutdown();
  for (auto& [key, connection] : greeted) connection->begin_shutdown();
  const auto deadline = std::chrono::steady_clock::now() + grace;
  for (auto& [key, connection] : connections) connection->finish_shutdown(deadline);
  for (auto& [key, connection] : greeted) connection->finish_shutdown(deadline);
  // With the bots gone, what they left behind (even outside their groups).
  end_adopted_processes();
}

BotSession::BotSession(const std::vector<std::shared_ptr<const ProcessBotSpec>>& specs,
                       const std::filesystem::path& log_directory) {
  set_bot_log_directory(log_directory);
  try {
    for (const auto& spec : specs) {
      const std::string identity = spec->identity();
      {
        const std::lock_guard lock(pool().mutex);
        if (pool().greeted.count(identity) != 0) continue;
      }
      auto connection = std::make_unique<BotConnection>(spec, bot_log_path(spec->label).string());
      connection->start();
      const std::lock_guard lock(pool().mutex);
      pool().greeted.emplace(identity, std::move(connection));
    }
  } catch (...) {
    shutdown_bots(std::chrono::milliseconds(0));
    throw;
  }
}

BotSession::~BotSession() {
  if (!finished_) shutdown_bots(std::chrono::milliseconds(0));
}

void BotSession::finish() {
  finished_ = true;
  shutdown_bots();
}

}  // namespace sngsim
