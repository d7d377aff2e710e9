#include "strategies/registry.h"

#include "strategies/basic_strategies.h"

namespace sngsim {

const std::vector<StrategyInfo>& builtin_strategies() {
  static const std::vector<StrategyInfo> strategies = {
      random_strategy_info(),
      calling_station_info(),
      maniac_info(),
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
