// summary.json rendered from a RunSummary (sim/report/run_summary.h); every key
// is defined in docs/output-format.md.

#include <optional>

#include "sim/report/summary.h"

namespace sngsim {

namespace {

using nlohmann::json;

// Missing values become null.
json to_json(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }
json to_json(const std::optional<std::int64_t>& value) { return value ? json(*value) : json(nullptr); }
json to_json(const std::optional<Interval>& interval) {
  return interval ? json::array({interval->lo, interval->hi}) : json(nullptr);
}
json to_json(const std::vector<std::optional<double>>& values) {
  json result = json::array();
  for (const std::optional<double>& value : values) result.push_back(to_json(value));
  return result;
}

json params_json(const CellSummary& cell) {
  json params = json::object();
  for (const auto& [key, value] : cell.params) params[key] = value;
  return params;
}

// faults (the total) into players[label] of every format; with any fault
// also faults_by_reason {reason: count}, and for a label under the clock
// timeouts and time_bank_used_s; with any sit-out (V8) sit_outs,
// hands_missed, returns and at a cash table stand_ups.
void add_fault_fields(json& player, const FaultCounts& faults, bool clocked, bool cash = false) {
  player["faults"] = faults.total();
  // V8, only when the label sat out at all.
  const SitOutCounts& sit_out = faults.sit_out;
  if (sit_out.sit_outs > 0) {
    player["sit_outs"] = sit_out.sit_outs;
    player["hands_missed"] = sit_out.hands_missed;
    player["returns"] = sit_out.returns;
    if (cash) player["stand_ups"] = sit_out.stand_ups;
  }
  if (faults.total() > 0) {
    json by_reason = json::object();
    for (std::size_t r = 0; r < faults.by_reason.size(); ++r) {
      if (faults.by_reason[r] > 0) by_reason[kFaultReasonNames[r]] = faults.by_reason[r];
    }
    player["faults_by_reason"] = std::move(by_reason);
  }
  if (clocked) {
    player["timeouts"] = faults.count(FaultReason::kTimeout);
    player["time_bank_used_s"] = static_cast<double>(faults.bank_used_us) / 1e6;
  }
}

json metric_json(const AdjustedMetric& metric) {
  return {{"estimate", to_json(metric.value)},
          {"ci95", to_json(metric.ci95)},
          {"mean_luck", to_json(metric.mean_luck)},
          {"mean_luck_ci95", to_json(metric.mean_luck_ci95)},
          {"variance_reduction", to_json(metric.variance_reduction)}};
}

json luck_adjusted_json(const LuckSummary& summary) {
  return {{"roi", metric_json(summary.roi)},
          {"win_rate", metric_json(summary.win_rate)},
          {"itm_rate", metric_json(summary.itm_rate)},
          {"mean_place", metric_json(summary.mean_place)}};
}

json variance_reduction_json(const std::array<std::optional<double>, kLuckMetricCount>& reduction) {
  auto at = [&](LuckMetric metric) { return to_json(reduction[static_cast<std::size_t>(metric)]); };
  // ROI is the prize moved and scaled: the same ratio.
  return {{"roi", at(LuckMetric::kPrize)},
          {"win_rate", at(LuckMetric::kWin)},
          {"itm_rate", at(LuckMetric::kItm)},
          {"mean_place", at(LuckMetric::kPlace)}};
}

// players[label] of a sit-and-go or shoot-out cell.
json player_json(const PlayerSummary& player) {
  const LabelSummary& summary = player.outcome;
  json result;
  result["entries"] = summary.entries;
  add_fault_fields(result, summary.faults, summary.clocked);
  result["places"] = to_json(summary.places);
  result["mean_place"] = to_json(summary.mean_place);
  result["mean_place_ci95"] = to_json(summary.mean_place_ci95);
  result["win_rate"] = to_json(summary.win_rate);
  result["win_rate_ci95"] = to_json(summary.win_rate_ci95);
  result["itm_rate"] = to_json(summary.itm_rate);
  result["itm_rate_ci95"] = to_json(summary.itm_rate_ci95);
  result["mean_prize"] = to_json(summary.mean_prize);
  result["roi"] = to_json(summary.roi);
  result["roi_ci95"] = to_json(summary.roi_ci95);
  result["chips_at_cap_count"] = summary.chips_at_cap_count;
  result["avg_chips_at_cap"] = to_json(summary.avg_chips_at_cap);
  if (summary.table_wins) {
    result["table_wins"] = summary.table_wins->count;
    result["table_win_rate"] = to_json(summary.table_wins->rate);
    result["table_win_rate_ci95"] = to_json(summary.table_wins->rate_ci95);
  } else {
    result["icm_prize"] = to_json(summary.icm_prize);
    result["icm_roi"] = to_json(summary.icm_roi);
    result["icm_roi_ci95"] = to_json(summary.icm_roi_ci95);
    // The rank order at the cap (issue 21, docs/statistics.md).
    result["capped_entries"] = summary.capped_entries;
    result["capped_mean_place"] = to_json(summary.capped_mean_place);
    result["capped_mean_place_ci95"] = to_json(summary.capped_mean_place_ci95);
    result["uncapped_mean_place"] = to_json(summary.uncapped_mean_place);
    result["uncapped_mean_place_ci95"] = to_json(summary.uncapped_mean_place_ci95);
    result["capped_icm_prize"] = to_json(summary.capped_icm_prize);
  }
  if (player.luck_adjusted) result["luck_adjusted"] = luck_adjusted_json(*player.luck_adjusted);
  return result;
}

json players_json(const CellSummary& cell, const std::vector<PlayerSummary>& players) {
  json result = json::object();
  for (std::size_t label = 0; label < players.size(); ++label) result[cell.labels[label]] = player_json(players[label]);
  return result;
}

json head_to_head_json(const std::vector<HeadToHeadSummary>& entries) {
  json result = json::array();
  for (const HeadToHeadSummary& h : entries) {
    json entry;
    entry["a"] = h.a;
    entry["b"] = h.b;
    entry["above"] = h.above;
    entry["below"] = h.below;
    entry["tied"] = h.tied;
    entry["tournaments"] = h.tournaments;
    entry["a_above_b"] = to_json(h.a_above_b);
    entry["ci95"] = to_json(h.ci95);
    result.push_back(std::move(entry));
  }
  return result;
}

json by_seat_json(const BySeatSummary& by_seat) {
  json result;
  result["entries"] = by_seat.entries;
  result["win_rate"] = to_json(by_seat.win_rate);
  result["chi_square"] = by_seat.test ? json(by_seat.test->statistic) : json(nullptr);
  result["df"] = by_seat.test ? json(by_seat.test->degrees) : json(nullptr);
  result["p_value"] = by_seat.test ? json(by_seat.test->p_value) : json(nullptr);
  return result;
}

json hands_json(const HandsSummary& hands) {
  json result;
  result["mean"] = to_json(hands.mean);
  result["sd"] = to_json(hands.sd);
  result["mean_ci95"] = to_json(hands.mean_ci95);
  result["median"] = to_json(hands.median);
  result["p10"] = to_json(hands.p10);
  result["p90"] = to_json(hands.p90);
  result["max"] = to_json(hands.max);
  result["histogram"] = hands.histogram;
  return result;
}

void sit_and_go_json(const CellSummary& cell, const SitAndGoSummary& s, json& result) {
  result["seats"] = s.seats;
  result["hand_cap"] = s.hand_cap;
  result["hands_per_level"] = s.hands_per_level;
  result["hands"] = hands_json(s.hands);
  result["capped"] = s.capped;
  result["capped_fraction"] = to_json(s.capped_fraction);
  result["capped_fraction_ci95"] = to_json(s.capped_fraction_ci95);
  result["level_reached"] = s.level_reached;
  result["survival"] = to_json(s.survival);
  const Payouts& payouts = cell.payouts;
  result["payouts"] = {{"percent", payouts.percent},
                       {"buy_in", payouts.buy_in},
                       {"fee_percent", payouts.fee_percent},
                       {"icm_at_cap", s.icm_at_cap},
                       {"prize_pool", to_json(cell.prize_pool)}};
  result["players"] = players_json(cell, s.players);
  if (s.variance_reduction) result["variance_reduction"] = variance_reduction_json(*s.variance_reduction);
  result["head_to_head"] = head_to_head_json(s.head_to_head);
  result["by_seat"] = by_seat_json(s.by_seat);
  if (!s.fault_examples.empty()) {
    json examples = json::array();
    for (const FaultExample& e : s.fault_examples) {
      examples.push_back({{"tournament", e.tournament},
                          {"hand", e.hand},
                          {"seat", e.seat},
                          {"label", cell.labels[static_cast<std::size_t>(e.label)]},
                          {"reason", fault_reason_name(e.reason)}});
      if (!e.reply.empty()) examples.back()["reply"] = e.reply;
    }
    result["fault_examples"] = std::move(examples);
  }
}

json mean_sd_json(const MeanSd& value) { return {{"mean", to_json(value.mean)}, {"sd", to_json(value.sd)}}; }

void shootout_json(const CellSummary& cell, const ShootoutSummary& s, json& result) {
  result["seats"] = s.seats;
  result["tables"] = s.tables;
  result["table_seats"] = s.table_seats;
  result["final_table"] = s.final_table;
  result["hand_cap"] = s.hand_cap;
  result["table_hands"] = mean_sd_json(s.table_hands);
  result["capped_tables"] = s.capped_tables;
  result["capped_table_fraction"] = to_json(s.capped_table_fraction);
  result["final_hands"] = s.final_hands ? mean_sd_json(*s.final_hands) : json(nullptr);
  result["final_capped"] = to_json(s.final_capped);
  result["final_capped_fraction"] = to_json(s.final_capped_fraction);
  const Payouts& payouts = cell.payouts;
  result["payouts"] = {{"percent", payouts.percent},
                       {"buy_in", payouts.buy_in},
                       {"fee_percent", payouts.fee_percent},
                       {"prize_pool", to_json(cell.prize_pool)},
                       {"per_table_winner", to_json(s.per_table_winner)}};
  result["players"] = players_json(cell, s.players);
  if (s.variance_reduction) result["variance_reduction"] = variance_reduction_json(*s.variance_reduction);
  result["head_to_head"] = json::array();
  result["survival"] = json::array();
}

json cash_player_json(const CashPlayerSummary& p) {
  json result;
  result["sessions"] = p.sessions;
  result["hands"] = p.hands;
  result["rebuys"] = p.rebuys;
  add_fault_fields(result, p.faults, p.clocked, true);
  result["chips_won"] = std::visit([](auto value) { return json(value); }, p.chips_won);
  result["bb_won"] = to_json(p.bb_won);
  result["bb_per_100"] = to_json(p.bb_per_100);
  result["bb_per_100_ci95"] = to_json(p.bb_per_100_ci95);
  result["bb_per_100_sd"] = to_json(p.bb_per_100_sd);
  result["session_sd_bb"] = to_json(p.session_sd_bb);
  result["rebuys_per_session"] = to_json(p.rebuys_per_session);
  if (p.rake) {
    result["rake_paid"] = p.rake->paid;
    result["rake_paid_bb_per_100"] = to_json(p.rake->paid_bb_per_100);
    result["bb_per_100_before_rake"] = to_json(p.rake->bb_per_100_before);
    result["bb_per_100_before_rake_ci95"] = to_json(p.rake->bb_per_100_before_ci95);
  }
  if (p.adjusted) {
    result["bb_per_100_adjusted"] = to_json(p.adjusted->bb_per_100);
    result["bb_per_100_adjusted_ci95"] = to_json(p.adjusted->bb_per_100_ci95);
    result["mean_luck_bb_per_100"] = to_json(p.adjusted->mean_luck);
    result["mean_luck_bb_per_100_ci95"] = to_json(p.adjusted->mean_luck_ci95);
    result["bb_per_100_variance_reduction"] = to_json(p.adjusted->variance_reduction);
  }
  return result;
}

void cash_json(const CellSummary& cell, const CashSummary& s, json& result) {
  result["seats"] = s.seats;
  result["hands_per_session"] = s.hands_per_session;
  result["blinds"] = {{"small", s.blinds.small_blind}, {"big", s.blinds.big_blind}, {"ante", s.blinds.ante}};
  result["buy_in"] = s.buy_in;
  result["rebuy_below"] = s.rebuy_below;
  if (s.rake) {
    result["rake"] = {{"percent", static_cast<double>(s.rake->hundredths_percent) / 100.0},
                      {"cap", s.rake->cap},
                      {"no_flop_no_drop", s.rake->no_flop_no_drop}};
    result["rake_total"] = s.rake_total;
    result["rake_per_hand"] = to_json(s.rake_per_hand);
  }
  json players = json::object();
  for (std::size_t label = 0; label < s.players.size(); ++label) {
    players[cell.labels[label]] = cash_player_json(s.players[label]);
  }
  result["players"] = std::move(players);
  result["head_to_head"] = json::array();
  result["survival"] = json::array();
}

json difference_json(const LabelDifference& d) {
  json result;
  result["estimate"] = to_json(d.estimate);
  result["ci95_paired"] = to_json(d.ci95_paired);
  result["ci95_unpaired"] = to_json(d.ci95_unpaired);
  result["effective_sample_gain"] = to_json(d.effective_sample_gain);
  return result;
}

json adjusted_difference_json(const AdjustedDifference& d) {
  json result;
  result["estimate"] = to_json(d.estimate);
  result["ci95_paired"] = to_json(d.ci95_paired);
  result["mean_luck"] = to_json(d.mean_luck);
  result["mean_luck_ci95"] = to_json(d.mean_luck_ci95);
  result["variance_reduction"] = to_json(d.variance_reduction);
  result["combined_gain"] = to_json(d.combined_gain);
  return result;
}

// A league: its tables as a sit-and-go's, and `league` with the ratings.
void league_json(const CellSummary& cell, const LeagueSummary& s, json& result) {
  sit_and_go_json(cell, s.tables, result);
  json standings = json::array();
  for (const LeagueEntrantSummary& e : s.standings) {
    standings.push_back({{"label", cell.labels[static_cast<std::size_t>(e.entrant)]},
                         {"rank", e.rank},
                         {"rank_range", {e.rank_best, e.rank_worst}},
                         {"rating", e.rating},
                         {"rating_ci95", to_json(e.rating_ci95)},
                         {"entries", e.results.entries},
                         {"faults", e.faults},
                         {"ahead_of_next", to_json(e.ahead_of_next)},
                         {"ahead_of_next_ci95", to_json(e.ahead_of_next_ci95)},
                         {"tournaments_to_separate_next", to_json(e.tournaments_to_separate_next)}});
  }
  const auto n = static_cast<std::size_t>(s.entrants);
  json ahead = json::array();
  json lo = json::array();
  json hi = json::array();
  for (std::size_t i = 0; i < n; ++i) {
    json p_row = json::array();
    json lo_row = json::array();
    json hi_row = json::array();
    for (std::size_t j = 0; j < n; ++j) {
      const auto& ci = s.ahead_ci95[i * n + j];
      p_row.push_back(i == j ? json(nullptr) : json(s.ahead[i * n + j]));
      lo_row.push_back(ci ? json(ci->lo) : json(nullptr));
      hi_row.push_back(ci ? json(ci->hi) : json(nullptr));
    }
    ahead.push_back(std::move(p_row));
    lo.push_back(std::move(lo_row));
    hi.push_back(std::move(hi_row));
  }
  result["league"] = {{"entrants", s.entrants},
                      {"seats", s.seats},
                      {"schedule",
                       {{"design", s.design},
                        {"blocks", s.blocks},
                        {"units", s.units},
                        {"tournaments_per_unit", s.tournaments_per_unit},
                        {"pair_meetings_min", s.pair_meetings_min},
                        {"pair_meetings_max", s.pair_meetings_max}}},
                      {"model",
                       {{"name", "plackett-luce"},
                        {"ties", "fractional-orderings"},
                        {"prior_precision", s.prior_precision},
                        {"converged", s.converged},
                        {"iterations", s.iterations},
                        {"intervals", "grouped-jackknife"},
                        {"jackknife_groups", s.jackknife_groups},
                        {"t_quantile", s.t_quantile}}},
                      {"standings", std::move(standings)},
                      {"ahead", {{"p", std::move(ahead)}, {"ci95_lo", std::move(lo)}, {"ci95_hi", std::move(hi)}}}};
}

json paired_json(const CellSummary& cell) {
  json result = json::array();
  for (const PairSummary& pair : cell.paired) {
    json entry;
    entry["a"] = cell.labels[static_cast<std::size_t>(pair.a)];
    entry["b"] = cell.labels[static_cast<std::size_t>(pair.b)];
    entry["groups"] = pair.groups;
    entry["mean_place_diff"] = difference_json(pair.mean_place_diff);
    entry["win_rate_diff"] = difference_json(pair.win_rate_diff);
    entry["roi_diff"] = difference_json(pair.roi_diff);
    if (pair.mean_place_diff_adjusted)
      entry["mean_place_diff_adjusted"] = adjusted_difference_json(*pair.mean_place_diff_adjusted);
    if (pair.win_rate_diff_adjusted)
      entry["win_rate_diff_adjusted"] = adjusted_difference_json(*pair.win_rate_diff_adjusted);
    if (pair.roi_diff_adjusted) entry["roi_diff_adjusted"] = adjusted_difference_json(*pair.roi_diff_adjusted);
    result.push_back(std::move(entry));
  }
  return result;
}

json stat_value_json(const StatValue& value) {
  return std::visit(
      [](const auto& v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return nullptr;
        } else if constexpr (std::is_same_v<T, Interval>) {
          return json::array({v.lo, v.hi});
        } else {
          return v;
        }
      },
      value);
}

// A collector's rows: [{"label": ..., field: value, ...}].
json statistic_json(const StatSummary& statistic) {
  json rows = json::array();
  for (const StatRow& row : statistic.result.rows) {
    json entry;
    entry["label"] = row.label;
    for (std::size_t f = 0; f < statistic.fields.size() && f < row.values.size(); ++f) {
      entry[statistic.fields[f].name] = stat_value_json(row.values[f]);
    }
    rows.push_back(std::move(entry));
  }
  return rows;
}

json cell_json(const CellSummary& cell) {
  json result;
  result["index"] = cell.index;
  result["format"] = format_name(cell.format);
  result["params"] = params_json(cell);
  result["labels"] = cell.labels;
  result["tournaments"] = cell.tournaments;
  std::visit(
      [&](const auto& detail) {
        using T = std::decay_t<decltype(detail)>;
        if constexpr (std::is_same_v<T, SitAndGoSummary>) sit_and_go_json(cell, detail, result);
        if constexpr (std::is_same_v<T, ShootoutSummary>) shootout_json(cell, detail, result);
        if constexpr (std::is_same_v<T, CashSummary>) cash_json(cell, detail, result);
        if constexpr (std::is_same_v<T, LeagueSummary>) league_json(cell, detail, result);
      },
      cell.detail);
  result["paired"] = paired_json(cell);
  for (const StatSummary& statistic : cell.statistics) {
    if (!statistic.result.timing) result[statistic.name] = statistic_json(statistic);
  }
  result["stopped"] =
      cell.stop_reason ? json{{"reason", *cell.stop_reason}, {"tournaments", cell.stopped_tournaments}} : json(nullptr);
  return result;
}

}  // namespace

