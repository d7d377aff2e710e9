#include "strategies/rock_strategy.h"

#include "strategies/bet_sizing.h"
#include "strategies/hand_reading.h"
#include "poker_math/starting_hands.h"
#include "strategies/table_reading.h"

namespace sngsim {

namespace {

struct RockParams {
  double top_fraction = 0.12;
  double open_big_blinds = 3.0;
  double reraise_multiple = 3.0;
  double bet_size = 0.6;
};

class Rock final : public Strategy {
 public:
  explicit Rock(const RockParams& params) : params_(params) {}

  Action decide(const Observation& obs) override {
    return obs.street == Street::kPreflop ? preflop(obs) : postflop(obs);
  }

 private:
  Action preflop(const Observation& obs) const {
    const double percentile = starting_hand_percentile(obs.hole, obs.rules.hole_cards);
    if (percentile > params_.top_fraction) return check_or_fold(obs);
    const BettingCount& betting = obs.betting;
    const Chips big_blind = big_blind_of(obs);
    if (betting.raises_this_round == 0) {
      // One more big blind per limper, as an open must price them out too.
      const double open = params_.open_big_blinds + betting.callers_this_round;
      return raise_or_call(obs, round_to_chips(open * static_cast<double>(big_blind)));
    }
    // Against a raise the whole range re-raises once; after that only its
    // best third keeps raising and the rest calls.
    if (betting.raises_this_round == 1 || percentile <= params_.top_fraction / 3.0) {
      const double to = params_.reraise_multiple * static_cast<double>(obs.highest_bet);
      return raise_or_call(obs, round_to_chips(to));
    }
    return Action::check_call();
  }

  Action postflop(const Observation& obs) const {
    const HandReading reading = read_made_hand(obs);  // the rock never plays a draw
    if (reading.tier < MadeTier::kWeakPair) return check_or_fold(obs);
    if (obs.legal.can_check || reading.tier >= MadeTier::kTrips) return bet_pot_fraction(obs, params_.bet_size);
    return Action::check_call();
  }

  RockParams params_;
};

}  // namespace

StrategyInfo rock_strategy_info() {
  return {"rock",
          "plays only the top top_percent of starting hands, raising them; bets made hands after the flop, "
          "gives up without one",
          {{"top_percent", "12", "starting hands played, percent of all hands (by equity vs a random hand)", true, 0.1,
            100.0},
           {"open_bb", "3", "open raise size, big blinds (plus one per limper)", true, 1.0, 1000.0},
           {"reraise", "3", "re-raise to this multiple of the bet faced", true, 1.0, 100.0},
           {"bet_size", "0.6", "post-flop bet size, fraction of the pot", true, 0.0, 10.0}},
          [](const StrategyParams& params) -> StrategyMaker {
            RockParams p;
            p.top_fraction = params.number("top_percent") / 100.0;
            p.open_big_blinds = params.number("open_bb");
            p.reraise_multiple = params.number("reraise");
            p.bet_size = params.number("bet_size");
            return [p](const StrategyContext&) -> std::unique_ptr<Strategy> { return std::make_unique<Rock>(p); };
          }};
}

}  // namespace sngsim
