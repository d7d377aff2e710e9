#pragma once
// rock: the tightest sensible player. Plays only the top `top_percent` of
// starting hands and raises them; after the flop it bets a made hand (a pair
// or better that its hole cards make) and gives up on anything else.

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo rock_strategy_info();

}  // namespace sngsim
