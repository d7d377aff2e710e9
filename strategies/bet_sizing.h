#pragma once
// Turning a bot's intent ("raise to 3 big blinds", "bet two thirds of the
// pot") into an action the engine accepts in every betting structure: sizes
// are clamped to obs.legal's range (in fixed limit that range is the one
// fixed size), and an intent to raise becomes a call or check when raising
// is closed.

#include <cmath>

#include "engine/hand.h"

namespace sngsim {

// A chip amount from a computed size, rounded as std::llround rounds (halves
// away from zero), with the same result for every finite amount that fits in
// Chips. Inline because bots size every bet and raise with it and the libm
// call cost more than the sizing around it: trunc is one instruction, and
// the part it cuts off is exact.
inline Chips round_to_chips(double amount) {
  const double whole = std::trunc(amount);
  const double rest = amount - whole;
  return static_cast<Chips>(whole) + (rest >= 0.5 ? 1 : 0) - (rest <= -0.5 ? 1 : 0);
}

// `target` clamped to [min_raise_to, max_raise_to]. Raises that would leave
// less than a third of the player's chips behind go all the way to
// max_raise_to: a bot committed that far should not keep a stub. Precondition:
// obs.legal.can_raise.
Chips legal_raise_to(const Observation& obs, Chips target);

// The bet/raise-to amount closest to `pot_fraction` of the pot after calling,
// clamped to what is legal. Shared by the bots that size by the pot.
Chips pot_fraction_raise_to(const Observation& obs, double pot_fraction);

// Raise (or bet) to legal_raise_to(target) if raising is open, else
// check or call.
Action raise_or_call(const Observation& obs, Chips target);

// Bet or raise by `pot_fraction` of the pot after calling (see
// pot_fraction_raise_to), else check or call.
Action bet_pot_fraction(const Observation& obs, double pot_fraction);

// Check when free, fold otherwise.
Action check_or_fold(const Observation& obs);

}  // namespace sngsim
