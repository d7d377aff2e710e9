// summary.json cells of shoot-outs: everything place-based is derived from
// each label's exact histogram of overall Placements {first, count}.

#include <cmath>
#include <numeric>
#include <optional>

#include "sim/stats/intervals.h"
#include "sim/report/summary_formats.h"

namespace sngsim {

namespace {

using nlohmann::json;

json mean_sd(std::int64_t n, std::int64_t sum, UInt128 sq_sum) {
  json result;
  result["mean"] = to_json(exact_ratio(sum, n));
  const auto variance = sample_variance(n, sum, sq_sum);
  result["sd"] = variance ? json(std::sqrt(*variance)) : json(nullptr);
  return result;
}

}  // namespace

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
  result["capped_table_fraction"] = to_json(exact_ratio(s.capped_tables(), tables));
  if (s.final_table()) {
    result["final_hands"] = mean_sd(n, s.final_hands_sum(), s.final_hands_sq_sum());
    result["final_capped"] = s.final_capped();
    result["final_capped_fraction"] = to_json(exact_ratio(s.final_capped(), n));
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
                       {"prize_pool", to_json(exact_ratio(pool100, 100))},
                       {"per_table_winner", s.final_table() ? json(nullptr) : to_json(exact_ratio(pool100, 100 * s.tables()))}};
  json players = json::object();
  for (int label = 0; label < stats.label_count(); ++label) {
    players[stats.labels()[static_cast<std::size_t>(label)]] = label_json(summarize_label(stats, label, payouts));
  }
  result["players"] = std::move(players);
  result["head_to_head"] = json::array();
  result["survival"] = json::array();
  return result;
}

}  // namespace sngsim
