#pragma once
// Ratings of a league's entrants from their finishing orders
// (docs/statistics.md, "Leagues"): a Plackett-Luce model, its strengths
// with 95% intervals, the chance that one entrant finishes ahead of another
// at a table, rank ranges and how many more tournaments would separate
// neighbours.
//
// Model. Entrant i has strength exp(theta_i); at each stage of a table's
// finishing order the next place goes to player i of those left, R, with
// probability exp(theta_i) / sum_{j in R} exp(theta_j). Shared places are
// every order of the tied players counted equally (sim/stats/league_stats.h).
// Under this model i finishes ahead of j at any table with probability
// exp(theta_i) / (exp(theta_i) + exp(theta_j)), whoever else sits there.
//
// Fit. The log-likelihood is concave in theta. A tiny Gaussian prior,
// theta_i ~ N(0, 1 / kPriorPrecision) (a standard deviation of 100 in
// log-strength), makes the maximum exist when an entrant never wins or
// never loses; it moves a strength measured on n tables by about
// kPriorPrecision / (n/4) of itself. Newton-Raphson with step halving
// maximises it (a few steps; Hunter's MM algorithm needs hundreds on a
// large league). Ratings are reported centred: theta_i less the mean over
// entrants (only differences are identified).
//
// Intervals: a delete-a-group jackknife over kJackknifeGroups groups of
// units (sim/stats/league_stats.h). Each group is left out in turn and the
// model refitted (from the full fit, so two or three Newton steps); the
// spread of the K refits, times (K - 1) / K, estimates the covariance of
// the centred ratings, and intervals use Student's t with K - 1 degrees of
// freedom. It resamples units, so a duplicate group's correlated
// tournaments stay together, and it does not trust the model's own
// variance (poker tables are not exactly Plackett-Luce), which a sandwich
// estimator would also avoid; unlike a bootstrap or a sandwich it needs
// only K copies of the flat sufficient statistics, not a record per
// tournament. Only groups holding at least one table count.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/stats/intervals.h"
#include "sim/stats/league_stats.h"

namespace sngsim {

inline constexpr double kPriorPrecision = 1e-4;

// The data of one fit, as doubles: stages won per entrant and the choice
// sets with their (weighted) counts.
struct ChoiceSets {
  int entrants = 0;
  std::vector<double> wins;  // [entrant]
  struct Set {
    std::array<std::int16_t, kMaxLeagueSeats> members{};
    int size = 0;
    double count = 0.0;
  };
  std::vector<Set> sets;
};

// The league's choice sets, every jackknife group but `left_out` (-1: all).
ChoiceSets choice_sets(const LeagueStats& stats, int left_out = -1);

struct PlackettLuceFit {
  std::vector<double> theta;  // not centred
  double log_posterior = 0.0;
  int iterations = 0;
  bool converged = false;
};

// Maximises the penalised log-likelihood from `start` (empty: zeros).
PlackettLuceFit fit_plackett_luce(const ChoiceSets& data, std::span<const double> start = {},
                                  double prior_precision = kPriorPrecision);

struct LeagueFit {
  int entrants = 0;
  std::int64_t tables = 0;
  std::vector<double> rating;  // centred theta
  bool converged = false;
  int iterations = 0;              // of the full fit
  int groups = 0;                  // jackknife groups holding data
  double t_quantile = 0.0;         // Student t, groups - 1 degrees of freedom; 0 without intervals
  std::vector<double> covariance;  // [i * entrants + j], jackknife; empty with fewer than 2 groups
  bool has_intervals() const { return !covariance.empty(); }
  double variance(int i) const { return covariance[static_cast<std::size_t>(i * entrants + i)]; }
  std::optional<Interval> rating_ci95(int i) const;
  // theta_i - theta_j with its interval.
  std::optional<Interval> difference_ci95(int i, int j) const;
  // P(i finishes ahead of j at a table) = logistic(theta_i - theta_j) and its interval.
  double ahead_probability(int i, int j) const;
  std::optional<Interval> ahead_probability_ci95(int i, int j) const;
};

LeagueFit fit_league(const LeagueStats& stats);

// Where each entrant could rank at 95% (1 = best): best = 1 + the entrants
// whose difference interval lies wholly above it, worst = entrants - those
// wholly below. Without intervals, 1..entrants.
struct RankRange {
  int best = 1;
  int worst = 1;
};
std::vector<RankRange> rank_ranges(const LeagueFit& fit);

// Entrants by rating, best first (ties by index).
std::vector<int> rating_order(const LeagueFit& fit);

// For neighbours a (above) and b: the tournaments to add for the 95%
// interval of theta_a - theta_b to exclude 0 at the same estimate, from the
// jackknife's standard error scaled as 1 / sqrt(units) (as `sngsim plan`,
// sim/stats/sample_plan.h). 0 when already separated; empty without an
// interval or with equal ratings.
std::optional<std::int64_t> tournaments_to_separate(const LeagueFit& fit, int a, int b, std::int64_t units,
                                                    std::int64_t tournaments_per_unit);

}  // namespace sngsim
