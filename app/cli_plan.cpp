// `sngsim plan`: how many tournaments a comparison of two labels needs, raw
// and luck-adjusted, under random and duplicate seating
// (sim/stats/sample_plan.h says how).

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli_commands.h"
#include "sim/run/run_bots.h"
#include "sim/run/session_failure.h"
#include "sim/config/duplicate.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "sim/stats/sample_plan.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

// A named namespace: the app is built as one unity file, whose other
// commands have helpers of these names.
namespace plan_command {

struct PlanCommandOptions {
  std::string config;
  std::string metric = "roi";
  std::string label;
  std::string vs;
  double width = 0.0;
  std::int64_t pilot = 3000;
  std::optional<std::uint64_t> seed;
  std::vector<std::string> overrides;
  std::optional<int> cell;
  int threads = 0;
  bool json = false;
};

[[noreturn]] void bad_input(const std::string& message) {
  std::cerr << "plan: " << message << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

std::string format(const char* pattern, auto... values) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, pattern, values...);
  return buffer;
}

std::string with_commas(std::int64_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

std::string cell_name(const Cell& cell, std::size_t index) {
  std::string name = "cell " + std::to_string(index);
  if (!cell.params.empty()) {
    name += " (";
    for (std::size_t i = 0; i < cell.params.size(); ++i) {
      name += (i ? ", " : "") + cell.params[i].first + "=" + cell.params[i].second;
    }
    name += ")";
  }
  return name;
}

nlohmann::json optional_json(const std::optional<double>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

// The pilot, played as `sngsim run` plays it: process bots are started and
// greeted first (sim/run/run_bots.h) and sent bye after. Their logs go to a
// scratch folder that is removed afterwards; a bot that cannot start is
// reported with the end of its stderr (exit code 2).
RunResult play_pilot(const Experiment& pilot, const RunOptions& run_options) {
  const std::filesystem::path scratch =
      std::filesystem::temp_directory_path() / ("sngsim-plan-" + std::to_string(::getpid()));
  std::filesystem::create_directories(scratch);  // move_logs_into needs it
  std::error_code ignored;
  std::optional<RunBots> bots;
  RunResult result;
  try {
    bots.emplace(pilot, scratch, 0);
    result = run_experiment(pilot, run_options);
  } catch (const SessionFailure& failure) {  // a bot that cannot start: nothing was made
    std::filesystem::remove_all(scratch, ignored);
    std::cerr << failure.what() << "\n";
    throw CLI::RuntimeError(failure.kind == SessionFailureKind::kBadInput ? kExitBadInput : kExitOutputError);
  } catch (const BotSetupFailure& failure) {
    bots->finish();
    bots->move_logs_into(scratch);
    std::filesystem::remove_all(scratch, ignored);
    bad_input(failure.what());
  } catch (...) {
    std::filesystem::remove_all(scratch, ignored);
    throw;
  }
  bots->finish();
  bots->move_logs_into(scratch);  // out of the way, then gone: plan writes nothing
  std::filesystem::remove_all(scratch, ignored);
  return result;
}

void plan(const PlanCommandOptions& options) {
  const std::vector<std::string> metrics = {metric_name(Metric::kMeanPlace), metric_name(Metric::kWinRate),
                                            metric_name(Metric::kRoi)};
  const auto metric_at = std::find(metrics.begin(), metrics.end(), options.metric);
  if (metric_at == metrics.end())
    bad_input("unknown --metric '" + options.metric + "'; one of mean_place, win_rate, roi");
  const auto metric = static_cast<Metric>(metric_at - metrics.begin());
  if (!(options.width > 0.0)) bad_input("--width must be above 0");
  if (options.label == options.vs) bad_input("--vs must name another label than --label ('" + options.label + "')");

  std::vector<std::string> overrides = options.overrides;
  overrides.push_back("adjust_luck=true");
  if (options.seed) overrides.push_back("seed=" + std::to_string(*options.seed));
  Experiment base;
  try {
    base = load_experiment(options.config, overrides);
  } catch (const ConfigError& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (options.cell && (*options.cell < 0 || *options.cell >= static_cast<int>(base.cells.size()))) {
    bad_input("--cell " + std::to_string(*options.cell) + " is not a cell of " + options.config + " (0.." +
              std::to_string(base.cells.size() - 1) + ")");
  }

  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  nlohmann::json cells_json = nlohmann::json::array();
  for (std::size_t k = 0; k < base.cells.size(); ++k) {
    if (options.cell && static_cast<int>(k) != *options.cell) continue;
    Cell cell = base.cells[k];
    // The metrics are places and prizes (a sit-and-go's or a shoot-out's
    // overall ones); a cash table's adjusted bb/100 has no planner yet.
    if (cell.format == Format::kCash) {
      bad_input("plan compares labels of sit-and-go and shoot-out cells (mean place, win rate, ROI); " +
                cell_name(cell, k) + " is a cash table");
    }
    const std::vector<std::string> labels = cell_labels(cell);
    for (const std::string* name : {&options.label, &options.vs}) {
      if (std::find(labels.begin(), labels.end(), *name) == labels.end()) {
        std::string known;
        for (const std::string& label : labels) known += (known.empty() ? "" : ", ") + label;
        bad_input("'" + *name + "' is not a label of " + cell_name(cell, k) + "; labels: " + known);
      }
    }
    // One pilot measures all four designs: duplicate groups, with luck.
    if (cell.seating != Seating::kDuplicate) {
      cell.seating = Seating::kDuplicate;
      cell.duplicate = DuplicateRules{};
    }
    const std::int64_t group = duplicate_group_size(cell);
    Experiment pilot = base;
    pilot.cells = {cell};
    pilot.stop.reset();
    pilot.tournaments = std::max<std::int64_t>(2, (options.pilot + group - 1) / group) * group;
    RunOptions run_options;
    run_options.threads = threads;
    const RunResult result = play_pilot(pilot, run_options);
    const CellStats& stats = result.cells.at(0);
    const auto index_of = [&labels](const std::string& label) {
      return static_cast<int>(std::find(labels.begin(), labels.end(), label) - labels.begin());
    };
    const SamplePlan sample_plan =
        plan_difference(stats, index_of(options.label), index_of(options.vs), metric, options.width);

    nlohmann::json rows = nlohmann::json::array();
    const PlanRow& reference = sample_plan.rows[static_cast<std::size_t>(PlanDesign::kRandomRaw)];
    if (!options.json) {
      std::cout << cell_name(cell, k) << ": " << options.metric << " " << options.label << " - " << options.vs
                << ", 95% interval of full width " << format("%g", options.width) << "\n";
      std::cout << "  pilot: " << with_commas(sample_plan.pilot_tournaments) << " tournaments, "
                << with_commas(sample_plan.pilot_groups) << " groups of " << duplicate_group_name(cell) << ", seed "
                << pilot.seed << "; estimate " << format("%+.4g", sample_plan.raw_estimate.value_or(0.0)) << " raw, "
                << format("%+.4g", sample_plan.adjusted_estimate.value_or(0.0)) << " adjusted\n";
      std::cout << format("  %-22s %14s %20s %10s\n", "design", "sd/tournament", "tournaments needed", "fewer");
    }
    for (int d = 0; d < kPlanDesignCount; ++d) {
      const auto design = static_cast<PlanDesign>(d);
      const PlanRow& row = sample_plan.rows[static_cast<std::size_t>(d)];
      std::optional<double> factor;
      if (row.tournaments && reference.tournaments && row.sd_per_tournament && *row.sd_per_tournament > 0 &&
          reference.sd_per_tournament) {
        factor = std::pow(*reference.sd_per_tournament / *row.sd_per_tournament, 2);
      }
      rows.push_back({{"design", plan_design_name(design)},
                      {"sd_per_tournament", optional_json(row.sd_per_tournament)},
                      {"tournaments", row.tournaments ? nlohmann::json(*row.tournaments) : nlohmann::json(nullptr)},
                      {"factor", optional_json(factor)}});
      if (!options.json) {
        std::cout << format("  %-22s %14s %20s %10s\n", plan_design_name(design),
                            row.sd_per_tournament ? format("%.4g", *row.sd_per_tournament).c_str() : "-",
                            row.tournaments ? with_commas(*row.tournaments).c_str() : "-",
                            factor ? format("%.2fx", *factor).c_str() : "-");
      }
    }
    if (!options.json && sample_plan.relative_error) {
      std::cout << format(
          "  the pilot knows these counts to about +-%.0f%% (95%%, normal differences; more for "
          "heavy-tailed ones); a larger --pilot narrows that\n",
          100.0 * 1.96 * *sample_plan.relative_error);
    }
    cells_json.push_back({{"cell", k},
                          {"params", cell.params},
                          {"pilot_tournaments", sample_plan.pilot_tournaments},
                          {"pilot_groups", sample_plan.pilot_groups},
                          {"group_size", sample_plan.group_size},
                          {"raw_estimate", optional_json(sample_plan.raw_estimate)},
                          {"adjusted_estimate", optional_json(sample_plan.adjusted_estimate)},
                          {"relative_error", optional_json(sample_plan.relative_error)},
                          {"designs", std::move(rows)}});
  }
  if (options.json) {
    std::cout << nlohmann::json{{"plan", options.config},        {"metric", options.metric},
                                {"label", options.label},        {"vs", options.vs},
                                {"width", options.width},        {"seed", base.seed},
                                {"cells", std::move(cells_json)}}
                     .dump(2)
              << "\n";
  }
}

}  // namespace plan_command

void add_plan_command(CLI::App& app) {
  using plan_command::PlanCommandOptions;
  auto options = std::make_shared<PlanCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "plan",
      "How many tournaments a comparison needs. Plays a pilot of each cell with duplicate seating and\n"
      "adjust_luck, then prints, for the difference LABEL - VS on METRIC, the tournaments needed for a\n"
      "95% interval of full width W under four designs: random seating raw (the default run),\n"
      "random seating luck-adjusted (adjust_luck: true), duplicate seating raw (seating: duplicate)\n"
      "and both. The counts are the pilot's estimates (docs/statistics.md, \"Planning\").\n"
      "Every strategy plays, process bots included: they are started and greeted as `run` does (their\n"
      "logs are discarded) and the pilot plays them seated in duplicate groups.\n"
      "Example: sngsim plan configs/quickstart.yaml --metric roi --label tag --vs rock --width 0.05\n"
      "Exit codes: 0 done, 2 bad input (unknown label or metric, bad config, a bot that cannot start).");
  command->add_option("config", options->config, "Experiment file")->required()->check(CLI::ExistingFile);
  command->add_option("--metric", options->metric, "mean_place, win_rate or roi (fractions: 0.01 = one point)")
      ->capture_default_str();
  command->add_option("--label", options->label, "Label A")->required();
  command->add_option("--vs", options->vs, "Label B: the plan is for A's mean less B's")->required();
  command
      ->add_option("--width", options->width,
                   "Full width (hi - lo) of the 95% interval wanted, in the metric's unit (roi 0.02 = 2 points)")
      ->required();
  command->add_option("--pilot", options->pilot, "Pilot tournaments per cell (rounded up to whole duplicate groups)")
      ->check(CLI::Range(std::int64_t{2}, std::int64_t{1} << 40))
      ->capture_default_str();
  command->add_option("-s,--seed", options->seed, "Seed of the pilot (default: the file's)");
  command->add_option("--set", options->overrides, "Override a key, as `run --set` (repeatable)");
  command->add_option("--cell", options->cell, "Plan only this cell (index, as in summary.json)");
  command->add_option("-t,--threads", options->threads, "Worker threads (default: every core)")
      ->check(CLI::NonNegativeNumber);
  command->add_flag("--json", options->json, "Print the plan as JSON");
  command->callback([options] { plan_command::plan(*options); });
}

}  // namespace sngsim
