#include "strategies/pushfold_strategy.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/game_definition.h"
#include "poker_math/pushfold_solver.h"
#include "strategies/registry.h"

namespace sngsim {

namespace {

// Extra equity asked for a call per opponent who may still act behind: any
// of them can wake up with a better hand and overcall.
constexpr double kMarginPerPlayerBehind = 0.03;

// The fallback with its defaults, bound once with pushfold's own parameters.
StrategyMaker bind_fallback(const std::string& fallback) {
  const StrategyInfo* info = find_strategy(fallback);
  if (info == nullptr) throw std::invalid_argument("fallback: unknown strategy '" + fallback + "'");
  StrategyParams defaults;
  if (const auto error = StrategyParams::resolve(info->params, {}, defaults)) {
    throw std::invalid_argument("fallback '" + fallback + "': " + *error);
  }
  return info->bind(defaults);
}

class PushFoldStrategy final : public Strategy {
 public:
  PushFoldStrategy(double threshold_bb, const StrategyMaker& make_fallback, const StrategyContext& context)
      : threshold_bb_(threshold_bb),
        rng_(context.rng_key),
        // Its own stream, derived from ours, so neither shifts the other's draws.
        fallback_(make_fallback(StrategyContext{derive_key(context.rng_key, 1), context.seat})) {}

  Action decide(const Observation& obs) override {
    if (obs.street != Street::kPreflop || !is_holdem(obs.rules.hole_cards) ||
        obs.rules.betting == BettingStructure::kFixedLimit || obs.min_bet <= 0) {
      return fallback_->decide(obs);
    }
    const double bb = static_cast<double>(obs.min_bet);
    const int me = obs.player;
    Chips largest_other = 0;
    for (int p = 0; p < obs.num_players; ++p) {
      // No branch on who has folded (it changes from one decision to the next).
      const bool live_other = (p != me) & !obs.folded[index(p)];
      largest_other = std::max(largest_other, live_other ? start_stack(obs, p) : Chips{0});
    }
    const double effective_bb = static_cast<double>(std::min(start_stack(obs, me), largest_other)) / bb;
    if (effective_bb > threshold_bb_) return fallback_->decide(obs);

    const int hand = hand_class_of(obs.hole[0], obs.hole[1]);
    const int raiser = obs.betting.last_preflop_raiser;
    if (raiser < 0) return first_in(obs, hand, effective_bb);
    return facing_raise(obs, hand, raiser, effective_bb);
  }

  void hand_ended(const HandEnd& end) override { fallback_->hand_ended(end); }

 private:
  static std::size_t index(int player) { return static_cast<std::size_t>(player); }
  static Chips start_stack(const Observation& obs, int p) { return obs.stacks[index(p)] + obs.committed[index(p)]; }

  // Opponents still in the hand with chips to call with, other than `except`.
  static int live_opponents(const Observation& obs, int except) {
    int count = 0;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p != obs.player && p != except && !obs.folded[index(p)] && obs.stacks[index(p)] > 0) ++count;
    }
    return count;
  }

  Action shove(const Observation& obs) const {
    if (obs.legal.can_raise) return Action::raise_to(obs.legal.max_raise_to);
    return Action::check_call();
  }

  Action give_up(const Observation& obs) const { return obs.legal.can_check ? Action::check_call() : Action::fold(); }

  Action first_in(const Observation& obs, int hand, double effective_bb) {
    const int behind = live_opponents(obs, -1);
    if (behind == 0) return Action::check_call();  // everybody else is all-in: nothing to fold out
    const double push = first_in_push_range(effective_bb, behind)[index(hand)];
    return rng_.uniform() < push ? shove(obs) : give_up(obs);
  }

  Action facing_raise(const Observation& obs, int hand, int raiser, double effective_bb) {
    if (obs.num_players == 2) {
      const double call = heads_up_push_fold(effective_bb).call[index(hand)];
      return rng_.uniform() < call ? shove(obs) : give_up(obs);
    }
    // The raiser's range: pushing first in with everybody not yet folded
    // behind it, at its own effective stack.
    int folded_before = 0;
    for (const Event& e : obs.history) {
      if (e.street != Street::kPreflop) continue;
      if (e.type == EventType::kBetRaise && e.player == raiser) break;
      folded_before += e.type == EventType::kFold;
    }
    const int raiser_behind = std::max(1, obs.num_players - 1 - folded_before);
    Chips raiser_cover = 0;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p != raiser && !obs.folded[index(p)]) raiser_cover = std::max(raiser_cover, start_stack(obs, p));
    }
    const double raiser_bb =
        static_cast<double>(std::min(start_stack(obs, raiser), raiser_cover)) / static_cast<double>(obs.min_bet);
    const double equity = first_in_push_range_equities(raiser_bb, raiser_behind)[index(hand)];

    // What a call can win: from each player at most what this player will
    // have put in (side pots, R13).
    const Chips cost = obs.legal.call_amount;
    const Chips mine = obs.committed[index(obs.player)] + cost;
    Chips winnable = 0;
    for (int p = 0; p < obs.num_players; ++p) winnable += std::min(obs.committed[index(p)], mine);
    winnable += cost;
    const double needed = static_cast<double>(cost) / static_cast<double>(winnable) +
                          kMarginPerPlayerBehind * live_opponents(obs, raiser);
    return equity > needed ? shove(obs) : give_up(obs);
  }

  double threshold_bb_;
  CounterRng rng_;
  std::unique_ptr<Strategy> fallback_;
};

}  // namespace

StrategyInfo pushfold_strategy_info() {
  return {"pushfold",
          "short stacks (<= threshold_bb) go all-in or fold preflop by solved Nash push/fold ranges; otherwise plays "
          "as `fallback`",
          {{"threshold_bb", "12", "push/fold at or below this effective stack, in big blinds", true, 1.0,
            kMaxPushFoldStackBb},
           {"fallback", "calling_station", "registered strategy (with its defaults) for every other decision", false,
            0.0, 0.0}},
          [](const StrategyParams& params) -> StrategyMaker {
            return
                [threshold_bb = params.number("threshold_bb"), make_fallback = bind_fallback(params.text("fallback"))](
                    const StrategyContext& context) -> std::unique_ptr<Strategy> {
                  return std::make_unique<PushFoldStrategy>(threshold_bb, make_fallback, context);
                };
          }};
}

}  // namespace sngsim
