#pragma once
// The luck-adjusted estimates of one label (Cell::adjust_luck), derived from
// LuckStats: summary.json's players[label].luck_adjusted and cells[].
// variance_reduction, the console and the CSVs read these values. Means are
// over entries (seats), intervals Student t (sim/stats/intervals.h), as for
// the raw estimates of sim/stats/label_summary.h.

#include <array>
#include <optional>

#include "sim/config/experiment.h"
#include "sim/config/metric.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/intervals.h"

namespace sngsim {

// An adjusted metric: the estimate, its interval, the mean luck (the mean
// correction, which has expectation zero) with its interval, and
// var(raw) / var(adjusted) of this label's entries.
struct AdjustedMetric {
  std::optional<double> value;
  std::optional<Interval> ci95;
  std::optional<double> mean_luck;
  std::optional<Interval> mean_luck_ci95;
  std::optional<double> variance_reduction;
};

// The metrics in the units of the raw ones (LabelSummary): ROI (null without
// a buy-in), win and ITM rates as fractions, the mean place.
struct LuckSummary {
  AdjustedMetric roi;
  AdjustedMetric win_rate;
  AdjustedMetric itm_rate;
  AdjustedMetric mean_place;
};

// Label A against label B, adjusted (paired[]'s <metric>_diff_adjusted):
// the mean adjusted outcome of A less B's, its paired interval (over
// duplicate groups in a duplicate cell, else over tournaments, as
// LabelDifference::ci95_paired), the mean luck of the difference (raw less
// adjusted estimate, zero in expectation) with its paired interval, and
// var(raw) / var(adjusted) of the same pairing. In a duplicate cell
// combined_gain is what duplicate seating and the adjustment give together:
// the raw per-tournament differences' variance / tournaments (random
// seating's) over the adjusted group differences' variance / groups. Units
// as LabelDifference: places, fractions of a win, ROI.
struct AdjustedDifference {
  std::optional<double> estimate;
  std::optional<Interval> ci95_paired;
  std::optional<double> mean_luck;
  std::optional<Interval> mean_luck_ci95;
  std::optional<double> variance_reduction;
  std::optional<double> combined_gain;
  std::int64_t groups = 0;
};

// Which adjusted outcome a compared Metric is.
constexpr LuckMetric luck_metric(Metric metric) {
  return metric == Metric::kMeanPlace ? LuckMetric::kPlace
         : metric == Metric::kWinRate ? LuckMetric::kWin
                                      : LuckMetric::kPrize;
}

// Precondition: stats.luck() is set; a != b, both labels of the cell. ROI
// values are null without a buy-in.
AdjustedDifference adjusted_difference(const CellStats& stats, int a, int b, Metric metric);

// Precondition: stats.luck() is set; 0 <= label < stats.label_count().
LuckSummary summarize_luck(const CellStats& stats, int label, const Payouts& payouts);

// var(raw) / var(adjusted) over the cell's entries, the labels' variances
// pooled (each about its own label's mean), per LuckMetric. Precondition:
// stats.luck() is set.
std::array<std::optional<double>, kLuckMetricCount> variance_reduction(const CellStats& stats);

}  // namespace sngsim
