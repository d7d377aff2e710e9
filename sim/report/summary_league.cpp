// The summary of a league cell (format: league): ratings, intervals, rank
// ranges, pairwise chances and each entrant's results.

#include <algorithm>
#include <limits>

#include "sim/config/duplicate.h"
#include "sim/report/summary_formats.h"
#include "sim/stats/label_summary.h"
#include "sim/stats/league_fit.h"

namespace sngsim {

namespace {

// An entrant's placements as the totals of a sit-and-go label (R22: a
// shared place splits its places and their prizes equally).
LabelTotals entrant_totals(const LeagueStats& stats, int entrant, const std::vector<int>& payout_percent) {
  const int seats = stats.seats();
  LabelTotals totals;
  totals.place_shares.assign(static_cast<std::size_t>(seats), 0);
  totals.entries = stats.entries(entrant);
  for (int first = 1; first <= seats; ++first) {
    for (int count = 1; first + count - 1 <= seats; ++count) {
      const std::int64_t k = stats.placement_count(entrant, first, count);
      if (k == 0) continue;
      const std::int64_t share = kShareUnit / count;
      std::int64_t prize = 0;
      for (int p = first; p < first + count; ++p) {
        const auto i = static_cast<std::size_t>(p - 1);
        const int percent = i < payout_percent.size() ? payout_percent[i] : 0;
        totals.place_shares[i] += share * k;
        if (percent > 0) totals.itm_shares += share * k;
        prize += percent * share;
      }
      totals.prize_units += prize * k;
      totals.prize_units_sq_sum += static_cast<UInt128>(prize) * static_cast<UInt128>(prize) * static_cast<UInt128>(k);
      const std::int64_t twice_mean = 2 * first + count - 1;
      totals.twice_mean_place_sum += twice_mean * k;
      totals.twice_mean_place_sq_sum += static_cast<UInt128>(twice_mean * twice_mean) * static_cast<UInt128>(k);
    }
  }
  return totals;
}

}  // namespace

LeagueSummary league_summary(const Cell& cell, const CellStats& stats) {
  const LeagueStats& league = *stats.league();
  LeagueSummary result;
  result.seats = league.seats();
  result.entrants = league.entrants();
  result.design = cell.league->design;
  result.blocks = league.blocks();
  result.tournaments_per_unit = duplicate_group_size(cell);
  result.units = stats.tournaments() / result.tournaments_per_unit;
  result.prior_precision = kPriorPrecision;

  // How often each pair shared a table.
  const auto n = static_cast<std::size_t>(league.entrants());
  std::vector<std::int64_t> met(n * n, 0);
  for (int b = 0; b < league.blocks(); ++b) {
    const std::int64_t plays = league.block_plays(b);
    if (plays == 0) continue;
    const auto block = league.block(b);
    for (std::size_t i = 0; i < block.size(); ++i) {
      for (std::size_t j = i + 1; j < block.size(); ++j) {
        met[static_cast<std::size_t>(block[i]) * n + static_cast<std::size_t>(block[j])] += plays;
        met[static_cast<std::size_t>(block[j]) * n + static_cast<std::size_t>(block[i])] += plays;
      }
    }
  }
  result.pair_meetings_min = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      result.pair_meetings_min = std::min(result.pair_meetings_min, met[i * n + j]);
      result.pair_meetings_max = std::max(result.pair_meetings_max, met[i * n + j]);
    }
  }

  const LeagueFit fit = fit_league(league);
  result.converged = fit.converged;
  result.iterations = fit.iterations;
  result.jackknife_groups = fit.groups;
  result.t_quantile = fit.t_quantile;
  const std::vector<RankRange> ranges = rank_ranges(fit);
  const std::vector<int> order = rating_order(fit);
  std::vector<int> payout_percent(static_cast<std::size_t>(league.seats()), 0);
  for (std::size_t p = 0; p < payout_percent.size() && p < cell.payouts.percent.size(); ++p) {
    payout_percent[p] = cell.payouts.percent[p];
  }
  for (std::size_t r = 0; r < order.size(); ++r) {
    const int e = order[r];
    LeagueEntrantSummary entry;
    entry.entrant = e;
    entry.results = summarize_totals(entrant_totals(league, e, payout_percent), league.seats(), false, cell.payouts);
    entry.faults = league.faults(e);
    entry.rating = fit.rating[static_cast<std::size_t>(e)];
    entry.rating_ci95 = fit.rating_ci95(e);
    entry.rank = static_cast<int>(r) + 1;
    entry.rank_best = ranges[static_cast<std::size_t>(e)].best;
    entry.rank_worst = ranges[static_cast<std::size_t>(e)].worst;
    if (r + 1 < order.size()) {
      const int next = order[r + 1];
      entry.ahead_of_next = fit.ahead_probability(e, next);
      entry.ahead_of_next_ci95 = fit.ahead_probability_ci95(e, next);
      entry.tournaments_to_separate_next = tournaments_to_separate(fit, e, next, result.units, result.tournaments_per_unit);
    }
    result.standings.push_back(std::move(entry));
  }
  for (int i = 0; i < league.entrants(); ++i) {
    for (int j = 0; j < league.entrants(); ++j) {
      result.ahead.push_back(fit.ahead_probability(i, j));
      result.ahead_ci95.push_back(i == j ? std::nullopt : fit.ahead_probability_ci95(i, j));
    }
  }
  return result;
}

}  // namespace sngsim
