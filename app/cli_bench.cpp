// `sngsim bench`: throughput of the evaluator, the hand engine and whole
// tournaments, as medians of repeated runs (and ratios measured in the same
// run), never from timed unit tests.

#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/bench/bench.h"
#include "sim/bench/bench_evaluator.h"
#include "sim/bench/bench_hand.h"
#include "sim/bench/bench_process.h"
#include "app/cli_commands.h"
#include "app/source_tree.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "bot_hosting/bot_pool.h"
#include "bot_hosting/process_strategy.h"
#include "strategies/strategy_fault.h"
#include "version.h"

namespace sngsim {

namespace {

struct BenchOptions {
  std::string what = "all";
  int runs = 5;
  bool json = false;
  std::string config;  // empty: configs/bench.yaml of the source tree (app/source_tree.h)
  std::int64_t tournaments = 100'000;
  std::vector<int> threads = {1, 2};
  int decisions = 20'000;  // per run of the process benchmark
  int batch = 64;          // decisions per protocol-2 batch (process benchmark)
  std::int64_t process_tournaments = 10'000;
  std::string python = "python3";
  std::string bot;         // bench process --bot: the label of the user's own bot in bot_config
  std::string bot_config;  // bench process --config
};

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

// The experiment the tournament benchmark plays: --config, or the shipped
// configs/bench.yaml wherever the command is run from.
std::string bench_config(const BenchOptions& options) {
  if (!options.config.empty()) return options.config;
  std::vector<std::string> searched;
  const std::filesystem::path found = find_in_source_tree(std::filesystem::path("configs") / "bench.yaml", searched);
  if (found.empty()) {
    std::cerr << "sngsim bench tournament: the default experiment configs/bench.yaml was not found; looked at:\n";
    for (const std::string& place : searched) std::cerr << "  " << place << "\n";
    std::cerr << "Name an experiment with --config FILE.\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  return found.string();
}

std::vector<BenchResult> bench_tournaments(const BenchOptions& options) {
  Experiment experiment;
  try {
    experiment = load_experiment(bench_config(options));
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  // An untimed run first: the tables built on first use (the evaluator's,
  // the preflop equities parsed from their text, the first-in push ranges
  // spelled out from their compiled-in form) and the warmed caches would
  // otherwise land in the first timed run only. The push/fold equilibria
  // themselves are compiled in and cost nothing.
  experiment.tournaments = std::min<std::int64_t>(options.tournaments, 2000);
  run_experiment(experiment, RunOptions{});
  experiment.tournaments = options.tournaments;
  std::vector<BenchResult> results;
  for (const int threads : options.threads) {
    BenchResult result;
    result.name = "tournaments, " + std::to_string(threads) + " thread(s), " + experiment.name;
    result.unit = "tournament";
    for (int run = 0; run < options.runs; ++run) {
      RunOptions run_options;
      run_options.threads = threads;
      const RunResult outcome = run_experiment(experiment, run_options);
      result.samples_ns_per_op.push_back(1e9 * outcome.wall_seconds / static_cast<double>(outcome.tournaments_done));
    }
    result.median_ns_per_op = median(result.samples_ns_per_op);
    result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
    results.push_back(std::move(result));
  }
  return results;
}

// A comparison measured within one run (the machine's load moves absolute
// figures by a third): "hand / floor", "speed-up 1 -> 2 threads".
struct BenchRatio {
  std::string name;
  std::string json_key;
  double value = 0.0;
};

// `sngsim bench process`: the pipe round trip (the floor), decisions per
// second through one Python process (the kit's always-call bot) and one
// C++ process (bots/cpp), each one decision at a time over protocol 1 and
// in batches over protocol 2, then the wall time of configs/python-bot.yaml
// (two Python seats, four built-ins) on 2 threads, protocol 1 one table at
// a time against protocol 2 with tables in flight. The ratios are taken
// within the run.
// `sngsim bench process --bot LABEL --config FILE`: the user's own bot, the
// pipe first as the reference, then one decision at a time and, when the
// bot speaks protocol 2, in batches.
std::vector<BenchResult> bench_own_bot(const BenchOptions& options, std::vector<BenchRatio>& ratios) {
  if (options.bot_config.empty()) {
    std::cerr << "sngsim bench process: --bot " << options.bot
              << " needs --config, the experiment file with its entry\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  Experiment experiment;
  try {
    experiment = load_experiment(options.bot_config);
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  std::shared_ptr<const ProcessBotSpec> spec;
  std::vector<std::string> labels;
  for (const Cell& cell : experiment.cells) {
    for (const Entrant& entrant : cell.entrants) {
      if (entrant.process == nullptr) continue;
      if (entrant.process->label == options.bot && spec == nullptr) spec = entrant.process;
      if (std::find(labels.begin(), labels.end(), entrant.process->label) == labels.end()) {
        labels.push_back(entrant.process->label);
      }
    }
  }
  if (spec == nullptr) {
    std::cerr << options.bot_config << ": no process bot labelled '" << options.bot << "'";
    if (labels.empty()) {
      std::cerr << " (its lineup has none)\n";
    } else {
      std::cerr << " (its process bots:";
      for (const std::string& label : labels) std::cerr << " " << label;
      std::cerr << ")\n";
    }
    throw CLI::RuntimeError(kExitBadInput);
  }
  std::vector<BenchResult> results;
  results.push_back(bench_pipe_round_trip(options.runs, options.decisions));
  const double floor_ns = results.back().median_ns_per_op;
  int protocol = 1;
  try {
    results.push_back(bench_process_decisions("decisions through one process, " + options.bot + ", one at a time",
                                              *spec, options.runs, options.decisions, 1, &protocol));
    if (floor_ns > 0) {
      ratios.push_back({options.bot + " decision / pipe round trip", "bot_decision_over_pipe",
                        results.back().median_ns_per_op / floor_ns});
    }
    if (protocol >= 2 && options.batch > 1) {
      results.push_back(bench_process_decisions("... protocol 2, batches of " + std::to_string(options.batch), *spec,
                                                options.runs, options.decisions, options.batch));
      ratios.push_back({options.bot + " protocol 2 batches / one at a time, decisions per second", "bot_batch_speed_up",
                        results[results.size() - 2].median_ns_per_op / results.back().median_ns_per_op});
    } else if (!options.json) {
      std::printf("%s speaks protocol 1: no batches to measure\n", options.bot.c_str());
    }
  } catch (const BotSetupFailure& failure) {
    std::cerr << failure.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  return results;
}

std::vector<BenchResult> bench_process(const BenchOptions& options, std::vector<BenchRatio>& ratios) {
  if (!options.bot.empty()) return bench_own_bot(options, ratios);
  if (!options.bot_config.empty()) {
    std::cerr << "sngsim bench process: --config names the experiment of --bot LABEL; give --bot too\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  namespace fs = std::filesystem;
  const std::string python =
      options.python.find('/') == std::string::npos ? find_in_path(options.python) : options.python;
  const fs::path source = SNGSIM_SOURCE_DIR;
  const fs::path cpp_bot = fs::read_symlink("/proc/self/exe").parent_path() / "bots" / "cpp_bot";
  const std::string batch = std::to_string(options.batch);
  // The kit speaks protocol 1 only with this in its environment.
  const std::vector<std::pair<std::string, std::string>> kit_protocol_1 = {{"SNGSIM_BOT_MAX_PROTOCOL", "1"}};
  std::vector<BenchResult> results;
  // The reference in the same minutes: what the kernel's round trip alone
  // costs on this machine (the bots' figures divided by it are printed).
  results.push_back(bench_pipe_round_trip(options.runs, options.decisions));
  const double floor_ns = results.back().median_ns_per_op;
  const auto compare = [&](const std::string& bot, const std::string& key) {
    const BenchResult& one = results[results.size() - 2];
    const BenchResult& batched = results.back();
    if (floor_ns > 0)
      ratios.push_back(
          {bot + " decision / pipe round trip", key + "_decision_over_pipe", one.median_ns_per_op / floor_ns});
    ratios.push_back({bot + " protocol 2 batches / protocol 1, decisions per second", key + "_batch_speed_up",
                      one.median_ns_per_op / batched.median_ns_per_op});
  };
  if (python.empty()) {
    std::cerr << "bench process: no " << options.python << " in PATH; the Python figures are skipped\n";
  } else {
    const std::vector<std::string> command = {python, (source / "python/examples/call_bot.py").string()};
    results.push_back(bench_process_decisions("decisions through one process, Python kit call_bot, protocol 1", command,
                                              kit_protocol_1, options.runs, options.decisions));
    results.push_back(bench_process_decisions("... protocol 2, batches of " + batch, command, {}, options.runs,
                                              options.decisions, options.batch));
    compare("Python", "python");
  }
  if (fs::exists(cpp_bot)) {
    results.push_back(bench_process_decisions("decisions through one process, C++ cpp_bot --call, protocol 1",
                                              {cpp_bot.string(), "--call", "--protocol-1"}, {}, options.runs,
                                              options.decisions));
    results.push_back(bench_process_decisions("... protocol 2, batches of " + batch, {cpp_bot.string(), "--call"}, {},
                                              options.runs, options.decisions, options.batch));
    compare("C++", "cpp");
  } else {
    std::cerr << "bench process: no " << cpp_bot.string() << " (built with sngsim); the C++ figure is skipped\n";
  }
  if (python.empty()) return results;
  const std::string config = (source / "configs/python-bot.yaml").string();
  Experiment experiment;
  try {
    // The config's `python3` is the one in PATH; the benchmark's wins.
    experiment = load_experiment(config);
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  experiment.tournaments = options.process_tournaments;
  for (const int protocol : {1, 2}) {
    Experiment variant = experiment;
    // Protocol 1 one table at a time is the path before tables in flight.
    variant.tables_in_flight = protocol == 1 ? 1 : experiment.tables_in_flight;
    for (Cell& cell : variant.cells) {
      for (Entrant& entrant : cell.entrants) {
        if (entrant.process == nullptr) continue;
        auto spec = std::make_shared<ProcessBotSpec>(*entrant.process);
        spec->command[0] = python;
        if (protocol == 1) spec->env.insert(spec->env.end(), kit_protocol_1.begin(), kit_protocol_1.end());
        entrant.process = spec;
        entrant.make = bind_process_bot(spec);
      }
    }
    BenchResult result;
    result.name = std::to_string(options.process_tournaments) + " sit-and-gos, 2 Python seats, 2 threads, " +
                  (protocol == 1 ? std::string("protocol 1, 1 table")
                                 : "protocol 2, " + std::to_string(variant.tables_in_flight) + " tables") +
                  " in flight";
    result.unit = "tournament";
    RunOptions run_options;
    run_options.threads = 2;
    const RunResult outcome = run_experiment(variant, run_options);
    shutdown_bots();
    result.samples_ns_per_op.push_back(1e9 * outcome.wall_seconds / static_cast<double>(outcome.tournaments_done));
    result.median_ns_per_op = result.samples_ns_per_op[0];
    result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
    if (!options.json) {
      std::printf("%lld sit-and-gos with two Python seats on 2 threads, protocol %d: %.1f s\n",
                  static_cast<long long>(outcome.tournaments_done), protocol, outcome.wall_seconds);
    }
    results.push_back(std::move(result));
  }
  ratios.push_back({"2 Python seats run, protocol 2 in flight / protocol 1", "run_batch_speed_up",
                    results[results.size() - 2].median_ns_per_op / results.back().median_ns_per_op});
  return results;
}

void print(const std::vector<BenchResult>& results, const std::vector<BenchRatio>& ratios, bool json) {
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& r : results) {
      out.push_back({{"name", r.name},
                     {"unit", r.unit},
                     {"median_ns_per_op", r.median_ns_per_op},
                     {"median_ops_per_sec", r.median_ops_per_sec},
                     {"samples_ns_per_op", r.samples_ns_per_op}});
      if (r.median_cpu_ns_per_op > 0) {
        out.back()["median_cpu_ns_per_op"] = r.median_cpu_ns_per_op;
        out.back()["median_bot_cpu_ns_per_op"] = r.median_peer_cpu_ns_per_op;
      }
      if (!r.reference_name.empty()) {
        out.back()["reference"] = {{"name", r.reference_name},
                                   {"median_ns_per_op", r.reference_median_ns_per_op},
                                   {"samples_ns_per_op", r.reference_samples_ns_per_op},
                                   {"speed_up", r.reference_median_ns_per_op / r.median_ns_per_op}};
      }
    }
    nlohmann::json ratio_values = nlohmann::json::object();
    for (const auto& ratio : ratios) ratio_values[ratio.json_key] = ratio.value;
    std::cout << nlohmann::json{{"version", kVersion},
                                {"commit", kGitCommit},
                                {"results", out},
                                {"ratios", ratio_values},
                                {"peak_rss_mib", peak_rss_mib()}}
                     .dump(2)
              << "\n";
    return;
  }
  for (const auto& ratio : ratios) std::printf("%s: %.2f\n", ratio.name.c_str(), ratio.value);
  for (const auto& r : results) {
    std::printf("%-58s %12.2f ns/%s  %14.0f %s/s  (median of %zu)\n", r.name.c_str(), r.median_ns_per_op,
                r.unit.c_str(), r.median_ops_per_sec, r.unit.c_str(), r.samples_ns_per_op.size());
    if (!r.reference_name.empty()) {
      std::printf("    %.2fx as fast as %s (%.2f ns, same run)\n", r.reference_median_ns_per_op / r.median_ns_per_op,
                  r.reference_name.c_str(), r.reference_median_ns_per_op);
    }
    if (r.median_cpu_ns_per_op > 0) {
      // Processor time does not wait for a busy machine's scheduler: the
      // rate two idle cores would reach is about 1e9 / (sngsim + bot).
      std::printf("    processor time: sngsim %.0f ns + bot %.0f ns per %s (%.0f %s/s if nothing waited)\n",
                  r.median_cpu_ns_per_op, r.median_peer_cpu_ns_per_op, r.unit.c_str(),
                  1e9 / (r.median_cpu_ns_per_op + r.median_peer_cpu_ns_per_op), r.unit.c_str());
    }
  }
  std::printf("peak memory: %.1f MiB\n", peak_rss_mib());
}

void run_bench(const BenchOptions& options) {
  std::vector<BenchResult> results;
  std::vector<BenchRatio> ratios;
  const bool all = options.what == "all";
  if (all || options.what == "evaluator") {
    for (auto& r : bench_evaluator(options.runs)) results.push_back(std::move(r));
  }
  if (all || options.what == "hand") {
    auto hand = bench_hand(options.runs);
    if (hand.size() == 2) {
      ratios.push_back({"hand / floor ratio", "hand_over_floor", hand[1].median_ns_per_op / hand[0].median_ns_per_op});
    }
    for (auto& r : hand) results.push_back(std::move(r));
  }
  // Not in `all`: it needs Python and runs for half a minute.
  if (options.what == "process") {
    for (auto& r : bench_process(options, ratios)) results.push_back(std::move(r));
  }
  if (all || options.what == "tournament") {
    auto tournaments = bench_tournaments(options);
    if (tournaments.size() == 2) {
      ratios.push_back(
          {"speed-up " + std::to_string(options.threads[0]) + " -> " + std::to_string(options.threads[1]) + " threads",
           "thread_speed_up", tournaments[0].median_ns_per_op / tournaments[1].median_ns_per_op});
    }
    for (auto& r : tournaments) results.push_back(std::move(r));
  }
  print(results, ratios, options.json);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* command =
      app.add_subcommand("bench",
                         "Measure throughput (medians of several runs): evaluator, hand engine, whole tournaments\n"
                         "(all of these without a subcommand), bots in other processes (process).");
  command->require_subcommand(0, 1);
  command->add_option("-r,--runs", options->runs, "Repetitions; the median is reported")->check(CLI::Range(1, 1000));
  command->add_flag("--json", options->json, "Print JSON for machines");
  // The subcommands take the options above after their name too.
  const auto subcommand = [&](const char* name, const char* description) {
    CLI::App* sub = command->add_subcommand(name, description);
    sub->fallthrough();
    sub->footer("Also: -r,--runs N (repetitions, the median is reported; default 5) and --json, as for bench.");
    return sub;
  };
  subcommand("evaluator", "Hand evaluator: 7-card hold'em and Omaha, against a floor in the same run.");
  subcommand("hand", "Hand engine: a six-handed hand to showdown, against a floor (shuffle and deal).");
  CLI::App* tournament = subcommand("tournament", "Whole tournaments of an experiment, per thread count.");
  tournament->add_option("-c,--config", options->config,
                         "Experiment to play (default: configs/bench.yaml of the source tree)");
  tournament->add_option("-n,--tournaments", options->tournaments, "Tournaments per run")->check(CLI::PositiveNumber);
  tournament->add_option("-t,--threads", options->threads, "Thread counts to compare");
  CLI::App* process =
      subcommand("process",
                 "Bots in other processes (docs/bot-protocol.md, \"Speed\"): first the reference, the bare pipe\n"
                 "round trip (1 byte to a forked child and back); then decisions per second through one process,\n"
                 "the whole path of a decision (request encoded and written, reply read and decoded) on a\n"
                 "six-handed preflop observation, one at a time (protocol 1) and in batches (protocol 2).\n"
                 "Without --bot: the Python kit's call_bot and bots/cpp's cpp_bot --call, then\n"
                 "configs/python-bot.yaml (two Python kit seats, four built-ins) on 2 threads, protocol 1 one\n"
                 "table at a time against protocol 2 with tables in flight.\n"
                 "With --bot LABEL --config FILE: your own bot, the lineup entry of FILE labelled LABEL, with\n"
                 "its command, env, workdir and params (no clock): one at a time, and in batches when it\n"
                 "answers hello with protocol 2.\n"
                 "Prints the ratios of the same run and each side's processor time per decision.");
  process->add_option("--bot", options->bot, "Label of your own process bot in --config's lineup");
  process->add_option("-c,--config", options->bot_config, "Experiment file that holds --bot's entry");
  process->add_option("--decisions", options->decisions, "Decisions per run")->check(CLI::PositiveNumber);
  process->add_option("--batch", options->batch, "Decisions per protocol-2 batch")->check(CLI::Range(1, 4096));
  process
      ->add_option("--process-tournaments", options->process_tournaments,
                   "Sit-and-gos of configs/python-bot.yaml (not with --bot)")
      ->check(CLI::PositiveNumber);
  process->add_option("--python", options->python, "Python interpreter of the kit's bot (not with --bot)");
  subcommand("all", "evaluator, hand and tournament (the default).");
  command->callback([options, command] {
    const auto chosen = command->get_subcommands();
    options->what = chosen.empty() ? "all" : chosen.front()->get_name();
    run_bench(*options);
  });
}

}  // namespace sngsim
