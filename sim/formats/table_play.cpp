#include "sim/formats/table_play.h"

#include <bit>

#include "engine/rng.h"
#include "sim/formats/table_strategies.h"

namespace sngsim {

namespace {
// Streams of a table key (play_tournament.cpp uses 11, table_strategies.cpp 12).
constexpr std::uint64_t kTableStream = 13;
constexpr std::uint64_t kLuckStream = 14;  // the run-out luck's sampled boards (adjust_luck)

// After a hand with faults (rare): the seats whose first fault it was.
void note_first_faults(TournamentRecord& record, int hand, std::vector<HandFault>& faults) {
  for (HandFault& fault : faults) {
    const auto s = static_cast<std::size_t>(fault.seat);
    if (record.first_fault_hand[s] != 0) continue;
    record.first_fault_hand[s] = static_cast<std::int16_t>(hand);
    record.first_fault_reason[s] = fault.reason;
    record.first_fault_reply[s] = std::move(fault.reply);
  }
}

}  // namespace

double prize_percent(const std::vector<int>& percent, Placement place) {
  int sum = 0;
  for (int p = place.first; p < place.first + place.count; ++p) {
    if (p >= 1 && static_cast<std::size_t>(p) <= percent.size()) sum += percent[static_cast<std::size_t>(p - 1)];
  }
  return place.count > 0 ? static_cast<double>(sum) / place.count : 0.0;
}

TablePlay::TablePlay(const Cell& cell, const TournamentRules& rules, std::vector<int> entrant_of_seat,
                     const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index, Hand& hand,
                     TableObserver* observer, const PlaceValues* luck_place_values, int table)
    : cell_(cell),
      entrant_of_seat_(std::move(entrant_of_seat)),
      hand_(hand),
      observer_(observer),
      decision_observer_(observer),
      strategies_(create_strategies(cell, entrant_of_seat_, key, rules, index)),
      tournament_(rules, derive_key(key, kTableStream)),
      view_{&tournament_, nullptr, entrant_of_seat_, label_of_entrant, index, table} {
  const int players = rules.players;
  record_.index = index;
  record_.seats = players;
  for (int seat = 0; seat < players; ++seat) {
    record_.label[static_cast<std::size_t>(seat)] = static_cast<std::int16_t>(
        label_of_entrant[static_cast<std::size_t>(entrant_of_seat_[static_cast<std::size_t>(seat)])]);
  }
  // adjust_luck: the luck observer sees every hand first and passes it on.
  // luck_board_terms: the board terms' observer before it, on the same
  // stream (sim/luck/board_luck.h says why).
  if (cell.adjust_luck) {
    const LuckValue value(luck_place_values != nullptr ? *luck_place_values
                                                       : sit_and_go_place_values(cell.payouts.percent, players));
    const std::uint64_t luck_key = derive_key(key, kLuckStream);
    luck_ = std::make_unique<RunoutLuck>(value, luck_key, observer_);
    observer_ = luck_.get();
    if (cell.luck_board_terms) {
      board_luck_ = std::make_unique<BoardLuck>(value, luck_key, observer_);
      observer_ = board_luck_.get();
    }
  }
  // V8: a tournament seat that sits out is still dealt in and posts its
  // blinds and antes; play_hand checks or folds for it.
  sit_outs_.rule = cell.sit_out;
  for (std::size_t s = 0; s < clocks_.size(); ++s) sit_outs_.clock[s] = &clocks_[s];
}

TablePlay::~TablePlay() = default;

bool TablePlay::play(bool may_pause, bool pause_between_hands) {
  const int players = record_.seats;
  while (true) {
    if (!in_hand_) {
      if (tournament_.is_over()) return true;
      for (int seat = 0; seat < players; ++seat) {
        const auto s = static_cast<std::size_t>(seat);
        sit_outs_.out[s] =
            tournament_.is_alive(seat) && clocks_[s].hand_starts(sit_outs_.rule, false) == SitOutClock::Start::kSitsOut;
      }
      hand_.start(tournament_.deal_next_hand());
      in_hand_ = true;
      progress_ = HandProgress{};
    }
    if (!continue_hand(hand_, strategies_, record_.faults, &sit_outs_, progress_, may_pause, decision_observer_,
                       &view_)) {
      return false;
    }
    in_hand_ = false;
    if (progress_.faults > 0) note_first_faults(record_, tournament_.hands_played(), progress_.first_faults);
    if (observer_ != nullptr) observer_->hand_finished(view_, hand_);
    const std::uint32_t alive_before = tournament_.alive_mask();
    tournament_.finish_hand(hand_);
    if (observer_ != nullptr) observer_->hand_settled(view_, hand_);
    for (std::uint32_t busted = alive_before & ~tournament_.alive_mask(); busted != 0; busted &= busted - 1) {
      record_.bust_hand[static_cast<std::size_t>(std::countr_zero(busted))] =
          static_cast<std::int16_t>(tournament_.hands_played());
    }
    if (pause_between_hands) return false;
  }
}

TournamentRecord TablePlay::finish() {
  if (observer_ != nullptr) observer_->table_finished(view_);
  record_.hands = tournament_.hands_played();
  record_.level_reached = tournament_.level();
  record_.capped = tournament_.ended_by_cap();
  for (int seat = 0; seat < record_.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    record_.placement[s] = tournament_.placement(seat);
    record_.final_chips[s] = tournament_.stack(seat);
    strategies_[s]->tournament_over(record_.placement[s], prize_percent(cell_.payouts.percent, record_.placement[s]));
    record_.faults[s].bank_used_us += strategies_[s]->bank_used_us();
    record_.faults[s].sit_out = clocks_[s].counts();
  }
  if (luck_) record_.luck = luck_->luck_of_seat();
  if (board_luck_) {
    for (std::size_t s = 0; s < kMaxPlayers; ++s) {
      for (std::size_t m = 0; m < kLuckMetricCount; ++m) record_.luck[s][m] += board_luck_->luck_of_seat()[s][m];
    }
  }
  return record_;
}

}  // namespace sngsim
