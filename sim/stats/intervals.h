#pragma once
// Confidence intervals and moments computed from exact integer accumulators.
//
// The accumulators (sim/stats/cell_stats) keep only integers; these helpers are the
// one place where they become floating point, at the very end, so that the
// result depends only on the integers and never on how the work was split.

#include <cstdint>
#include <optional>

namespace sngsim {

// Sums of squares of up to 2^40 observations of up to 2^40 overflow 64 bits;
// GCC and Clang's 128-bit integers hold them exactly. `__extension__` keeps
// -Wpedantic quiet about the non-standard type.
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

// Two-sided 95% normal quantile, z such that P(|Z| < z) = 0.95.
inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double lo = 0.0;
  double hi = 0.0;
};

// Wilson score interval for a proportion: `successes` out of `trials`
// (successes may be fractional, e.g. a shared first place counts as 1/2).
// For observations in [0, 1] the Bernoulli variance p(1-p) bounds the true
// variance, so with fractional successes the interval is conservative.
// Empty when trials <= 0. The bounds are clamped to [0, 1].
std::optional<Interval> wilson_interval(double successes, double trials, double z = kZ95);

// Sample variance (n - 1 denominator) of n observations x_i given exactly
// sum x_i and sum x_i^2. The numerator n*sum_sq - sum^2 is formed in 128-bit
// integers, so no cancellation is lost before the single final division.
// Empty when n < 2.
std::optional<double> sample_variance(std::int64_t n, Int128 sum, UInt128 sum_sq);

// mean +- z * sd / sqrt(n): the normal approximation for the mean of n
// independent observations with sample standard deviation sd. Empty when
// n < 2.
std::optional<Interval> normal_interval(double mean, double sd, std::int64_t n, double z = kZ95);

// mean +- t * sd / sqrt(n) with t the two-sided `level` quantile of
// Student's t with n - 1 degrees of freedom: exact for normal observations
// and never narrower than normal_interval, which it approaches for large n.
// Empty when n < 2.
std::optional<Interval> t_interval(double mean, double sd, std::int64_t n, double level = 0.95);

// The two-sided `level` quantile of Student's t with `degrees` of freedom.
double student_t_quantile(std::int64_t degrees, double level = 0.95);

// The two-sided `level` quantile of the standard normal: z with
// P(|Z| < z) = level (kZ95 for 0.95). The z of a Wilson interval at another
// level, e.g. a Bonferroni-adjusted one.
double normal_quantile(double level);

}  // namespace sngsim
