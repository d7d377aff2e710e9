// `sngsim check fairness`: plays identical strategies against each other and
// checks that no label and no seat is favoured (sim/stats/fairness.h says how).

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/cli_commands.h"
#include "sim/config/experiment_config.h"
#include "sim/stats/fairness.h"
#include "app/progress_bar.h"
#include "sim/run/run_bots.h"
#include "sim/run/session_failure.h"
#include "sim/run/runner.h"
#include "strategies/registry.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

struct FairnessCommandOptions {
  FairnessSetup setup;
  std::vector<std::string> commands;  // --command, each a program and its arguments split at spaces
  int threads = 0;
  bool json = false;
};

std::vector<std::string> split_at_spaces(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

std::string format(const char* pattern, auto... values) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, pattern, values...);
  return buffer;
}

nlohmann::json interval_json(const std::optional<Interval>& interval) {
  return interval ? nlohmann::json::array({interval->lo, interval->hi}) : nlohmann::json(nullptr);
}

std::string percent_level(double level) { return format("%.6g%%", 100.0 * level); }

// The label with the largest |z| of its win rate and the one with the
// largest |t| of its mean place: the figures closest to failing.
const LabelFairness* worst_by(const FairnessVerdict& verdict, double LabelFairness::*statistic) {
  const LabelFairness* worst = nullptr;
  for (const LabelFairness& label : verdict.labels) {
    if (worst == nullptr || std::fabs(label.*statistic) > std::fabs(worst->*statistic)) worst = &label;
  }
  return worst;
}

