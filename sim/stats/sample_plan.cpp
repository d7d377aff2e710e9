#include "sim/stats/sample_plan.h"

#include <cmath>
#include <limits>

#include "sim/stats/label_difference.h"
#include "sim/stats/luck_summary.h"

namespace sngsim {

namespace {

std::optional<double> sd_of(const Moments& m, long double per_d) {
  const std::optional<double> variance = sample_variance(m.count, m.sum, m.sq_sum);
  if (!variance) return std::nullopt;
  return std::sqrt(*variance) * static_cast<double>(std::abs(per_d));
}

}  // namespace

std::int64_t units_for_width(double sd, double width) {
  const double n = std::ceil(std::pow(2.0 * kZ95 * sd / width, 2));
  if (!(n < 9.0e18)) return std::numeric_limits<std::int64_t>::max();
  return std::max<std::int64_t>(2, static_cast<std::int64_t>(n));
}

SamplePlan plan_difference(const CellStats& stats, int a, int b, Metric metric, double width) {
  SamplePlan plan;
  const LuckStats& luck = *stats.luck();
  const PairedStats& paired = *stats.paired();
  plan.pilot_tournaments = stats.tournaments();
  plan.pilot_groups = paired.groups();
  plan.group_size = paired.group_size();
  plan.raw_estimate = label_difference(paired, a, b, metric).estimate;
  const AdjustedDifference adjusted = adjusted_difference(stats, a, b, metric);
  plan.adjusted_estimate = adjusted.estimate;
  if (plan.pilot_groups > 1) plan.relative_error = std::sqrt(2.0 / static_cast<double>(plan.pilot_groups - 1));

  // The metric per kLuckUnit of D: as adjusted_difference's.
  const LuckMetric luck_metric_of = luck_metric(metric);
  double scale = 1.0;
  if (luck_metric_of == LuckMetric::kPrize) {
    if (paired.payouts().buy_in <= 0) return plan;
    scale = static_cast<double>(stats.players()) * (100 - paired.payouts().fee_percent) / 10000.0;
  }
  const int lo = std::min(a, b);
  const int hi = std::max(a, b);
  const long double unit = static_cast<long double>(scale) / static_cast<long double>(kLuckUnit);
  const long double per_tournament = unit / static_cast<long double>(paired.tournament_scale(lo, hi));
  const long double per_group = unit / static_cast<long double>(paired.group_scale(lo, hi));
  const double root_g = std::sqrt(static_cast<double>(plan.group_size));

  const auto fill = [&](PlanDesign design, const Moments& m, long double per_d, bool group) {
    PlanRow& row = plan.rows[static_cast<std::size_t>(design)];
    const std::optional<double> sd = sd_of(m, per_d);
    if (!sd) return;
    row.sd_per_tournament = group ? *sd * root_g : *sd;
    const std::int64_t units = units_for_width(*sd, width);
    const std::int64_t per_unit = group ? plan.group_size : 1;
    row.tournaments = units > std::numeric_limits<std::int64_t>::max() / per_unit
                          ? std::numeric_limits<std::int64_t>::max()
                          : units * per_unit;
  };
  const LuckMetric m = luck_metric_of;
  fill(PlanDesign::kRandomRaw, luck.pair_raw(lo, hi, m), per_tournament, false);
  fill(PlanDesign::kRandomAdjusted, luck.pair_adjusted(lo, hi, m), per_tournament, false);
  if (luck.duplicate()) {
    fill(PlanDesign::kDuplicateRaw, luck.group_raw(lo, hi, m), per_group, true);
    fill(PlanDesign::kDuplicateAdjusted, luck.group_adjusted(lo, hi, m), per_group, true);
  }
  return plan;
}

}  // namespace sngsim
