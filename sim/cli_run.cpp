// `sngsim run`, `sngsim validate` and `sngsim strategies`.

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/rng.h"
#include "sim/cli_commands.h"
#include "sim/experiment_config.h"
#include "sim/hand_history_writer.h"
#include "sim/progress_bar.h"
#include "sim/results_writer.h"
#include "sim/runner.h"
#include "sim/summary.h"
#include "strategies/registry.h"
#include "version.h"

namespace sngsim {

namespace {

struct RunCommandOptions {
  std::string config;
  std::optional<std::int64_t> tournaments;
  std::optional<std::uint64_t> seed;
  int threads = 0;
  std::string out;
  std::vector<std::string> overrides;
  bool force = false;
  bool quiet = false;
  std::string hand_history;
  std::int64_t hh_tournaments = 10;
  bool report = false;  // run `sngsim report` on the results afterwards
};

std::atomic<bool> g_stop_requested{false};

extern "C" void request_stop(int) { g_stop_requested.store(true); }

// A stable 64-bit fingerprint of what defines the run's results: the file,
// the overrides and the effective seed and count.
std::string config_hash(const Experiment& experiment, const std::vector<std::string>& overrides) {
  std::uint64_t hash = derive_key(experiment.seed, static_cast<std::uint64_t>(experiment.tournaments));
  auto absorb = [&hash](const std::string& text) {
    for (const unsigned char c : text) hash = derive_key(hash, c);
    hash = derive_key(hash, 0x100);  // separator
  };
  absorb(experiment.source_text);
  for (const auto& text : overrides) absorb(text);
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
  return buffer;
}

Experiment load_or_exit(const std::string& path, const std::vector<std::string>& overrides) {
  try {
    return load_experiment(path, overrides);
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
}

void run(const RunCommandOptions& options) {
  Experiment experiment = load_or_exit(options.config, options.overrides);
  if (options.tournaments) {
    if (*options.tournaments < 1) {
      std::cerr << "--tournaments must be at least 1\n";
      throw CLI::RuntimeError(kExitBadInput);
    }
    experiment.tournaments = *options.tournaments;
  }
  if (options.seed) experiment.seed = *options.seed;
  const std::filesystem::path out = options.out.empty() ? std::filesystem::path("results") / experiment.name
                                                        : std::filesystem::path(options.out);
  try {
    check_output_dir(out, options.force);
    if (!options.hand_history.empty()) check_output_dir(options.hand_history, options.force);
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }

  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  RunOptions run_options;
  run_options.threads = threads;
  run_options.stop = &g_stop_requested;
  std::unique_ptr<ProgressBar> progress;
  if (!options.quiet && isatty(STDERR_FILENO)) {
    progress = std::make_unique<ProgressBar>(std::cerr);
    run_options.progress = [&progress](std::int64_t done, std::int64_t total) { progress->update(done, total); };
  }
  g_stop_requested.store(false);
  const auto previous_handler = std::signal(SIGINT, request_stop);
  const RunResult result = run_experiment(experiment, run_options);
  std::signal(SIGINT, previous_handler);
  if (progress) progress->finish();

  Provenance provenance;
  provenance.version = kVersion;
  provenance.commit = kGitCommit;
  provenance.config_hash = config_hash(experiment, options.overrides);
  provenance.seed = experiment.seed;
  provenance.threads = threads;
  provenance.wall_seconds = result.wall_seconds;
  provenance.partial = result.partial;
  provenance.tournaments_done = result.tournaments_done;
  const auto summary = summarize(experiment, result.cells, provenance);
  write_results(out, summary, experiment, result.cells, options.force);

  if (!options.hand_history.empty()) {
    // Written beside the run, serially: tournament i is a pure function of
    // (seed, i), so these are exactly the tournaments the statistics counted.
    const std::filesystem::path final_dir(options.hand_history);
    const std::filesystem::path staging = final_dir.string() + ".tmp";
    std::filesystem::remove_all(staging);
    write_hand_histories(experiment, staging, options.hh_tournaments);
    std::filesystem::remove_all(final_dir);
    std::filesystem::rename(staging, final_dir);
    std::cout << "Hand histories of the first " << options.hh_tournaments << " tournaments per cell written to "
              << final_dir.string() << "/\n";
  }
  if (!options.quiet) std::cout << console_table(summary);
  std::cout << (result.partial ? "Stopped early: partial results (" : "Results (") << result.tournaments_done
            << " tournaments in " << result.wall_seconds << " s) written to " << out.string() << "/\n";
  if (options.report && !result.partial) {
    const int code = make_report(out.string());
    if (code != 0) throw CLI::RuntimeError(code);
  } else if (!options.quiet) {
    std::cout << "Plots and an HTML page: sngsim report " << out.string() << " (writes "
              << (out / "report.html").string() << "), or run with --report\n";
  }
  if (result.partial) throw CLI::RuntimeError(130);  // the conventional code after SIGINT
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto options = std::make_shared<RunCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "run",
      "Run an experiment file: every matrix cell, every tournament, in parallel. Writes summary.json,\n"
      "CSV tables and a copy of the config into the output folder and prints a table.");
  command->add_option("config", options->config, "Experiment file (YAML), e.g. configs/quickstart.yaml")->required();
  command->add_option("-n,--tournaments", options->tournaments, "Tournaments per matrix cell (overrides the file)");
  command->add_option("-s,--seed", options->seed, "Seed (overrides the file); same seed, same results");
  command->add_option("-t,--threads", options->threads, "Worker threads (default: every core); results do not depend on it")
      ->check(CLI::NonNegativeNumber);
  command->add_option("-o,--out", options->out, "Output folder (default: results/<experiment name>)");
  command->add_option("--set", options->overrides,
                      "Override a config key before the run, e.g. --set table.stack=2000 (repeatable)");
  command->add_flag("-f,--force", options->force, "Replace an existing output folder");
  command->add_flag("-q,--quiet", options->quiet, "No progress bar and no console table");
  command->add_option("--hand-history", options->hand_history,
                      "Write PHH hand histories (one .phhs per tournament, a folder per cell) into this folder");
  command->add_option("--hh-tournaments", options->hh_tournaments, "How many tournaments per cell --hand-history writes")
      ->check(CLI::PositiveNumber);
  command->add_flag("--report", options->report,
                    "Afterwards make plots and report.html in the output folder (as `sngsim report`; needs python3-matplotlib)");
  command->callback([options] { run(*options); });
}

void add_validate_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto overrides = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "validate", "Check an experiment file without running it; prints its cells. Exit code 2 on any error.");
  command->add_option("config", *path, "Experiment file (YAML)")->required();
  command->add_option("--set", *overrides, "Override a config key, as for run");
  command->callback([path, overrides] {
    const Experiment experiment = load_or_exit(*path, *overrides);
    std::cout << *path << ": ok: experiment '" << experiment.name << "', seed " << experiment.seed << ", "
              << experiment.tournaments << " tournaments x " << experiment.cells.size() << " cell(s)\n";
    for (const Cell& cell : experiment.cells) {
      std::cout << "  cell:";
      if (cell.params.empty()) std::cout << " (no matrix)";
      for (const auto& [key, value] : cell.params) std::cout << " " << key << "=" << value;
      if (cell.format == Format::kCash) {
        const CashTableRules& cash = cell.cash.table;
        std::cout << " | cash: " << cash.players << " seats, blinds " << cash.blinds.small_blind << "/"
                  << cash.blinds.big_blind << ", buy-in " << cash.buy_in << ", re-buy below " << cash.rebuy_below
                  << ", " << cell.cash.hands << " hands a session\n";
        continue;
      }
      if (cell.format == Format::kShootout) {
        std::cout << " | shootout: " << cell.shootout.tables << " tables,"
                  << (cell.shootout.final_table ? " final table," : " winners paid,");
      } else {
        std::cout << " |";
      }
      std::cout << " " << cell.rules.players << " players, stack " << cell.rules.starting_stack << ", "
                << cell.rules.schedule.hands_per_level() << " hands/level, cap " << cell.rules.hand_cap << "\n";
    }
  });
}

void add_strategies_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("strategies", "List every built-in strategy with its parameters and defaults.");
  command->callback([] {
    std::cout << "Built-in strategies (use in an experiment's lineup as `strategy: NAME`, `params: {...}`).\n"
                 "A bot compiled elsewhere loads with `strategy: plugin`, `path: lib.so` (strategies/plugin_api.h).\n\n";
    for (const StrategyInfo& info : builtin_strategies()) {
      std::cout << info.name << "\n    " << info.summary << "\n";
      for (const ParamSpec& spec : info.params) {
        std::cout << "    - " << spec.name << " (default " << spec.default_value;
        if (spec.is_number) std::cout << ", range " << spec.min << ".." << spec.max;
        std::cout << "): " << spec.description << "\n";
      }
    }
  });
}

}  // namespace sngsim
