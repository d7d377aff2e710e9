#pragma once
// "Is my bot better than the baseline, by how much?": one label against
// another, read from a cell's paired[] (sim/report/run_summary.h), which
// sim/stats/label_difference and luck_summary already computed. Nothing is
// recomputed here: a comparison only orients a pair (label less baseline)
// and names a verdict. The console (sim/report/results_writer.h),
// paired.csv and the report's first chart all render these.
//
// The verdict is read on one interval, the most precise one the cell has:
// the luck-adjusted ROI, else the raw ROI, else (no prize: ROI is null) the
// adjusted then the raw mean place. `better` when that 95% paired interval
// lies wholly on the label's good side (ROI or win rate above 0, mean place
// below 0), `worse` when it lies wholly on the other, `not separated yet`
// otherwise, with the tournaments a cell needs for an interval of that
// spread to exclude 0 if the estimate stays where it is (the count
// `sngsim plan` gives for a full width of twice the estimate,
// sim/stats/sample_plan.h).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/report/run_summary.h"

namespace sngsim {

enum class Verdict : std::uint8_t { kBetter, kWorse, kNotSeparated, kUnknown };
constexpr const char* verdict_name(Verdict verdict) {
  return verdict == Verdict::kBetter         ? "better"
         : verdict == Verdict::kWorse        ? "worse"
         : verdict == Verdict::kNotSeparated ? "not separated yet"
                                             : "unknown";
}

// One metric of `label` less `baseline`: the raw paired difference and,
// with adjust_luck, the luck-adjusted one. Units as summary.json's paired[]:
// places, or fractions (0.01 = one point).
struct ComparedMetric {
  std::optional<double> estimate;
  std::optional<Interval> ci95;
  std::optional<double> adjusted_estimate;
  std::optional<Interval> adjusted_ci95;
};

struct Comparison {
  int label = 0;  // indexes into the cell's labels
  int baseline = 0;
  ComparedMetric roi, mean_place, win_rate;
  Verdict verdict = Verdict::kUnknown;
  std::string decided_on;  // "adjusted roi", "roi", "adjusted mean_place", "mean_place"; empty if unknown
  // Not separated yet: the tournaments (in all, not more) the deciding
  // interval needs to exclude 0; null when the estimate is 0 or no interval.
  std::optional<std::int64_t> tournaments_needed;
  // |centre| / half-width of the deciding interval: above 1 means separated.
  std::optional<double> separation;
};

// `label` against `baseline` in `cell`. Precondition: both index the cell's
// labels, label != baseline, and the cell has paired[] (not cash).
Comparison compare_labels(const CellSummary& cell, int label, int baseline);

// The rows of a cell: with a baseline (an index into its labels), every
// other label against it in lineup order; without one, every pair a before
// b as paired[]. Empty for a cash cell.
std::vector<Comparison> cell_comparisons(const CellSummary& cell, std::optional<int> baseline);

// The index of `label` in the cell's labels, or empty.
std::optional<int> label_index(const CellSummary& cell, const std::string& label);

// The console's lines for a cell: every label against `baseline` (when it
// is one of the cell's labels), or else the best-separated pairs (the most
// separated first, at most `pairs_shown`) and how to name a baseline. Empty
// for a cell without pairs.
std::string comparison_console_text(const CellSummary& cell, const std::optional<std::string>& baseline,
                                    std::size_t pairs_shown = 3);

}  // namespace sngsim