void print_table(std::ostream& out, const FairnessCommandOptions& options, const FairnessVerdict& verdict, int threads,
                 double seconds) {
  const FairnessSetup& setup = options.setup;
  const int checks = (verdict.adjusted ? 4 : 2) * static_cast<int>(verdict.labels.size());
  const std::string level = percent_level(verdict.interval_level);
  const std::string strategy = setup.commands.empty() ? setup.strategy : "process";
  out << "Fairness check: " << setup.players << " x " << strategy << " (labels " << fairness_label(setup, 0) << ".."
      << fairness_label(setup, setup.players - 1) << "), " << verdict.tournaments << " tournaments, seed " << setup.seed
      << ", random seating\n";
  for (std::size_t c = 0; c < setup.commands.size(); ++c) {
    out << (setup.commands.size() == 1 ? std::string("every label") : "p" + std::to_string(c + 1) + "-*") << " runs:";
    for (const std::string& word : setup.commands[c]) out << " " << word;
    out << "\n";
  }
  out << format("Expected of every label: win rate 1/%d = %.3f%%, mean place %.3f\n", setup.players,
                100.0 * verdict.expected_win_rate, verdict.expected_mean_place);
  out << "Margin: each label interval at " << level << " (Bonferroni: at most " << percent_level(kLabelAlpha)
      << " false alarms over " << checks << " checks; Wilson for win rates, Student t for mean places);\n"
      << "        seats: chi-square p-value must exceed " << kSeatAlpha << ".\n\n";

  out << format("%-12s %9s %8s  %-22s %7s %4s %9s  %-18s %7s %4s\n", "label", "entries", "win%",
                (level + " interval").c_str(), "z", "", "mean pl.", (level + " interval").c_str(), "t", "");
  for (const LabelFairness& label : verdict.labels) {
    const std::string win_interval =
        label.win_rate_interval
            ? format("[%.3f, %.3f]", 100.0 * label.win_rate_interval->lo, 100.0 * label.win_rate_interval->hi)
            : "-";
    const std::string place_interval =
        label.mean_place_interval ? format("[%.4f, %.4f]", label.mean_place_interval->lo, label.mean_place_interval->hi)
                                  : "-";
    out << format("%-12s %9lld %8.3f  %-22s %+7.2f %4s %9.4f  %-18s %+7.2f %4s\n", label.label.c_str(),
                  static_cast<long long>(label.entries), 100.0 * label.win_rate, win_interval.c_str(), label.win_rate_z,
                  label.win_rate_fair ? "ok" : "BIAS", label.mean_place, place_interval.c_str(), label.mean_place_t,
                  label.mean_place_fair ? "ok" : "BIAS");
  }
  if (verdict.adjusted) {
    out << "\nluck-adjusted (Student t at " << level << "):\n";
    out << format("%-12s %8s  %-22s %7s %4s %9s  %-18s %7s %4s\n", "label", "adj win%", (level + " interval").c_str(),
                  "t", "", "adj pl.", (level + " interval").c_str(), "t", "");
    for (const LabelFairness& label : verdict.labels) {
      const std::string win_interval = label.adjusted_win_rate_interval
                                           ? format("[%.3f, %.3f]", 100.0 * label.adjusted_win_rate_interval->lo,
                                                    100.0 * label.adjusted_win_rate_interval->hi)
                                           : "-";
      const std::string place_interval =
          label.adjusted_mean_place_interval
              ? format("[%.4f, %.4f]", label.adjusted_mean_place_interval->lo, label.adjusted_mean_place_interval->hi)
              : "-";
      out << format("%-12s %8.3f  %-22s %+7.2f %4s %9.4f  %-18s %+7.2f %4s\n", label.label.c_str(),
                    100.0 * label.adjusted_win_rate.value_or(0.0), win_interval.c_str(), label.adjusted_win_rate_t,
                    label.adjusted_fair ? "ok" : "BIAS", label.adjusted_mean_place.value_or(0.0),
                    place_interval.c_str(), label.adjusted_mean_place_t, label.adjusted_fair ? "ok" : "BIAS");
    }
  }
  out << "\nseat  win%\n";
  for (std::size_t seat = 0; seat < verdict.seat_win_rate.size(); ++seat) {
    out << format("%-4zu  %.3f\n", seat, 100.0 * verdict.seat_win_rate[seat]);
  }
  if (verdict.seats) {
    out << format("seats: chi-square %.3f, df %d, p-value %.4g (must exceed %g)  %s\n", verdict.seats->statistic,
                  verdict.seats->degrees, verdict.seats->p_value, kSeatAlpha, verdict.seats_fair ? "ok" : "BIAS");
  } else {
    out << "seats: no first place to test  BIAS\n";
  }
  const LabelFairness* worst_win = worst_by(verdict, &LabelFairness::win_rate_z);
  const LabelFairness* worst_place = worst_by(verdict, &LabelFairness::mean_place_t);
  if (worst_win != nullptr && worst_place != nullptr) {
    out << format("worst label deviations: %s win rate %+.3f points (z %+.2f), %s mean place %+.4f (t %+.2f)\n",
                  worst_win->label.c_str(), 100.0 * (worst_win->win_rate - verdict.expected_win_rate),
                  worst_win->win_rate_z, worst_place->label.c_str(),
                  worst_place->mean_place - verdict.expected_mean_place, worst_place->mean_place_t);
  }
  out << (verdict.passed() ? "PASS" : "FAIL") << format(" (%.1f s on %d threads)\n", seconds, threads);
}

