#include "sim/stop_rule.h"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "sim/cell_stats.h"
#include "sim/label_difference.h"
#include "sim/summary_formats.h"

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
  if (rule.vs.empty()) {
    // Read back from the very object summary.json holds, so the rule and
    // the report cannot drift apart.
    const nlohmann::json player = player_summary(stats, *a, paired->payouts());
    const nlohmann::json& ci = player[std::string(metric_name(rule.metric)) + "_ci95"];
    if (!ci.is_array()) return std::nullopt;
    return Interval{ci[0].get<double>(), ci[1].get<double>()};
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
  std::string what = std::string(metric_name(rule.metric)) + " " + rule.label;
  if (!rule.vs.empty()) {
    const bool paired = stats.paired()->duplicate();
    what += " vs " + rule.vs + (paired ? " (paired, " + std::to_string(stats.paired()->groups()) + " groups)"
                                       : " (paired by tournament)");
  }
  return "ci_width " + format_number("%.3g", width) + " <= " + format_number("%g", rule.ci_width) + " for " + what +
         " after " + std::to_string(stats.tournaments()) + " tournaments";
}

}  // namespace sngsim
