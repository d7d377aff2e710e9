#pragma once
// The simplest bots, enough for real experiments and for testing the engine:
// random, calling_station and maniac.

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo random_strategy_info();
StrategyInfo calling_station_info();
StrategyInfo maniac_info();

}  // namespace sngsim
