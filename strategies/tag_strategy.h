#pragma once
// tag: a tight-aggressive player. Preflop it opens, calls and re-raises from
// ranges that depend on its position and stack depth (push or fold when
// short); after the flop it weighs its made hand and draws against the pot
// odds, continuation-bets as the preflop raiser and bets its value hands.

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo tag_strategy_info();

}  // namespace sngsim
