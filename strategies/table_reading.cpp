#include "strategies/table_reading.h"

#include <algorithm>

namespace sngsim {

Position position_of(int n, int player) {
  if (n == 2) return player == 0 ? Position::kBlinds : Position::kLate;
  if (player <= 1) return Position::kBlinds;
  const int seats_before_button = n - 1 - player;
  if (seats_before_button <= 1) return Position::kLate;
  if (seats_before_button == 2) return Position::kMiddle;
  return Position::kEarly;
}

int players_behind(const Observation& obs) {
  // Preflop the order runs from the player to the end of the hand order and
  // then through the blinds (indices 0, 1) up to the big blind's option;
  // heads-up the button (1) acts first and only the big blind (0) is behind.
  const int n = obs.num_players;
  const int last = n == 2 ? 0 : 1;
  if (obs.player == last) return 0;
  int behind = 0;
  int q = obs.player;
  for (int step = 1; step < n; ++step) {
    q = q + 1 == n ? 0 : q + 1;  // wraps without the division a % n costs
    const auto i = static_cast<std::size_t>(q);
    behind += static_cast<int>(!obs.folded[i]) & static_cast<int>(obs.stacks[i] > 0);
    if (q == last) break;
  }
  return behind;
}

int opponents_in_hand(const Observation& obs) {
  // Counted, here and below, with no branch on who has folded: that
  // changes from one decision to the next, so such a branch is often
  // mispredicted.
  int opponents = 0;
  for (int q = 0; q < obs.num_players; ++q) {
    opponents += static_cast<int>((q != obs.player) & !obs.folded[static_cast<std::size_t>(q)]);
  }
  return opponents;
}

Chips effective_stack(const Observation& obs) {
  const auto me = static_cast<std::size_t>(obs.player);
  const Chips mine = obs.stacks[me] + obs.bets[me];
  Chips deepest = 0;
  for (int q = 0; q < obs.num_players; ++q) {
    const auto i = static_cast<std::size_t>(q);
    const bool live_opponent = (q != obs.player) & !obs.folded[i];
    deepest = std::max(deepest, live_opponent ? obs.stacks[i] + obs.bets[i] : Chips{0});
  }
  return std::min(mine, deepest);
}

Chips big_blind_of(const Observation& obs) { return std::max<Chips>(1, obs.min_bet); }

double effective_big_blinds(const Observation& obs) {
  return static_cast<double>(effective_stack(obs)) / static_cast<double>(big_blind_of(obs));
}

double pot_odds(const Observation& obs) {
  const Chips call = obs.legal.call_amount;
  if (call <= 0) return 0.0;
  return static_cast<double>(call) / static_cast<double>(obs.pot + call);
}

}  // namespace sngsim
