#include "strategies/bet_sizing.h"

#include <algorithm>

namespace sngsim {

Chips pot_fraction_raise_to(const Observation& obs, double pot_fraction) {
  const LegalActions& legal = obs.legal;
  // A pot-sized raise is measured on the pot as it would be after calling.
  const Chips pot_after_call = obs.pot + legal.call_amount;
  const Chips extra = round_to_chips(pot_fraction * static_cast<double>(pot_after_call));
  const Chips target = obs.highest_bet + extra;
  return std::clamp(target, legal.min_raise_to, legal.max_raise_to);
}

Chips legal_raise_to(const Observation& obs, Chips target) {
  const LegalActions& legal = obs.legal;
  Chips to = std::clamp(target, legal.min_raise_to, legal.max_raise_to);
  const auto me = static_cast<std::size_t>(obs.player);
  const Chips all_in_to = obs.bets[me] + obs.stacks[me];
  if (3 * (all_in_to - to) < all_in_to) to = legal.max_raise_to;
  return to;
}

Action raise_or_call(const Observation& obs, Chips target) {
  if (!obs.legal.can_raise) return Action::check_call();
  return Action::raise_to(legal_raise_to(obs, target));
}

Action bet_pot_fraction(const Observation& obs, double pot_fraction) {
  if (!obs.legal.can_raise) return Action::check_call();
  return Action::raise_to(legal_raise_to(obs, pot_fraction_raise_to(obs, pot_fraction)));
}

Action check_or_fold(const Observation& obs) { return obs.legal.can_check ? Action::check_call() : Action::fold(); }

}  // namespace sngsim
