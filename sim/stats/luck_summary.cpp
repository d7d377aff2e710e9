#include "sim/stats/luck_summary.h"

#include <cmath>

namespace sngsim {

namespace {

// `scale` converts kLuckUnit multiples into the metric, `offset` is added
// to means (ROI = scale * prize - 1).
AdjustedMetric adjusted_metric(const LuckStats& luck, int label, LuckMetric metric, double scale, double offset) {
  AdjustedMetric result;
  const Moments& adjusted = luck.adjusted(label, metric);
  const Moments& correction = luck.correction(label, metric);
  const std::int64_t n = adjusted.count;
  if (n == 0) return result;
  const long double unit = static_cast<long double>(kLuckUnit) * static_cast<long double>(n);
  result.value = static_cast<double>(static_cast<long double>(adjusted.sum) / unit * scale + offset);
  result.mean_luck = static_cast<double>(static_cast<long double>(correction.sum) / unit * scale);
  const std::optional<double> adjusted_variance = sample_variance(n, adjusted.sum, adjusted.sq_sum);
  const std::optional<double> luck_variance = sample_variance(n, correction.sum, correction.sq_sum);
  const std::optional<double> raw_variance =
      sample_variance(n, luck.raw(label, metric).sum, luck.raw(label, metric).sq_sum);
  const double per_unit = std::abs(scale) / static_cast<double>(kLuckUnit);
  if (adjusted_variance) result.ci95 = t_interval(*result.value, std::sqrt(*adjusted_variance) * per_unit, n);
  if (luck_variance) result.mean_luck_ci95 = t_interval(*result.mean_luck, std::sqrt(*luck_variance) * per_unit, n);
  if (raw_variance && adjusted_variance && *adjusted_variance > 0) {
    result.variance_reduction = *raw_variance / *adjusted_variance;
  }
  return result;
}

}  // namespace

LuckSummary summarize_luck(const CellStats& stats, int label, const Payouts& payouts) {
  const LuckStats& luck = *stats.luck();
  LuckSummary result;
  // ROI = mean prize / buy_in - 1, the prize in percent of a pool of
  // players * buy_in * (100 - fee) / 100: the buy-in cancels.
  if (payouts.buy_in > 0) {
    const double roi_per_percent = static_cast<double>(stats.players()) * (100 - payouts.fee_percent) / 10000.0;
    result.roi = adjusted_metric(luck, label, LuckMetric::kPrize, roi_per_percent, -1.0);
  }
  result.win_rate = adjusted_metric(luck, label, LuckMetric::kWin, 1.0, 0.0);
  result.itm_rate = adjusted_metric(luck, label, LuckMetric::kItm, 1.0, 0.0);
  result.mean_place = adjusted_metric(luck, label, LuckMetric::kPlace, 1.0, 0.0);
  return result;
}

std::array<std::optional<double>, kLuckMetricCount> variance_reduction(const CellStats& stats) {
  const LuckStats& luck = *stats.luck();
  std::array<std::optional<double>, kLuckMetricCount> result{};
  for (int m = 0; m < kLuckMetricCount; ++m) {
    const auto metric = static_cast<LuckMetric>(m);
    double raw = 0.0;
    double adjusted = 0.0;
    for (int label = 0; label < stats.label_count(); ++label) {
      const Moments& r = luck.raw(label, metric);
      const Moments& a = luck.adjusted(label, metric);
      const std::optional<double> raw_variance = sample_variance(r.count, r.sum, r.sq_sum);
      const std::optional<double> adjusted_variance = sample_variance(a.count, a.sum, a.sq_sum);
      if (!raw_variance || !adjusted_variance) continue;
      raw += *raw_variance * static_cast<double>(r.count - 1);
      adjusted += *adjusted_variance * static_cast<double>(a.count - 1);
    }
    if (adjusted > 0) result[static_cast<std::size_t>(m)] = raw / adjusted;
  }
  return result;
}

}  // namespace sngsim
