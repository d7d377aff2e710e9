#pragma once
// What a bot has seen its opponents do in this tournament: how often each
// seat raises preflop and how aggressive it is overall. Rule-based bots use
// it to widen their ranges against players who raise too much (a maniac
// raising every hand has an average hand, not a strong one).
//
// Frequencies start from a prior worth a few hands of a typical player, so
// the first hands of a tournament say little. Seats, not hand-order indices,
// identify players: the index of a seat changes as the button moves.

#include <array>

#include "engine/hand.h"

namespace sngsim {

class OpponentModel {
 public:
  static constexpr double kTypicalRaiseRate = 0.15;  // of hands dealt
  static constexpr double kTypicalAggression = 0.3;  // of betting actions
  static constexpr double kPriorWeight = 10.0;       // hands or actions

  // Call on every decision: learns which seat each hand-order index is in
  // the current hand.
  void observe(const Observation& observation);
  // Call with every finished hand's action counts (Hand::action_counts).
  void hand_over(const ActionCounts& counts);

  // Share of dealt hands in which the seat raised preflop.
  double preflop_raise_rate(int seat) const;
  // Share of the seat's folds, checks, calls, bets and raises that were bets
  // or raises.
  double aggression(int seat) const;

 private:
  std::array<std::int8_t, kMaxPlayers> seat_of_index_{};
  int players_in_hand_ = 0;
  bool seats_known_ = false;  // observe() ran during the current hand
  std::array<int, kMaxPlayers> hands_{};
  std::array<int, kMaxPlayers> preflop_raises_{};
  std::array<int, kMaxPlayers> actions_{};
  std::array<int, kMaxPlayers> aggressive_actions_{};
};

}  // namespace sngsim
