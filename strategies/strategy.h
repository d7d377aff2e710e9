#pragma once
// The interface every bot implements.
//
// A strategy sees only the engine's Observation (its own cards, the public
// state and the hand's public history) and draws randomness only from its
// own stream, keyed by (seed, tournament, seat). One instance plays one
// tournament: it may remember what it saw there (opponent modelling) and
// nothing else, so results never depend on threads or scheduling.

#include <cstdint>
#include <memory>
#include <span>

#include "engine/hand.h"
#include "engine/rng.h"

namespace sngsim {

class Strategy {
 public:
  virtual ~Strategy() = default;

  // The action for the player to act. An action the engine rejects, or an
  // exception, is a fault: the runner checks when checking is free and folds
  // otherwise (V5), and counts it.
  virtual Action decide(const Observation& observation) = 0;

  // Called once per hand after it ends, with the hand's public events (shown
  // cards included), for strategies that model their opponents.
  virtual void hand_over(std::span<const Event> /*events*/) {}
};

// What a strategy is created with, besides its parameters.
struct StrategyContext {
  std::uint64_t rng_key = 0;  // the strategy's own random stream
  int seat = 0;
};

}  // namespace sngsim
