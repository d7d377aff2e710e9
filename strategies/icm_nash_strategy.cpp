#include "strategies/icm_nash_strategy.h"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game_definition.h"
#include "poker_math/hand_classes.h"
#include "poker_math/icm_spot_cache.h"
#include "poker_math/pushfold_solver.h"
#include "strategies/registry.h"

namespace sngsim {

namespace {

// The fallback with its defaults, bound once with icm_nash's own parameters.
StrategyMaker bind_fallback(const std::string& fallback) {
  const StrategyInfo* info = find_strategy(fallback);
  if (info == nullptr) throw std::invalid_argument("fallback: unknown strategy '" + fallback + "'");
  if (info->name == "icm_nash") throw std::invalid_argument("fallback: icm_nash cannot fall back on itself");
  StrategyParams defaults;
  if (const auto error = StrategyParams::resolve(info->params, {}, defaults)) {
    throw std::invalid_argument("fallback '" + fallback + "': " + *error);
  }
  return info->bind(defaults);
}

struct Settings {
  double max_bb = 15.0;
  double push_scale = 1.0;
  double call_scale = 1.0;
  IcmNashSolveSettings solve;
};

class IcmNashStrategy final : public Strategy {
 public:
  IcmNashStrategy(const Settings& settings, const StrategyMaker& make_fallback, const StrategyContext& context)
      : settings_(settings),
        rng_(context.rng_key),
        // Its own stream, derived from ours, so neither shifts the other's draws.
        fallback_(make_fallback(StrategyContext{derive_key(context.rng_key, 1), context.seat})) {
    if (!context.cash_session) payouts_.assign(context.payout_percent.begin(), context.payout_percent.end());
  }

  Action decide(const Observation& obs) override {
    if (const std::optional<Action> action = push_fold(obs)) return *action;
    return fallback_->decide(obs);
  }

  void hand_ended(const HandEnd& end) override { fallback_->hand_ended(end); }

 private:
  static std::size_t index(int player) { return static_cast<std::size_t>(player); }
  static Chips start_stack(const Observation& obs, int p) { return obs.stacks[index(p)] + obs.committed[index(p)]; }

  Action shove(const Observation& obs) const {
    if (obs.legal.can_raise) return Action::raise_to(obs.legal.max_raise_to);
    return Action::check_call();
  }
  static Action give_up(const Observation& obs) { return obs.legal.can_check ? Action::check_call() : Action::fold(); }

  // The push/fold model's action, or nullopt where the fallback decides.
  std::optional<Action> push_fold(const Observation& obs) {
    if (obs.street != Street::kPreflop || !is_holdem(obs.rules.hole_cards) ||
        obs.rules.betting == BettingStructure::kFixedLimit || obs.min_bet <= 0 || payouts_.empty()) {
      return std::nullopt;
    }
    const int n = obs.num_players;
    const int me = obs.player;
    if (n < 2 || n > kMaxPushFoldPlayers) return std::nullopt;
    Chips largest_other = 0;
    for (int p = 0; p < n; ++p) {
      if (p != me && !obs.folded[index(p)]) largest_other = std::max(largest_other, start_stack(obs, p));
    }
    const double bb = static_cast<double>(obs.min_bet);
    if (static_cast<double>(std::min(start_stack(obs, me), largest_other)) / bb > settings_.max_bb) return std::nullopt;

    // What each player posted, and the big blind: the largest blind.
    std::array<Chips, kMaxPlayers> blind{}, ante{}, start{};
    for (int p = 0; p < n; ++p) start[index(p)] = start_stack(obs, p);
    for (const Event& e : obs.history) {
      if (e.player < 0) continue;
      if (e.type == EventType::kBlind) blind[index(e.player)] += e.amount;
      if (e.type == EventType::kAnte) ante[index(e.player)] += e.amount;
    }
    int big_blind = 0;
    for (int p = 1; p < n; ++p) {
      if (blind[index(p)] > blind[index(big_blind)]) big_blind = p;
    }
    if (blind[index(big_blind)] <= 0) return std::nullopt;
    const auto spot_of = [&](int p) { return (p - big_blind - 1 + 2 * n) % n; };

    // The preflop so far, through the model.
    std::array<bool, kMaxPlayers> folded{}, acted{};
    int pusher = -1;  // hand order
    std::uint32_t callers = 0;
    for (const Event& e : obs.history) {
      if (e.street != Street::kPreflop) break;
      if (e.type != EventType::kFold && e.type != EventType::kCheck && e.type != EventType::kCall &&
          e.type != EventType::kBetRaise) {
        continue;
      }
      const int h = e.player;
      if (acted[index(h)]) return std::nullopt;  // somebody acts twice
      acted[index(h)] = true;
      if (e.type == EventType::kFold) {
        folded[index(h)] = true;
        continue;
      }
      if (pusher < 0 && e.type != EventType::kBetRaise) return std::nullopt;  // a limp
      if (e.type == EventType::kBetRaise) {
        // All-in: its whole stack, or what covers every other player still
        // in (R12 caps a bet there).
        Chips reach = 0;
        for (int j = 0; j < n; ++j) {
          if (j != h && !folded[index(j)]) reach = std::max(reach, start[index(j)] - ante[index(j)]);
        }
        if (e.amount < std::min(start[index(h)] - ante[index(h)], reach)) return std::nullopt;  // short of all-in
      }
      if (pusher < 0) {
        pusher = h;
      } else {
        callers |= 1U << static_cast<unsigned>(spot_of(h));
      }
    }
    if (acted[index(me)]) return std::nullopt;

    PushFoldSpot spot;
    for (int s = 0; s < n; ++s) {
      const int h = (big_blind + 1 + s) % n;
      spot.stacks.push_back(static_cast<double>(start[index(h)]) / bb);
      spot.blinds.push_back(static_cast<double>(blind[index(h)]) / bb);
      spot.antes.push_back(static_cast<double>(ante[index(h)]) / bb);
    }
    for (int place = 0; place < n; ++place) {
      spot.payouts.push_back(index(place) < payouts_.size() ? payouts_[index(place)] : 0.0);
    }
    spot.first_to_act = spot_of(pusher >= 0 ? pusher : me);
    const PushFoldSpot bucketed = bucket_icm_spot(spot, settings_.solve);
    if (push_fold_spot_error(bucketed)) return std::nullopt;

    const PushFoldNode node{spot_of(me), pusher >= 0 ? spot_of(pusher) : -1, callers};
    const std::shared_ptr<const SolvedIcmSpot> solved = solved_icm_spot(bucketed, settings_.solve);
    const int k = solved->find(node);
    if (k < 0 || !(solved->reach[index(k)] > 0.0)) return std::nullopt;
    const auto ku = index(k);
    const double scale = pusher >= 0 ? settings_.call_scale : settings_.push_scale;
    const int hand = hand_class_of(obs.hole[0], obs.hole[1]);
    const double allin =
        scale == 1.0 ? solved->allin[ku][index(hand)] : scale_range(solved->allin[ku], scale)[index(hand)];
    return rng_.uniform() < allin ? shove(obs) : give_up(obs);
  }

