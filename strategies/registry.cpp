#include "strategies/registry.h"

namespace sngsim {

// builtin_strategies() is defined in strategies/registry_entries.cpp.

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
