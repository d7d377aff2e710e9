#include "sim/formats/play_tournament.h"

#include <exception>
#include <memory>
#include <optional>

#include "engine/rng.h"
#include "sim/config/duplicate.h"
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
// checking is free and a fold otherwise; the fault is counted.
Action decide_or_fault(Strategy& strategy, const Observation& observation, Hand& hand, std::int32_t& faults) {
  try {
    const Action action = strategy.decide(observation);
    if (hand.apply(action) == ApplyError::kNone) return action;
  } catch (const std::exception&) {
  } catch (...) {
  }
  ++faults;
  const Action fallback = observation.legal.can_check ? Action::check_call() : Action::fold();
  hand.apply(fallback);
  return fallback;
}

}  // namespace

std::vector<std::unique_ptr<Strategy>> create_strategies(const Cell& cell, const std::vector<int>& entrant_of_seat,
                                                         std::uint64_t key) {
  std::vector<std::unique_ptr<Strategy>> strategies(entrant_of_seat.size());
  const std::uint64_t strategy_key = derive_key(key, kStrategyStream);
  for (std::size_t seat = 0; seat < entrant_of_seat.size(); ++seat) {
    const Entrant& entrant = cell.entrants[static_cast<std::size_t>(entrant_of_seat[seat])];
    strategies[seat] = entrant.make(StrategyContext{derive_key(strategy_key, seat), static_cast<int>(seat)});
  }
  return strategies;
}

void play_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
               std::span<std::int32_t> faults_of_seat) {
  const HandSetup& setup = hand.setup();
  while (!hand.is_terminal()) {
    const Observation& observation = hand.observe();
    const auto seat = static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(observation.player)]);
    decide_or_fault(*strategy_of_seat[seat], observation, hand, faults_of_seat[seat]);
  }
  for (int p = 0; p < setup.num_players; ++p) {
    strategy_of_seat[static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(p)])]->hand_over(hand.events());
  }
}

TournamentRecord play_tournament(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, HandObserver* observer) {
  const std::uint64_t key = deal_key(cell, seed, index);
  return play_table(cell, cell.rules, seat_entrants(cell, key, index), label_of_entrant, key, index, hand, observer);
}

TournamentRecord play_table(const Cell& cell, const TournamentRules& rules, const std::vector<int>& entrant_of_seat,
                            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index,
                            Hand& hand, HandObserver* observer) {
  const int players = rules.players;
  const std::vector<std::unique_ptr<Strategy>> strategies = create_strategies(cell, entrant_of_seat, key);

  TournamentRecord record;
  record.index = index;
  record.seats = players;
  for (int seat = 0; seat < players; ++seat) {
    record.label[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(
        label_of_entrant[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])]);
  }

  // adjust_luck: the luck observer sees every hand first and passes it on.
  std::optional<RunoutLuck> luck;
  if (cell.adjust_luck) observer = &luck.emplace(cell, derive_key(key, kLuckStream), observer);

  Tournament tournament(rules, derive_key(key, kTableStream));
  while (!tournament.is_over()) {
    hand.start(tournament.deal_next_hand());
    play_hand(hand, strategies, record.faults);
    if (observer != nullptr) observer->hand_finished(tournament, hand, entrant_of_seat);
    tournament.finish_hand(hand);
    if (observer != nullptr) observer->hand_settled(tournament, hand, entrant_of_seat);
    for (int seat = 0; seat < players; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      if (record.bust_hand[s] == 0 && !tournament.is_alive(seat)) {
        record.bust_hand[s] = static_cast<std::int16_t>(tournament.hands_played());
      }
    }
  }
  if (observer != nullptr) observer->tournament_finished(tournament, entrant_of_seat);

  record.hands = tournament.hands_played();
  record.level_reached = tournament.level();
  record.capped = tournament.ended_by_cap();
  for (int seat = 0; seat < players; ++seat) {
    record.placement[static_cast<std::size_t>(seat)] = tournament.placement(seat);
    record.final_chips[static_cast<std::size_t>(seat)] = tournament.stack(seat);
  }
  if (luck) record.luck = luck->luck_of_seat();
  return record;
}

}  // namespace sngsim
