#pragma once
// Strategies by name: what `sngsim strategies` lists and what experiment
// files refer to. Each entry (strategies/strategy_info.h) creates a fresh
// instance per tournament.

#include <string>
#include <string_view>
#include <vector>

#include "strategies/strategy_info.h"

namespace sngsim {

// Every built-in strategy, in the order `sngsim strategies` lists them
// (defined in strategies/registry_entries.cpp).
const std::vector<StrategyInfo>& builtin_strategies();
const StrategyInfo* find_strategy(std::string_view name);
std::vector<std::string> strategy_names();

}  // namespace sngsim
