#include "sim/formats/shootout.h"

#include <algorithm>
#include <stdexcept>

#include "engine/rng.h"
#include "sim/config/duplicate.h"

namespace sngsim {

namespace {
// Streams of the tournament key (sit-and-go uses 11..13).
constexpr std::uint64_t kShootoutTableStream = 21;
constexpr std::uint64_t kTableMatesRoundStream = 23;
// Streams of a table key.
constexpr std::uint64_t kFirstPlaceDrawStream = 22;
}  // namespace

std::uint64_t shootout_table_key(std::uint64_t tournament_key, int table) {
  return derive_key(derive_key(tournament_key, kShootoutTableStream), static_cast<std::uint64_t>(table));
}

TournamentRules final_table_rules(const Cell& cell) {
  TournamentRules rules = cell.rules;
  rules.players = cell.shootout.tables;
  return rules;
}

namespace {

// V's value of an equal share of overall places first .. first + count - 1
// (R22), in the units of LuckStats::raw_outcome.
std::array<double, kLuckMetricCount> shared_places_value(const std::vector<int>& payout_percent, int first, int count) {
  std::array<double, kLuckMetricCount> value{};
  for (int place = first; place < first + count; ++place) {
    const int percent =
        static_cast<std::size_t>(place - 1) < payout_percent.size() ? payout_percent[static_cast<std::size_t>(place - 1)] : 0;
    value[static_cast<std::size_t>(LuckMetric::kPrize)] += static_cast<double>(percent) / count;
    value[static_cast<std::size_t>(LuckMetric::kWin)] += place == 1 ? 1.0 / count : 0.0;
    value[static_cast<std::size_t>(LuckMetric::kItm)] += percent > 0 ? 1.0 / count : 0.0;
  }
  value[static_cast<std::size_t>(LuckMetric::kPlace)] = first + (count - 1) / 2.0;
  return value;
}

}  // namespace

PlaceValues first_round_place_values(const Cell& cell) {
  const int tables = cell.shootout.tables;
  PlaceValues values{};
  for (int k = 1; k <= cell.rules.players && k <= kMaxPlayers; ++k) {
    values[static_cast<std::size_t>(k - 1)] = shared_places_value(cell.payouts.percent, tables * (k - 1) + 1, tables);
  }
  return values;
}

ShootoutRecord play_shootout(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                             std::int64_t index, Hand& hand, const ShootoutObserverOf& observer_of) {
  const int tables = cell.shootout.tables;
  const int seats = cell.rules.players;
  if (cell.format != Format::kShootout || tables < 2 || tables > kMaxShootoutTables || seats < 2 ||
      seats > kMaxShootoutTableSeats) {
    throw std::invalid_argument("play_shootout: not a shoot-out cell of 2..6 tables of 2..6 seats");
  }
  const std::uint64_t key = deal_key(cell, seed, index);
  const std::vector<int> entrant_of_field_seat = seat_entrants(cell, key, index);
  // Each table-mates round of a duplicate group deals its own first round
  // (sim/config/duplicate.h); the turns of one round share it.
  const int round = table_mates_round(cell, index);
  const std::uint64_t first_round_key =
      round < 0 ? key : derive_key(derive_key(key, kTableMatesRoundStream), static_cast<std::uint64_t>(round));

  ShootoutRecord record;
  record.index = index;
  record.tables = tables;
  record.table_seats = seats;
  record.field = tables * seats;

  // First round: table t seats field seats t * seats .. t * seats + seats - 1.
  std::vector<int> winner_of_table(static_cast<std::size_t>(tables));
  std::vector<int> entrant_of_seat(static_cast<std::size_t>(seats));
  const PlaceValues first_round_values = first_round_place_values(cell);
  for (int t = 0; t < tables; ++t) {
    const int first = t * seats;
    for (int s = 0; s < seats; ++s) {
      entrant_of_seat[static_cast<std::size_t>(s)] = entrant_of_field_seat[static_cast<std::size_t>(first + s)];
    }
    const std::uint64_t table_key = shootout_table_key(first_round_key, t);
    HandObserver* observer = observer_of ? observer_of(t) : nullptr;
    const TournamentRecord table =
        play_table(cell, cell.rules, entrant_of_seat, label_of_entrant, table_key, index, hand, observer,
                   &first_round_values);
    record.table_hands[static_cast<std::size_t>(t)] = table.hands;
    record.capped_tables += table.capped ? 1 : 0;

    std::array<int, kMaxShootoutTableSeats> tied_first{};
    int tied = 0;
    for (int s = 0; s < seats; ++s) {
      const auto f = static_cast<std::size_t>(first + s);
      record.label[f] = table.label[static_cast<std::size_t>(s)];
      record.table_placement[f] = table.placement[static_cast<std::size_t>(s)];
      record.faults[f] = table.faults[static_cast<std::size_t>(s)];
      record.luck[f] = table.luck[static_cast<std::size_t>(s)];
      if (table.placement[static_cast<std::size_t>(s)].first == 1) tied_first[static_cast<std::size_t>(tied++)] = s;
    }
    // One player goes on: a tie for first (only at the cap) is drawn.
    const int pick = tied == 1 ? 0
                               : static_cast<int>(CounterRng(derive_key(table_key, kFirstPlaceDrawStream))
                                                      .below(static_cast<std::uint32_t>(tied)));
    const int winner = first + tied_first[static_cast<std::size_t>(pick)];
    record.table_win[static_cast<std::size_t>(winner)] = true;
    winner_of_table[static_cast<std::size_t>(t)] = winner;
  }

  if (cell.shootout.final_table) {
    // Final table: winner of table t sits at seat t; fresh stacks, same rules.
    const TournamentRules rules = final_table_rules(cell);
    std::vector<int> finalists(static_cast<std::size_t>(tables));
    for (int t = 0; t < tables; ++t) {
      finalists[static_cast<std::size_t>(t)] =
          entrant_of_field_seat[static_cast<std::size_t>(winner_of_table[static_cast<std::size_t>(t)])];
    }
    HandObserver* observer = observer_of ? observer_of(tables) : nullptr;
    // Dealt from this tournament's own key, not its duplicate group's: the
    // finalists differ from member to member (sim/config/duplicate.h).
    const std::uint64_t final_key = shootout_table_key(tournament_key(seed, index), tables);
    const TournamentRecord final_table =
        play_table(cell, rules, finalists, label_of_entrant, final_key, index, hand, observer);
    record.final_hands = final_table.hands;
    record.final_capped = final_table.capped;
    for (int t = 0; t < tables; ++t) {
      const auto f = static_cast<std::size_t>(winner_of_table[static_cast<std::size_t>(t)]);
      record.placement[f] = final_table.placement[static_cast<std::size_t>(t)];
      record.faults[f] += final_table.faults[static_cast<std::size_t>(t)];
      for (std::size_t m = 0; m < kLuckMetricCount; ++m) record.luck[f][m] += final_table.luck[static_cast<std::size_t>(t)][m];
    }
  } else {
    // The table winners are paid: they share places 1..tables (R22).
    for (const int winner : winner_of_table) {
      record.placement[static_cast<std::size_t>(winner)] = Placement{1, static_cast<std::int8_t>(tables)};
    }
  }

  // First-round losers, by the (mean) place they got at their table; equal
  // places share the overall places they cover.
  std::array<int, kMaxShootoutField> losers{};
  int loser_count = 0;
  for (int f = 0; f < record.field; ++f) {
    if (!record.table_win[static_cast<std::size_t>(f)]) losers[static_cast<std::size_t>(loser_count++)] = f;
  }
  const auto table_rank = [&](int f) { return record.table_placement[static_cast<std::size_t>(f)].twice_mean(); };
  std::sort(losers.begin(), losers.begin() + loser_count, [&](int a, int b) {
    return table_rank(a) != table_rank(b) ? table_rank(a) < table_rank(b) : a < b;
  });
  for (int i = 0; i < loser_count;) {
    int j = i + 1;
    while (j < loser_count && table_rank(losers[static_cast<std::size_t>(j)]) == table_rank(losers[static_cast<std::size_t>(i)])) ++j;
    for (int k = i; k < j; ++k) {
      record.placement[static_cast<std::size_t>(losers[static_cast<std::size_t>(k)])] =
          Placement{static_cast<std::int8_t>(tables + 1 + i), static_cast<std::int8_t>(j - i)};
    }
    i = j;
  }
  return record;
}

}  // namespace sngsim