nlohmann::json summary_json(const RunSummary& summary) {
  const Provenance& provenance = summary.provenance;
  json result;
  result["format"] = "sngsim-summary/1";
  result["name"] = summary.name;
  result["seed"] = provenance.seed;
  result["tournaments"] = summary.tournaments;
  result["tournaments_done"] = summary.tournaments_done;
  result["partial"] = provenance.partial;
  // How every *_ci95 and p-value is computed (docs/output-format.md).
  result["intervals"] = {
      {"level", 0.95}, {"proportion", "wilson"}, {"mean", "student-t"}, {"by_seat", "pearson-chi-square"}};
  result["provenance"] = {
      {"version", provenance.version}, {"commit", provenance.commit}, {"config_hash", provenance.config_hash},
      {"threads", provenance.threads}, {"ranks", provenance.ranks},   {"wall_seconds", provenance.wall_seconds}};
  if (!provenance.shard.empty()) result["provenance"]["shard"] = provenance.shard;
  // A timeout depends on the machine's speed, not only on the file and seed.
  if (summary.timeouts > 0) {
    result["provenance"]["timing_dependent"] = true;
    result["provenance"]["timeouts"] = summary.timeouts;
  }
  // Collectors' measurements (StatResult::timing): rows of every cell, with its index.
  for (const CellSummary& cell : summary.cells) {
    for (const StatSummary& statistic : cell.statistics) {
      if (!statistic.result.timing) continue;
      json& rows = result["provenance"][statistic.name];
      if (rows.is_null()) rows = json::array();
      for (json& row : statistic_json(statistic)) {
        row["cell"] = cell.index;
        rows.push_back(std::move(row));
      }
    }
  }
  json cells = json::array();
  for (const CellSummary& cell : summary.cells) cells.push_back(cell_json(cell));
  result["cells"] = std::move(cells);
  return result;
}

}  // namespace sngsim
