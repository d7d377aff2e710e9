#include "sim/play_tournament.h"

#include <exception>
#include <memory>

#include "engine/rng.h"

namespace sngsim {

namespace {
constexpr std::uint64_t kSeatingStream = 11;
constexpr std::uint64_t kStrategyStream = 12;
constexpr std::uint64_t kTableStream = 13;
}  // namespace

std::uint64_t tournament_key(std::uint64_t seed, std::int64_t index) {
  return derive_key(seed, static_cast<std::uint64_t>(index));
}

std::vector<int> seat_entrants(const Cell& cell, std::uint64_t key, std::int64_t index) {
  const int players = cell.rules.players;
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
  return entrant_of_seat;
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

TournamentRecord play_tournament(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, HandObserver* observer) {
  const std::uint64_t key = tournament_key(seed, index);
  const std::vector<int> entrant_of_seat = seat_entrants(cell, key, index);
  const int players = cell.rules.players;

  std::vector<std::unique_ptr<Strategy>> strategies(static_cast<std::size_t>(players));
  for (int seat = 0; seat < players; ++seat) {
    const Entrant& entrant = cell.entrants[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])];
    const StrategyContext context{derive_key(derive_key(key, kStrategyStream), static_cast<std::uint64_t>(seat)), seat};
    strategies[static_cast<std::size_t>(seat)] = entrant.info->create(entrant.params, context);
  }

  TournamentRecord record;
  record.index = index;
  record.seats = players;
  for (int seat = 0; seat < players; ++seat) {
    record.label[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(
        label_of_entrant[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])]);
  }

  Tournament tournament(cell.rules, derive_key(key, kTableStream));
  while (!tournament.is_over()) {
    hand.start(tournament.deal_next_hand());
    const HandSetup& setup = hand.setup();
    while (!hand.is_terminal()) {
      const Observation observation = hand.observe();
      const auto seat = static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(observation.player)]);
      decide_or_fault(*strategies[seat], observation, hand, record.faults[seat]);
    }
    for (int p = 0; p < setup.num_players; ++p) {
      strategies[static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(p)])]->hand_over(hand.events());
    }
    if (observer != nullptr) observer->hand_finished(tournament, hand, entrant_of_seat);
    tournament.finish_hand(hand);
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
  return record;
}

}  // namespace sngsim
