#include "sim/report/summary.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>

#include "sim/stats/chi_square.h"
#include "sim/stats/intervals.h"
#include "sim/report/summary_formats.h"

namespace sngsim {

namespace {

using nlohmann::json;

// Nearest-rank percentile of a histogram: the smallest h whose cumulative
// count reaches percent% of the total, compared in integers.
json histogram_percentile(const std::vector<std::int64_t>& histogram, std::int64_t total, int percent) {
  if (total <= 0) return nullptr;
  std::int64_t cumulative = 0;
  for (std::size_t h = 0; h < histogram.size(); ++h) {
    cumulative += histogram[h];
    if (static_cast<Int128>(cumulative) * 100 >= static_cast<Int128>(total) * percent)
      return static_cast<std::int64_t>(h);
  }
  return nullptr;  // unreachable for a consistent histogram
}

json hands_json(const CellStats& stats) {
  const std::int64_t n = stats.tournaments();
  const auto& histogram = stats.hands_histogram();
  json result;
  result["mean"] = n > 0 ? json(static_cast<double>(stats.hands_sum()) / static_cast<double>(n)) : json(nullptr);
  const std::optional<double> variance = sample_variance(n, stats.hands_sum(), stats.hands_sq_sum());
  result["sd"] = variance ? json(std::sqrt(*variance)) : json(nullptr);
  // The interval of the mean is what makes two cells' lengths comparable.
  result["mean_ci95"] = variance ? to_json(t_interval(static_cast<double>(stats.hands_sum()) / static_cast<double>(n),
                                                      std::sqrt(*variance), n))
                                 : json(nullptr);
  result["median"] = histogram_percentile(histogram, n, 50);
  result["p10"] = histogram_percentile(histogram, n, 10);
  result["p90"] = histogram_percentile(histogram, n, 90);
  json max = nullptr;
  for (std::size_t h = histogram.size(); h-- > 0;) {
    if (histogram[h] > 0) {
      max = static_cast<std::int64_t>(h);
      break;
    }
  }
  result["max"] = max;
  // Index h - 1 for h = 1..cap; a tournament of zero hands (fewer than two
  // players) has no bucket but still counts in the mean.
  result["histogram"] = std::vector<std::int64_t>(histogram.begin() + 1, histogram.end());
  return result;
}

// V6: the prize pool is every buy-in less the fee; times 100 it is an
// integer, which keeps mean prizes and ROI a single rounding from exact.
Int128 prize_pool_times_100(const Payouts& payouts, int players) {
  return static_cast<Int128>(players) * payouts.buy_in * (100 - payouts.fee_percent);
}

json head_to_head_json(const CellStats& stats) {
  json result = json::array();
  const auto& labels = stats.labels();
  for (int a = 0; a < stats.label_count(); ++a) {
    for (int b = 0; b < stats.label_count(); ++b) {
      if (a == b) continue;
      const HeadToHead& h = stats.head_to_head(a, b);
      json entry;
      entry["a"] = labels[static_cast<std::size_t>(a)];
      entry["b"] = labels[static_cast<std::size_t>(b)];
      entry["above"] = h.above;
      entry["below"] = h.below;
      entry["tied"] = h.tied;
      entry["tournaments"] = h.tournaments;
      std::optional<double> fraction;
      std::optional<Interval> ci;
      if (h.pairs() > 0) {
        // Ties count half: (2 * above + tied) / (2 * pairs).
        fraction = static_cast<double>(2 * h.above + h.tied) / (2.0 * static_cast<double>(h.pairs()));
        const double trials = static_cast<double>(h.tournaments);
        ci = wilson_interval(*fraction * trials, trials);
      }
      entry["a_above_b"] = to_json(fraction);
      entry["ci95"] = to_json(ci);
      result.push_back(std::move(entry));
    }
  }
  return result;
}

// First places seat by seat, tested against an even spread (sim/stats/chi_square.h:
// a shared first place counts as its share at each seat, which keeps the
// p-value conservative). Every seat of a sit-and-go is taken in every
// tournament (R1), so every seat expects the same count; the test is null
// should the entries ever differ.
json by_seat_json(const CellStats& stats) {
  const std::vector<std::int64_t>& entries = stats.seat_entries();
  const std::vector<std::int64_t>& shares = stats.seat_win_shares();
  json win_rate = json::array();
  for (std::size_t seat = 0; seat < entries.size(); ++seat) {
    win_rate.push_back(to_json(exact_ratio(shares[seat], static_cast<Int128>(kShareUnit) * entries[seat])));
  }
  const bool even = std::adjacent_find(entries.begin(), entries.end(), std::not_equal_to<>()) == entries.end();
  const std::optional<ChiSquareTest> test = even ? chi_square_uniform(shares, kShareUnit) : std::nullopt;
  json result;
  result["entries"] = entries;
  result["win_rate"] = std::move(win_rate);
  result["chi_square"] = test ? json(test->statistic) : json(nullptr);
  result["df"] = test ? json(test->degrees) : json(nullptr);
  result["p_value"] = test ? json(test->p_value) : json(nullptr);
  return result;
}

json cell_json(const Cell& cell, const CellStats& stats, std::size_t index) {
  json result;
  result["index"] = index;
  result["format"] = format_name(Format::kSitAndGo);
  json params = json::object();
  for (const auto& [key, value] : cell.params) params[key] = value;
  result["params"] = std::move(params);
  result["labels"] = stats.labels();
  result["seats"] = stats.players();
  result["hand_cap"] = stats.hand_cap();
  result["hands_per_level"] = cell.rules.schedule.hands_per_level();  // the blind speed
  const std::int64_t n = stats.tournaments();
  result["tournaments"] = n;
  result["hands"] = hands_json(stats);
  result["capped"] = stats.capped();
  result["capped_fraction"] =
      n > 0 ? json(static_cast<double>(stats.capped()) / static_cast<double>(n)) : json(nullptr);
  result["capped_fraction_ci95"] =
      to_json(wilson_interval(static_cast<double>(stats.capped()), static_cast<double>(n)));
  const auto& levels = stats.level_histogram();
  result["level_reached"] = std::vector<std::int64_t>(levels.begin() + 1, levels.end());

  json survival = json::array();
  for (int h = 0; h <= stats.hand_cap(); ++h) {
    survival.push_back(n > 0 ? json(static_cast<double>(stats.players_left_after(h)) / static_cast<double>(n))
                             : json(nullptr));
  }
  result["survival"] = std::move(survival);

  const Payouts& payouts = cell.payouts;
  result["payouts"] = {{"percent", payouts.percent},
                       {"buy_in", payouts.buy_in},
                       {"fee_percent", payouts.fee_percent},
                       {"icm_at_cap", stats.icm_at_cap()},  // reported, not the setting
                       {"prize_pool", to_json(exact_ratio(prize_pool_times_100(payouts, stats.players()), 100))}};

  json players = json::object();
  for (int label = 0; label < stats.label_count(); ++label) {
    json& player = players[stats.labels()[static_cast<std::size_t>(label)]];
    player = label_json(summarize_label(stats, label, payouts));
    if (stats.luck() != nullptr) player["luck_adjusted"] = luck_adjusted_json(stats, label, payouts);
  }
  result["players"] = std::move(players);
  if (stats.luck() != nullptr) result["variance_reduction"] = variance_reduction_json(stats);
  result["head_to_head"] = head_to_head_json(stats);
  result["by_seat"] = by_seat_json(stats);
  if (!stats.fault_examples().list().empty()) {
    json examples = json::array();
    for (const FaultExample& e : stats.fault_examples().list()) {
      examples.push_back({{"tournament", e.tournament},
                          {"hand", e.hand},
                          {"seat", e.seat},
                          {"label", stats.labels()[static_cast<std::size_t>(e.label)]},
                          {"reason", fault_reason_name(e.reason)}});
    }
    result["fault_examples"] = std::move(examples);
  }
  return result;
}

}  // namespace

void add_fault_fields(nlohmann::json& player, const FaultCounts& faults, bool clocked) {
  player["faults"] = faults.total();
  if (faults.total() > 0) {
    json by_reason = json::object();
    for (std::size_t r = 0; r < faults.by_reason.size(); ++r) {
      if (faults.by_reason[r] > 0) by_reason[kFaultReasonNames[r]] = faults.by_reason[r];
    }
    player["faults_by_reason"] = std::move(by_reason);
  }
  if (clocked) {
    player["timeouts"] = faults.count(FaultReason::kTimeout);
    player["time_bank_used_s"] = static_cast<double>(faults.bank_used_us) / 1e6;
  }
}

nlohmann::json label_json(const LabelSummary& summary) {
  json result;
  result["entries"] = summary.entries;
  add_fault_fields(result, summary.faults, summary.clocked);
  json places = json::array();
  for (const std::optional<double>& place : summary.places) places.push_back(to_json(place));
  result["places"] = std::move(places);
  result["mean_place"] = to_json(summary.mean_place);
  result["mean_place_ci95"] = to_json(summary.mean_place_ci95);
  result["win_rate"] = to_json(summary.win_rate);
  result["win_rate_ci95"] = to_json(summary.win_rate_ci95);
  result["itm_rate"] = to_json(summary.itm_rate);
  result["itm_rate_ci95"] = to_json(summary.itm_rate_ci95);
  result["mean_prize"] = to_json(summary.mean_prize);
  result["roi"] = to_json(summary.roi);
  result["roi_ci95"] = to_json(summary.roi_ci95);
  result["chips_at_cap_count"] = summary.chips_at_cap_count;
  result["avg_chips_at_cap"] = to_json(summary.avg_chips_at_cap);
  if (summary.table_wins) {
    result["table_wins"] = summary.table_wins->count;
    result["table_win_rate"] = to_json(summary.table_wins->rate);
    result["table_win_rate_ci95"] = to_json(summary.table_wins->rate_ci95);
  } else {
    result["icm_prize"] = to_json(summary.icm_prize);
    result["icm_roi"] = to_json(summary.icm_roi);
    result["icm_roi_ci95"] = to_json(summary.icm_roi_ci95);
    // The rank order at the cap (issue 21, docs/statistics.md).
    result["capped_entries"] = summary.capped_entries;
    result["capped_mean_place"] = to_json(summary.capped_mean_place);
    result["capped_mean_place_ci95"] = to_json(summary.capped_mean_place_ci95);
    result["uncapped_mean_place"] = to_json(summary.uncapped_mean_place);
    result["uncapped_mean_place_ci95"] = to_json(summary.uncapped_mean_place_ci95);
    result["capped_icm_prize"] = to_json(summary.capped_icm_prize);
  }
  return result;
}

namespace {

// Decisions that ran out of time (V5) in every cell, whatever the format.
std::int64_t timeouts_of(const std::vector<CellStats>& cells) {
  std::int64_t timeouts = 0;
  for (const CellStats& stats : cells) {
    for (int label = 0; label < stats.label_count(); ++label) {
      const FaultCounts& faults = stats.shootout() != nullptr ? stats.shootout()->label_totals(label).faults
                                  : stats.cash() != nullptr   ? stats.cash()->label_totals(label).faults
                                                              : stats.label_totals(label).faults;
      timeouts += faults.count(FaultReason::kTimeout);
    }
  }
  return timeouts;
}

}  // namespace

nlohmann::json summarize(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance) {
  if (cells.size() != experiment.cells.size()) {
    throw std::invalid_argument("summarize: " + std::to_string(cells.size()) + " statistics for " +
                                std::to_string(experiment.cells.size()) + " cells");
  }
  if (!provenance.stop_reasons.empty() && provenance.stop_reasons.size() != cells.size()) {
    throw std::invalid_argument("summarize: " + std::to_string(provenance.stop_reasons.size()) +
                                " stop reasons for " + std::to_string(cells.size()) + " cells");
  }
  json summary;
  summary["format"] = "sngsim-summary/1";
  summary["name"] = experiment.name;
  summary["seed"] = provenance.seed;
  summary["tournaments"] = experiment.tournaments;
  std::int64_t done = 0;
  for (const CellStats& stats : cells) done += stats.tournaments();
  summary["tournaments_done"] = done;
  summary["partial"] = provenance.partial;
  // How every *_ci95 and p-value below is computed (sim/report/summary.h).
  summary["intervals"] = {{"level", 0.95},
                          {"proportion", "wilson"},
                          {"mean", "student-t"},
                          {"by_seat", "pearson-chi-square"}};
  summary["provenance"] = {{"version", provenance.version},
                           {"commit", provenance.commit},
                           {"config_hash", provenance.config_hash},
                           {"threads", provenance.threads},
                           {"ranks", provenance.ranks},
                           {"wall_seconds", provenance.wall_seconds}};
  if (!provenance.shard.empty()) summary["provenance"]["shard"] = provenance.shard;
  // A timeout depends on the machine's speed, not only on the file and seed.
  if (const std::int64_t timeouts = timeouts_of(cells); timeouts > 0) {
    summary["provenance"]["timing_dependent"] = true;
    summary["provenance"]["timeouts"] = timeouts;
  }
  json cell_list = json::array();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell& cell = experiment.cells[i];
    if (cells[i].format() != cell.format) throw std::invalid_argument("summarize: statistics of another format");
    switch (cell.format) {
      case Format::kSitAndGo: cell_list.push_back(cell_json(cell, cells[i], i)); break;
      case Format::kShootout: cell_list.push_back(shootout_cell_json(cell, cells[i], i)); break;
      case Format::kCash: cell_list.push_back(cash_cell_json(cell, cells[i], i)); break;
    }
    json& out = cell_list.back();
    out["paired"] = paired_json(cells[i]);
    // The runner's reason for stopping the cell early (sim/stats/stop_decision.h).
    const bool stopped = !provenance.stop_reasons.empty() && !provenance.stop_reasons[i].empty();
    out["stopped"] = stopped ? json{{"reason", provenance.stop_reasons[i]}, {"tournaments", cells[i].tournaments()}}
                             : json(nullptr);
  }
  summary["cells"] = std::move(cell_list);
  return summary;
}

}  // namespace sngsim
