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
  for (const Event& event : events) {
    if (event.player < 0 || event.player >= kMaxPlayers) continue;
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
      case EventType::kFold:
      case EventType::kCheck:
      case EventType::kCall: ++actions_[seat]; break;
      default: break;
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
