#include "sim/report/baseline_comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "sim/stats/sample_plan.h"

namespace sngsim {

namespace {

std::optional<Interval> flipped(const std::optional<Interval>& interval) {
  if (!interval) return std::nullopt;
  return Interval{-interval->hi, -interval->lo};
}

std::optional<double> flipped(const std::optional<double>& value) {
  if (!value) return std::nullopt;
  return -*value;
}

// paired[]'s a less b, turned into label less baseline when `swap`.
ComparedMetric compared(const LabelDifference& raw, const std::optional<AdjustedDifference>& adjusted, bool swap) {
  ComparedMetric result;
  result.estimate = swap ? flipped(raw.estimate) : raw.estimate;
  result.ci95 = swap ? flipped(raw.ci95_paired) : raw.ci95_paired;
  if (adjusted) {
    result.adjusted_estimate = swap ? flipped(adjusted->estimate) : adjusted->estimate;
    result.adjusted_ci95 = swap ? flipped(adjusted->ci95_paired) : adjusted->ci95_paired;
  }
  return result;
}

// The tournaments for an interval of this one's spread to exclude 0 around
// its centre: its standard deviation per unit recovered from the Student t
// half-width over `units` units, then plan's count for a full width of twice
// the centre (sim/stats/sample_plan.h).
std::optional<std::int64_t> tournaments_to_separate(const Interval& ci95, std::int64_t units, std::int64_t group_size) {
  const double centre = (ci95.lo + ci95.hi) / 2.0;
  const double half = (ci95.hi - ci95.lo) / 2.0;
  if (units < 2 || centre == 0.0 || !(half > 0.0)) return std::nullopt;
  const double sd = half * std::sqrt(static_cast<double>(units)) / student_t_quantile(units - 1);
  const std::int64_t needed = units_for_width(sd, 2.0 * std::abs(centre));
  if (needed > std::numeric_limits<std::int64_t>::max() / group_size) return std::numeric_limits<std::int64_t>::max();
  return needed * group_size;
}

// "+1.2 [-0.3, +2.7]" with `scale` and `digits`, or "-" without an estimate.
std::string estimate_text(const std::optional<double>& estimate, const std::optional<Interval>& ci, double scale,
                          int digits) {
  if (!estimate) return "-";
  char buffer[96];
  if (ci) {
    std::snprintf(buffer, sizeof buffer, "%+.*f [%+.*f, %+.*f]", digits, *estimate * scale, digits, ci->lo * scale,
                  digits, ci->hi * scale);
  } else {
    std::snprintf(buffer, sizeof buffer, "%+.*f", digits, *estimate * scale);
  }
  return buffer;
}

std::string metric_line(const char* name, const ComparedMetric& metric, double scale, int digits) {
  char buffer[256];
  const std::string raw = estimate_text(metric.estimate, metric.ci95, scale, digits);
  if (!metric.adjusted_estimate) {
    std::snprintf(buffer, sizeof buffer, "      %-18s %s\n", name, raw.c_str());
  } else {
    std::snprintf(buffer, sizeof buffer, "      %-18s %-26s adjusted %s\n", name, raw.c_str(),
                  estimate_text(metric.adjusted_estimate, metric.adjusted_ci95, scale, digits).c_str());
  }
  return buffer;
}

// "better (adjusted roi)", or "not separated yet (roi): about N tournaments
// for its interval to exclude 0".
std::string verdict_text(const Comparison& comparison) {
  std::string text = verdict_name(comparison.verdict);
  if (!comparison.decided_on.empty()) text += " (" + comparison.decided_on + ")";
  if (comparison.verdict == Verdict::kNotSeparated) {
    text += comparison.tournaments_needed ? ": about " + std::to_string(*comparison.tournaments_needed) +
                                                " tournaments for its interval to exclude 0 (sngsim plan)"
                                          : ": no difference seen";
  }
  return text;
}

}  // namespace

std::optional<int> label_index(const CellSummary& cell, const std::string& label) {
  for (std::size_t i = 0; i < cell.labels.size(); ++i) {
    if (cell.labels[i] == label) return static_cast<int>(i);
  }
  return std::nullopt;
}

Comparison compare_labels(const CellSummary& cell, int label, int baseline) {
  const int a = std::min(label, baseline);
  const int b = std::max(label, baseline);
  const PairSummary* pair = nullptr;
  for (const PairSummary& entry : cell.paired) {
    if (entry.a == a && entry.b == b) pair = &entry;
  }
  if (pair == nullptr || label == baseline) throw std::invalid_argument("compare_labels: no such pair in the cell");
  const bool swap = label != a;
  Comparison result;
  result.label = label;
  result.baseline = baseline;
  result.roi = compared(pair->roi_diff, pair->roi_diff_adjusted, swap);
  result.mean_place = compared(pair->mean_place_diff, pair->mean_place_diff_adjusted, swap);
  result.win_rate = compared(pair->win_rate_diff, pair->win_rate_diff_adjusted, swap);

  // The most precise interval there is decides; a lower place is better.
  struct Candidate {
    const std::optional<Interval>* interval;
    const char* name;
    double good_sign;
  };
  const Candidate candidates[] = {{&result.roi.adjusted_ci95, "adjusted roi", 1.0},
                                  {&result.roi.ci95, "roi", 1.0},
                                  {&result.mean_place.adjusted_ci95, "adjusted mean_place", -1.0},
                                  {&result.mean_place.ci95, "mean_place", -1.0}};
  for (const Candidate& candidate : candidates) {
    if (!candidate.interval->has_value()) continue;
    const Interval& ci = **candidate.interval;
    result.decided_on = candidate.name;
    // The interval in the label's favour: above 0 is better.
    const double lo = candidate.good_sign > 0 ? ci.lo : -ci.hi;
    const double hi = candidate.good_sign > 0 ? ci.hi : -ci.lo;
    result.verdict = lo > 0.0 ? Verdict::kBetter : hi < 0.0 ? Verdict::kWorse : Verdict::kNotSeparated;
    const double half = (ci.hi - ci.lo) / 2.0;
    if (half > 0.0) result.separation = std::abs(ci.lo + ci.hi) / 2.0 / half;
    if (result.verdict == Verdict::kNotSeparated) {
      const std::int64_t units = pair->groups > 0 ? pair->groups : cell.tournaments;
      const std::int64_t group_size = pair->groups > 0 ? cell.tournaments / pair->groups : 1;
      result.tournaments_needed = tournaments_to_separate(ci, units, group_size);
    }
    break;
  }
  return result;
}

std::vector<Comparison> cell_comparisons(const CellSummary& cell, std::optional<int> baseline) {
  std::vector<Comparison> result;
  if (cell.paired.empty()) return result;
  if (baseline) {
    for (int label = 0; label < static_cast<int>(cell.labels.size()); ++label) {
      if (label != *baseline) result.push_back(compare_labels(cell, label, *baseline));
    }
    return result;
  }
  // compare_labels(a, b) is a less b: paired[]'s own orientation.
  for (const PairSummary& pair : cell.paired) result.push_back(compare_labels(cell, pair.a, pair.b));
  return result;
}

std::string comparison_console_text(const CellSummary& cell, const std::optional<std::string>& baseline,
                                    std::size_t pairs_shown) {
  if (cell.paired.empty()) return "";
  const std::optional<int> base = baseline ? label_index(cell, *baseline) : std::nullopt;
  std::string text;
  if (base) {
    text += "  against " + *baseline + " (label less " + *baseline +
            "; 95% paired intervals; ROI and win rate in points):\n";
    for (const Comparison& comparison : cell_comparisons(cell, base)) {
      text += "    " + cell.labels[static_cast<std::size_t>(comparison.label)] + ": " + verdict_text(comparison) + "\n";
      text += metric_line("ROI", comparison.roi, 100.0, 1);
      text += metric_line("mean place", comparison.mean_place, 1.0, 3);
      text += metric_line("win rate", comparison.win_rate, 100.0, 1);
    }
    return text;
  }
  // The best-separated pairs, each told from its better side.
  std::vector<Comparison> pairs = cell_comparisons(cell, std::nullopt);
  for (Comparison& pair : pairs) {
    const ComparedMetric& decisive = pair.decided_on.find("roi") != std::string::npos ? pair.roi : pair.mean_place;
    const double sign = pair.decided_on.find("roi") != std::string::npos ? 1.0 : -1.0;
    const std::optional<double> estimate = decisive.adjusted_estimate ? decisive.adjusted_estimate : decisive.estimate;
    if (estimate && sign * *estimate < 0.0) pair = compare_labels(cell, pair.baseline, pair.label);
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const Comparison& x, const Comparison& y) {
    return x.separation.value_or(-1.0) > y.separation.value_or(-1.0);
  });
  if (pairs.size() > pairs_shown) pairs.resize(pairs_shown);
  text += "  best-separated pairs (first less second; 95% paired intervals; ROI in points):\n";
  for (const Comparison& pair : pairs) {
    text += "    " + cell.labels[static_cast<std::size_t>(pair.label)] + " vs " +
            cell.labels[static_cast<std::size_t>(pair.baseline)] + ": " + verdict_text(pair) + "\n";
    text += metric_line("ROI", pair.roi, 100.0, 1);
  }
  text +=
      "  To compare every label with yours, name a baseline: compare: {baseline: LABEL} in the config, "
      "or run --baseline LABEL\n";
  return text;
}

}  // namespace sngsim
