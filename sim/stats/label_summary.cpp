#include "sim/stats/label_summary.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "sim/stats/shootout_stats.h"

namespace sngsim {

namespace {

// V6: the prize pool is every buy-in less the fee; times 100 it is an
// integer, which keeps mean prizes and ROI a single rounding from exact.
Int128 prize_pool_times_100(const Payouts& payouts, int players) {
  return static_cast<Int128>(players) * payouts.buy_in * (100 - payouts.fee_percent);
}

// The mean of n places accumulated doubled (sum and sum of squares of
// Placement::twice_mean) and its Student t interval; empty without entries.
void mean_place_of(std::int64_t n, std::int64_t twice_sum, UInt128 twice_sq_sum, std::optional<double>& mean,
                   std::optional<Interval>& ci95) {
  mean = exact_ratio(twice_sum, 2 * static_cast<Int128>(n));
  if (const auto variance = sample_variance(n, twice_sum, twice_sq_sum)) {
    ci95 = t_interval(*mean, std::sqrt(*variance) / 2.0, n);
  }
}

LabelSummary sit_and_go_label(const CellStats& stats, int label, const Payouts& payouts) {
  const LabelTotals& t = stats.label_totals(label);
  const std::int64_t n = t.entries;
  const auto entries = static_cast<double>(n);
  const Int128 unit_entries = static_cast<Int128>(kShareUnit) * n;
  LabelSummary result;
  result.entries = n;
  result.faults = t.faults;
  for (const std::int64_t shares : t.place_shares) result.places.push_back(exact_ratio(shares, unit_entries));

  // Places are accumulated doubled (Placement::twice_mean) to stay integers.
  mean_place_of(n, t.twice_mean_place_sum, t.twice_mean_place_sq_sum, result.mean_place, result.mean_place_ci95);
  result.capped_entries = t.capped_entries;
  mean_place_of(t.capped_entries, t.capped_twice_mean_place_sum, t.capped_twice_mean_place_sq_sum,
                result.capped_mean_place, result.capped_mean_place_ci95);
  mean_place_of(n - t.capped_entries, t.twice_mean_place_sum - t.capped_twice_mean_place_sum,
                t.twice_mean_place_sq_sum - t.capped_twice_mean_place_sq_sum, result.uncapped_mean_place,
                result.uncapped_mean_place_ci95);

  const double unit = static_cast<double>(kShareUnit);
  result.win_rate = exact_ratio(t.win_shares(), unit_entries);
  result.win_rate_ci95 = wilson_interval(static_cast<double>(t.win_shares()) / unit, entries);
  result.itm_rate = exact_ratio(t.itm_shares, unit_entries);
  result.itm_rate_ci95 = wilson_interval(static_cast<double>(t.itm_shares) / unit, entries);

  // A prize unit is pool / (100 * kShareUnit); with pool100 = 100 * pool:
  //   mean prize = prize_units * pool100 / (100 * 100 * kShareUnit * n)
  //   ROI = (mean prize - buy_in) / buy_in
  const Int128 pool100 = prize_pool_times_100(payouts, stats.players());
  const Int128 scale = 100 * 100 * unit_entries;
  const Int128 prize_numerator = static_cast<Int128>(t.prize_units) * pool100;
  result.mean_prize = exact_ratio(prize_numerator, scale);
  if (n > 0 && payouts.buy_in > 0) {
    result.roi = exact_ratio(prize_numerator - scale * payouts.buy_in, scale * payouts.buy_in);
    if (const auto variance = sample_variance(n, t.prize_units, t.prize_units_sq_sum)) {
      const double roi_per_unit = static_cast<double>(
          static_cast<long double>(pool100) / (10000.0L * kShareUnit * static_cast<long double>(payouts.buy_in)));
      result.roi_ci95 = t_interval(*result.roi, std::sqrt(*variance) * roi_per_unit, n);
    }
  }

  // V6 icm_at_cap: the same with capped survivors valued by ICM; an ICM unit
  // is a prize unit / kIcmScale (sim/stats/cell_stats.h).
  if (stats.icm_at_cap() && n > 0) {
    const Int128 icm_scale = scale * kIcmScale;
    const Int128 icm_numerator = t.icm_prize_units * pool100;
    result.icm_prize = exact_ratio(icm_numerator, icm_scale);
    result.capped_icm_prize = exact_ratio(t.capped_icm_prize_units * pool100,
                                          100 * 100 * kIcmScale * static_cast<Int128>(kShareUnit) * t.capped_entries);
    if (payouts.buy_in > 0) {
      result.icm_roi = exact_ratio(icm_numerator - icm_scale * payouts.buy_in, icm_scale * payouts.buy_in);
      if (const auto variance = sample_variance(n, t.icm_prize_units, t.icm_prize_units_sq_sum)) {
        const double roi_per_unit =
            static_cast<double>(static_cast<long double>(pool100) /
                                (10000.0L * kShareUnit * kIcmScale * static_cast<long double>(payouts.buy_in)));
        result.icm_roi_ci95 = t_interval(*result.icm_roi, std::sqrt(*variance) * roi_per_unit, n);
      }
    }
  }

  result.chips_at_cap_count = t.chips_at_cap_count;
  result.avg_chips_at_cap = exact_ratio(t.chips_at_cap_sum, t.chips_at_cap_count);
  return result;
}

// Shoot-outs: everything place-based is derived from each label's exact
// histogram of overall Placements {first, count}.
LabelSummary shootout_label(const ShootoutStats& stats, int label, const Payouts& payouts) {
  const ShootoutLabelTotals& t = stats.label_totals(label);
  const int field = stats.field();
  const std::int64_t n = t.entries;
  // Every group size divides L, so a seat's share of each covered place,
  // L / count, is a whole number of 1/L.
  Int128 lcm = 1;
  for (int c = 2; c <= field; ++c) lcm = std::lcm(static_cast<std::int64_t>(lcm), std::int64_t{c});
  // The prize of a place, in units of 1/D percent of the pool: the payout
  // table (D = 1) or, with table winners paid, an equal share of places
  // 1..T (D = T), which the winners share.
  const int tables = stats.tables();
  const int unit_divisor = stats.final_table() ? 1 : tables;
  const auto percent_of = [&](int place) {
    if (!stats.final_table()) return place <= tables ? 100 : 0;
    return place <= static_cast<int>(payouts.percent.size()) ? payouts.percent[static_cast<std::size_t>(place - 1)] : 0;
  };

  std::vector<Int128> place_share(static_cast<std::size_t>(field), 0);  // units of 1/L entries
  Int128 twice_mean_sum = 0;
  UInt128 twice_mean_sq_sum = 0;
  Int128 itm_share = 0;             // units of 1/L entries
  Int128 prize_share = 0;           // percent of the pool, units of 1/L
  long double prize_sq_sum = 0.0L;  // (percent of the pool)^2
  for (int count = 1; count <= field; ++count) {
    for (int first = 1; first + count - 1 <= field; ++first) {
      const std::int64_t k = stats.placement_count(label, first, count);
      if (k == 0) continue;
      const Int128 share = lcm / count;
      int percent_sum = 0;
      int paid = 0;
      for (int p = first; p < first + count; ++p) {
        place_share[static_cast<std::size_t>(p - 1)] += share * k;
        percent_sum += percent_of(p);
        paid += percent_of(p) > 0 ? 1 : 0;
      }
      const std::int64_t twice_mean = 2 * first + count - 1;
      twice_mean_sum += static_cast<Int128>(twice_mean) * k;
      twice_mean_sq_sum += static_cast<UInt128>(twice_mean * twice_mean) * static_cast<UInt128>(k);
      itm_share += share * paid * k;
      prize_share += share * percent_sum * k;
      const long double prize = static_cast<long double>(percent_sum) / (count * unit_divisor);
      prize_sq_sum += prize * prize * static_cast<long double>(k);
    }
  }

  LabelSummary result;
  result.entries = n;
  result.faults = t.faults;
  const Int128 unit_entries = lcm * n;
  for (const Int128 share : place_share) result.places.push_back(exact_ratio(share, unit_entries));

  result.mean_place = exact_ratio(twice_mean_sum, 2 * static_cast<Int128>(n));
  if (const auto variance = sample_variance(n, twice_mean_sum, twice_mean_sq_sum)) {
    result.mean_place_ci95 = t_interval(*result.mean_place, std::sqrt(*variance) / 2.0, n);
  }

  const auto entries = static_cast<double>(n);
  const double win_successes =
      static_cast<double>(static_cast<long double>(place_share[0]) / static_cast<long double>(lcm));
  result.win_rate = exact_ratio(place_share[0], unit_entries);
  result.win_rate_ci95 = wilson_interval(win_successes, entries);
  result.itm_rate = exact_ratio(itm_share, unit_entries);
  result.itm_rate_ci95 = wilson_interval(
      static_cast<double>(static_cast<long double>(itm_share) / static_cast<long double>(lcm)), entries);
  result.table_wins = LabelSummary::TableWins{t.table_wins, exact_ratio(t.table_wins, n),
                                              wilson_interval(static_cast<double>(t.table_wins), entries)};

  // Prizes: a seat's prize is the mean percentage of its covered places
  // times the pool (V6: every buy-in less the fee).
  const long double pool = static_cast<long double>(field) * static_cast<long double>(payouts.buy_in) *
                           static_cast<long double>(100 - payouts.fee_percent) / 100.0L;
  if (n > 0) {
    const long double mean_percent =
        static_cast<long double>(prize_share) / static_cast<long double>(unit_entries * unit_divisor);
    result.mean_prize = static_cast<double>(mean_percent * pool / 100.0L);
    if (payouts.buy_in > 0) {
      const auto buy_in = static_cast<long double>(payouts.buy_in);
      result.roi = static_cast<double>((mean_percent * pool / 100.0L - buy_in) / buy_in);
      if (n > 1) {
        const long double count = static_cast<long double>(n);
        const long double variance =
            std::max(0.0L, (prize_sq_sum - mean_percent * mean_percent * count) / (count - 1.0L));
        const double sd_roi = static_cast<double>(std::sqrt(variance) * pool / 100.0L / buy_in);
        result.roi_ci95 = t_interval(*result.roi, sd_roi, n);
      }
    }
  }
  return result;
}

}  // namespace

LabelSummary summarize_label(const CellStats& stats, int label, const Payouts& payouts) {
  LabelSummary result = stats.format() == Format::kShootout ? shootout_label(*stats.shootout(), label, payouts)
                                                            : sit_and_go_label(stats, label, payouts);
  result.clocked = stats.is_clocked(label);
  return result;
}

}  // namespace sngsim