  Settings settings_;
  CounterRng rng_;
  std::unique_ptr<Strategy> fallback_;
  std::vector<double> payouts_;  // percent per place; empty: no prizes by place
};

}  // namespace

StrategyInfo icm_nash_strategy_info() {
  const IcmNashSolveSettings d;
  return {
      "icm_nash",
      "short stacks (<= max_bb) play the multiway ICM Nash push/fold ranges of their spot, solved on first use; "
      "otherwise plays as `fallback`",
      {{"max_bb", "15", "push/fold at or below this effective stack, in big blinds", true, 1.0, kMaxPushFoldStackBb},
       {"fallback", "tag", "registered strategy (with its defaults) for every other decision", false, 0.0, 0.0},
       {"push_scale", "1", "opening ranges scaled by combos (1.2: 20% wider; 1: Nash)", true, 0.0, 100.0},
       {"call_scale", "1", "calling ranges scaled by combos (0.8: 20% tighter; 1: Nash)", true, 0.0, 100.0},
       {"grid_bb", "0.5", "stacks rounded to this many big blinds at 2-3 players, x2 at 4, x4 at 5-6 (0: exact)", true,
        0.0, 5.0},
       {"samples", std::to_string(d.samples_large), "sampled deals valuing pots of 3+ players at 4-6 players", true,
        1024.0, 1 << 20},
       {"target", "0.2", "solve to this exploitability at 4-6 players, % of the prize pool", true, 0.001, 10.0},
       {"samples3", std::to_string(d.samples_small), "sampled deals valuing three-way pots at 3 players", true, 1024.0,
        1 << 20},
       {"target3", "0.05", "solve to this exploitability at 2-3 players, % of the prize pool", true, 0.001, 10.0},
       {"iterations", std::to_string(d.max_iterations), "most CFR+ iterations per solve", true, 25.0, 20000.0}},
      [](const StrategyParams& params) -> StrategyMaker {
        Settings s;
        s.max_bb = params.number("max_bb");
        s.push_scale = params.number("push_scale");
        s.call_scale = params.number("call_scale");
        s.solve.grid_bb = params.number("grid_bb");
        s.solve.samples_large = static_cast<int>(params.number("samples"));
        s.solve.target_large = params.number("target");
        s.solve.max_iterations = static_cast<int>(params.number("iterations"));
        s.solve.samples_small = static_cast<int>(params.number("samples3"));
        s.solve.target_small = params.number("target3");
        if (static_cast<double>(s.solve.samples_large) != params.number("samples") ||
            static_cast<double>(s.solve.samples_small) != params.number("samples3")) {
          throw std::invalid_argument("samples, samples3: must be whole numbers");
        }
        if (static_cast<double>(s.solve.max_iterations) != params.number("iterations")) {
          throw std::invalid_argument("iterations: must be a whole number");
        }
        return [s, make_fallback = bind_fallback(params.text("fallback"))](
                   const StrategyContext& context) -> std::unique_ptr<Strategy> {
          return std::make_unique<IcmNashStrategy>(s, make_fallback, context);
        };
      }};
}

}  // namespace sngsim
