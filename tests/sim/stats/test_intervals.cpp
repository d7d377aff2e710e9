// The interval methods of summary.json (sim/stats/intervals.h, sim/stats/chi_square.h)
// against answers found independently: the roots of the score-test equation,
// published tables and closed forms, exact enumeration of small binomial and
// multinomial cases, and the coverage of normal data simulated at a fixed
// seed.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "sim/stats/chi_square.h"
#include "sim/stats/intervals.h"

namespace sngsim {
namespace {

// The two roots of the score-test equation n (phat - p)^2 = z^2 p (1 - p),
// the p at which the test of H0: p just rejects, found by bisection on each
// side of phat; the Wilson interval is, by definition, the p between them.
Interval score_test_roots(double successes, double trials, double z) {
  const double phat = successes / trials;
  const auto f = [&](double p) { return trials * (phat - p) * (phat - p) - z * z * p * (1.0 - p); };
  // f >= 0 at 0 and 1, f <= 0 at phat: one root in each half.
  const auto bisect = [&](double inside, double outside) {
    for (int i = 0; i < 200; ++i) {
      const double middle = (inside + outside) / 2.0;
      (f(middle) <= 0.0 ? inside : outside) = middle;
    }
    return (inside + outside) / 2.0;
  };
  return Interval{phat == 0.0 ? 0.0 : bisect(phat, 0.0), phat == 1.0 ? 1.0 : bisect(phat, 1.0)};
}

double binomial_pmf(int n, int k, double p) {
  const double log_choose = std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
  return std::exp(log_choose + k * std::log(p) + (n - k) * std::log1p(-p));
}

// Exact coverage of the 95% Wilson interval: the binomial probability of the
// counts k whose interval holds p.
double wilson_coverage(int n, double p) {
  double coverage = 0.0;
  for (int k = 0; k <= n; ++k) {
    const Interval interval = *wilson_interval(k, n);
    if (interval.lo <= p && p <= interval.hi) coverage += binomial_pmf(n, k, p);
  }
  return coverage;
}

// Standard normal draws from the raw 64-bit output of mt19937_64 (fully
// specified by the standard, unlike std::normal_distribution), by Box-Muller.
class NormalSource {
 public:
  explicit NormalSource(std::uint64_t seed) : engine_(seed) {}
  double next() {
    const double u1 = (static_cast<double>(engine_() >> 11) + 1.0) * 0x1.0p-53;  // (0, 1]
    const double u2 = static_cast<double>(engine_() >> 11) * 0x1.0p-53;          // [0, 1)
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace

TEST_CASE("Wilson bounds are the roots of the score-test equation", "[intervals]") {
  struct Case {
    double successes;
    double trials;
  };
  const std::vector<Case> cases{{0, 10},  {10, 10},  {3, 7},      {50, 100},
                                {1.5, 2}, {1, 1000}, {999, 1000}, {16667, 100000}};
  for (const double level : {0.95, 0.99, 0.9999}) {
    const double z = normal_quantile(level);
    for (const Case& c : cases) {
      const Interval expected = score_test_roots(c.successes, c.trials, z);
      const Interval wilson = *wilson_interval(c.successes, c.trials, z);
      INFO(c.successes << " of " << c.trials << " at level " << level);
      CHECK(wilson.lo == Approx(expected.lo).margin(1e-12));
      CHECK(wilson.hi == Approx(expected.hi).margin(1e-12));
    }
  }
}

TEST_CASE("Wilson 95% intervals cover a binomial p about 95% of the time, computed exactly", "[intervals]") {
  // Averaged over p in [0.01, 0.99] the coverage is close to nominal (exact
  // sums over every count: 0.9511 at n = 100, 0.9499 at n = 1000), though
  // it dips below at some p (0.9206 at worst for n = 100).
  for (const int n : {100, 1000}) {
    double sum = 0.0;
    double worst = 1.0;
    int points = 0;
    for (int i = 10; i <= 990; ++i) {
      const double coverage = wilson_coverage(n, i / 1000.0);
      sum += coverage;
      worst = std::min(worst, coverage);
      ++points;
    }
    INFO("n = " << n);
    CHECK(sum / points == Approx(0.95).margin(0.002));
    CHECK(worst > 0.92);
  }
  // The fairness check's case: a six-player win rate.
  CHECK(wilson_coverage(1000, 1.0 / 6.0) == Approx(0.94912).margin(1e-5));
}

TEST_CASE("Student t quantiles match published tables and closed forms", "[intervals]") {
  // Two-sided 95% (one-sided 0.975) column of the usual tables.
  CHECK(student_t_quantile(1) == Approx(12.706).margin(5e-4));
  CHECK(student_t_quantile(2) == Approx(4.303).margin(5e-4));
  CHECK(student_t_quantile(3) == Approx(3.182).margin(5e-4));
  CHECK(student_t_quantile(5) == Approx(2.571).margin(5e-4));
  CHECK(student_t_quantile(10) == Approx(2.228).margin(5e-4));
  CHECK(student_t_quantile(30) == Approx(2.042).margin(5e-4));
  CHECK(student_t_quantile(120) == Approx(1.980).margin(5e-4));
  // Two-sided 99% (one-sided 0.995).
  CHECK(student_t_quantile(1, 0.99) == Approx(63.657).margin(5e-4));
  CHECK(student_t_quantile(10, 0.99) == Approx(3.169).margin(5e-4));
  CHECK(student_t_quantile(30, 0.99) == Approx(2.750).margin(5e-4));
  // Closed forms: one degree of freedom is Cauchy, t = tan(pi (q - 1/2));
  // two have F(t) = 1/2 + t / (2 sqrt(2 + t^2)), so t = a sqrt(2 / (1 - a^2))
  // with a = 2q - 1 = level.
  for (const double level : {0.5, 0.9, 0.95, 0.99}) {
    INFO("level " << level);
    CHECK(student_t_quantile(1, level) == Approx(std::tan(std::numbers::pi * level / 2.0)).epsilon(1e-12));
    CHECK(student_t_quantile(2, level) == Approx(level * std::sqrt(2.0 / (1.0 - level * level))).epsilon(1e-12));
  }
}

TEST_CASE("Student t tends to the normal for large degrees of freedom", "[intervals]") {
  CHECK(normal_quantile(0.95) == Approx(kZ95).epsilon(1e-14));
  CHECK(normal_quantile(0.99) == Approx(2.5758293035489).epsilon(1e-12));
  // t_df - z ~ (z^3 + z) / (4 df): 2.4e-6 at a million.
  const double gap = student_t_quantile(1'000'000) - kZ95;
  CHECK(gap > 0.0);
  CHECK(gap == Approx((kZ95 * kZ95 * kZ95 + kZ95) / 4e6).epsilon(1e-3));
  // Never narrower than the normal interval, and shrinking towards it.
  double previous = student_t_quantile(1);
  for (const std::int64_t df : {2, 5, 10, 30, 100, 1000, 100000}) {
    const double t = student_t_quantile(df);
    CHECK(t < previous);
    CHECK(t > kZ95);
    previous = t;
  }
  const Interval t = *t_interval(3.5, 1.7, 10'000'000);
  const Interval z = *normal_interval(3.5, 1.7, 10'000'000);
  CHECK(t.lo < z.lo);
  CHECK(t.lo == Approx(z.lo).epsilon(1e-9));
  CHECK(t.hi == Approx(z.hi).epsilon(1e-9));
  CHECK_FALSE(t_interval(3.5, 1.7, 1));
}

TEST_CASE("t intervals cover the mean of normal samples 95% of the time, the normal approximation does not",
          "[intervals]") {
  // For normal data, mean +- c sd / sqrt(n) holds the true mean exactly with
  // probability P(|T_{n-1}| < c): 0.95 for the t quantile, and for c = 1.96
  // with n = 3 it is 1.96 / sqrt(2 + 1.96^2) = 0.8109. Simulated at a fixed
  // seed, 200,000 samples of three (standard error of a coverage ~0.001).
  NormalSource normal(20240807);
  constexpr int kSamples = 200'000;
  constexpr int n = 3;
  int t_covers = 0;
  int z_covers = 0;
  const double t = student_t_quantile(n - 1);
  for (int i = 0; i < kSamples; ++i) {
    double sum = 0.0;
    double sum_sq = 0.0;
    for (int j = 0; j < n; ++j) {
      const double x = 10.0 + 2.0 * normal.next();  // mean 10, sd 2
      sum += x;
      sum_sq += x * x;
    }
    const double mean = sum / n;
    const double sd = std::sqrt(std::max(0.0, (sum_sq - sum * mean) / (n - 1)));
    const double half = sd / std::sqrt(static_cast<double>(n));
    if (std::fabs(mean - 10.0) <= t * half) ++t_covers;
    if (std::fabs(mean - 10.0) <= kZ95 * half) ++z_covers;
  }
  const double exact_z = kZ95 / std::sqrt(2.0 + kZ95 * kZ95);
  CHECK(exact_z == Approx(0.810938).margin(1e-6));
  CHECK(static_cast<double>(t_covers) / kSamples == Approx(0.95).margin(0.003));
  CHECK(static_cast<double>(z_covers) / kSamples == Approx(exact_z).margin(0.005));
  // The library's interval is the same computation.
  const Interval interval = *t_interval(10.0, 2.0, n);
  CHECK((interval.hi - interval.lo) / 2.0 == Approx(t * 2.0 / std::sqrt(3.0)).epsilon(1e-14));
}

TEST_CASE("chi-square statistic is exact, its p-value matches closed forms and tables", "[intervals]") {
  // 10, 20, 30 against 20 each: (100 + 0 + 100) / 20 = 10; two degrees of
  // freedom have P(X >= x) = exp(-x / 2).
  const auto test = chi_square_uniform({10, 20, 30});
  REQUIRE(test);
  CHECK(test->statistic == 10.0);
  CHECK(test->degrees == 2);
  CHECK(test->p_value == Approx(std::exp(-5.0)).epsilon(1e-12));
  // The same counts in half units, and fractional counts 1.5 and 0.5
  // against 1 each: 0.25 + 0.25.
  CHECK(chi_square_uniform({20, 40, 60}, 2)->statistic == 10.0);
  CHECK(chi_square_uniform({3, 1}, 2)->statistic == 0.5);
  // One degree of freedom: P(X >= x) = erfc(sqrt(x / 2)).
  for (const double x : {0.5, 3.841458820694124, 10.0}) {
    CHECK(chi_square_p_value(x, 1) == Approx(std::erfc(std::sqrt(x / 2.0))).epsilon(1e-12));
  }
  // Published critical values.
  CHECK(chi_square_p_value(11.0705, 5) == Approx(0.05).margin(1e-5));
  CHECK(chi_square_p_value(20.5150, 5) == Approx(0.001).margin(1e-6));
  CHECK(chi_square_p_value(16.2662, 3) == Approx(0.001).margin(1e-6));
  // Even counts, nothing to test, bad input.
  CHECK(chi_square_uniform({7, 7, 7})->statistic == 0.0);
  CHECK(chi_square_uniform({7, 7, 7})->p_value == 1.0);
  CHECK_FALSE(chi_square_uniform({0, 0, 0}));
  CHECK_FALSE(chi_square_uniform({5}));
  CHECK_THROWS_AS(chi_square_uniform({1, -1}), std::invalid_argument);
  CHECK_THROWS_AS(chi_square_uniform({1, 1}, 0), std::invalid_argument);
}

TEST_CASE("chi-square p-values are calibrated: exact multinomial enumeration", "[intervals]") {
  // Every way n wins can fall on k equally likely seats, weighted by its
  // multinomial probability: the exact chance that the test rejects at
  // alpha when the seats are fair. (By enumeration: 0.05000 and 0.00095 for
  // k = 3, n = 120; 0.04848 for k = 6, n = 30.)
  const auto rejection_rate = [](int k, int n, double alpha) {
    double rate = 0.0;
    std::vector<std::int64_t> counts(static_cast<std::size_t>(k), 0);
    const auto visit = [&](auto&& self, int seat, int left) -> void {
      if (seat == k - 1) {
        counts.back() = left;
        if (chi_square_uniform(counts)->p_value <= alpha) {
          double log_p = std::lgamma(n + 1.0) - n * std::log(static_cast<double>(k));
          for (const std::int64_t c : counts) log_p -= std::lgamma(static_cast<double>(c) + 1.0);
          rate += std::exp(log_p);
        }
        return;
      }
      for (int c = 0; c <= left; ++c) {
        counts[static_cast<std::size_t>(seat)] = c;
        self(self, seat + 1, left - c);
      }
    };
    visit(visit, 0, n);
    return rate;
  };
  CHECK(rejection_rate(3, 120, 0.05) == Approx(0.05).margin(0.002));
  CHECK(rejection_rate(3, 120, 0.001) == Approx(0.001).margin(0.0002));
  CHECK(rejection_rate(6, 30, 0.05) == Approx(0.05).margin(0.005));
}

}  // namespace sngsim
