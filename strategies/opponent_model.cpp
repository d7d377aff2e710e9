#include "strategies/opponent_model.h"

namespace sngsim {

void OpponentModel::observe(const Observation& obs) {
  seat_of_index_ = obs.seats;
  seats_known_ = true;
}

void OpponentModel::hand_over(std::span<const Event> events) {
  // A hand the bot never acted in (everybody folded to its big blind) has no
  // seat map; skipping it loses little.
  if (!seats_known_) return;
  seats_known_ = false;
  std::array<bool, kMaxPlayers> raised_preflop{};
  // Every bot that models opponents runs this after every hand: the event
  // type is tested first, so blinds, board cards, shows and wins cost one
  // compare and only counted events look up their seat.
  constexpr auto bit = [](EventType type) { return 1u << static_cast<unsigned>(type); };
  constexpr unsigned kCounted = bit(EventType::kDealHole) | bit(EventType::kBetRaise) | bit(EventType::kFold) |
                                bit(EventType::kCheck) | bit(EventType::kCall);
  for (const Event& event : events) {
    if ((kCounted & bit(event.type)) == 0 || event.player < 0 || event.player >= kMaxPlayers) continue;
    const auto index = static_cast<std::size_t>(event.player);
    const auto seat = static_cast<std::size_t>(seat_of_index_[index]);
    if (seat >= static_cast<std::size_t>(kMaxPlayers)) continue;
    switch (event.type) {
      case EventType::kDealHole: ++hands_[seat]; break;
      case EventType::kBetRaise:
        ++aggressive_actions_[seat];
        ++actions_[seat];
        if (event.street == Street::kPreflop && !raised_preflop[index]) {
          raised_preflop[index] = true;
          ++preflop_raises_[seat];
        }
        break;
      default: ++actions_[seat]; break;  // a fold, check or call
    }
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
