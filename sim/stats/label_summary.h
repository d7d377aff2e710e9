#pragma once
// What one label achieved in a sit-and-go or shoot-out cell, derived from
// the cell's integer accumulators: the one place where they become
// fractions, means and intervals. summary.json's players[label], the CSVs,
// the console table and the stop rule all read these values, so none of them
// can drift from another (docs/output-format.md defines each field).
//
// A value that cannot be computed (no entries, one observation, no buy-in) is
// empty. Intervals treat every entry (seat) as an independent observation.

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/intervals.h"

namespace sngsim {

struct LabelSummary {
  std::int64_t entries = 0;  // seats played
  FaultCounts faults;        // V5, by reason
  bool clocked = false;      // the label plays under the clock (CellStats::is_clocked)
  // [place - 1]: the fraction of entries finishing in that place, shared
  // places split equally (R22).
  std::vector<std::optional<double>> places;
  std::optional<double> mean_place;
  std::optional<Interval> mean_place_ci95;  // Student t
  std::optional<double> win_rate;           // a shared first counts as its share
  std::optional<Interval> win_rate_ci95;    // Wilson
  std::optional<double> itm_rate;
  std::optional<Interval> itm_rate_ci95;  // Wilson
  std::optional<double> mean_prize;       // buy-in currency
  std::optional<double> roi;              // (mean prize - buy_in) / buy_in
  std::optional<Interval> roi_ci95;       // Student t
  // Sit-and-go when the ICM values are reported (CellStats::icm_at_cap():
  // payouts.icm_at_cap true, or auto once the cap bound): the survivors of
  // capped tournaments valued by ICM; empty otherwise.
  std::optional<double> icm_prize;
  std::optional<double> icm_roi;
  std::optional<Interval> icm_roi_ci95;
  std::int64_t chips_at_cap_count = 0;     // survivors of capped tournaments
  std::optional<double> avg_chips_at_cap;  // their mean chips
  // Sit-and-go: the rank order at the cap against the order of finishers.
  // The mean place (Student t) of the entries of tournaments the cap ended
  // (the survivors placed by their chips, R21) and of those that ended
  // normally, and the mean ICM value of the capped entries (when reported).
  std::int64_t capped_entries = 0;
  std::optional<double> capped_mean_place;
  std::optional<Interval> capped_mean_place_ci95;
  std::optional<double> uncapped_mean_place;
  std::optional<Interval> uncapped_mean_place_ci95;
  std::optional<double> capped_icm_prize;  // buy-in currency
  // Shoot-outs only: first-round tables won.
  struct TableWins {
    std::int64_t count = 0;
    std::optional<double> rate;
    std::optional<Interval> rate_ci95;  // Wilson
  };
  std::optional<TableWins> table_wins;
};

// Precondition: stats is of a sit-and-go or shoot-out cell; 0 <= label <
// stats.label_count().
LabelSummary summarize_label(const CellStats& stats, int label, const Payouts& payouts);

// An exact ratio of integers, rounded once; empty when the denominator is 0.
inline std::optional<double> exact_ratio(Int128 numerator, Int128 denominator) {
  if (denominator == 0) return std::nullopt;
  return static_cast<double>(static_cast<long double>(numerator) / static_cast<long double>(denominator));
}

}  // namespace sngsim