nlohmann::json verdict_json(const FairnessCommandOptions& options, const Experiment& experiment,
                            const FairnessVerdict& verdict, int threads, double seconds) {
  nlohmann::json labels = nlohmann::json::array();
  for (const LabelFairness& label : verdict.labels) {
    labels.push_back({{"label", label.label},
                      {"entries", label.entries},
                      {"win_rate", label.win_rate},
                      {"win_rate_interval", interval_json(label.win_rate_interval)},
                      {"win_rate_z", label.win_rate_z},
                      {"win_rate_fair", label.win_rate_fair},
                      {"mean_place", label.mean_place},
                      {"mean_place_interval", interval_json(label.mean_place_interval)},
                      {"mean_place_t", label.mean_place_t},
                      {"mean_place_fair", label.mean_place_fair}});
    if (verdict.adjusted) {
      nlohmann::json& entry = labels.back();
      entry["adjusted_win_rate"] =
          label.adjusted_win_rate ? nlohmann::json(*label.adjusted_win_rate) : nlohmann::json(nullptr);
      entry["adjusted_win_rate_interval"] = interval_json(label.adjusted_win_rate_interval);
      entry["adjusted_win_rate_t"] = label.adjusted_win_rate_t;
      entry["adjusted_mean_place"] =
          label.adjusted_mean_place ? nlohmann::json(*label.adjusted_mean_place) : nlohmann::json(nullptr);
      entry["adjusted_mean_place_interval"] = interval_json(label.adjusted_mean_place_interval);
      entry["adjusted_mean_place_t"] = label.adjusted_mean_place_t;
      entry["adjusted_fair"] = label.adjusted_fair;
    }
  }
  nlohmann::json seats = {{"win_rate", verdict.seat_win_rate}, {"fair", verdict.seats_fair}};
  seats["chi_square"] = verdict.seats ? nlohmann::json(verdict.seats->statistic) : nlohmann::json(nullptr);
  seats["df"] = verdict.seats ? nlohmann::json(verdict.seats->degrees) : nlohmann::json(nullptr);
  seats["p_value"] = verdict.seats ? nlohmann::json(verdict.seats->p_value) : nlohmann::json(nullptr);
  return {{"check", "fairness"},
          {"passed", verdict.passed()},
          {"players", options.setup.players},
          {"strategy", options.setup.commands.empty() ? options.setup.strategy : std::string("process")},
          {"commands", options.setup.commands},
          {"tournaments", verdict.tournaments},
          {"seed", options.setup.seed},
          {"threads", threads},
          {"wall_seconds", seconds},
          {"expected_win_rate", verdict.expected_win_rate},
          {"expected_mean_place", verdict.expected_mean_place},
          {"margin",
           {{"label_alpha", kLabelAlpha},
            {"label_checks", (verdict.adjusted ? 4 : 2) * verdict.labels.size()},
            {"interval_level", verdict.interval_level},
            {"adjustment", "bonferroni"},
            {"seat_alpha", kSeatAlpha}}},
          {"intervals", {{"proportion", "wilson"}, {"mean", "student-t"}, {"seats", "pearson-chi-square"}}},
          {"labels", std::move(labels)},
          {"seats", std::move(seats)},
          {"config", experiment.source_text}};
}

