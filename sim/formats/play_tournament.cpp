#include "sim/formats/play_tournament.h"

#include <array>
#include <bit>
#include <exception>
#include <memory>
#include <optional>

#include "strategies/strategy_fault.h"

#include "engine/rng.h"
#include "sim/config/duplicate.h"
#include "sim/formats/board_luck.h"
#include "sim/formats/runout_luck.h"

namespace sngsim {

namespace {
constexpr std::uint64_t kSeatingStream = 11;
constexpr std::uint64_t kStrategyStream = 12;
constexpr std::uint64_t kTableStream = 13;
constexpr std::uint64_t kLuckStream = 14;  // the run-out luck's sampled boards (adjust_luck)
}  // namespace

std::uint64_t tournament_key(std::uint64_t seed, std::int64_t index) {
  return derive_key(seed, static_cast<std::uint64_t>(index));
}

std::vector<int> seat_entrants(const Cell& cell, std::uint64_t key, std::int64_t index) {
  const int players = cell.field_size();
  std::vector<int> entrant_of_seat(static_cast<std::size_t>(players));
  if (cell.seating == Seating::kRotate) {
    for (int seat = 0; seat < players; ++seat) {
      entrant_of_seat[static_cast<std::size_t>(seat)] = static_cast<int>((seat + index) % players);
    }
    return entrant_of_seat;
  }
  // R3: a uniformly random seating (Fisher-Yates).
  for (int seat = 0; seat < players; ++seat) entrant_of_seat[static_cast<std::size_t>(seat)] = seat;
  CounterRng rng(derive_key(key, kSeatingStream));
  for (int i = players - 1; i > 0; --i) {
    const auto j = rng.below(static_cast<std::uint32_t>(i + 1));
    std::swap(entrant_of_seat[static_cast<std::size_t>(i)], entrant_of_seat[j]);
  }
  // A duplicate group draws this arrangement once, from its shared key, and
  // moves it around the table member by member.
  if (cell.seating == Seating::kDuplicate) return duplicate_seating(cell, entrant_of_seat, index);
  return entrant_of_seat;
}

std::uint64_t deal_key(const Cell& cell, std::uint64_t seed, std::int64_t index) {
  return tournament_key(seed, deal_index(cell, index));
}

namespace {

// V5: a decision that throws or that the engine rejects becomes a check when
// checking is free and a fold otherwise; the fault is counted by its reason.
// A BotSetupFailure is no fault but a broken setup and ends the run.
// Returns whether the strategy's own action stood.
bool decide_or_fault(Strategy& strategy, const Observation& observation, Hand& hand, FaultCounts& faults) {
  FaultReason reason = FaultReason::kIllegal;
  try {
    const Action action = strategy.decide(observation);
    if (hand.apply(action) == ApplyError::kNone) return true;
  } catch (const StrategyFault& fault) {
    reason = fault.reason();
  } catch (const BotSetupFailure&) {
    throw;
  } catch (const std::exception&) {
    reason = FaultReason::kError;
  } catch (...) {
    reason = FaultReason::kError;
  }
  faults.add(reason);
  const Action fallback = observation.legal.can_check ? Action::check_call() : Action::fold();
  hand.apply(fallback);
  return false;
}

// The pool share a place pays, in percent: shared places pay the mean of
// the places they cover (R22).
double prize_percent(const std::vector<int>& percent, Placement place) {
  int sum = 0;
  for (int p = place.first; p < place.first + place.count; ++p) {
    if (p >= 1 && static_cast<std::size_t>(p) <= percent.size()) sum += percent[static_cast<std::size_t>(p - 1)];
  }
  return place.count > 0 ? static_cast<double>(sum) / place.count : 0.0;
}

// After a hand with faults (rare): the seats whose first fault it was.
void note_first_faults(TournamentRecord& record, int hand) {
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (record.first_fault_hand[s] != 0 || record.faults[s].total() == 0) continue;
    record.first_fault_hand[s] = static_cast<std::int16_t>(hand);
    for (std::size_t r = 0; r < record.faults[s].by_reason.size(); ++r) {
      if (record.faults[s].by_reason[r] > 0) {
        record.first_fault_reason[s] = static_cast<FaultReason>(r);
        break;
      }
    }
  }
}

}  // namespace

std::vector<std::unique_ptr<Strategy>> create_strategies(const Cell& cell, const std::vector<int>& entrant_of_seat,
                                                         std::uint64_t key, const TournamentRules& rules,
                                                         std::int64_t index) {
  std::vector<std::unique_ptr<Strategy>> strategies(entrant_of_seat.size());
  const std::uint64_t strategy_key = derive_key(key, kStrategyStream);
  for (std::size_t seat = 0; seat < entrant_of_seat.size(); ++seat) {
    const Entrant& entrant = cell.entrants[static_cast<std::size_t>(entrant_of_seat[seat])];
    StrategyContext context(derive_key(strategy_key, seat), static_cast<int>(seat));
    context.tournament = index;
    context.rules = &rules;
    context.payout_percent = cell.payouts.percent;
    context.cash_session = cell.format == Format::kCash;
    strategies[seat] = entrant.make(context);
  }
  return strategies;
}

