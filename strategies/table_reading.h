#pragma once
// What the public state of a hand says that the rule-based bots (rock, tag,
// profile) decide on: the player's position, the betting so far on this
// street and before, and stack depth in big blinds. All of it is read from
// the Observation alone.

#include <cstdint>

#include "engine/hand.h"

namespace sngsim {

// Preflop position, from the hand order (index 0 is the first seat left of
// the button, the last index the button).
enum class Position : std::uint8_t {
  kEarly,   // three or more seats before the button
  kMiddle,  // two seats before the button (the hijack)
  kLate,    // the cutoff and the button; heads-up, the button
  kBlinds,  // indices 0 and 1 (small and big blind); heads-up, the big blind (index 0)
};

Position position_of(int num_players, int player);
inline Position position_of(const Observation& observation) {
  return position_of(observation.num_players, observation.player);
}

// Seats still to act after the player preflop who have not folded and are
// not all-in: who can still wake up with a hand behind an open.
int players_behind(const Observation& observation);

// Players who have not folded, the player excluded. (The betting so far is
// Observation::betting, counted by the engine.)
int opponents_in_hand(const Observation& observation);

// The chips the player and its deepest live opponent could still put in,
// counted from the start of the round (stack + this round's bet): the most
// the player can win or lose from here, in chips and in big blinds.
Chips effective_stack(const Observation& observation);
double effective_big_blinds(const Observation& observation);

// The big blind (NL/PL) or the small bet (FL): the unit stack depth and
// preflop sizes are measured in. Never below 1.
Chips big_blind_of(const Observation& observation);

// The share of the pot a call must win to break even: call / (pot + call).
// 0 when there is nothing to call.
double pot_odds(const Observation& observation);

}  // namespace sngsim
