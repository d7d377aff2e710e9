#include "sim/stats/stop_decision.h"

#include <algorithm>
#include <cstdio>

#include "sim/stats/label_difference.h"
#include "sim/stats/label_summary.h"
#include "sim/stats/luck_summary.h"

namespace sngsim {

namespace {

std::optional<int> label_index(const CellStats& stats, const std::string& label) {
  const auto& labels = stats.labels();
  const auto it = std::find(labels.begin(), labels.end(), label);
  if (it == labels.end()) return std::nullopt;
  return static_cast<int>(it - labels.begin());
}

std::string format_number(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

}  // namespace

std::optional<Interval> watched_interval(const StopRule& rule, const CellStats& stats) {
  const PairedStats* paired = stats.paired();
  const auto a = label_index(stats, rule.label);
  if (paired == nullptr || !a) return std::nullopt;
  if (rule.adjusted) {
    if (stats.luck() == nullptr) return std::nullopt;
    if (rule.vs.empty()) {
      const LuckSummary player = summarize_luck(stats, *a, paired->payouts());
      switch (rule.metric) {
        case Metric::kMeanPlace: return player.mean_place.ci95;
        case Metric::kWinRate: return player.win_rate.ci95;
        case Metric::kRoi: return player.roi.ci95;
      }
      return std::nullopt;
    }
    const auto b = label_index(stats, rule.vs);
    if (!b || *b == *a) return std::nullopt;
    return adjusted_difference(stats, *a, *b, rule.metric).ci95_paired;
  }
  if (rule.vs.empty()) {
    // The very values summary.json reports, so the rule and the report
    // cannot drift apart.
    const LabelSummary player = summarize_label(stats, *a, paired->payouts());
    switch (rule.metric) {
      case Metric::kMeanPlace: return player.mean_place_ci95;
      case Metric::kWinRate: return player.win_rate_ci95;
      case Metric::kRoi: return player.roi_ci95;
    }
    return std::nullopt;
  }
  const auto b = label_index(stats, rule.vs);
  if (!b || *b == *a) return std::nullopt;
  return label_difference(*paired, *a, *b, rule.metric).ci95_paired;
}

std::optional<std::string> stop_reason(const StopRule& rule, const CellStats& stats) {
  const std::optional<Interval> interval = watched_interval(rule, stats);
  if (!interval) return std::nullopt;
  const double width = interval->hi - interval->lo;
  if (!(width <= rule.ci_width)) return std::nullopt;
  std::string what = std::string(rule.adjusted ? "adjusted " : "") + metric_name(rule.metric) + " " + rule.label;
  if (!rule.vs.empty()) {
    const bool paired = stats.paired()->duplicate();
    what += " vs " + rule.vs +
            (paired ? " (paired, " + std::to_string(stats.paired()->groups()) + " groups)" : " (paired by tournament)");
  }
  return "ci_width " + format_number("%.3g", width) + " <= " + format_number("%g", rule.ci_width) + " for " + what +
         " after " + std::to_string(stats.tournaments()) + " tournaments";
}

}  // namespace sngsim
