#pragma once
// The discrete action set of a learned policy and its mapping to the
// engine's legal amounts (docs/environment.md, "Actions").
//
// Index 0 folds, 1 checks or calls, 2 .. 1+F raise to a fraction of the pot
// (one index per entry of `raise_fractions`), and the last, 2+F, raises to
// the most allowed (all-in in no-limit, the pot in pot-limit, the fixed
// size in fixed-limit). A fraction f raises to
//   highest_bet + round(f * (pot + call_amount)),
// the bet to match plus f times the pot after calling, raised to
// min_raise_to when below it. The mask, not clamping, handles the rest:
//  - fold is legal only when facing a bet (checking is free otherwise, R10);
//  - check/call is always legal;
//  - a fraction is legal when raising is and its amount is below
//    max_raise_to (at or above it, it is the last action's raise);
//  - the last action is legal when raising is.
// Several fractions may map to min_raise_to; they are all legal.

#include <cstdint>
#include <span>
#include <vector>

#include "engine/hand.h"

namespace sngsim {

class DiscreteActions {
 public:
  // Pot fractions of the raise actions, each positive and finite; the
  // default gives five actions: fold, check/call, half pot, pot, all-in.
  explicit DiscreteActions(std::vector<double> raise_fractions = {0.5, 1.0});

  int size() const { return static_cast<int>(raise_fractions_.size()) + 3; }
  int fold_index() const { return 0; }
  int check_call_index() const { return 1; }
  int all_in_index() const { return size() - 1; }
  const std::vector<double>& raise_fractions() const { return raise_fractions_; }

  // mask[i] = 1 when action i is legal for the player to act, else 0;
  // mask.size() must be size().
  void write_mask(const Observation& observation, std::span<std::int8_t> mask) const;
  bool is_legal(const Observation& observation, int index) const;
  // The engine action of index `index`; precondition: is_legal().
  Action to_action(const Observation& observation, int index) const;

 private:
  Chips fraction_raise_to(const Observation& observation, double fraction) const;

  std::vector<double> raise_fractions_;
};

}  // namespace sngsim
