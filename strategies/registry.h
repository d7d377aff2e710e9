#pragma once
// Strategies by name: what `sngsim strategies` lists and what experiment
// files refer to. Each entry creates a fresh instance per tournament.
//
// Creating is split in two because tournaments are many and parameters few:
// bind() reads the parameters once, when an experiment loads, and the maker
// it returns only builds an instance for each tournament's seat.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "strategies/strategy.h"
#include "strategies/strategy_params.h"

namespace sngsim {

// Shared by every thread that plays the experiment: calling it must not
// change what it captured.
using StrategyMaker = std::function<std::unique_ptr<Strategy>(const StrategyContext&)>;

struct StrategyInfo {
  std::string name;
  std::string summary;  // one line
  std::vector<ParamSpec> params;
  // Precondition: the parameters were resolved against `params`.
  // Throws std::invalid_argument (its what() says which parameter and why)
  // for a setting the strategy cannot play, so the experiment reader turns
  // it into an error of the file, at load, before anything runs.
  std::function<StrategyMaker(const StrategyParams&)> bind;

  // One instance, binding on the spot: for tests and one-off uses.
  std::unique_ptr<Strategy> create(const StrategyParams& parameters, const StrategyContext& context) const {
    return bind(parameters)(context);
  }
};

const std::vector<StrategyInfo>& builtin_strategies();
const StrategyInfo* find_strategy(std::string_view name);
std::vector<std::string> strategy_names();

}  // namespace sngsim
