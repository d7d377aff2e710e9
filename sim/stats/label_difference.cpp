#include "sim/stats/label_difference.h"

#include <algorithm>
#include <cmath>

namespace sngsim {

namespace {

// What one integer outcome unit is worth in the metric's reported unit.
long double unit_value(const PairedStats& stats, Metric metric) {
  if (metric == Metric::kRoi) return stats.roi_per_prize_unit();
  return 1.0L / static_cast<long double>(PairedStats::units_per(metric));
}

// The squared standard error of the mean of the differences D / scale in
// `moments`, each worth `per_d` in the metric's unit; empty below two.
std::optional<double> mean_se2(const Moments& moments, long double per_d) {
  const std::optional<double> variance = sample_variance(moments.count, moments.sum, moments.sq_sum);
  if (!variance) return std::nullopt;
  return *variance * static_cast<double>(per_d * per_d) / static_cast<double>(moments.count);
}

LabelDifference negated(LabelDifference d) {
  if (d.estimate) d.estimate = -*d.estimate;
  if (d.ci95_paired) d.ci95_paired = Interval{-d.ci95_paired->hi, -d.ci95_paired->lo};
  if (d.ci95_unpaired) d.ci95_unpaired = Interval{-d.ci95_unpaired->hi, -d.ci95_unpaired->lo};
  return d;
}

}  // namespace

LabelDifference label_difference(const PairedStats& stats, int a, int b, Metric metric) {
  if (a > b) return negated(label_difference(stats, b, a, metric));
  LabelDifference result;
  result.groups = stats.groups();
  if (a == b || (metric == Metric::kRoi && !stats.prize_exact())) return result;
  const long double unit = unit_value(stats, metric);

  const Moments& m_a = stats.label_moments(a, metric);
  const Moments& m_b = stats.label_moments(b, metric);
  if (m_a.count > 0 && m_b.count > 0) {
    // mean_a - mean_b with one rounding: (sum_a n_b - sum_b n_a) / (n_a n_b).
    const Int128 numerator = m_a.sum * m_b.count - m_b.sum * m_a.count;
    const Int128 denominator = static_cast<Int128>(m_a.count) * m_b.count;
    result.estimate =
        static_cast<double>(static_cast<long double>(numerator) / static_cast<long double>(denominator) * unit);
  }

  const auto var_a = sample_variance(m_a.count, m_a.sum, m_a.sq_sum);
  const auto var_b = sample_variance(m_b.count, m_b.sum, m_b.sq_sum);
  if (var_a && var_b && result.estimate) {
    const double u2 = static_cast<double>(unit * unit);
    const double part_a = *var_a * u2 / static_cast<double>(m_a.count);
    const double part_b = *var_b * u2 / static_cast<double>(m_b.count);
    const double se2 = part_a + part_b;
    // Welch-Satterthwaite; with no spread at all any degrees of freedom give
    // the same zero-width interval.
    const double welch_denominator =
        part_a * part_a / static_cast<double>(m_a.count - 1) + part_b * part_b / static_cast<double>(m_b.count - 1);
    const double degrees =
        welch_denominator > 0.0 ? se2 * se2 / welch_denominator : static_cast<double>(m_a.count + m_b.count - 2);
    const auto whole_degrees = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::floor(degrees)));
    const double half = student_t_quantile(whole_degrees) * std::sqrt(se2);
    result.ci95_unpaired = Interval{*result.estimate - half, *result.estimate + half};
  }

  // Paired: over duplicate groups, or over tournaments for other seatings.
  const bool duplicate = stats.duplicate();
  const Moments& units = duplicate ? stats.group_moments(a, b, metric) : stats.tournament_moments(a, b, metric);
  const long double per_d =
      unit / static_cast<long double>(duplicate ? stats.group_scale(a, b) : stats.tournament_scale(a, b));
  if (const auto variance = sample_variance(units.count, units.sum, units.sq_sum)) {
    const double mean =
        static_cast<double>(static_cast<long double>(units.sum) / static_cast<long double>(units.count) * per_d);
    result.ci95_paired = t_interval(mean, std::sqrt(*variance) * static_cast<double>(per_d), units.count);
  }
  // The gain: the variance the same tournaments give as independent
  // tournaments (random seating's: each member's seating is a uniformly
  // random one) over the variance they give as groups.
  const std::optional<double> group_se2 = mean_se2(units, per_d);
  if (duplicate && group_se2 && *group_se2 > 0.0) {
    const std::optional<double> tournament_se2 =
        mean_se2(stats.tournament_moments(a, b, metric), unit / static_cast<long double>(stats.tournament_scale(a, b)));
    if (tournament_se2) result.effective_sample_gain = *tournament_se2 / *group_se2;
  }
  return result;
}

}  // namespace sngsim
