#include "strategies/profile_strategy.h"

#include <algorithm>

#include "strategies/bet_sizing.h"
#include "strategies/hand_reading.h"
#include "poker_math/starting_hands.h"
#include "strategies/table_reading.h"

namespace sngsim {

namespace {

struct ProfileParams {
  double vpip = 0.45;
  double pfr = 0.08;
  double three_bet = 0.02;
  double fold_to_raise = 0.3;
  double cbet = 0.4;
  double aggression = 0.15;
  double bluff = 0.03;
  double fold_to_bet = 0.5;
  double bet_size = 0.5;
  double raise_size = 0.75;
};

class Profile final : public Strategy {
 public:
  Profile(const ProfileParams& params, const StrategyContext& context) : params_(params), rng_(context.rng_key) {}

  Action decide(const Observation& obs) override {
    return obs.street == Street::kPreflop ? preflop(obs) : postflop(obs);
  }

 private:
  bool chance(double probability) { return rng_.uniform() < probability; }

  Action raise(const Observation& obs) { return bet_pot_fraction(obs, params_.raise_size); }

  Action preflop(const Observation& obs) {
    const double hand = starting_hand_percentile(obs.hole, obs.rules.hole_cards);
    const BettingCount& betting = obs.betting;
    if (betting.raises_this_round == 0) {
      if (hand <= std::min(params_.pfr, params_.vpip)) return raise(obs);
      return hand <= params_.vpip ? Action::check_call() : check_or_fold(obs);
    }
    if (hand <= params_.three_bet) return raise(obs);
    if (hand > params_.vpip || chance(params_.fold_to_raise)) return check_or_fold(obs);
    return Action::check_call();
  }

  Action postflop(const Observation& obs) {
    // The draws matter only facing a bet with nothing made: read them there.
    const HandReading reading = read_made_hand(obs);
    const bool made = reading.tier >= MadeTier::kWeakPair;
    const BettingCount& betting = obs.betting;
    if (obs.legal.can_check) {
      if (made) return chance(params_.aggression) ? bet_pot_fraction(obs, params_.bet_size) : Action::check_call();
      const bool aggressor = betting.last_preflop_raiser == obs.player;
      if (aggressor && obs.street == Street::kFlop && chance(params_.cbet)) {
        return bet_pot_fraction(obs, params_.bet_size);
      }
      return chance(params_.bluff) ? bet_pot_fraction(obs, params_.bet_size) : Action::check_call();
    }
    if (made) return chance(params_.aggression) ? raise(obs) : Action::check_call();
    if (chance(params_.bluff)) return raise(obs);
    // A draw always sees the next card; nothing at all folds some of the time.
    if (!with_draws(obs, reading).has_draw() && chance(params_.fold_to_bet)) return Action::fold();
    return Action::check_call();
  }

  ProfileParams params_;
  CounterRng rng_;
};

}  // namespace

StrategyInfo profile_strategy_info() {
  return {
      "profile",
      "a player described by tracker statistics (vpip, pfr, 3-bet, c-bet, aggression, bluff, folds, sizes); "
      "defaults: loose-passive recreational",
      {{"vpip", "0.45", "fraction of starting hands played voluntarily (the best ones)", true, 0.0, 1.0},
       {"pfr", "0.08", "fraction of starting hands raised when nobody has raised (within vpip)", true, 0.0, 1.0},
       {"three_bet", "0.02", "fraction of starting hands re-raised against a raise", true, 0.0, 1.0},
       {"fold_to_raise", "0.3", "chance to fold a playable hand (not a 3-bet one) to a raise preflop", true, 0.0, 1.0},
       {"cbet", "0.4", "chance to bet the flop as the preflop raiser when checked to", true, 0.0, 1.0},
       {"aggression", "0.15", "chance to bet or raise a made hand (pair or better) instead of check/call", true, 0.0,
        1.0},
       {"bluff", "0.03", "chance to bet or raise with nothing after the flop", true, 0.0, 1.0},
       {"fold_to_bet", "0.5", "chance to fold nothing (no pair, no draw) to a bet after the flop", true, 0.0, 1.0},
       {"bet_size", "0.5", "bet size after the flop, fraction of the pot", true, 0.0, 10.0},
       {"raise_size", "0.75", "raise size (preflop opens included), fraction of the pot after calling", true, 0.0,
        10.0}},
      [](const StrategyParams& params) -> StrategyMaker {
        ProfileParams p;
        p.vpip = params.number("vpip");
        p.pfr = params.number("pfr");
        p.three_bet = params.number("three_bet");
        p.fold_to_raise = params.number("fold_to_raise");
        p.cbet = params.number("cbet");
        p.aggression = params.number("aggression");
        p.bluff = params.number("bluff");
        p.fold_to_bet = params.number("fold_to_bet");
        p.bet_size = params.number("bet_size");
        p.raise_size = params.number("raise_size");
        return [p](const StrategyContext& context) -> std::unique_ptr<Strategy> {
          return std::make_unique<Profile>(p, context);
        };
      }};
}

}  // namespace sngsim
