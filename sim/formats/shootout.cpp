#include "sim/formats/shootout.h"

#include <algorithm>
#include <stdexcept>

#include "engine/rng.h"
#include "sim/config/duplicate.h"
#include "sim/formats/table_play.h"

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
    const int percent = static_cast<std::size_t>(place - 1) < payout_percent.size()
                            ? payout_percent[static_cast<std::size_t>(place - 1)]
                            : 0;
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

ShootoutPlay::ShootoutPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                           std::int64_t index, Hand& hand, ShootoutObserverOf observer_of)
    : cell_(cell),
      label_of_entrant_(label_of_entrant),
      seed_(seed),
      index_(index),
      hand_(hand),
      observer_of_(std::move(observer_of)),
      final_rules_(final_table_rules(cell)),
      first_round_values_(first_round_place_values(cell)) {
  const int tables = cell.shootout.tables;
  const int seats = cell.rules.players;
  if (cell.format != Format::kShootout || tables < 2 || tables > kMaxShootoutTables || seats < 2 ||
      seats > kMaxShootoutTableSeats) {
    throw std::invalid_argument("play_shootout: not a shoot-out cell of 2..6 tables of 2..6 seats");
  }
  const std::uint64_t key = deal_key(cell, seed, index);
  entrant_of_field_seat_ = seat_entrants(cell, key, index);
  // Each table-mates round of a duplicate group deals its own first round
  // (sim/config/duplicate.h); the turns of one round share it.
  const int round = table_mates_round(cell, index);
  first_round_key_ =
      round < 0 ? key : derive_key(derive_key(key, kTableMatesRoundStream), static_cast<std::uint64_t>(round));

  record_.index = index;
  record_.tables = tables;
  record_.table_seats = seats;
  record_.field = tables * seats;
  winner_of_table_.resize(static_cast<std::size_t>(tables));
}

ShootoutPlay::~ShootoutPlay() = default;

void ShootoutPlay::seat_table() {
  const int tables = cell_.shootout.tables;
  TableObserver* observer = observer_of_ ? observer_of_(table_) : nullptr;
  if (table_ < tables) {
    // First round: table t seats field seats t * seats .. t * seats + seats - 1.
    const int seats = cell_.rules.players;
    std::vector<int> entrant_of_seat(static_cast<std::size_t>(seats));
    for (int s = 0; s < seats; ++s) {
      entrant_of_seat[static_cast<std::size_t>(s)] =
          entrant_of_field_seat_[static_cast<std::size_t>(table_ * seats + s)];
    }
    current_ = std::make_unique<TablePlay>(cell_, cell_.rules, std::move(entrant_of_seat), label_of_entrant_,
                                           shootout_table_key(first_round_key_, table_), index_, hand_, observer,
                                           &first_round_values_, table_);
    return;
  }
  // Final table: winner of table t sits at seat t; fresh stacks, same rules.
  std::vector<int> finalists(static_cast<std::size_t>(tables));
  for (int t = 0; t < tables; ++t) {
    finalists[static_cast<std::size_t>(t)] =
        entrant_of_field_seat_[static_cast<std::size_t>(winner_of_table_[static_cast<std::size_t>(t)])];
  }
  // Dealt from this tournament's own key, not its duplicate group's: the
  // finalists differ from member to member (sim/config/duplicate.h).
  const std::uint64_t final_key = shootout_table_key(tournament_key(seed_, index_), tables);
  current_ = std::make_unique<TablePlay>(cell_, final_rules_, std::move(finalists), label_of_entrant_, final_key,
                                         index_, hand_, observer, nullptr, tables);
}

