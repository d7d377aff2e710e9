// The built-in strategies the registry serves (strategies/registry.h). A
// unit of its own, apart from the lookups in registry.cpp, because two
// strategies (pushfold, icm_nash) look their fallback up in the registry:
// with the list and the lookups in one unit, each would include the other.
#include "strategies/registry.h"

#include "strategies/basic_strategies.h"
#include "strategies/equity_strategy.h"
#include "strategies/icm_nash_strategy.h"
#include "strategies/profile_strategy.h"
#include "strategies/pushfold_strategy.h"
#include "strategies/rock_strategy.h"
#include "strategies/tag_strategy.h"

namespace sngsim {

const std::vector<StrategyInfo>& builtin_strategies() {
  static const std::vector<StrategyInfo> strategies = {
      random_strategy_info(),   calling_station_info(), maniac_info(),
      rock_strategy_info(),     tag_strategy_info(),    profile_strategy_info(),
      pushfold_strategy_info(), equity_strategy_info(), icm_nash_strategy_info(),
  };
  return strategies;
}

}  // namespace sngsim
