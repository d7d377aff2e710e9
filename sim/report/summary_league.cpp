// The summary of a league cell (format: league): ratings, intervals, rank
// ranges, pairwise chances and each entrant's results.

#include <algorithm>
#include <limits>

#include "sim/config/duplicate.h"
#include "sim/report/summary_formats.h"
#include "sim/stats/label_summary.h"
#include "sim/stats/league_fit.h"
#include "sim/stats/league_stats.h"

namespace sngsim {

LeagueSummary league_summary(const Cell& cell, const CellStats& stats) {
  const auto& league = dynamic_cast<const LeagueStats&>(*stats.find("league"));
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
  for (std::size_t r = 0; r < order.size(); ++r) {
    const int e = order[r];
    LeagueEntrantSummary entry;
    entry.entrant = e;
    // A league's labels are its entrants: their places are the label's.
    entry.results = summarize_label(stats, e, cell.payouts);
    entry.faults = entry.results.faults.total();
    entry.rating = fit.rating[static_cast<std::size_t>(e)];
    entry.rating_ci95 = fit.rating_ci95(e);
    entry.rank = static_cast<int>(r) + 1;
    entry.rank_best = ranges[static_cast<std::size_t>(e)].best;
    entry.rank_worst = ranges[static_cast<std::size_t>(e)].worst;
    if (r + 1 < order.size()) {
      const int next = order[r + 1];
      entry.ahead_of_next = fit.ahead_probability(e, next);
      entry.ahead_of_next_ci95 = fit.ahead_probability_ci95(e, next);
      entry.tournaments_to_separate_next =
          tournaments_to_separate(fit, e, next, result.units, result.tournaments_per_unit);
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
