// summary.json cells of cash tables (RULES V7): big blinds won per 100 hands.

#include <cmath>
#include <limits>
#include <optional>

#include "sim/stats/intervals.h"
#include "sim/report/summary_formats.h"

namespace sngsim {

namespace {

using nlohmann::json;

json player_json(const CashStats& stats, int label, bool clocked) {
  const CashLabelTotals& t = stats.label_totals(label);
  const Chips big_blind = stats.big_blind();
  const auto hands_per_session = static_cast<double>(stats.hands_per_session());
  json result;
  result["sessions"] = t.sessions;
  result["hands"] = t.hands;
  result["rebuys"] = t.rebuys;
  add_fault_fields(result, t.faults, clocked);
  const bool fits = t.won_sum >= std::numeric_limits<std::int64_t>::min() && t.won_sum <= std::numeric_limits<std::int64_t>::max();
  result["chips_won"] = fits ? json(static_cast<std::int64_t>(t.won_sum)) : json(static_cast<double>(t.won_sum));
  result["bb_won"] = to_json(exact_ratio(t.won_sum, big_blind));
  // bb/100 = 100 * chips won / (big blind * hands), one rounding from exact.
  const std::optional<double> bb_per_100 = exact_ratio(100 * t.won_sum, static_cast<Int128>(big_blind) * t.hands);
  result["bb_per_100"] = to_json(bb_per_100);

  // Each session of a seat is one observation: its chips won. Its bb/100 is
  // 100 * won / (bb * H) with H hands per session, so the interval is
  // Student's t over sessions with sd = 100 * sd(won) / (bb * H).
  // bb_per_100_sd is the spread of 100 hands, the poker-tracker figure:
  // sd(won) / bb * sqrt(100 / H), assuming independent hands.
  std::optional<Interval> ci;
  std::optional<double> sd_100;
  std::optional<double> session_sd;
  if (const auto variance = sample_variance(t.sessions, t.won_sum, t.won_sq_sum)) {
    const double sd_bb = std::sqrt(*variance) / static_cast<double>(big_blind);
    session_sd = sd_bb;
    sd_100 = sd_bb * std::sqrt(100.0 / hands_per_session);
    ci = t_interval(*bb_per_100, 100.0 * sd_bb / hands_per_session, t.sessions);
  }
  result["bb_per_100_ci95"] = to_json(ci);
  result["bb_per_100_sd"] = to_json(sd_100);
  result["session_sd_bb"] = to_json(session_sd);
  result["rebuys_per_session"] = to_json(exact_ratio(t.rebuys, t.sessions));
  return result;
}

}  // namespace

json cash_cell_json(const Cell& cell, const CellStats& stats, std::size_t index) {
  const CashStats& s = *stats.cash();
  const CashTableRules& table = cell.cash.table;
  json result;
  result["index"] = index;
  result["format"] = format_name(Format::kCash);
  json params = json::object();
  for (const auto& [key, value] : cell.params) params[key] = value;
  result["params"] = std::move(params);
  result["labels"] = stats.labels();
  result["seats"] = s.seats();
  result["hands_per_session"] = s.hands_per_session();
  result["blinds"] = {{"small", table.blinds.small_blind}, {"big", table.blinds.big_blind}, {"ante", table.blinds.ante}};
  result["buy_in"] = table.buy_in;
  result["rebuy_below"] = table.rebuy_below;
  result["tournaments"] = s.sessions();  // sessions
  json players = json::object();
  for (int label = 0; label < stats.label_count(); ++label) {
    players[stats.labels()[static_cast<std::size_t>(label)]] = player_json(s, label, stats.is_clocked(label));
  }
  result["players"] = std::move(players);
  result["head_to_head"] = json::array();
  result["survival"] = json::array();
  return result;
}

}  // namespace sngsim
