#include "sim/stats/intervals.h"

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace sngsim {

std::optional<Interval> wilson_interval(double successes, double trials, double z) {
  if (!(trials > 0.0)) return std::nullopt;
  const double p = successes / trials;
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / trials;
  const double center = (p + z2 / (2.0 * trials)) / denominator;
  // max(0, ...) guards p slightly outside [0, 1] from rounding in the caller.
  const double spread = std::sqrt(std::max(0.0, p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)));
  const double half = z * spread / denominator;
  return Interval{std::clamp(center - half, 0.0, 1.0), std::clamp(center + half, 0.0, 1.0)};
}

std::optional<double> sample_variance(std::int64_t n, Int128 sum, UInt128 sum_sq) {
  if (n < 2) return std::nullopt;
  const UInt128 abs_sum = sum < 0 ? static_cast<UInt128>(-sum) : static_cast<UInt128>(sum);
  const UInt128 n_sum_sq = static_cast<UInt128>(n) * sum_sq;
  const UInt128 sum_squared = abs_sum * abs_sum;
  // Cauchy-Schwarz makes n*sum_sq >= sum^2 for consistent inputs; anything
  // else is a caller bug, reported as zero spread rather than garbage.
  if (n_sum_sq <= sum_squared) return 0.0;
  const long double numerator = static_cast<long double>(n_sum_sq - sum_squared);
  const long double n_ld = static_cast<long double>(n);
  return static_cast<double>(numerator / (n_ld * (n_ld - 1.0L)));
}

std::optional<Interval> normal_interval(double mean, double sd, std::int64_t n, double z) {
  if (n < 2) return std::nullopt;
  const double half = z * sd / std::sqrt(static_cast<double>(n));
  return Interval{mean - half, mean + half};
}

double normal_quantile(double level) {
  const boost::math::normal_distribution<double> distribution;
  return boost::math::quantile(distribution, 0.5 + level / 2.0);
}

double student_t_quantile(std::int64_t degrees, double level) {
  const boost::math::students_t distribution(static_cast<double>(degrees));
  return boost::math::quantile(distribution, 0.5 + level / 2.0);
}

std::optional<Interval> t_interval(double mean, double sd, std::int64_t n, double level) {
  if (n < 2) return std::nullopt;
  const double half = student_t_quantile(n - 1, level) * sd / std::sqrt(static_cast<double>(n));
  return Interval{mean - half, mean + half};
}

}  // namespace sngsim
