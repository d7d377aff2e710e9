#pragma once
// The luck-adjusted estimates of one label (Cell::adjust_luck), derived from
// LuckStats: summary.json's players[label].luck_adjusted and cells[].
// variance_reduction, the console and the CSVs read these values. Means are
// over entries (seats), intervals Student t (sim/stats/intervals.h), as for
// the raw estimates of sim/stats/label_summary.h.

#include <array>
#include <optional>

#include "sim/config/experiment.h"
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

// Precondition: stats.luck() is set; 0 <= label < stats.label_count().
LuckSummary summarize_luck(const CellStats& stats, int label, const Payouts& payouts);

// var(raw) / var(adjusted) over the cell's entries, the labels' variances
// pooled (each about its own label's mean), per LuckMetric. Precondition:
// stats.luck() is set.
std::array<std::optional<double>, kLuckMetricCount> variance_reduction(const CellStats& stats);

}  // namespace sngsim
