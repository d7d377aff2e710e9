#include "strategies/tag_strategy.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/game_definition.h"
#include "strategies/bet_sizing.h"
#include "strategies/hand_reading.h"
#include "strategies/opponent_model.h"
#include "poker_math/starting_hands.h"
#include "strategies/table_reading.h"

namespace sngsim {

namespace {

struct TagParams {
  double open_big_blinds = 2.5;
  double three_bet_multiple = 3.0;
  double shove_big_blinds = 10.0;
  double range_scale = 1.0;
  double cbet = 0.65;
  double cbet_size = 0.5;
  double value_size = 0.7;
  double semi_bluff = 0.35;
  double call_margin = 0.05;
};

// Preflop ranges as fractions of all starting hands (before range_scale).
// Opening: tighter the more players are left to act behind.
double open_range(Position position, int behind) {
  if (behind <= 1) return 0.45;  // small blind against the big blind, or the button heads-up
  switch (position) {
    case Position::kEarly: return 0.13;
    case Position::kMiddle: return 0.18;
    case Position::kLate: return 0.30;
    case Position::kBlinds: return 0.35;
  }
  return 0.13;
}

// Flat calls against one raise; the big blind has a discount, the button
// the position.
double call_range(Position position) {
  switch (position) {
    case Position::kBlinds: return 0.12;
    case Position::kLate: return 0.09;
    default: return 0.06;
  }
}

constexpr double kOptionRaiseRange = 0.12;
constexpr double kThreeBetRange = 0.035;
constexpr double kThreeBetVsLateRange = 0.05;  // late and blind openers open wider
constexpr double kFourBetRange = 0.02;
constexpr double kCallThreeBetRange = 0.04;

// The range worth committing the stack with when a call must win
// `required` of the pot: about the top 18% for a 10-big-blind shove into the
// big blind, the top 7% for a deep all-in, half the hands with a very good
// price. A rule of thumb, not an equilibrium.
double commit_range(double required) { return std::clamp(2.2 * (0.5 - required) + 0.05, 0.03, 0.6); }

// A rough chance that the made hand is best at showdown, by tier. Omaha
// hands run much closer, so each tier is worth less there.
double made_equity(const HandReading& reading, bool omaha) {
  switch (reading.tier) {
    case MadeTier::kNothing: return 0.0;
    case MadeTier::kWeakPair: return omaha ? 0.12 : 0.35;
    case MadeTier::kTopPair: return omaha ? 0.3 : (reading.overpair ? 0.65 : 0.6);
    case MadeTier::kTwoPair: return omaha ? 0.5 : 0.75;
    case MadeTier::kTrips: return omaha ? 0.65 : 0.85;
    case MadeTier::kStrong:
      if (!omaha) return 0.92;
      return reading.category >= HandCategory::kFlush ? 0.85 : 0.7;
  }
  return 0.0;
}

// The rule of 4 and 2: each out is worth about 4% with two cards to come
// and 2% with one.
double draw_equity(const HandReading& reading, int board_count) {
  const int outs = (reading.flush_draw ? 9 : 0) + (reading.open_ended ? 8 : reading.gutshot ? 4 : 0);
  const double per_out = board_count == 3 ? 0.04 : board_count == 4 ? 0.02 : 0.0;
  return std::min(0.6, outs * per_out);
}

// Every opponent beyond the first is another hand to beat: 0.8 to the power
// of their number. The powers are computed once, by the same pow(), rather
// than on every decision.
double multiway_discount(int opponents) {
  static const std::array<double, kMaxPlayers> discount = [] {
    std::array<double, kMaxPlayers> powers{};
    for (int extra = 0; extra < kMaxPlayers; ++extra) powers[static_cast<std::size_t>(extra)] = std::pow(0.8, extra);
    return powers;
  }();
  return discount[static_cast<std::size_t>(std::max(0, opponents - 1))];
}

class Tag final : public Strategy {
 public:
  Tag(const TagParams& params, const StrategyContext& context) : params_(params), rng_(context.rng_key) {}

