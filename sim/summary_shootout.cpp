// summary.json cells of shoot-outs: everything place-based is derived from
// each label's exact histogram of overall Placements {first, count}.

#include <cmath>
#include <numeric>
#include <optional>

#include "sim/intervals.h"
#include "sim/summary_formats.h"

namespace sngsim {

namespace {

using nlohmann::json;

json mean_sd(std::int64_t n, std::int64_t sum, UInt128 sq_sum) {
  json result;
  result["mean"] = to_json(ratio(sum, n));
  const auto variance = sample_variance(n, sum, sq_sum);
  result["sd"] = variance ? json(std::sqrt(*variance)) : json(nullptr);
  return result;
}

json player_json(const ShootoutStats& stats, int label, const Payouts& payouts) {
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
  Int128 itm_share = 0;    // units of 1/L entries
  Int128 prize_share = 0;  // percent of the pool, units of 1/L
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

  json result;
  result["entries"] = n;
  result["faults"] = t.faults;
  const Int128 unit_entries = lcm * n;
  json places = json::array();
  for (const Int128 share : place_share) places.push_back(to_json(ratio(share, unit_entries)));
  result["places"] = std::move(places);

  const std::optional<double> mean_place = ratio(twice_mean_sum, 2 * static_cast<Int128>(n));
  std::optional<Interval> mean_place_ci;
  if (const auto variance = sample_variance(n, twice_mean_sum, twice_mean_sq_sum)) {
    mean_place_ci = t_interval(*mean_place, std::sqrt(*variance) / 2.0, n);
  }
  result["mean_place"] = to_json(mean_place);
  result["mean_place_ci95"] = to_json(mean_place_ci);

  const auto entries = static_cast<double>(n);
  const double win_successes = static_cast<double>(static_cast<long double>(place_share[0]) / static_cast<long double>(lcm));
  result["win_rate"] = to_json(ratio(place_share[0], unit_entries));
  result["win_rate_ci95"] = to_json(wilson_interval(win_successes, entries));
  result["itm_rate"] = to_json(ratio(itm_share, unit_entries));
  result["itm_rate_ci95"] =
      to_json(wilson_interval(static_cast<double>(static_cast<long double>(itm_share) / static_cast<long double>(lcm)), entries));
  result["table_wins"] = t.table_wins;
  result["table_win_rate"] = to_json(ratio(t.table_wins, n));
  result["table_win_rate_ci95"] = to_json(wilson_interval(static_cast<double>(t.table_wins), entries));

  // Prizes: a seat's prize is the mean percentage of its covered places
  // times the pool (V6: every buy-in less the fee).
  const long double pool = static_cast<long double>(field) * static_cast<long double>(payouts.buy_in) *
                           static_cast<long double>(100 - payouts.fee_percent) / 100.0L;
  std::optional<double> mean_prize;
  std::optional<double> roi;
  std::optional<Interval> roi_ci;
  if (n > 0) {
    const long double mean_percent =
        static_cast<long double>(prize_share) / static_cast<long double>(unit_entries * unit_divisor);
    mean_prize = static_cast<double>(mean_percent * pool / 100.0L);
    if (payouts.buy_in > 0) {
      const auto buy_in = static_cast<long double>(payouts.buy_in);
      roi = static_cast<double>((mean_percent * pool / 100.0L - buy_in) / buy_in);
      if (n > 1) {
        const long double count = static_cast<long double>(n);
        const long double variance =
            std::max(0.0L, (prize_sq_sum - mean_percent * mean_percent * count) / (count - 1.0L));
        const double sd_roi = static_cast<double>(std::sqrt(variance) * pool / 100.0L / buy_in);
        roi_ci = t_interval(*roi, sd_roi, n);
      }
    }
  }
  result["mean_prize"] = to_json(mean_prize);
  result["roi"] = to_json(roi);
  result["roi_ci95"] = to_json(roi_ci);
  // Sit-and-go keys with no meaning here, kept so every cell has them.
  result["chips_at_cap_count"] = 0;
  result["avg_chips_at_cap"] = nullptr;
  return result;
}

}  // namespace

json shootout_player_json(const CellStats& stats, int label, const Payouts& payouts) {
  return player_json(*stats.shootout(), label, payouts);
}

json shootout_cell_json(const Cell& cell, const CellStats& stats, std::size_t index) {
  const ShootoutStats& s = *stats.shootout();
  json result;
  result["index"] = index;
  result["format"] = format_name(Format::kShootout);
  json params = json::object();
  for (const auto& [key, value] : cell.params) params[key] = value;
  result["params"] = std::move(params);
  result["labels"] = stats.labels();
  result["seats"] = s.field();
  result["tables"] = s.tables();
  result["table_seats"] = s.table_seats();
  result["final_table"] = s.final_table();
  result["hand_cap"] = s.hand_cap();
  const std::int64_t n = s.shootouts();
  result["tournaments"] = n;
  const std::int64_t tables = n * s.tables();
  result["table_hands"] = mean_sd(tables, s.table_hands_sum(), s.table_hands_sq_sum());
  result["capped_tables"] = s.capped_tables();
  result["capped_table_fraction"] = to_json(ratio(s.capped_tables(), tables));
  if (s.final_table()) {
    result["final_hands"] = mean_sd(n, s.final_hands_sum(), s.final_hands_sq_sum());
    result["final_capped"] = s.final_capped();
    result["final_capped_fraction"] = to_json(ratio(s.final_capped(), n));
  } else {
    result["final_hands"] = nullptr;
    result["final_capped"] = nullptr;
    result["final_capped_fraction"] = nullptr;
  }

  const Payouts& payouts = cell.payouts;
  const Int128 pool100 = static_cast<Int128>(s.field()) * payouts.buy_in * (100 - payouts.fee_percent);
  result["payouts"] = {{"percent", payouts.percent},
                       {"buy_in", payouts.buy_in},
                       {"fee_percent", payouts.fee_percent},
                       {"prize_pool", to_json(ratio(pool100, 100))},
                       {"per_table_winner", s.final_table() ? json(nullptr) : to_json(ratio(pool100, 100 * s.tables()))}};
  json players = json::object();
  for (int label = 0; label < stats.label_count(); ++label) {
    players[stats.labels()[static_cast<std::size_t>(label)]] = player_json(s, label, payouts);
  }
  result["players"] = std::move(players);
  result["head_to_head"] = json::array();
  result["survival"] = json::array();
  return result;
}

}  // namespace sngsim
