#include "sim/stats/chi_square.h"

#include <algorithm>
#include <stdexcept>

#include <boost/math/distributions/chi_squared.hpp>

#include "sim/stats/intervals.h"

namespace sngsim {

std::optional<ChiSquareTest> chi_square_uniform(const std::vector<std::int64_t>& counts, std::int64_t unit) {
  if (unit < 1) throw std::invalid_argument("chi_square_uniform: unit must be at least 1");
  if (std::any_of(counts.begin(), counts.end(), [](std::int64_t c) { return c < 0; })) {
    throw std::invalid_argument("chi_square_uniform: negative count");
  }
  const auto k = static_cast<std::int64_t>(counts.size());
  Int128 total = 0;
  for (const std::int64_t c : counts) total += c;
  if (k < 2 || total == 0) return std::nullopt;
  // With o_i = counts_i / unit and t = total / unit, expected t / k each:
  //   sum (o_i - t/k)^2 / (t/k) = sum (k counts_i - total)^2 / (k total unit).
  // |k counts_i - total| <= k total, so for up to nine categories and any
  // total below 2^58 (a million tournaments in share units is ~2^31) the sum
  // of squares stays below 2^128.
  UInt128 numerator = 0;
  for (const std::int64_t c : counts) {
    const Int128 deviation = static_cast<Int128>(k) * c - total;
    const UInt128 magnitude = deviation < 0 ? static_cast<UInt128>(-deviation) : static_cast<UInt128>(deviation);
    numerator += magnitude * magnitude;
  }
  const long double denominator =
      static_cast<long double>(k) * static_cast<long double>(total) * static_cast<long double>(unit);
  ChiSquareTest test;
  test.statistic = static_cast<double>(static_cast<long double>(numerator) / denominator);
  test.degrees = static_cast<int>(k - 1);
  test.p_value = chi_square_p_value(test.statistic, test.degrees);
  return test;
}

double chi_square_p_value(double statistic, int degrees) {
  if (degrees < 1) throw std::invalid_argument("chi_square_p_value: degrees of freedom must be at least 1");
  if (!(statistic > 0.0)) return 1.0;
  const boost::math::chi_squared distribution(static_cast<double>(degrees));
  return boost::math::cdf(boost::math::complement(distribution, statistic));
}

}  // namespace sngsim
