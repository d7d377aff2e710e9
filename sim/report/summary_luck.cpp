// summary.json's luck-adjusted keys (adjust_luck: true; sim/report/summary.h).

#include "sim/report/summary_formats.h"
#include "sim/stats/luck_summary.h"

namespace sngsim {

namespace {

nlohmann::json metric_json(const AdjustedMetric& metric) {
  return {{"estimate", to_json(metric.value)},
          {"ci95", to_json(metric.ci95)},
          {"mean_luck", to_json(metric.mean_luck)},
          {"mean_luck_ci95", to_json(metric.mean_luck_ci95)},
          {"variance_reduction", to_json(metric.variance_reduction)}};
}

}  // namespace

nlohmann::json luck_adjusted_json(const CellStats& stats, int label, const Payouts& payouts) {
  const LuckSummary summary = summarize_luck(stats, label, payouts);
  return {{"roi", metric_json(summary.roi)},
          {"win_rate", metric_json(summary.win_rate)},
          {"itm_rate", metric_json(summary.itm_rate)},
          {"mean_place", metric_json(summary.mean_place)}};
}

nlohmann::json variance_reduction_json(const CellStats& stats) {
  const auto reduction = variance_reduction(stats);
  auto at = [&](LuckMetric metric) { return to_json(reduction[static_cast<std::size_t>(metric)]); };
  // ROI is the prize moved and scaled: the same ratio.
  return {{"roi", at(LuckMetric::kPrize)},
          {"win_rate", at(LuckMetric::kWin)},
          {"itm_rate", at(LuckMetric::kItm)},
          {"mean_place", at(LuckMetric::kPlace)}};
}

}  // namespace sngsim