void check_fairness(FairnessCommandOptions options) {
  for (const std::string& command : options.commands) {
    options.setup.commands.push_back(split_at_spaces(command));
    if (options.setup.commands.back().empty()) {
      std::cerr << "check fairness: --command is empty\n";
      throw CLI::RuntimeError(kExitBadInput);
    }
  }
  const bool process = !options.setup.commands.empty();
  if (!process && (find_strategy(options.setup.strategy) == nullptr || options.setup.strategy == "plugin" ||
                   options.setup.strategy == "process")) {
    std::cerr << "check fairness: unknown strategy '" << options.setup.strategy << "' (built-in ones:";
    for (const std::string& name : strategy_names()) {
      if (name != "plugin") std::cerr << " " << name;
    }
    std::cerr << ")\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  Experiment experiment;
  try {
    // Relative programs and scripts are relative to where the check runs.
    experiment = fairness_experiment(options.setup, (std::filesystem::current_path() / "fairness-check").string());
  } catch (const ConfigError& error) {
    std::cerr << "check fairness: " << error.message << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  // Process bots are started and greeted first and sent bye after, as
  // `sngsim run` does (sim/run/run_bots.h); their logs are kept in a scratch
  // folder the table names.
  const std::filesystem::path scratch =
      std::filesystem::temp_directory_path() / ("sngsim-fairness-" + std::to_string(::getpid()));
  std::optional<RunBots> bots;
  if (process) {
    std::filesystem::create_directories(scratch);
    try {
      bots.emplace(experiment, scratch, 0);
    } catch (const SessionFailure& failure) {  // a bot that cannot start: nothing was made
      std::error_code ignored;
      std::filesystem::remove_all(scratch, ignored);
      std::cerr << "check fairness: " << failure.what() << "\n";
      throw CLI::RuntimeError(failure.kind == SessionFailureKind::kBadInput ? kExitBadInput : kExitOutputError);
    }
  }

  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  RunOptions run_options;
  run_options.threads = threads;
  std::unique_ptr<ProgressBar> progress;
  if (isatty(STDERR_FILENO)) {
    progress = std::make_unique<ProgressBar>(std::cerr);
    run_options.progress = [&progress](std::int64_t done, std::int64_t total) { progress->update(done, total); };
  }
  RunResult result;
  try {
    result = run_experiment(experiment, run_options);
  } catch (const BotSetupFailure& failure) {
    std::cerr << "check fairness: " << failure.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (progress) progress->finish();
  if (bots) {
    bots->finish();
    bots->move_logs_into(scratch);
    std::cerr << "the bots' stderr logs: " << (scratch / "bots").string() << "\n";
  }

  const FairnessVerdict verdict = judge_fairness(result.cells.at(0));
  if (options.json) {
    std::cout << verdict_json(options, experiment, verdict, threads, result.wall_seconds).dump(2) << "\n";
  } else {
    print_table(std::cout, options, verdict, threads, result.wall_seconds);
  }
  if (!verdict.passed()) throw CLI::RuntimeError(kExitFailure);
}

}  // namespace

void add_check_command(CLI::App& app) {
  CLI::App* check = app.add_subcommand("check", "Statistical self-checks of the simulator.");
  check->require_subcommand(1);

  auto options = std::make_shared<FairnessCommandOptions>();
  CLI::App* fairness = check->add_subcommand(
      "fairness",
      "Play N identical strategies under different labels with the normal runner and check that no\n"
      "label and no seat is favoured: every label's win rate must cover 1/N and its mean place\n"
      "(N+1)/2 in its Bonferroni-adjusted interval (Wilson, Student t; at most 0.1% false alarms\n"
      "over all labels), and the seats' win counts must pass a chi-square test against an even\n"
      "spread (p-value above 0.001). With --adjust-luck each label's luck-adjusted win rate and mean\n"
      "place must cover them too (Student t; the 4N label checks share the 0.1%).\n"
      "Prints a table and PASS or FAIL.\n"
      "Exit codes: 0 pass, 1 fail, 2 bad input.");
  fairness->add_option("-p,--players", options->setup.players, "Players at the table, all playing --strategy")
      ->check(CLI::Range(2, 6))
      ->capture_default_str();
  fairness->add_option("--strategy", options->setup.strategy, "Built-in strategy every seat plays (default parameters)")
      ->capture_default_str();
  fairness->add_option("--command", options->commands,
                       "A bot in another process instead (docs/bot-protocol.md): its program and arguments,\n"
                       "split at spaces, e.g. --command 'python3 my_bot.py'. Given once, every seat runs it\n"
                       "(labels process-1..N); given several times, the seats run the commands in turn\n"
                       "(labels p1-1, p2-2, ...): two programs of one strategy must pass as one would.");
  fairness->add_option("-n,--tournaments", options->setup.tournaments, "Tournaments to play")
      ->check(CLI::Range(std::int64_t{2}, std::int64_t{1} << 40))
      ->capture_default_str();
  fairness->add_option("-s,--seed", options->setup.seed, "Seed; same seed, same verdict")->capture_default_str();
  fairness
      ->add_option("-t,--threads", options->threads,
                   "Worker threads (default: every core); results do not depend on it")
      ->check(CLI::NonNegativeNumber);
  fairness->add_flag("--adjust-luck", options->setup.adjust_luck,
                     "Also judge the luck-adjusted estimates (adjust_luck: true, docs/statistics.md)");
  fairness->add_flag("--json", options->json, "Print the verdict as JSON instead of a table");
  fairness->callback([options] { check_fairness(*options); });
}

}  // namespace sngsim