  Action decide(const Observation& obs) override {
    opponents_.observe(obs);
    return obs.street == Street::kPreflop ? preflop(obs) : postflop(obs);
  }

  void hand_ended(const HandEnd& end) override { opponents_.hand_over(end.action_counts); }

 private:
  int seat_of(const Observation& obs, int player) const { return obs.seats[static_cast<std::size_t>(player)]; }

  // How much wider than usual to continue against the last raiser: a player
  // raising four times as often as a typical one holds a far weaker range.
  double range_widening(const Observation& obs, int raiser) const {
    if (raiser < 0) return 1.0;
    const double rate = opponents_.preflop_raise_rate(seat_of(obs, raiser));
    return std::clamp(rate / OpponentModel::kTypicalRaiseRate, 1.0, 4.0);
  }

  Chips big_blinds(const Observation& obs, double count) const {
    return round_to_chips(count * static_cast<double>(big_blind_of(obs)));
  }

  Action shove(const Observation& obs) const {
    return obs.legal.can_raise ? Action::raise_to(obs.legal.max_raise_to) : Action::check_call();
  }

  Action preflop(const Observation& obs) {
    const double hand = starting_hand_percentile(obs.hole, obs.rules.hole_cards);
    const double scale = params_.range_scale;
    const BettingCount& betting = obs.betting;
    const double depth = effective_big_blinds(obs);
    const bool short_stacked = depth <= params_.shove_big_blinds;

    if (betting.raises_this_round == 0 && obs.legal.can_check) {
      // The big blind's option: raise the limpers for value only.
      if (hand > kOptionRaiseRange * scale) return Action::check_call();
      return short_stacked ? shove(obs)
                           : raise_or_call(obs, big_blinds(obs, params_.open_big_blinds + betting.callers_this_round));
    }
    if (betting.raises_this_round == 0) {
      double range = open_range(position_of(obs), players_behind(obs)) * scale;
      if (betting.callers_this_round > 0) range *= 0.7;  // limpers: raise for value only
      if (short_stacked) {
        // Push or fold: the shorter, the wider, up to twice the open range.
        range *= 2.0 - depth / std::max(1.0, params_.shove_big_blinds);
        return hand <= range ? shove(obs) : check_or_fold(obs);
      }
      if (hand > range) return check_or_fold(obs);
      return raise_or_call(obs, big_blinds(obs, params_.open_big_blinds + betting.callers_this_round));
    }

    const auto me = static_cast<std::size_t>(obs.player);
    const Chips my_chips = obs.stacks[me] + obs.bets[me];
    const bool committing = short_stacked || 3 * obs.legal.call_amount >= my_chips;
    const double widening = range_widening(obs, betting.last_raiser_this_round);
    if (committing) {
      // Against more than one raise the range faced is narrower still.
      const double range = std::min(0.7, commit_range(pot_odds(obs)) * scale * std::sqrt(widening) /
                                             (betting.raises_this_round >= 2 ? 2.0 : 1.0));
      return hand <= range ? shove(obs) : check_or_fold(obs);
    }
    if (betting.raises_this_round == 1) {
      const Position raiser = position_of(obs.num_players, betting.last_raiser_this_round);
      const bool wide_opener = raiser == Position::kLate || raiser == Position::kBlinds;
      if (hand <= (wide_opener ? kThreeBetVsLateRange : kThreeBetRange) * scale * widening) {
        return raise_or_call(obs, round_to_chips(params_.three_bet_multiple * static_cast<double>(obs.highest_bet)));
      }
      return hand <= call_range(position_of(obs)) * scale * widening ? Action::check_call() : check_or_fold(obs);
    }
    if (hand <= kFourBetRange * scale * widening) {
      return raise_or_call(obs, round_to_chips(2.5 * static_cast<double>(obs.highest_bet)));
    }
    return hand <= kCallThreeBetRange * scale * widening ? Action::check_call() : check_or_fold(obs);
  }

