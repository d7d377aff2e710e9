#include "sim/stats/luck_summary.h"

#include <algorithm>
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

// A metric unit per kLuckUnit-scaled outcome: ROI per percent of the pool,
// else 1. Empty for ROI without a buy-in.
std::optional<double> metric_scale(const CellStats& stats, const Payouts& payouts, LuckMetric metric) {
  if (metric != LuckMetric::kPrize) return 1.0;
  if (payouts.buy_in <= 0) return std::nullopt;
  // A shoot-out's pool is its whole field's buy-ins.
  const int entries = stats.shootout() != nullptr ? stats.shootout()->field() : stats.players();
  return static_cast<double>(entries) * (100 - payouts.fee_percent) / 10000.0;
}

std::optional<double> mean_of(const Moments& m, long double per_d) {
  if (m.count == 0) return std::nullopt;
  return static_cast<double>(static_cast<long double>(m.sum) / static_cast<long double>(m.count) * per_d);
}

std::optional<Interval> interval_of(const Moments& m, long double per_d) {
  const std::optional<double> variance = sample_variance(m.count, m.sum, m.sq_sum);
  if (!variance) return std::nullopt;
  return t_interval(*mean_of(m, per_d), std::sqrt(*variance) * static_cast<double>(std::abs(per_d)), m.count);
}

// The variance of the mean of the D / scale in `m`.
std::optional<double> mean_variance(const Moments& m, long double per_d) {
  const std::optional<double> variance = sample_variance(m.count, m.sum, m.sq_sum);
  if (!variance) return std::nullopt;
  return *variance * static_cast<double>(per_d * per_d) / static_cast<double>(m.count);
}

}  // namespace

AdjustedDifference adjusted_difference(const CellStats& stats, int a, int b, Metric compared) {
  AdjustedDifference result;
  const LuckStats& luck = *stats.luck();
  const PairedStats& paired = *stats.paired();
  result.groups = paired.duplicate() ? paired.groups() : 0;
  if (a == b) return result;
  const LuckMetric metric = luck_metric(compared);
  const std::optional<double> scale = metric_scale(stats, paired.payouts(), metric);
  if (!scale) return result;
  const int lo = std::min(a, b);
  const int hi = std::max(a, b);
  const long double sign = a < b ? 1.0L : -1.0L;  // D is of lo less hi
  const long double unit = static_cast<long double>(*scale) / static_cast<long double>(kLuckUnit);

  const Moments& adjusted_a = luck.adjusted(a, metric);
  const Moments& adjusted_b = luck.adjusted(b, metric);
  if (adjusted_a.count > 0 && adjusted_b.count > 0) {
    // mean_a - mean_b with one rounding, as label_difference.
    const Int128 numerator = adjusted_a.sum * adjusted_b.count - adjusted_b.sum * adjusted_a.count;
    const Int128 denominator = static_cast<Int128>(adjusted_a.count) * adjusted_b.count;
    result.estimate =
        static_cast<double>(static_cast<long double>(numerator) / static_cast<long double>(denominator) * unit);
    const Moments& luck_a = luck.correction(a, metric);
    const Moments& luck_b = luck.correction(b, metric);
    const Int128 luck_numerator = luck_a.sum * luck_b.count - luck_b.sum * luck_a.count;
    result.mean_luck =
        static_cast<double>(static_cast<long double>(luck_numerator) / static_cast<long double>(denominator) * unit);
  }

  const bool duplicate = luck.duplicate();
  const long double scale_d =
      static_cast<long double>(duplicate ? paired.group_scale(lo, hi) : paired.tournament_scale(lo, hi));
  const long double per_d = sign * unit / scale_d;
  const Moments& adjusted = duplicate ? luck.group_adjusted(lo, hi, metric) : luck.pair_adjusted(lo, hi, metric);
  const Moments& correction = duplicate ? luck.group_correction(lo, hi, metric) : luck.pair_correction(lo, hi, metric);
  const Moments& raw = duplicate ? luck.group_raw(lo, hi, metric) : luck.pair_raw(lo, hi, metric);
  result.ci95_paired = interval_of(adjusted, per_d);
  result.mean_luck_ci95 = interval_of(correction, per_d);
  const std::optional<double> raw_variance = mean_variance(raw, per_d);
  const std::optional<double> adjusted_variance = mean_variance(adjusted, per_d);
  if (raw_variance && adjusted_variance && *adjusted_variance > 0)
    result.variance_reduction = *raw_variance / *adjusted_variance;
  if (duplicate && adjusted_variance && *adjusted_variance > 0) {
    const std::optional<double> random_variance =
        mean_variance(luck.pair_raw(lo, hi, metric), unit / static_cast<long double>(paired.tournament_scale(lo, hi)));
    if (random_variance) result.combined_gain = *random_variance / *adjusted_variance;
  }
  return result;
}

LuckSummary summarize_luck(const CellStats& stats, int label, const Payouts& payouts) {
  const LuckStats& luck = *stats.luck();
  LuckSummary result;
  // ROI = mean prize / buy_in - 1, the prize in percent of a pool of
  // players * buy_in * (100 - fee) / 100: the buy-in cancels.
  if (const std::optional<double> roi_per_percent = metric_scale(stats, payouts, LuckMetric::kPrize)) {
    result.roi = adjusted_metric(luck, label, LuckMetric::kPrize, *roi_per_percent, -1.0);
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
