#include "sim/stats/fairness.h"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "sim/config/experiment_config.h"

namespace sngsim {

std::string fairness_label(const FairnessSetup& setup, int entrant) {
  const std::string number = std::to_string(entrant + 1);
  if (setup.commands.empty()) return setup.strategy + "-" + number;
  if (setup.commands.size() == 1) return "process-" + number;
  return "p" + std::to_string(static_cast<std::size_t>(entrant) % setup.commands.size() + 1) + "-" + number;
}

std::string fairness_config(const FairnessSetup& setup) {
  // Written as an experiment file so that the check runs exactly what
  // `sngsim run` would run from it, validated by the same reader.
  const std::string strategy = setup.commands.empty() ? setup.strategy : "process";
  std::string text = "name: fairness-" + strategy + "-" + std::to_string(setup.players) + "\n";
  text += "seed: " + std::to_string(setup.seed) + "\n";
  text += "tournaments: " + std::to_string(setup.tournaments) + "\n";
  text += "table: {players: " + std::to_string(setup.players) + "}\n";
  text += "seating: random\n";
  if (setup.adjust_luck) text += "adjust_luck: true\n";
  text += "lineup:\n";
  for (int i = 0; i < setup.players; ++i) {
    if (setup.commands.empty()) {
      text += "  - {strategy: " + setup.strategy + ", label: " + fairness_label(setup, i) + "}\n";
      continue;
    }
    // JSON strings are YAML double-quoted scalars: any argument survives.
    const nlohmann::json command = setup.commands[static_cast<std::size_t>(i) % setup.commands.size()];
    text += "  - {strategy: process, label: " + fairness_label(setup, i) + ", command: " + command.dump() + "}\n";
  }
  return text;
}

Experiment fairness_experiment(const FairnessSetup& setup, const std::string& config_path) {
  return parse_experiment(fairness_config(setup), config_path);
}

bool FairnessVerdict::passed() const {
  if (!seats_fair || labels.empty()) return false;
  for (const LabelFairness& label : labels) {
    if (!label.win_rate_fair || !label.mean_place_fair || !label.adjusted_fair) return false;
  }
  return true;
}

namespace {

bool covers(const std::optional<Interval>& interval, double value) {
  return interval && interval->lo <= value && value <= interval->hi;
}

// The adjusted moments of `metric`: estimate, interval at the verdict's
// level, t against `expected`.
void adjusted_check(const Moments& m, double expected, double level, std::optional<double>& value,
                    std::optional<Interval>& interval, double& t) {
  if (m.count == 0) return;
  const auto unit = static_cast<double>(kLuckUnit);
  value = static_cast<double>(static_cast<long double>(m.sum) / static_cast<long double>(m.count)) / unit;
  if (const auto variance = sample_variance(m.count, m.sum, m.sq_sum)) {
    const double sd = std::sqrt(*variance) / unit;
    interval = t_interval(*value, sd, m.count, level);
    if (sd > 0.0) t = (*value - expected) / (sd / std::sqrt(static_cast<double>(m.count)));
  }
}

void judge_adjusted(const CellStats& stats, int l, const FairnessVerdict& verdict, LabelFairness& label) {
  const LuckStats& luck = *stats.luck();
  adjusted_check(luck.adjusted(l, LuckMetric::kWin), verdict.expected_win_rate, verdict.interval_level,
                 label.adjusted_win_rate, label.adjusted_win_rate_interval, label.adjusted_win_rate_t);
  adjusted_check(luck.adjusted(l, LuckMetric::kPlace), verdict.expected_mean_place, verdict.interval_level,
                 label.adjusted_mean_place, label.adjusted_mean_place_interval, label.adjusted_mean_place_t);
  label.adjusted_fair = covers(label.adjusted_win_rate_interval, verdict.expected_win_rate) &&
                        covers(label.adjusted_mean_place_interval, verdict.expected_mean_place);
}

}  // namespace

FairnessVerdict judge_fairness(const CellStats& stats) {
  if (stats.format() != Format::kSitAndGo) {
    throw std::invalid_argument("the fairness check judges sit-and-go cells only");
  }
  FairnessVerdict verdict;
  const int players = stats.players();
  verdict.players = players;
  verdict.tournaments = stats.tournaments();
  verdict.expected_win_rate = 1.0 / players;
  verdict.expected_mean_place = (players + 1) / 2.0;
  verdict.adjusted = stats.luck() != nullptr;
  verdict.interval_level = 1.0 - kLabelAlpha / ((verdict.adjusted ? 4.0 : 2.0) * stats.label_count());
  const double z = normal_quantile(verdict.interval_level);
  const auto unit = static_cast<double>(kShareUnit);

  for (int l = 0; l < stats.label_count(); ++l) {
    const LabelTotals& totals = stats.label_totals(l);
    LabelFairness label;
    label.label = stats.labels()[static_cast<std::size_t>(l)];
    label.entries = totals.entries;
    if (totals.entries > 0) {
      const auto n = static_cast<double>(totals.entries);
      const double wins = static_cast<double>(totals.win_shares()) / unit;
      label.win_rate = wins / n;
      label.win_rate_interval = wilson_interval(wins, n, z);
      const double p = verdict.expected_win_rate;
      label.win_rate_z = (label.win_rate - p) / std::sqrt(p * (1.0 - p) / n);
      // Places are kept doubled (Placement::twice_mean) to stay integers.
      label.mean_place = static_cast<double>(totals.twice_mean_place_sum) / (2.0 * n);
      if (const auto variance =
              sample_variance(totals.entries, totals.twice_mean_place_sum, totals.twice_mean_place_sq_sum)) {
        const double sd = std::sqrt(*variance) / 2.0;
        label.mean_place_interval = t_interval(label.mean_place, sd, totals.entries, verdict.interval_level);
        if (sd > 0.0) label.mean_place_t = (label.mean_place - verdict.expected_mean_place) / (sd / std::sqrt(n));
      }
    }
    label.win_rate_fair = covers(label.win_rate_interval, verdict.expected_win_rate);
    label.mean_place_fair = covers(label.mean_place_interval, verdict.expected_mean_place);
    if (verdict.adjusted) judge_adjusted(stats, l, verdict, label);
    verdict.labels.push_back(std::move(label));
  }

  const std::vector<std::int64_t>& entries = stats.seat_entries();
  const std::vector<std::int64_t>& shares = stats.seat_win_shares();
  for (std::size_t seat = 0; seat < entries.size(); ++seat) {
    verdict.seat_win_rate.push_back(
        entries[seat] > 0 ? static_cast<double>(shares[seat]) / (unit * static_cast<double>(entries[seat])) : 0.0);
  }
  // Every seat of a sit-and-go is taken in every tournament (R1), so the
  // seats expect equal counts.
  verdict.seats = chi_square_uniform(shares, kShareUnit);
  verdict.seats_fair = verdict.seats && verdict.seats->p_value > kSeatAlpha;
  return verdict;
}

}  // namespace sngsim
