// The summary of a shoot-out cell: everything place-based is derived from
// each label's exact histogram of overall Placements {first, count}.

#include <cmath>
#include <optional>

#include "sim/report/summary_formats.h"
#include "sim/stats/intervals.h"
#include "sim/stats/luck_summary.h"

namespace sngsim {

namespace {

MeanSd mean_sd(std::int64_t n, std::int64_t sum, UInt128 sq_sum) {
  MeanSd result;
  result.mean = exact_ratio(sum, n);
  if (const auto variance = sample_variance(n, sum, sq_sum)) result.sd = std::sqrt(*variance);
  return result;
}

}  // namespace

ShootoutSummary shootout_summary(const Cell& cell, const CellStats& stats) {
  const ShootoutStats& s = *stats.shootout();
  ShootoutSummary result;
  result.seats = s.field();
  result.tables = s.tables();
  result.table_seats = s.table_seats();
  result.final_table = s.final_table();
  result.hand_cap = s.hand_cap();
  const std::int64_t n = s.shootouts();
  const std::int64_t tables = n * s.tables();
  result.table_hands = mean_sd(tables, s.table_hands_sum(), s.table_hands_sq_sum());
  result.capped_tables = s.capped_tables();
  result.capped_table_fraction = exact_ratio(s.capped_tables(), tables);
  if (s.final_table()) {
    result.final_hands = mean_sd(n, s.final_hands_sum(), s.final_hands_sq_sum());
    result.final_capped = s.final_capped();
    result.final_capped_fraction = exact_ratio(s.final_capped(), n);
  } else {
    result.per_table_winner = exact_ratio(prize_pool_times_100(cell.payouts, s.field()), 100 * s.tables());
  }
  for (int label = 0; label < stats.label_count(); ++label) {
    PlayerSummary player{summarize_label(stats, label, cell.payouts), std::nullopt};
    if (stats.luck() != nullptr) player.luck_adjusted = summarize_luck(stats, label, cell.payouts);
    result.players.push_back(std::move(player));
  }
  if (stats.luck() != nullptr) result.variance_reduction = variance_reduction(stats);
  return result;
}

}  // namespace sngsim