int play_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
              std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs) {
  const HandSetup& setup = hand.setup();
  int faults = 0;
  while (!hand.is_terminal()) {
    if (sit_outs == nullptr) {
      const Observation& observation = hand.observe();
      const auto seat = static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(observation.player)]);
      faults += decide_or_fault(*strategy_of_seat[seat], observation, hand, faults_of_seat[seat]) ? 0 : 1;
      continue;
    }
    const auto seat = static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(hand.current_player())]);
    if (sit_outs->out[seat]) {
      // V8: the table acts for a seat sitting out, as for a fault.
      hand.apply(hand.legal_actions().can_check ? Action::check_call() : Action::fold());
      continue;
    }
    const std::int64_t timeouts = faults_of_seat[seat].count(FaultReason::kTimeout);
    const bool fault = !decide_or_fault(*strategy_of_seat[seat], hand.observe(), hand, faults_of_seat[seat]);
    faults += fault ? 1 : 0;
    sit_outs->clock[seat]->decided(fault, faults_of_seat[seat].count(FaultReason::kTimeout) > timeouts, sit_outs->rule);
  }
  std::array<Chips, kMaxPlayers> stacks{};
  for (int p = 0; p < setup.num_players; ++p) stacks[static_cast<std::size_t>(p)] = hand.stack(p);
  const auto players = static_cast<std::size_t>(setup.num_players);
  const HandEnd end{hand.events(), hand.action_counts(), std::span<const Chips>(stacks.data(), players),
                    std::span<const std::int8_t>(setup.seats.data(), players)};
  for (std::size_t p = 0; p < players; ++p) strategy_of_seat[static_cast<std::size_t>(setup.seats[p])]->hand_ended(end);
  return faults;
}

TournamentRecord play_tournament(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, HandObserver* observer) {
  const std::uint64_t key = deal_key(cell, seed, index);
  return play_table(cell, cell.rules, seat_entrants(cell, key, index), label_of_entrant, key, index, hand, observer);
}

TournamentRecord play_table(const Cell& cell, const TournamentRules& rules, const std::vector<int>& entrant_of_seat,
                            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index,
                            Hand& hand, HandObserver* observer, const PlaceValues* luck_place_values) {
  const int players = rules.players;
  const std::vector<std::unique_ptr<Strategy>> strategies = create_strategies(cell, entrant_of_seat, key, rules, index);

  TournamentRecord record;
  record.index = index;
  record.seats = players;
  for (int seat = 0; seat < players; ++seat) {
    record.label[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(
        label_of_entrant[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])]);
  }

  // adjust_luck: the luck observer sees every hand first and passes it on.
  // luck_board_terms: the board terms' observer before it, on the same
  // stream (sim/formats/board_luck.h says why).
  std::optional<RunoutLuck> luck;
  std::optional<BoardLuck> board_luck;
  if (cell.adjust_luck) {
    const LuckValue value(luck_place_values != nullptr ? *luck_place_values
                                                       : sit_and_go_place_values(cell.payouts.percent, players));
    const std::uint64_t luck_key = derive_key(key, kLuckStream);
    observer = &luck.emplace(value, luck_key, observer);
    if (cell.luck_board_terms) observer = &board_luck.emplace(value, luck_key, observer);
  }

  Tournament tournament(rules, derive_key(key, kTableStream));
  // V8: a tournament seat that sits out is still dealt in and posts its
  // blinds and antes; play_hand checks or folds for it.
  std::array<SitOutClock, kMaxPlayers> clocks{};
  TableSitOuts sit_outs;
  sit_outs.rule = cell.sit_out;
  for (std::size_t s = 0; s < clocks.size(); ++s) sit_outs.clock[s] = &clocks[s];
  while (!tournament.is_over()) {
    for (int seat = 0; seat < players; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      sit_outs.out[s] = tournament.is_alive(seat) &&
                        clocks[s].hand_starts(sit_outs.rule, false) == SitOutClock::Start::kSitsOut;
    }
    hand.start(tournament.deal_next_hand());
    if (play_hand(hand, strategies, record.faults, &sit_outs) > 0) note_first_faults(record, tournament.hands_played());
    if (observer != nullptr) observer->hand_finished(tournament, hand, entrant_of_seat);
    const std::uint32_t alive_before = tournament.alive_mask();
    tournament.finish_hand(hand);
    if (observer != nullptr) observer->hand_settled(tournament, hand, entrant_of_seat);
    for (std::uint32_t busted = alive_before & ~tournament.alive_mask(); busted != 0; busted &= busted - 1) {
      record.bust_hand[static_cast<std::size_t>(std::countr_zero(busted))] =
          static_cast<std::int16_t>(tournament.hands_played());
    }
  }
  if (observer != nullptr) observer->tournament_finished(tournament, entrant_of_seat);

  record.hands = tournament.hands_played();
  record.level_reached = tournament.level();
  record.capped = tournament.ended_by_cap();
  for (int seat = 0; seat < players; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    record.placement[s] = tournament.placement(seat);
    record.final_chips[s] = tournament.stack(seat);
    strategies[s]->tournament_over(record.placement[s], prize_percent(cell.payouts.percent, record.placement[s]));
    record.faults[s].bank_used_us += strategies[s]->bank_used_us();
    record.faults[s].sit_out = clocks[s].counts();
  }
  if (luck) record.luck = luck->luck_of_seat();
  if (board_luck) {
    for (std::size_t s = 0; s < kMaxPlayers; ++s) {
      for (std::size_t m = 0; m < kLuckMetricCount; ++m) record.luck[s][m] += board_luck->luck_of_seat()[s][m];
    }
  }
  return record;
}

}  // namespace sngsim
