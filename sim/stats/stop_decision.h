#pragma once
// When a cell's stop rule (sim/config/stop_rule.h) is met.
//
// The rule watches exactly an interval that summary.json reports:
//  - without `vs`: players[label].<metric>_ci95 (mean_place_ci95: Student t;
//    win_rate_ci95: Wilson; roi_ci95: Student t);
//  - with `vs`: paired[] for the pair {label, vs}, <metric>_diff.ci95_paired:
//    over duplicate groups when the cell is duplicate (seating: duplicate),
//    else over tournaments. Never ci95_unpaired: treating the entries of two
//    labels that share every table as independent ignores that their places
//    are negatively correlated, and makes the interval too narrow
//    (sim/stats/label_difference.h).
//  - with `adjusted: true` the luck-adjusted counterparts
//    (sim/stats/luck_summary.h): players[label].luck_adjusted.<metric>.ci95
//    (Student t, all three metrics), or paired[]'s
//    <metric>_diff_adjusted.ci95_paired, paired the same way.

#include <optional>
#include <string>

#include "sim/config/stop_rule.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/intervals.h"

namespace sngsim {

// The 95% interval the rule watches in a cell (see above); empty while it
// cannot be computed (fewer than two observations or duplicate groups) or
// when the cell has no such label.
std::optional<Interval> watched_interval(const StopRule& rule, const CellStats& stats);

// Why the cell may stop now, e.g. "ci_width 0.0098 <= 0.01 for win_rate tag
// vs rock (paired, 2667 groups) after 24003 tournaments"; empty while the
// watched interval is wider than rule.ci_width or cannot be computed.
std::optional<std::string> stop_reason(const StopRule& rule, const CellStats& stats);

}  // namespace sngsim
