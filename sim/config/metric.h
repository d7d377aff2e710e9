#pragma once
// The per-entry outcomes that labels are compared on: the quantities of
// summary.json's paired differences (sim/stats/label_difference) and of the stop
// rule (sim/stats/stop_decision).

#include <cstdint>

namespace sngsim {

enum class Metric : std::uint8_t {
  kMeanPlace,  // the mean of the places an entry covers (R22); lower is better
  kWinRate,    // the share of first place an entry won (a shared first counts as its share)
  kRoi,        // (prize - buy_in) / buy_in
};

inline constexpr int kMetricCount = 3;

// The name experiment files (stop.metric) and summary.json use.
constexpr const char* metric_name(Metric metric) {
  return metric == Metric::kMeanPlace ? "mean_place" : metric == Metric::kWinRate ? "win_rate" : "roi";
}

}  // namespace sngsim
