#include "sim/formats/cash_session.h"

#include <optional>
#include <stdexcept>

#include "engine/cash_table.h"
#include "engine/rng.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/table_strategies.h"
#include "sim/luck/cash_runout_luck.h"

namespace sngsim {

namespace {
// A stream of the session key (sit-and-go uses 11..13, shoot-outs 21..22).
constexpr std::uint64_t kCashTableStream = 31;
constexpr std::uint64_t kCashLuckStream = 32;  // the run-out luck's sampled boards (adjust_luck)
}  // namespace

CashSessionPlay::CashSessionPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, TableObserver* observer)
    : cell_(cell), hand_(hand), observer_(observer), decision_observer_(observer) {
  const CashTableRules& rules = cell.cash.table;
  const int seats = rules.players;
  if (cell.format != Format::kCash || seats < 2 || seats > kMaxPlayers || seats != cell.rules.players) {
    throw std::invalid_argument("play_cash_session: not a cash cell of 2..9 seats");
  }
  const std::uint64_t key = deal_key(cell, seed, index);
  entrant_of_seat_ = seat_entrants(cell, key, index);
  const std::vector<int>& entrant_of_seat = entrant_of_seat_;
  strategies_ = create_strategies(cell, entrant_of_seat, key, cell.rules, index);

  record_.index = index;
  record_.seats = seats;
  record_.big_blind = rules.blinds.big_blind;
  for (int seat = 0; seat < seats; ++seat) {
    record_.label[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(
        label_of_entrant[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])]);
  }

  // adjust_luck: the luck observer sees every hand first and passes it on.
  if (cell.adjust_luck) {
    luck_ = std::make_unique<CashRunoutLuck>(derive_key(key, kCashLuckStream), observer_);
    observer_ = luck_.get();
  }
  table_.emplace(rules, derive_key(key, kCashTableStream));
  view_ = TableView{nullptr, &*table_, entrant_of_seat_, label_of_entrant, index, 0};
  // V8: the table keeps the clocks; a seat sitting out is not dealt in, so
  // no seat of a hand is played for by the table.
  sit_outs_.rule = rules.sit_out;
  for (int seat = 0; seat < seats; ++seat) sit_outs_.clock[static_cast<std::size_t>(seat)] = &table_->clock(seat);
}

CashSessionPlay::~CashSessionPlay() = default;

bool CashSessionPlay::play(bool may_pause) {
  CashTable& table = *table_;
  const int seats = record_.seats;
  while (true) {
    if (!in_hand_) {
      if (hands_begun_ >= cell_.cash.hands) return true;
      ++hands_begun_;
      // V9: a seat a stand-up emptied is taken by a new player after the
      // configured hands, the same entrant buying in afresh.
      for (int seat = 0; seat < seats && cell_.cash.new_player_after_hands > 0; ++seat) {
        const auto s = static_cast<std::size_t>(seat);
        if (table.occupied(seat)) continue;
        if (++empty_for_[s] > cell_.cash.new_player_after_hands) {
          table.seat_new_player(seat);
          empty_for_[s] = 0;
        }
      }
      const HandSetup& setup = table.deal_next_hand();
      if (!table.dealt()) continue;  // fewer than two players in: the time passes
      hand_.start(setup);
      in_hand_ = true;
      progress_ = HandProgress{};
    }
    if (!continue_hand(hand_, strategies_, record_.faults, &sit_outs_, progress_, may_pause, decision_observer_,
                       &view_)) {
      return false;
    }
    in_hand_ = false;
    if (observer_ != nullptr) observer_->hand_finished(view_, hand_);
    table.finish_hand(hand_);
    if (observer_ != nullptr) observer_->hand_settled(view_, hand_);
  }
}

CashSessionRecord CashSessionPlay::finish() {
  const CashTable& table = *table_;
  if (observer_ != nullptr) observer_->table_finished(view_);
  record_.hands = table.hands_played();
  for (int seat = 0; seat < record_.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    record_.won[s] = table.won(seat);
    record_.rebuys[s] = table.rebuys(seat);
    record_.rake_paid[s] = table.rake_paid(seat);
    record_.hands_dealt[s] = table.hands_dealt(seat);
    record_.faults[s].sit_out = table.sit_out_counts(seat);
    record_.faults[s].bank_used_us += strategies_[s]->bank_used_us();
  }
  if (luck_) record_.luck = luck_->luck_of_seat();
  return record_;
}

CashSessionRecord play_cash_session(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                    std::int64_t index, Hand& hand, TableObserver* observer) {
  CashSessionPlay session(cell, label_of_entrant, seed, index, hand, observer);
  session.play(false);
  return session.finish();
}

}  // namespace sngsim
