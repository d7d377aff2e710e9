// `sngsim run`, `sngsim validate` and `sngsim strategies`.

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <functional>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/rng.h"
#include "app/run_check_command.h"
#include "sim/run/checkpoint.h"
#include "app/cli_commands.h"
#include "sim/run/cluster.h"
#include "sim/config/config_keys.h"
#include "sim/config/duplicate.h"
#include "sim/config/experiment_config.h"
#include "sim/io/hand_history_writer.h"
#include "sim/io/output_folder.h"
#include "sim/run/hand_history_export.h"
#include "sim/run/rank_merge.h"
#include "app/progress_bar.h"
#include "sim/report/results_writer.h"
#include "sim/run/run_results.h"
#include "sim/run/run_state.h"
#include "sim/run/runner.h"
#include "sim/run/run_session.h"
#include "sim/report/summary.h"
#include "strategies/registry.h"
#include "strategies/strategy_fault.h"
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
  bool check = false;   // check every invariant after every hand (sim/check/invariant_checker.h)
  std::optional<std::int64_t> replay_tournament;  // play only this tournament, checked, with hand histories
  std::optional<int> cell;                        // of this cell (default: every cell)
  std::string checkpoint;                         // state file saved every checkpoint_every seconds
  double checkpoint_every = 5.0;
  std::string shard;     // "K/N": play only that part of every cell
  std::string baseline;  // compare.baseline for this run's console and paired.csv
  bool style = false;    // style_stats: true in every cell
};

std::atomic<bool> g_stop_requested{false};

extern "C" void request_stop(int) { g_stop_requested.store(true); }

