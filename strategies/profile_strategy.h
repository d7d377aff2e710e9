#pragma once
// profile: a player described entirely by ten numbers, the statistics a
// poker tracker shows about a real opponent (VPIP, PFR, 3-bet, c-bet,
// aggression, ...). The defaults describe a typical loose-passive
// recreational player; experiments vary them to model a population.

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo profile_strategy_info();

}  // namespace sngsim
