#include "sim/stats/league_fit.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>

#include "sim/stats/sample_plan.h"

namespace sngsim {

namespace {

// log-posterior, and optionally its gradient and the information matrix
// (minus the Hessian), at theta.
double evaluate(const ChoiceSets& data, std::span<const double> theta, double prior_precision,
                std::vector<double>* gradient, std::vector<double>* information) {
  const auto n = static_cast<std::size_t>(data.entrants);
  double value = 0.0;
  if (gradient != nullptr) gradient->assign(n, 0.0);
  if (information != nullptr) information->assign(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    value += data.wins[i] * theta[i] - 0.5 * prior_precision * theta[i] * theta[i];
    if (gradient != nullptr) (*gradient)[i] += data.wins[i] - prior_precision * theta[i];
    if (information != nullptr) (*information)[i * n + i] += prior_precision;
  }
  std::array<double, kMaxLeagueSeats> weight{};
  for (const ChoiceSets::Set& set : data.sets) {
    double top = -std::numeric_limits<double>::infinity();
    for (int k = 0; k < set.size; ++k)
      top = std::max(top, theta[static_cast<std::size_t>(set.members[static_cast<std::size_t>(k)])]);
    double sum = 0.0;
    for (int k = 0; k < set.size; ++k) {
      weight[static_cast<std::size_t>(k)] =
          std::exp(theta[static_cast<std::size_t>(set.members[static_cast<std::size_t>(k)])] - top);
      sum += weight[static_cast<std::size_t>(k)];
    }
    value -= set.count * (top + std::log(sum));
    if (gradient == nullptr && information == nullptr) continue;
    for (int k = 0; k < set.size; ++k) {
      const double p = weight[static_cast<std::size_t>(k)] / sum;
      const auto i = static_cast<std::size_t>(set.members[static_cast<std::size_t>(k)]);
      if (gradient != nullptr) (*gradient)[i] -= set.count * p;
      if (information == nullptr) continue;
      for (int l = 0; l < set.size; ++l) {
        const double q = weight[static_cast<std::size_t>(l)] / sum;
        const auto j = static_cast<std::size_t>(set.members[static_cast<std::size_t>(l)]);
        (*information)[i * n + j] += set.count * ((k == l ? p : 0.0) - p * q);
      }
    }
  }
  return value;
}

// Solves A x = b for a symmetric positive definite A (n x n, row-major) by
// Cholesky; A is overwritten. False when A is not positive definite.
bool cholesky_solve(std::vector<double>& a, std::vector<double>& b, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (std::size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0.0)) return false;
    const double root = std::sqrt(d);
    a[j * n + j] = root;
    for (std::size_t i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (std::size_t k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / root;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {  // L y = b
    double s = b[i];
    for (std::size_t k = 0; k < i; ++k) s -= a[i * n + k] * b[k];
    b[i] = s / a[i * n + i];
  }
  for (std::size_t i = n; i-- > 0;) {  // L^T x = y
    double s = b[i];
    for (std::size_t k = i + 1; k < n; ++k) s -= a[k * n + i] * b[k];
    b[i] = s / a[i * n + i];
  }
  return true;
}

std::vector<double> centred(std::vector<double> theta) {
  const double mean = std::accumulate(theta.begin(), theta.end(), 0.0) / static_cast<double>(theta.size());
  for (double& t : theta) t -= mean;
  return theta;
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

ChoiceSets choice_sets(const LeagueStats& stats, int left_out) {
  ChoiceSets data;
  data.entrants = stats.entrants();
  data.wins.assign(static_cast<std::size_t>(stats.entrants()), 0.0);
  const auto unit = static_cast<double>(kTieUnit);
  for (int g = 0; g < kJackknifeGroups; ++g) {
    if (g == left_out) continue;
    for (int e = 0; e < stats.entrants(); ++e) {
      data.wins[static_cast<std::size_t>(e)] += static_cast<double>(stats.stage_wins(g, e)) / unit;
    }
  }
  for (int b = 0; b < stats.blocks(); ++b) {
    const std::span<const std::int16_t> block = stats.block(b);
    for (int mask = 0; mask < stats.masks(); ++mask) {
      if (std::popcount(static_cast<unsigned>(mask)) < 2) continue;
      std::int64_t count = 0;
      for (int g = 0; g < kJackknifeGroups; ++g) {
        if (g != left_out) count += stats.choice_count(g, b, mask);
      }
      if (count == 0) continue;
      ChoiceSets::Set set;
      for (int p = 0; p < stats.seats(); ++p) {
        if ((mask >> p) & 1) set.members[static_cast<std::size_t>(set.size++)] = block[static_cast<std::size_t>(p)];
      }
      set.count = static_cast<double>(count) / unit;
      data.sets.push_back(set);
    }
  }
  return data;
}

PlackettLuceFit fit_plackett_luce(const ChoiceSets& data, std::span<const double> start, double prior_precision) {
  const auto n = static_cast<std::size_t>(data.entrants);
  PlackettLuceFit fit;
  fit.theta = start.empty() ? std::vector<double>(n, 0.0) : std::vector<double>(start.begin(), start.end());
  std::vector<double> gradient;
  std::vector<double> information;
  std::vector<double> trial(n);
  constexpr int kMaxIterations = 200;
  fit.log_posterior = evaluate(data, fit.theta, prior_precision, &gradient, &information);
  for (fit.iterations = 0; fit.iterations < kMaxIterations; ++fit.iterations) {
    std::vector<double> step = gradient;
    if (!cholesky_solve(information, step, n)) break;
    // Newton's step, halved until the log-posterior does not fall (it is
    // concave, so a small enough step rises).
    double scale = 1.0;
    double value = fit.log_posterior;
    for (int halving = 0; halving < 60; ++halving, scale /= 2.0) {
      for (std::size_t i = 0; i < n; ++i) trial[i] = fit.theta[i] + scale * step[i];
      value = evaluate(data, trial, prior_precision, nullptr, nullptr);
      if (value >= fit.log_posterior) break;
    }
    double largest = 0.0;
    for (std::size_t i = 0; i < n; ++i) largest = std::max(largest, std::abs(scale * step[i]));
    if (value < fit.log_posterior) {  // no rise at any scale: the maximum, to rounding
      fit.converged = true;
      break;
    }
    fit.theta = trial;
    fit.log_posterior = evaluate(data, fit.theta, prior_precision, &gradient, &information);
    if (largest < 1e-10) {
      fit.converged = true;
      ++fit.iterations;
      break;
    }
  }
  return fit;
}

LeagueFit fit_league(const LeagueStats& stats) {
  LeagueFit result;
  result.entrants = stats.entrants();
  result.tables = stats.tables();
  const auto n = static_cast<std::size_t>(stats.entrants());
  const PlackettLuceFit full = fit_plackett_luce(choice_sets(stats));
  result.rating = centred(full.theta);
  result.converged = full.converged;
  result.iterations = full.iterations;

  // Groups holding tables: a group's tables are the whole's less the rest.
  std::vector<int> groups;
  for (int g = 0; g < kJackknifeGroups; ++g) {
    std::int64_t held = 0;
    for (int e = 0; e < stats.entrants() && held == 0; ++e) held += stats.stage_wins(g, e);
    if (held > 0) groups.push_back(g);
  }
  result.groups = static_cast<int>(groups.size());
  if (groups.size() < 2) return result;
  std::vector<std::vector<double>> refits;
  for (const int g : groups) {
    refits.push_back(centred(fit_plackett_luce(choice_sets(stats, g), full.theta).theta));
  }
  const auto k = static_cast<double>(groups.size());
  std::vector<double> mean(n, 0.0);
  for (const auto& refit : refits) {
    for (std::size_t i = 0; i < n; ++i) mean[i] += refit[i] / k;
  }
  result.covariance.assign(n * n, 0.0);
  for (const auto& refit : refits) {
    for (std::size_t i = 0; i < n; ++i) {
      const double di = refit[i] - mean[i];
      for (std::size_t j = 0; j < n; ++j) result.covariance[i * n + j] += di * (refit[j] - mean[j]);
    }
  }
  for (double& c : result.covariance) c *= (k - 1.0) / k;
  result.t_quantile = student_t_quantile(static_cast<std::int64_t>(groups.size()) - 1);
  return result;
}

std::optional<Interval> LeagueFit::rating_ci95(int i) const {
  if (!has_intervals()) return std::nullopt;
  const double half = t_quantile * std::sqrt(variance(i));
  const double r = rating[static_cast<std::size_t>(i)];
  return Interval{r - half, r + half};
}

std::optional<Interval> LeagueFit::difference_ci95(int i, int j) const {
  if (!has_intervals()) return std::nullopt;
  const double var = variance(i) + variance(j) - 2.0 * covariance[static_cast<std::size_t>(i * entrants + j)];
  const double half = t_quantile * std::sqrt(std::max(var, 0.0));
  const double d = rating[static_cast<std::size_t>(i)] - rating[static_cast<std::size_t>(j)];
  return Interval{d - half, d + half};
}

double LeagueFit::ahead_probability(int i, int j) const {
  return logistic(rating[static_cast<std::size_t>(i)] - rating[static_cast<std::size_t>(j)]);
}

std::optional<Interval> LeagueFit::ahead_probability_ci95(int i, int j) const {
  const auto d = difference_ci95(i, j);
  if (!d) return std::nullopt;
  return Interval{logistic(d->lo), logistic(d->hi)};
}

std::vector<RankRange> rank_ranges(const LeagueFit& fit) {
  std::vector<RankRange> ranges(static_cast<std::size_t>(fit.entrants), RankRange{1, fit.entrants});
  if (!fit.has_intervals()) return ranges;
  for (int i = 0; i < fit.entrants; ++i) {
    RankRange& range = ranges[static_cast<std::size_t>(i)];
    for (int j = 0; j < fit.entrants; ++j) {
      if (j == i) continue;
      const Interval d = *fit.difference_ci95(j, i);
      if (d.lo > 0.0) ++range.best;   // j surely above i
      if (d.hi < 0.0) --range.worst;  // j surely below i
    }
  }
  return ranges;
}

std::vector<int> rating_order(const LeagueFit& fit) {
  std::vector<int> order(static_cast<std::size_t>(fit.entrants));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return fit.rating[static_cast<std::size_t>(a)] > fit.rating[static_cast<std::size_t>(b)];
  });
  return order;
}

std::optional<std::int64_t> tournaments_to_separate(const LeagueFit& fit, int a, int b, std::int64_t units,
                                                    std::int64_t tournaments_per_unit) {
  const auto interval = fit.difference_ci95(a, b);
  if (!interval || units < 1) return std::nullopt;
  if (interval->lo > 0.0 || interval->hi < 0.0) return 0;
  const double d = std::abs(fit.rating[static_cast<std::size_t>(a)] - fit.rating[static_cast<std::size_t>(b)]);
  if (!(d > 0.0)) return std::nullopt;
  // The jackknife's standard error is sd / sqrt(units) for one unit's sd.
  const double se = (interval->hi - interval->lo) / (2.0 * fit.t_quantile);
  const double sd_per_unit = se * std::sqrt(static_cast<double>(units));
  // The reported intervals use Student's t, not units_for_width's z: a
  // width scaled by z / t asks for the same half-width at t.
  const std::int64_t needed = units_for_width(sd_per_unit, 2.0 * d * kZ95 / fit.t_quantile);
  const std::int64_t more = std::max<std::int64_t>(1, needed - units);
  if (more > std::numeric_limits<std::int64_t>::max() / tournaments_per_unit)
    return std::numeric_limits<std::int64_t>::max();
  return more * tournaments_per_unit;
}

}  // namespace sngsim