Experiment load_or_exit(const std::string& path, const std::vector<std::string>& overrides) {
  try {
    return load_experiment(path, overrides);
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
}

// --tournaments and --seed are overrides like --set, after it, so the reader
// checks them (a count of whole duplicate groups, at least 1) and the run's
// identity names them.
std::vector<std::string> overrides_of(const RunCommandOptions& options) {
  std::vector<std::string> overrides = options.overrides;
  if (options.tournaments) overrides.push_back("tournaments=" + std::to_string(*options.tournaments));
  if (options.seed) overrides.push_back("seed=" + std::to_string(*options.seed));
  if (options.style) overrides.push_back("style_stats=true");
  return overrides;
}

// What failed, on stderr, as the exit code of its kind.
[[noreturn]] void exit_with(const SessionFailure& failure) {
  std::cerr << failure.what() << "\n";
  switch (failure.kind) {
    case SessionFailureKind::kBadInput: throw CLI::RuntimeError(kExitBadInput);
    case SessionFailureKind::kOutputError: throw CLI::RuntimeError(kExitOutputError);
    case SessionFailureKind::kInterrupted: throw CLI::RuntimeError(130);
    case SessionFailureKind::kFailure: break;
  }
  throw CLI::RuntimeError(kExitFailure);
}

void run(const RunCommandOptions& options) {
  SessionOptions session_options;
  session_options.overrides = overrides_of(options);
  session_options.baseline = options.baseline;
  session_options.out = options.out;
  session_options.force = options.force;
  session_options.threads = options.threads;
  session_options.check = options.check;
  session_options.hand_history = options.hand_history;
  session_options.hh_tournaments = options.hh_tournaments;
  session_options.checkpoint = options.checkpoint;
  session_options.checkpoint_every = options.checkpoint_every;
  session_options.shard = options.shard;
  std::optional<RunSession> loaded;
  try {
    loaded.emplace(RunSession::from_file(options.config, session_options));
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  RunSession& session = *loaded;
  const Experiment& experiment = session.experiment();
  if (options.replay_tournament) {
    replay_tournament_command(experiment, ReplayTournamentRequest{*options.replay_tournament, options.cell,
                                                                  options.hand_history, options.force});
    return;
  }
  const auto note = [](const std::string& line) { std::cerr << line << "\n"; };
  try {
    session.prepare(note);
  } catch (const SessionFailure& failure) {
    exit_with(failure);
  }

  std::unique_ptr<ProgressBar> progress;
  std::function<void(std::int64_t, std::int64_t)> show_progress;
  if (!options.quiet && session.ranks().is_root() && isatty(STDERR_FILENO)) {
    progress = std::make_unique<ProgressBar>(std::cerr);
    show_progress = [&progress](std::int64_t done, std::int64_t total) { progress->update(done, total); };
  }
  g_stop_requested.store(false);
  const auto previous_handler = std::signal(SIGINT, request_stop);
  RunSession::Played played = RunSession::Played::kFinished;
  try {
    played = session.play(show_progress, &g_stop_requested);
  } catch (const SessionFailure& failure) {
    std::signal(SIGINT, previous_handler);
    if (progress) progress->finish();
    exit_with(failure);
  } catch (const InvariantViolation& violation) {
    std::signal(SIGINT, previous_handler);
    if (progress) progress->finish();
    print_invariant_violation(std::cerr, violation, experiment, options.config, options.overrides);
    throw CLI::RuntimeError(kExitInvariantViolation);
  }
  std::signal(SIGINT, previous_handler);
  if (progress) progress->finish();

  if (played == RunSession::Played::kOtherRank) return;  // rank 0 writes the results
  if (played == RunSession::Played::kStoppedAtCheckpoint) {
    std::cout << "Stopped early: " << session.state().tournaments_done() << " tournaments saved in "
              << session.checkpoint_file().string() << "; run the same command again to resume.\n";
    throw CLI::RuntimeError(130);  // the conventional code after SIGINT
  }

  const std::filesystem::path& out = session.out();
  const RunResult result = session.result();
  RunSummary summary;
  try {
    summary = session.write_results(note);
    session.write_hand_histories();
  } catch (const SessionFailure& failure) {
    exit_with(failure);
  }
  if (!options.hand_history.empty()) {
    std::cout << "Hand histories of the first " << options.hh_tournaments << " tournaments per cell written to "
              << options.hand_history << "/\n";
  }
  if (!options.quiet) std::cout << console_table(summary);
  if (summary.timeouts > 0) {
    std::cout << "Timing-dependent: " << summary.timeouts
              << " decisions ran out of time (V5), so these results depend on the machine's speed\n";
  }
  std::cout << (result.partial ? "Stopped early: partial results (" : "Results (") << result.tournaments_done
            << " tournaments in " << result.wall_seconds << " s) written to " << out.string() << "/\n";
  if (options.report && !result.partial) {
    if (!options.hand_history.empty()) write_run_hand_viewer(options.hand_history, out);
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
      "CSV tables and a copy of the config into the output folder and prints a table.\n"
      "Exit codes: 0 done, 2 bad input (nothing run), 3 an invariant broken under --check or\n"
      "--replay-tournament (no results written), 4 results or checkpoint could not be written (a full\n"
      "disk; earlier results and the last checkpoint stay whole), 130 interrupted (partial results,\n"
      "or with --checkpoint none: run the same command again to resume).");
  command->add_option("config", options->config, "Experiment file (YAML), e.g. configs/quickstart.yaml")->required();
  command->add_option("-n,--tournaments", options->tournaments,
                      "Tournaments per matrix cell: the same as --set tournaments=N");
  command->add_option("-s,--seed", options->seed, "Seed: the same as --set seed=S; same seed, same results");
  command
      ->add_option("-t,--threads", options->threads,
                   "Worker threads (default: every core); results do not depend on it")
      ->check(CLI::NonNegativeNumber);
  command->add_option("-o,--out", options->out, "Output folder (default: results/<experiment name>)");
  command->add_option("--set", options->overrides,
                      "Override a config key before the run, e.g. --set table.stack=2000 (repeatable)");
  command->add_flag("-f,--force", options->force, "Replace an existing output folder");
  command->add_flag("-q,--quiet", options->quiet, "No progress bar and no console table");
  command->add_option("--hand-history", options->hand_history,
                      "Write PHH hand histories (one .phhs per tournament, a folder per cell) into this folder");
  command
      ->add_option("--hh-tournaments", options->hh_tournaments, "How many tournaments per cell --hand-history writes")
      ->check(CLI::PositiveNumber);
  command->add_flag("--check", options->check,
                    "Check after every hand of every table: chips conserved, no negative stack, button and\n"
                    "blinds as R5/R6, places given at the bust and never changed, 1..players at the end.\n"
                    "The first broken invariant stops the run (exit code 3) naming cell, tournament, seed\n"
                    "and hand, and the command that replays it");
  CLI::Option* replay = command->add_option(
      "--replay-tournament", options->replay_tournament,
      "Play only tournament I (0-based, as --check reports it) of every cell, or of --cell, with\n"
      "every invariant checked; write its PHH hand histories into --hand-history (default\n"
      "results/<name>-replay-I) and print how it ended. --out, --tournaments and --threads do not apply");
  replay->check(CLI::NonNegativeNumber);
  command
      ->add_option("--cell", options->cell, "With --replay-tournament: only this cell (0-based, as the console table)")
      ->check(CLI::NonNegativeNumber)
      ->needs(replay);
  command->add_option("--checkpoint", options->checkpoint,
                      "Save the run's state to FILE every few seconds (atomically) and on Ctrl-C. If FILE\n"
                      "exists, the same command resumes from it, even after a kill -9, and ends with exactly\n"
                      "the uninterrupted results; a checkpoint of another config, seed, count or version is\n"
                      "refused. Deleted once the results are written");
  command->add_option("--checkpoint-every", options->checkpoint_every, "Seconds between checkpoint saves (default 5)")
      ->check(CLI::PositiveNumber);
  command->add_option("--shard", options->shard,
                      "Play only part K of N of every cell (K = 1..N), e.g. --shard 3/8 in a job array;\n"
                      "`sngsim merge OUT DIR...` combines the N output folders into exactly the single run");
  command->add_option("--baseline", options->baseline,
                      "Compare every other label with this one on the console and in paired.csv (ROI, mean\n"
                      "place and win rate differences with 95% intervals and a verdict), as compare.baseline\n"
                      "in the config; it changes no statistic and not the config hash");
  command->add_flag("--style", options->style,
                    "Also count each label's playing style (VPIP, PFR, 3-bet, steal, c-bet, aggression,\n"
                    "showdown) with 95% intervals: a second console table, style.csv, summary.json's style;\n"
                    "as style_stats: true in the config");
  command->add_flag(
      "--report", options->report,
      "Afterwards make plots and report.html in the output folder (as `sngsim report`; needs python3-matplotlib)");
  command->callback([options] { run(*options); });
}

namespace {

// The code from outside sngsim an experiment runs, once per label: what
// validate ran (plug-ins, loaded) and what run will start (process bots).
void print_outside_code(const Experiment& experiment) {
  std::set<std::string> shown;
  for (const Cell& cell : experiment.cells) {
    for (const Entrant& entrant : cell.entrants) {
      if (!shown.insert(entrant.label).second) continue;
      if (entrant.process != nullptr) {
        std::cout << "  runs code: process bot '" << entrant.label << "':";
        for (const std::string& arg : entrant.process->command) std::cout << " " << arg;
        std::cout << " (started by run, not by validate)\n";
      } else if (entrant.strategy == "plugin") {
        std::cout << "  runs code: " << entrant.info->summary << " (loaded by validate: its initialisers ran)\n";
      }
    }
  }
}

}  // namespace

void add_validate_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto overrides = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "validate",
      "Check an experiment file without playing it; prints its cells and the outside code the file names.\n"
      "Plug-ins are loaded, which runs their load-time code (initialisers, sngsim_plugin_abi_version): an\n"
      "experiment file is trusted like a Makefile. Process bots are checked (program, script) but not\n"
      "started. Exit code 2 on any error.");
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
    print_outside_code(experiment);
  });
}

