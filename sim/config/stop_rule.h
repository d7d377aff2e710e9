#pragma once
// The stopping rule of an experiment (`stop:` in the experiment file): a cell
// stops once the 95% interval of one statistic is narrow enough. This is the
// rule as data; sim/stats/stop_decision.h decides when it is met.
//
// The runner plays a cell in batches of `batch` tournaments and asks after
// every batch, so whether and when a cell stops depends on the experiment
// file and seed only, never on timing or the thread count. `tournaments` is
// the most a cell plays; a cell that never meets the rule plays all of them
// (docs/config-reference.md, "Stopping rules").

#include <cstdint>
#include <string>

#include "sim/config/metric.h"

namespace sngsim {

struct StopRule {
  Metric metric = Metric::kWinRate;
  std::string label;  // a label of every cell
  std::string vs;     // another label, or empty: `label`'s own interval
  // The most the interval's full width (hi - lo) may be: in places for
  // mean_place, in fractions for win_rate and roi (0.01 = 1 point).
  double ci_width = 0.01;
  // Tournaments between two checks: a multiple of every duplicate cell's
  // group size.
  std::int64_t batch = 1000;
  // `adjusted: true` (cells with adjust_luck only): watch the luck-adjusted
  // interval (players[label].luck_adjusted, or paired[]'s
  // <metric>_diff_adjusted) instead of the raw one.
  bool adjusted = false;
  bool operator==(const StopRule&) const = default;
};

}  // namespace sngsim
