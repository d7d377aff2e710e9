#pragma once
// Strategies by name: what `sngsim strategies` lists and what experiment
// files refer to. Each entry creates a fresh instance per tournament.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "strategies/strategy.h"
#include "strategies/strategy_params.h"

namespace sngsim {

struct StrategyInfo {
  std::string name;
  std::string summary;  // one line
  std::vector<ParamSpec> params;
  std::function<std::unique_ptr<Strategy>(const StrategyParams&, const StrategyContext&)> create;
};

const std::vector<StrategyInfo>& builtin_strategies();
const StrategyInfo* find_strategy(std::string_view name);
std::vector<std::string> strategy_names();

}  // namespace sngsim