void add_strategies_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "strategies", "List every built-in strategy with its parameters and defaults, then process and plugin bots.");
  command->callback([] {
    std::cout
        << "Built-in strategies (use in an experiment's lineup as `strategy: NAME`, `params: {...}`).\n"
           "A bot compiled elsewhere loads with `strategy: plugin`, `path: lib.so` (bot_hosting/plugin_api.h).\n\n";
    for (const StrategyInfo& info : builtin_strategies()) {
      std::cout << info.name << "\n    " << info.summary << "\n";
      for (const ParamSpec& spec : info.params) {
        std::cout << "    - " << spec.name << " (default " << spec.default_value;
        if (spec.is_number) std::cout << ", range " << spec.min << ".." << spec.max;
        std::cout << "): " << spec.description << "\n";
      }
    }
    // Not in the registry: each is a program or a library the entry names.
    std::cout
        << "process\n    a bot in another program, any language, speaking docs/bot-protocol.md on stdin/stdout:\n"
           "    `strategy: process`, `command: [python3, my_bot.py]` (also env, workdir, params; the Python kit is\n"
           "    python/sngsim_bot). `sngsim plan` and `sngsim run` start it.\n"
           "plugin\n    a C++ bot compiled elsewhere: `strategy: plugin`, `path: lib.so` (bot_hosting/plugin_api.h).\n";
  });
}

void add_config_keys_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "config-keys",
      "List every key of an experiment file with its type, default and meaning (docs/config-reference.md).");
  auto markdown = std::make_shared<bool>(false);
  command->add_flag("--markdown", *markdown,
                    "Print the Markdown table of docs/config-reference.md's \"Keys\" section instead (the docs "
                    "test compares the two)");
  command->callback([markdown] {
    if (*markdown) {
      std::cout << config_keys_markdown();
      return;
    }
    for (const ConfigKey& key : config_keys()) {
      if (key.role == KeyRole::kSection) continue;
      std::cout << key.path;
      if (key.role == KeyRole::kRefused) {
        std::cout << "\n    refused with advice\n";
        continue;
      }
      std::cout << "\n    type: " << key.type << "\n    default: " << key.fallback << "\n    " << key.meaning << "\n";
    }
  });
}

}  // namespace sngsim
