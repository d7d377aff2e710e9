#include "sim/bench/bench_process.h"

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "bot_hosting/bot_pool.h"
#include "bot_hosting/process_strategy.h"

namespace sngsim {

namespace {

double thread_cpu_ns() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
}

// utime + stime of a child from /proc (clock ticks), in ns.
double process_cpu_ns(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0.0;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  double ticks = 0.0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  }
  return ticks * 1e9 / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace

BenchResult bench_process_decisions(const std::string& name, const std::vector<std::string>& command,
                                    const std::vector<std::pair<std::string, std::string>>& env, int runs,
                                    int decisions, int batch) {
  auto spec = std::make_shared<ProcessBotSpec>();
  spec->label = "bench";
  spec->origin = "sngsim bench process";
  spec->command = command;
  spec->env = env;
  spec->workdir = std::filesystem::current_path().string();

  TournamentRules rules;  // six-handed, R4 blinds
  Tournament tournament(rules, 7);
  Hand hand;
  hand.start(tournament.deal_next_hand());
  const Observation observation = hand.observe();
  const std::vector<int> payouts = {65, 35};

  BenchResult result;
  result.name = name;
  result.unit = "decision";
  {
    // One seat of `batch` tables, all served by the thread's one process.
    std::vector<std::unique_ptr<Strategy>> bots;
    for (int table = 0; table < std::max(batch, 1); ++table) {
      StrategyContext context(1, 0);
      context.tournament = table;
      context.rules = &rules;
      context.payout_percent = payouts;
      bots.push_back(bind_process_bot(spec)(context));
    }
    const auto ask_all = [&] {
      if (bots.size() == 1) {
        bots.front()->decide(observation);
        return;
      }
      for (const auto& bot : bots) bot->ask(observation);
      answer_waiting_decisions();
      for (const auto& bot : bots) bot->answer(observation);
    };
    const int rounds = std::max(1, decisions / static_cast<int>(bots.size()));
    const int asked = rounds * static_cast<int>(bots.size());
    const pid_t pid = bot_connection(spec, 0).pid();
    for (int i = 0; i < rounds / 10 + 1; ++i) ask_all();  // warm: caches, the bot's first imports
    std::vector<double> own_cpu;
    std::vector<double> bot_cpu;
    for (int run = 0; run < runs; ++run) {
      const double own_before = thread_cpu_ns();
      const double bot_before = process_cpu_ns(pid);
      const auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < rounds; ++i) ask_all();
      const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
      result.samples_ns_per_op.push_back(took.count() / asked);
      own_cpu.push_back((thread_cpu_ns() - own_before) / asked);
      bot_cpu.push_back((process_cpu_ns(pid) - bot_before) / asked);
    }
    result.median_cpu_ns_per_op = median(own_cpu);
    result.median_peer_cpu_ns_per_op = median(bot_cpu);
  }
  shutdown_bots();
  result.median_ns_per_op = median(result.samples_ns_per_op);
  result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
  return result;
}

BenchResult bench_pipe_round_trip(int runs, int trips) {
  BenchResult result;
  result.name = "pipe round trip, 1 byte to a forked child and back";
  result.unit = "trip";
  int to_child[2];
  int to_parent[2];
  if (::pipe(to_child) != 0) return result;
  if (::pipe(to_parent) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    return result;
  }
  const long total = static_cast<long>(runs) * trips;
  const pid_t child = ::fork();
  if (child == 0) {
    char byte = 0;
    for (long i = 0; i < total; ++i) {
      if (::read(to_child[0], &byte, 1) != 1 || ::write(to_parent[1], &byte, 1) != 1) break;
    }
    ::_exit(0);
  }
  ::close(to_child[0]);
  ::close(to_parent[1]);
  bool broken = child < 0;
  char byte = 'x';
  for (int run = 0; run < runs && !broken; ++run) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < trips && !broken; ++i) {
      broken = ::write(to_child[1], &byte, 1) != 1 || ::read(to_parent[0], &byte, 1) != 1;
    }
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    if (!broken) result.samples_ns_per_op.push_back(took.count() / trips);
  }
  ::close(to_child[1]);
  ::close(to_parent[0]);
  if (child > 0) ::waitpid(child, nullptr, 0);
  if (!result.samples_ns_per_op.empty()) {
    result.median_ns_per_op = median(result.samples_ns_per_op);
    result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
  }
  return result;
}

}  // namespace sngsim
