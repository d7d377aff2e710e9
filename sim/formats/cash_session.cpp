#include "sim/formats/cash_session.h"

#include <optional>
#include <stdexcept>

#include "engine/cash_table.h"
#include "engine/rng.h"
#include "sim/formats/cash_runout_luck.h"
#include "sim/formats/play_tournament.h"

namespace sngsim {

namespace {
// A stream of the session key (sit-and-go uses 11..13, shoot-outs 21..22).
constexpr std::uint64_t kCashTableStream = 31;
constexpr std::uint64_t kCashLuckStream = 32;  // the run-out luck's sampled boards (adjust_luck)
}  // namespace

CashSessionRecord play_cash_session(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                    std::int64_t index, Hand& hand, CashHandObserver* observer) {
  const CashTableRules& rules = cell.cash.table;
  const int seats = rules.players;
  if (cell.format != Format::kCash || seats < 2 || seats > kMaxPlayers || seats != cell.rules.players) {
    throw std::invalid_argument("play_cash_session: not a cash cell of 2..9 seats");
  }
  const std::uint64_t key = deal_key(cell, seed, index);
  const std::vector<int> entrant_of_seat = seat_entrants(cell, key, index);
  const auto strategies = create_strategies(cell, entrant_of_seat, key, cell.rules, index);

  CashSessionRecord record;
  record.index = index;
  record.seats = seats;
  record.big_blind = rules.blinds.big_blind;
  for (int seat = 0; seat < seats; ++seat) {
    record.label[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(
        label_of_entrant[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])]);
  }

  // adjust_luck: the luck observer sees every hand first and passes it on.
  std::optional<CashRunoutLuck> luck;
  if (cell.adjust_luck) observer = &luck.emplace(derive_key(key, kCashLuckStream), observer);
  CashTable table(rules, derive_key(key, kCashTableStream));
  // V8: the table keeps the clocks; a seat sitting out is not dealt in, so
  // no seat of a hand is played for by the table.
  TableSitOuts sit_outs;
  sit_outs.rule = rules.sit_out;
  for (int seat = 0; seat < seats; ++seat) sit_outs.clock[static_cast<std::size_t>(seat)] = &table.clock(seat);
  std::array<int, kMaxPlayers> empty_for{};  // hands each seat has stood empty (V8)
  for (int h = 0; h < cell.cash.hands; ++h) {
    // V9: a seat a stand-up emptied is taken by a new player after the
    // configured hands, the same entrant buying in afresh.
    for (int seat = 0; seat < seats && cell.cash.new_player_after_hands > 0; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      if (table.occupied(seat)) continue;
      if (++empty_for[s] > cell.cash.new_player_after_hands) {
        table.seat_new_player(seat);
        empty_for[s] = 0;
      }
    }
    const HandSetup& setup = table.deal_next_hand();
    if (!table.dealt()) continue;  // fewer than two players in: the time passes
    hand.start(setup);
    play_hand(hand, strategies, record.faults, &sit_outs);
    table.finish_hand(hand);
    if (observer != nullptr) observer->hand_settled(table, hand);
  }
  record.hands = table.hands_played();
  for (int seat = 0; seat < seats; ++seat) {
    record.won[static_cast<std::size_t>(seat)] = table.won(seat);
    record.rebuys[static_cast<std::size_t>(seat)] = table.rebuys(seat);
    record.rake_paid[static_cast<std::size_t>(seat)] = table.rake_paid(seat);
    record.hands_dealt[static_cast<std::size_t>(seat)] = table.hands_dealt(seat);
    record.faults[static_cast<std::size_t>(seat)].sit_out = table.sit_out_counts(seat);
    record.faults[static_cast<std::size_t>(seat)].bank_used_us += strategies[static_cast<std::size_t>(seat)]->bank_used_us();
  }
  if (luck) record.luck = luck->luck_of_seat();
  return record;
}

}  // namespace sngsim
