#pragma once
// Pearson's chi-square goodness-of-fit test against equal expected counts:
// are first places spread evenly over the seats of a table?
//
// Counts arrive as exact integers in `unit`s of one observation (a first
// place shared by k players gives kShareUnit / k to each of their seats), so
// the statistic is one division of exact 128-bit integers; the p-value comes
// from Boost.Math's chi-squared distribution with categories - 1 degrees of
// freedom (the large-sample limit of the statistic).
//
// Fractional counts. Each tournament adds a vector of shares that sums to one
// observation; its covariance is never larger (in the positive-semidefinite
// order) than that of a whole win at one seat, because diag(x) - x x^T is
// itself a covariance for any x on the simplex. Shared first places therefore
// only shrink the statistic's null distribution: the p-value stays valid and
// is conservative (never too small).

#include <cstdint>
#include <optional>
#include <vector>

namespace sngsim {

struct ChiSquareTest {
  double statistic = 0.0;  // sum over categories of (observed - expected)^2 / expected
  int degrees = 0;         // categories - 1
  double p_value = 1.0;    // P(chi^2_degrees >= statistic)
};

// The test of `counts` (each in `unit`s of one observation, all >= 0)
// against the same expected count in every category. Empty with fewer than
// two categories or no observation. Throws std::invalid_argument on a
// negative count or a unit below 1.
std::optional<ChiSquareTest> chi_square_uniform(const std::vector<std::int64_t>& counts, std::int64_t unit = 1);

// P(X >= statistic) for X chi-squared with `degrees` (>= 1) degrees of freedom.
double chi_square_p_value(double statistic, int degrees);

}  // namespace sngsim
