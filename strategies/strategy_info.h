#pragma once
// One strategy as the registry (strategies/registry.h) lists it: its name,
// its parameters and how to make instances. Each built-in strategy's header
// declares its StrategyInfo; the registry collects them. A header of its
// own so that a strategy does not include the registry that includes it.
//
// Creating is split in two because tournaments are many and parameters few:
// bind() reads the parameters once, when an experiment loads, and the maker
// it returns only builds an instance for each tournament's seat.

#include <functional>
#include <memory>
#include <string>
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

}  // namespace sngsim
