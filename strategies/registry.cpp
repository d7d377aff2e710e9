#include "strategies/registry.h"

#include <stdexcept>
#include <utility>

#include "strategies/basic_strategies.h"
#include "strategies/equity_strategy.h"
#include "strategies/icm_nash_strategy.h"
#include "strategies/pushfold_strategy.h"
#include "strategies/profile_strategy.h"
#include "strategies/rock_strategy.h"
#include "strategies/tag_strategy.h"

namespace sngsim {

const std::vector<StrategyInfo>& builtin_strategies() {
  static const std::vector<StrategyInfo> strategies = {
      random_strategy_info(),
      calling_station_info(),
      maniac_info(),
      rock_strategy_info(),
      tag_strategy_info(),
      profile_strategy_info(),
      pushfold_strategy_info(),
      equity_strategy_info(),
      icm_nash_strategy_info(),
  };
  return strategies;
}

const StrategyInfo* find_strategy(std::string_view name) {
  for (const auto& info : builtin_strategies()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

std::vector<std::string> strategy_names() {
  std::vector<std::string> names;
  for (const auto& info : builtin_strategies()) names.push_back(info.name);
  return names;
}

}  // namespace sngsim