void ShootoutPlay::first_round_table_over(const TournamentRecord& table) {
  const int seats = cell_.rules.players;
  const int first = table_ * seats;
  record_.table_hands[static_cast<std::size_t>(table_)] = table.hands;
  record_.capped_tables += table.capped ? 1 : 0;

  std::array<int, kMaxShootoutTableSeats> tied_first{};
  int tied = 0;
  for (int s = 0; s < seats; ++s) {
    const auto f = static_cast<std::size_t>(first + s);
    record_.label[f] = table.label[static_cast<std::size_t>(s)];
    record_.table_placement[f] = table.placement[static_cast<std::size_t>(s)];
    record_.faults[f] = table.faults[static_cast<std::size_t>(s)];
    record_.luck[f] = table.luck[static_cast<std::size_t>(s)];
    if (table.placement[static_cast<std::size_t>(s)].first == 1) tied_first[static_cast<std::size_t>(tied++)] = s;
  }
  // One player goes on: a tie for first (only at the cap) is drawn.
  const std::uint64_t table_key = shootout_table_key(first_round_key_, table_);
  const int pick =
      tied == 1 ? 0
                : static_cast<int>(
                      CounterRng(derive_key(table_key, kFirstPlaceDrawStream)).below(static_cast<std::uint32_t>(tied)));
  const int winner = first + tied_first[static_cast<std::size_t>(pick)];
  record_.table_win[static_cast<std::size_t>(winner)] = true;
  winner_of_table_[static_cast<std::size_t>(table_)] = winner;
}

void ShootoutPlay::final_table_over(const TournamentRecord& final_table) {
  record_.final_hands = final_table.hands;
  record_.final_capped = final_table.capped;
  for (int t = 0; t < cell_.shootout.tables; ++t) {
    const auto f = static_cast<std::size_t>(winner_of_table_[static_cast<std::size_t>(t)]);
    record_.placement[f] = final_table.placement[static_cast<std::size_t>(t)];
    record_.faults[f] += final_table.faults[static_cast<std::size_t>(t)];
    for (std::size_t m = 0; m < kLuckMetricCount; ++m)
      record_.luck[f][m] += final_table.luck[static_cast<std::size_t>(t)][m];
  }
}

bool ShootoutPlay::play(bool may_pause) {
  const int tables = cell_.shootout.tables;
  const int last_table = cell_.shootout.final_table ? tables : tables - 1;
  while (table_ <= last_table) {
    if (!current_) seat_table();
    if (!current_->play(may_pause)) return false;
    const TournamentRecord table = current_->finish();
    current_.reset();  // its strategies end with it, before the next table's begin
    if (table_ < tables) {
      first_round_table_over(table);
    } else {
      final_table_over(table);
    }
    ++table_;
  }
  return true;
}

ShootoutRecord ShootoutPlay::finish() {
  const int tables = cell_.shootout.tables;
  if (!cell_.shootout.final_table) {
    // The table winners are paid: they share places 1..tables (R22).
    for (const int winner : winner_of_table_) {
      record_.placement[static_cast<std::size_t>(winner)] = Placement{1, static_cast<std::int8_t>(tables)};
    }
  }
  // First-round losers, by the (mean) place they got at their table; equal
  // places share the overall places they cover.
  ShootoutRecord& record = record_;
  std::array<int, kMaxShootoutField> losers{};
  int loser_count = 0;
  for (int f = 0; f < record.field; ++f) {
    if (!record.table_win[static_cast<std::size_t>(f)]) losers[static_cast<std::size_t>(loser_count++)] = f;
  }
  const auto table_rank = [&](int f) { return record.table_placement[static_cast<std::size_t>(f)].twice_mean(); };
  std::sort(losers.begin(), losers.begin() + loser_count,
            [&](int a, int b) { return table_rank(a) != table_rank(b) ? table_rank(a) < table_rank(b) : a < b; });
  for (int i = 0; i < loser_count;) {
    int j = i + 1;
    while (j < loser_count &&
           table_rank(losers[static_cast<std::size_t>(j)]) == table_rank(losers[static_cast<std::size_t>(i)]))
      ++j;
    for (int k = i; k < j; ++k) {
      record.placement[static_cast<std::size_t>(losers[static_cast<std::size_t>(k)])] =
          Placement{static_cast<std::int8_t>(tables + 1 + i), static_cast<std::int8_t>(j - i)};
    }
    i = j;
  }
  return record;
}

ShootoutRecord play_shootout(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                             std::int64_t index, Hand& hand, const ShootoutObserverOf& observer_of) {
  ShootoutPlay shootout(cell, label_of_entrant, seed, index, hand, observer_of);
  shootout.play(false);
  return shootout.finish();
}

}  // namespace sngsim
