#pragma once
// The stopping rule of an experiment (`stop:` in the experiment file): a cell
// stops once the 95% interval of one statistic is narrow enough.
//
// The runner plays a cell in batches of `batch` tournaments and asks
// stop_reason after every batch, so whether and when a cell stops depends on
// the experiment file and seed only, never on timing or the thread count.
// `tournaments` is the most a cell plays; a cell that never meets the rule
// plays all of them (docs/config-reference.md, "Stopping rules").
//
// The rule watches exactly an interval that summary.json reports:
//  - without `vs`: players[label].<metric>_ci95 (mean_place_ci95: Student t;
//    win_rate_ci95: Wilson; roi_ci95: Student t);
//  - with `vs`: paired[] for the pair {label, vs}, <metric>_diff.ci95_paired:
//    over duplicate groups when the cell is duplicate (seating: duplicate),
//    else over tournaments. Never ci95_unpaired: treating the entries of two
//    labels that share every table as independent ignores that their places
//    are negatively correlated, and makes the interval too narrow
//    (sim/label_difference.h).

#include <cstdint>
#include <optional>
#include <string>

#include "sim/intervals.h"
#include "sim/metric.h"

namespace sngsim {

class CellStats;

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
  bool operator==(const StopRule&) const = default;
};

// The 95% interval the rule watches in a cell (see above); empty while it
// cannot be computed (fewer than two observations or duplicate groups) or
// when the cell has no such label.
std::optional<Interval> watched_interval(const StopRule& rule, const CellStats& stats);

// Why the cell may stop now, e.g. "ci_width 0.0098 <= 0.01 for win_rate tag
// vs rock (paired, 2667 groups) after 24003 tournaments"; empty while the
// watched interval is wider than rule.ci_width or cannot be computed.
std::optional<std::string> stop_reason(const StopRule& rule, const CellStats& stats);

}  // namespace sngsim
