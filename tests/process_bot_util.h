#pragma once
// The test bots of tests/bots/ (Python programs that speak the bot protocol)
// and what tests need around them: their lineup entries, and whether the
// processes a run started are gone.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "bot_hosting/bot_pool.h"
#include "bot_hosting/process_strategy.h"
#include "tests/skip.h"

namespace sngsim::testing {

inline std::string python() {
  if (std::filesystem::exists("/usr/bin/python3")) return "/usr/bin/python3";
  return find_in_path("python3");
}

// A lineup entry of a test bot: {strategy: process, label: L, command: [python, tests/bots/F], ...}.
inline std::string bot_entry(const std::string& label, const std::string& file, const std::string& extra = "") {
  const std::string bots = std::string(SNGSIM_SOURCE_DIR) + "/tests/bots/";
  return "  - {strategy: process, label: " + label + ", command: [" + python() + ", " + bots + file + "]" + extra +
         "}\n";
}

// A process that is gone, or a zombie nobody reaped (the container's init
// may not reap orphans): either way no longer running.
inline bool is_gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return true;
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && (text[close + 2] == 'Z' || text[close + 2] == 'X');
}

inline bool all_gone(const std::vector<pid_t>& pids, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    bool gone = true;
    for (const pid_t pid : pids) gone = gone && is_gone(pid);
    if (gone) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// The pids a run recorded in `folder`, one file named by each.
inline std::vector<pid_t> pids_in(const std::filesystem::path& folder) {
  std::vector<pid_t> pids;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    pids.push_back(std::stoi(entry.path().filename().string()));
  }
  return pids;
}

// Runs an experiment given as YAML in this process on `threads` threads,
// then ends its bots.
inline RunResult run_in_process(const std::string& yaml, int threads) {
  const Experiment experiment = parse_experiment(yaml, "process-test.yaml");
  RunOptions options;
  options.threads = threads;
  RunResult result = run_experiment(experiment, options);
  shutdown_bots();
  return result;
}

inline int label_index(const CellStats& stats, const std::string& label) {
  for (int l = 0; l < stats.label_count(); ++l) {
    if (stats.labels()[static_cast<std::size_t>(l)] == label) return l;
  }
  FAIL("no label " << label);
  return -1;
}

}  // namespace sngsim::testing

#define REQUIRE_PYTHON()                                          \
  if (sngsim::testing::python().empty()) {                        \
    SKIP_TEST("python3 is not installed: no process bot to run"); \
  }
