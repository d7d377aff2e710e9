#pragma once
// The simplest bots, enough for real experiments and for testing the engine:
// random, calling_station and maniac.

#include "strategies/registry.h"

namespace sngsim {

StrategyInfo random_strategy_info();
StrategyInfo calling_station_info();
StrategyInfo maniac_info();

// The bet/raise-to amount closest to `pot_fraction` of the pot after calling,
// clamped to what is legal. Shared by the bots that size by the pot.
Chips pot_fraction_raise_to(const Observation& observation, double pot_fraction);

}  // namespace sngsim
