#include "sim/env/discrete_actions.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace sngsim {

DiscreteActions::DiscreteActions(std::vector<double> raise_fractions) : raise_fractions_(std::move(raise_fractions)) {
  for (const double fraction : raise_fractions_) {
    if (!std::isfinite(fraction) || fraction <= 0.0) {
      throw std::invalid_argument("raise fractions must be positive and finite, not " + std::to_string(fraction));
    }
  }
}

Chips DiscreteActions::fraction_raise_to(const Observation& o, double fraction) const {
  const double pot_after_call = static_cast<double>(o.pot + o.legal.call_amount);
  const auto to = o.highest_bet + static_cast<Chips>(std::llround(fraction * pot_after_call));
  return std::max(to, o.legal.min_raise_to);
}

bool DiscreteActions::is_legal(const Observation& o, int index) const {
  if (index == fold_index()) return o.legal.can_fold;
  if (index == check_call_index()) return true;
  if (index < 0 || index > all_in_index() || !o.legal.can_raise) return false;
  if (index == all_in_index()) return true;
  return fraction_raise_to(o, raise_fractions_[static_cast<std::size_t>(index - 2)]) < o.legal.max_raise_to;
}

void DiscreteActions::write_mask(const Observation& o, std::span<std::int8_t> mask) const {
  for (int i = 0; i < size(); ++i) mask[static_cast<std::size_t>(i)] = is_legal(o, i) ? 1 : 0;
}

Action DiscreteActions::to_action(const Observation& o, int index) const {
  if (index == fold_index()) return Action::fold();
  if (index == check_call_index()) return Action::check_call();
  if (index == all_in_index()) return Action::raise_to(o.legal.max_raise_to);
  return Action::raise_to(fraction_raise_to(o, raise_fractions_[static_cast<std::size_t>(index - 2)]));
}

}  // namespace sngsim
