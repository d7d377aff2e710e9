#include "strategies/opponent_model.h"

#include <cstdint>

namespace sngsim {

void OpponentModel::observe(const Observation& obs) {
  seat_of_index_ = obs.seats;
  seats_known_ = true;
}

namespace {

// A hand's counts of one seat packed in two words of two 32-bit fields (a
// hand has fewer than 2^32 events): hands dealt and actions, bets and
// raises and preflop bets and raises.
struct Counts {
  std::uint64_t hands_actions = 0;
  std::uint64_t aggressive_preflop = 0;
};
constexpr std::uint64_t kLow = 1;
constexpr std::uint64_t kHigh = std::uint64_t{1} << 32;

// What one event adds, by type and by whether it is preflop: a table, so
// the loop below has no branch to mispredict on the event type.
constexpr std::size_t kEventTypes = static_cast<std::size_t>(EventType::kWin) + 1;
constexpr std::array<Counts, 2 * kEventTypes> kAdds = [] {
  std::array<Counts, 2 * kEventTypes> adds{};
  for (std::size_t preflop = 0; preflop < 2; ++preflop) {
    const auto at = [&](EventType type) -> Counts& { return adds[2 * static_cast<std::size_t>(type) + preflop]; };
    at(EventType::kDealHole) = {kLow, 0};
    at(EventType::kFold) = at(EventType::kCheck) = at(EventType::kCall) = {kHigh, 0};
    at(EventType::kBetRaise) = {kHigh, kLow | (preflop != 0 ? kHigh : 0)};
  }
  return adds;
}();

int low_field(std::uint64_t word) { return static_cast<int>(static_cast<std::uint32_t>(word)); }
int high_field(std::uint64_t word) { return static_cast<int>(word >> 32); }

}  // namespace

void OpponentModel::hand_over(std::span<const Event> events) {
  // A hand the bot never acted in (everybody folded to its big blind) has no
  // seat map; skipping it loses little.
  if (!seats_known_) return;
  seats_known_ = false;
  // Every bot that models opponents runs this after every hand, over every
  // event: each one adds its table entry to its player's seat, and events
  // of the dealer (player -1), of players out of range or of seats not in
  // the map go to a slot that is never read.
  constexpr std::size_t kNowhere = kMaxPlayers;
  std::array<std::uint8_t, kMaxPlayers + 1> slot_of_player{};  // indexed by player + 1
  slot_of_player[0] = kNowhere;
  for (std::size_t index = 0; index < static_cast<std::size_t>(kMaxPlayers); ++index) {
    const auto seat = static_cast<std::size_t>(seat_of_index_[index]);
    slot_of_player[index + 1] = static_cast<std::uint8_t>(seat < kNowhere ? seat : kNowhere);
  }
  std::array<Counts, kMaxPlayers + 1> counts{};
  for (const Event& event : events) {
    const auto player = static_cast<std::size_t>(event.player + 1);
    Counts& seat = counts[slot_of_player[player <= static_cast<std::size_t>(kMaxPlayers) ? player : 0]];
    const auto type = static_cast<std::size_t>(event.type);
    const Counts add = type < kEventTypes ? kAdds[2 * type + (event.street == Street::kPreflop)] : Counts{};
    seat.hands_actions += add.hands_actions;
    seat.aggressive_preflop += add.aggressive_preflop;
  }
  for (std::size_t seat = 0; seat < static_cast<std::size_t>(kMaxPlayers); ++seat) {
    const Counts& c = counts[seat];
    hands_[seat] += low_field(c.hands_actions);
    actions_[seat] += high_field(c.hands_actions);
    aggressive_actions_[seat] += low_field(c.aggressive_preflop);
    // A hand counts once however often the seat raised in it.
    preflop_raises_[seat] += high_field(c.aggressive_preflop) != 0;
  }
}

double OpponentModel::preflop_raise_rate(int seat) const {
  const auto s = static_cast<std::size_t>(seat);
  return (preflop_raises_[s] + kTypicalRaiseRate * kPriorWeight) / (hands_[s] + kPriorWeight);
}

double OpponentModel::aggression(int seat) const {
  const auto s = static_cast<std::size_t>(seat);
  return (aggressive_actions_[s] + kTypicalAggression * kPriorWeight) / (actions_[s] + kPriorWeight);
}

}  // namespace sngsim
