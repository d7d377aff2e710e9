#include "strategies/opponent_model.h"

namespace sngsim {

void OpponentModel::observe(const Observation& obs) {
  seat_of_index_ = obs.seats;
  players_in_hand_ = obs.num_players;
  seats_known_ = true;
}

void OpponentModel::hand_over(const ActionCounts& counts) {
  // A hand the bot never acted in (everybody folded to its big blind) has no
  // seat map; skipping it loses little.
  if (!seats_known_) return;
  seats_known_ = false;
  for (int index = 0; index < players_in_hand_; ++index) {
    const auto i = static_cast<std::size_t>(index);
    const auto seat = static_cast<std::size_t>(seat_of_index_[i]);
    ++hands_[seat];
    actions_[seat] += counts.taken[i];
    aggressive_actions_[seat] += counts.aggressive[i];
    // A hand counts once however often the seat raised in it.
    preflop_raises_[seat] += static_cast<int>((counts.preflop_raisers >> index) & 1u);
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