  Action postflop(const Observation& obs) {
    const bool omaha = is_omaha(obs.rules.hole_cards);
    const HandReading reading = read_hand(obs);
    const BettingCount& betting = obs.betting;
    const double made = made_equity(reading, omaha);
    const double draw = draw_equity(reading, obs.board_count);
    const int opponents = opponents_in_hand(obs);
    double equity = made + draw * (1.0 - made);
    equity *= multiway_discount(opponents);

    if (obs.legal.can_check) {
      if (equity >= 0.6) return bet_pot_fraction(obs, params_.value_size);
      const bool aggressor = betting.last_preflop_raiser == obs.player;
      if (aggressor && obs.street == Street::kFlop && opponents <= 2 && rng_.uniform() < params_.cbet) {
        return bet_pot_fraction(obs, params_.cbet_size);
      }
      if (reading.has_draw() && rng_.uniform() < params_.semi_bluff) return bet_pot_fraction(obs, params_.cbet_size);
      return Action::check_call();
    }
    // A bettor who bets most of the time bets worse hands: every made hand
    // and draw is worth more against it.
    if (betting.last_raiser_this_round >= 0) {
      const double aggression = opponents_.aggression(seat_of(obs, betting.last_raiser_this_round));
      equity = std::min(0.95, equity * std::clamp(1.0 + 1.2 * (aggression - 0.35), 1.0, 1.8));
    }
    if (equity >= 0.8) return bet_pot_fraction(obs, params_.value_size);
    if (equity >= pot_odds(obs) + params_.call_margin) return Action::check_call();
    return Action::fold();
  }

  TagParams params_;
  CounterRng rng_;
  OpponentModel opponents_;
};

}  // namespace

StrategyInfo tag_strategy_info() {
  return {
      "tag",
      "tight-aggressive: position- and stack-aware preflop ranges (push/fold when short), pot odds, "
      "continuation and value bets after the flop",
      {{"open_bb", "2.5", "open raise size, big blinds (plus one per limper)", true, 1.0, 1000.0},
       {"three_bet", "3", "re-raise to this multiple of the raise faced", true, 1.0, 100.0},
       {"shove_bb", "10", "at or below this effective stack, big blinds, play push or fold preflop", true, 0.0, 1000.0},
       {"range_scale", "1", "multiplies every preflop range (0.5 tighter, 2 looser)", true, 0.0, 10.0},
       {"cbet", "0.65", "continuation-bet frequency on the flop as the preflop raiser, probability", true, 0.0, 1.0},
       {"cbet_size", "0.5", "continuation-bet and semi-bluff size, fraction of the pot", true, 0.0, 10.0},
       {"value_size", "0.7", "value bet and raise size, fraction of the pot", true, 0.0, 10.0},
       {"semi_bluff", "0.35", "chance to bet a flush or open-ended straight draw when checked to", true, 0.0, 1.0},
       {"call_margin", "0.05", "estimated equity a call needs above the pot odds, fraction", true, -1.0, 1.0}},
      [](const StrategyParams& params) -> StrategyMaker {
        TagParams p;
        p.open_big_blinds = params.number("open_bb");
        p.three_bet_multiple = params.number("three_bet");
        p.shove_big_blinds = params.number("shove_bb");
        p.range_scale = params.number("range_scale");
        p.cbet = params.number("cbet");
        p.cbet_size = params.number("cbet_size");
        p.value_size = params.number("value_size");
        p.semi_bluff = params.number("semi_bluff");
        p.call_margin = params.number("call_margin");
        return [p](const StrategyContext& context) -> std::unique_ptr<Strategy> {
          return std::make_unique<Tag>(p, context);
        };
      }};
}

}  // namespace sngsim
