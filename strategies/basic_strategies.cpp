#include "strategies/basic_strategies.h"

#include <algorithm>

#include "strategies/bet_sizing.h"

namespace sngsim {

namespace {

class RandomStrategy final : public Strategy {
 public:
  explicit RandomStrategy(const StrategyContext& context) : rng_(context.rng_key) {}

  Action decide(const Observation& obs) override {
    const LegalActions& legal = obs.legal;
    const int choices = 1 + (legal.can_fold ? 1 : 0) + (legal.can_raise ? 1 : 0);
    int pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(choices)));
    if (legal.can_fold && pick-- == 0) return Action::fold();
    if (pick == 0) return Action::check_call();
    const auto span = static_cast<std::uint32_t>(legal.max_raise_to - legal.min_raise_to + 1);
    return Action::raise_to(legal.min_raise_to + rng_.below(span));
  }

 private:
  CounterRng rng_;
};

class CallingStation final : public Strategy {
 public:
  Action decide(const Observation&) override { return Action::check_call(); }
};

class Maniac final : public Strategy {
 public:
  explicit Maniac(double pot_fraction) : pot_fraction_(pot_fraction) {}

  Action decide(const Observation& obs) override {
    if (!obs.legal.can_raise) return Action::check_call();
    return Action::raise_to(pot_fraction_raise_to(obs, pot_fraction_));
  }

 private:
  double pot_fraction_;
};

}  // namespace

StrategyInfo random_strategy_info() {
  return {"random",
          "picks fold (when facing a bet), check/call or bet/raise with equal chance; raise size uniform over the "
          "legal range",
          {},
          [](const StrategyParams&) -> StrategyMaker {
            return [](const StrategyContext& context) -> std::unique_ptr<Strategy> {
              return std::make_unique<RandomStrategy>(context);
            };
          }};
}

StrategyInfo calling_station_info() {
  return {"calling_station",
          "never folds, never raises: checks or calls every bet",
          {},
          [](const StrategyParams&) -> StrategyMaker {
            return
                [](const StrategyContext&) -> std::unique_ptr<Strategy> { return std::make_unique<CallingStation>(); };
          }};
}

StrategyInfo maniac_info() {
  return {"maniac",
          "bets or raises whenever it may, sized as a fraction of the pot; calls when raising is closed",
          {{"size", "1.0", "bet/raise size as a fraction of the pot after calling", true, 0.0, 100.0}},
          [](const StrategyParams& params) -> StrategyMaker {
            return [size = params.number("size")](const StrategyContext&) -> std::unique_ptr<Strategy> {
              return std::make_unique<Maniac>(size);
            };
          }};
}

}  // namespace sngsim
