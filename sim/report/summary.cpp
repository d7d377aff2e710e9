#include "sim/report/summary.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>

#include "sim/report/summary_formats.h"

namespace sngsim {

namespace {

// Nearest-rank percentile of a histogram: the smallest h whose cumulative
// count reaches percent% of the total, compared in integers.
std::optional<std::int64_t> histogram_percentile(const std::vector<std::int64_t>& histogram, std::int64_t total,
                                                 int percent) {
  if (total <= 0) return std::nullopt;
  std::int64_t cumulative = 0;
  for (std::size_t h = 0; h < histogram.size(); ++h) {
    cumulative += histogram[h];
    if (static_cast<Int128>(cumulative) * 100 >= static_cast<Int128>(total) * percent)
      return static_cast<std::int64_t>(h);
  }
  return std::nullopt;  // unreachable for a consistent histogram
}

HandsSummary hands_summary(const CellStats& stats) {
  const std::int64_t n = stats.tournaments();
  const auto& histogram = stats.hands_histogram();
  HandsSummary result;
  if (n > 0) result.mean = static_cast<double>(stats.hands_sum()) / static_cast<double>(n);
  if (const std::optional<double> variance = sample_variance(n, stats.hands_sum(), stats.hands_sq_sum())) {
    result.sd = std::sqrt(*variance);
    // The interval of the mean is what makes two cells' lengths comparable.
    result.mean_ci95 = t_interval(*result.mean, *result.sd, n);
  }
  result.median = histogram_percentile(histogram, n, 50);
  result.p10 = histogram_percentile(histogram, n, 10);
  result.p90 = histogram_percentile(histogram, n, 90);
  for (std::size_t h = histogram.size(); h-- > 0;) {
    if (histogram[h] > 0) {
      result.max = static_cast<std::int64_t>(h);
      break;
    }
  }
  // Index h - 1 for h = 1..cap; a tournament of zero hands (fewer than two
  // players) has no bucket but still counts in the mean.
  result.histogram.assign(histogram.begin() + 1, histogram.end());
  return result;
}

std::vector<HeadToHeadSummary> head_to_head_summary(const CellStats& stats) {
  std::vector<HeadToHeadSummary> result;
  const auto& labels = stats.labels();
  for (int a = 0; a < stats.label_count(); ++a) {
    for (int b = 0; b < stats.label_count(); ++b) {
      if (a == b) continue;
      const HeadToHead& h = stats.head_to_head(a, b);
      HeadToHeadSummary entry;
      entry.a = labels[static_cast<std::size_t>(a)];
      entry.b = labels[static_cast<std::size_t>(b)];
      entry.above = h.above;
      entry.below = h.below;
      entry.tied = h.tied;
      entry.tournaments = h.tournaments;
      if (h.pairs() > 0) {
        // Ties count half: (2 * above + tied) / (2 * pairs).
        entry.a_above_b = static_cast<double>(2 * h.above + h.tied) / (2.0 * static_cast<double>(h.pairs()));
        const double trials = static_cast<double>(h.tournaments);
        entry.ci95 = wilson_interval(*entry.a_above_b * trials, trials);
      }
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
BySeatSummary by_seat_summary(const CellStats& stats) {
  BySeatSummary result;
  result.entries = stats.seat_entries();
  const std::vector<std::int64_t>& shares = stats.seat_win_shares();
  for (std::size_t seat = 0; seat < result.entries.size(); ++seat) {
    result.win_rate.push_back(exact_ratio(shares[seat], static_cast<Int128>(kShareUnit) * result.entries[seat]));
  }
  const auto& entries = result.entries;
  const bool even = std::adjacent_find(entries.begin(), entries.end(), std::not_equal_to<>()) == entries.end();
  if (even) result.test = chi_square_uniform(shares, kShareUnit);
  return result;
}

SitAndGoSummary sit_and_go_summary(const Cell& cell, const CellStats& stats) {
  SitAndGoSummary result;
  result.seats = stats.players();
  result.hand_cap = stats.hand_cap();
  result.hands_per_level = cell.rules.schedule.hands_per_level();  // the blind speed
  const std::int64_t n = stats.tournaments();
  result.hands = hands_summary(stats);
  result.capped = stats.capped();
  if (n > 0) result.capped_fraction = static_cast<double>(stats.capped()) / static_cast<double>(n);
  result.capped_fraction_ci95 = wilson_interval(static_cast<double>(stats.capped()), static_cast<double>(n));
  const auto& levels = stats.level_histogram();
  result.level_reached.assign(levels.begin() + 1, levels.end());
  for (int h = 0; h <= stats.hand_cap(); ++h) {
    result.survival.push_back(
        n > 0 ? std::optional<double>(static_cast<double>(stats.players_left_after(h)) / static_cast<double>(n))
              : std::nullopt);
  }
  result.icm_at_cap = stats.icm_at_cap();
  for (int label = 0; label < stats.label_count(); ++label) {
    PlayerSummary player{summarize_label(stats, label, cell.payouts), std::nullopt};
    if (stats.luck() != nullptr) player.luck_adjusted = summarize_luck(stats, label, cell.payouts);
    result.players.push_back(std::move(player));
  }
  if (stats.luck() != nullptr) result.variance_reduction = variance_reduction(stats);
  if (stats.has_head_to_head()) result.head_to_head = head_to_head_summary(stats);  // not a league's
  result.by_seat = by_seat_summary(stats);
  result.fault_examples = stats.fault_examples().list();
  return result;
}

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

Int128 prize_pool_times_100(const Payouts& payouts, int players) {
  return static_cast<Int128>(players) * payouts.buy_in * (100 - payouts.fee_percent);
}

RunSummary summarize_run(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance) {
  if (cells.size() != experiment.cells.size()) {
    throw std::invalid_argument("summarize: " + std::to_string(cells.size()) + " statistics for " +
                                std::to_string(experiment.cells.size()) + " cells");
  }
  if (!provenance.stop_reasons.empty() && provenance.stop_reasons.size() != cells.size()) {
    throw std::invalid_argument("summarize: " + std::to_string(provenance.stop_reasons.size()) + " stop reasons for " +
                                std::to_string(cells.size()) + " cells");
  }
  RunSummary summary;
  summary.name = experiment.name;
  summary.tournaments = experiment.tournaments;
  for (const CellStats& stats : cells) summary.tournaments_done += stats.tournaments();
  summary.provenance = provenance;
  summary.timeouts = timeouts_of(cells);
  summary.baseline = experiment.baseline;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell& cell = experiment.cells[i];
    const CellStats& stats = cells[i];
    if (stats.format() != cell.format) throw std::invalid_argument("summarize: statistics of another format");
    CellSummary out;
    out.index = i;
    out.format = cell.format;
    out.params = cell.params;
    out.labels = stats.labels();
    out.payouts = cell.payouts;
    switch (cell.format) {
      case Format::kSitAndGo:
        out.tournaments = stats.tournaments();
        out.prize_pool = exact_ratio(prize_pool_times_100(cell.payouts, stats.players()), 100);
        out.detail = sit_and_go_summary(cell, stats);
        break;
      case Format::kShootout:
        out.tournaments = stats.shootout()->shootouts();
        out.prize_pool = exact_ratio(prize_pool_times_100(cell.payouts, stats.shootout()->field()), 100);
        out.detail = shootout_summary(cell, stats);
        break;
      case Format::kCash:
        out.tournaments = stats.cash()->sessions();
        out.detail = cash_summary(cell, stats);
        break;
      case Format::kLeague: {
        out.tournaments = stats.tournaments();
        out.prize_pool = exact_ratio(prize_pool_times_100(cell.payouts, stats.players()), 100);
        LeagueSummary league = league_summary(cell, stats);
        league.tables = sit_and_go_summary(cell, stats);  // players[]: its entrants, label order
        out.detail = std::move(league);
        break;
      }
    }
    out.paired = paired_summary(stats);
    const SummaryContext context{cell, stats.labels(), out.tournaments, provenance.wall_seconds};
    for (const auto& collector : stats.collectors()) {
      std::optional<StatResult> result = collector->summarize(context);
      if (!result) continue;
      const CollectorInfo* info = find_collector(collector->name());
      out.statistics.push_back(StatSummary{std::string(collector->name()),
                                           info ? info->fields : std::vector<StatField>{}, info && info->csv,
                                           std::move(*result)});
    }
    // The runner's reason for stopping the cell early (sim/stats/stop_decision.h).
    if (!provenance.stop_reasons.empty() && !provenance.stop_reasons[i].empty()) {
      out.stop_reason = provenance.stop_reasons[i];
    }
    out.stopped_tournaments = stats.tournaments();
    summary.cells.push_back(std::move(out));
  }
  return summary;
}

nlohmann::json summarize(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance) {
  return summary_json(summarize_run(experiment, cells, provenance));
}

}  // namespace sngsim
