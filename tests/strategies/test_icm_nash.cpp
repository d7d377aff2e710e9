// The `icm_nash` bot (strategies/icm_nash_strategy.h): it plays the solved
// all-in probability of its node in the bucketed spot, draw for draw; it
// hands what the push/fold model does not cover to its fallback; its
// deviations scale ranges by combos along the documented order; a run gives
// the same results on 1 and 2 threads, with a cold or a warm spot cache.

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/hand.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "poker_math/hand_classes.h"
#include "poker_math/icm_spot_cache.h"
#include "strategies/registry.h"
#include "poker_math/starting_hands.h"
#include "tests/hand_test_util.h"

namespace sngsim {
namespace {

const std::vector<int> kPayouts = {50, 30, 20};

StrategyMaker maker(const std::map<std::string, std::string>& given = {}) {
  const StrategyInfo* info = find_strategy("icm_nash");
  REQUIRE(info != nullptr);
  StrategyParams params;
  REQUIRE_FALSE(StrategyParams::resolve(info->params, given, params).has_value());
  return info->bind(params);
}

std::unique_ptr<Strategy> make(const StrategyMaker& make_bot, std::uint64_t key,
                               const std::vector<int>& payouts = kPayouts) {
  StrategyContext context(key, 0);
  context.payout_percent = payouts;
  return make_bot(context);
}

// Three-handed at 50/100: hand order 0 the small blind, 1 the big blind,
// 2 the button (first to act). Stacks 10.3, 5.9 and 13.8 bb: off the grid.
Hand three_handed(const std::array<std::string, 3>& holes, Chips ante = 0) {
  testing::TableSpec spec;
  spec.stacks = {1030, 590, 1380};
  spec.blinds = testing::blinds_for(3, 50, 100);
  spec.ante = ante;
  spec.holes = {holes[0], holes[1], holes[2]};
  spec.board = "2c7d9hJsKs";
  Hand hand;
  hand.start(testing::make_setup(spec));
  return hand;
}

// The spot of three_handed() as the bot must see it: preflop order button,
// small blind, big blind, stacks rounded to the 0.5 bb grid.
PushFoldSpot expected_spot(int first_to_act, double ante_bb = 0.0) {
  PushFoldSpot spot;
  spot.stacks = {14.0, 10.5, 6.0};
  spot.blinds = {0.0, 0.5, 1.0};
  spot.antes = {ante_bb, ante_bb, ante_bb};
  spot.payouts = {50.0, 30.0, 20.0};
  spot.first_to_act = first_to_act;
  return spot;
}

double first_draw(std::uint64_t key) {
  CounterRng rng(key);
  return rng.uniform();
}

// Every key: the bot shoves exactly when its first draw is below `allin`.
void check_draws(const StrategyMaker& make_bot, const Hand& hand, double allin) {
  const Observation obs = hand.observe();
  for (std::uint64_t key = 1; key <= 64; ++key) {
    const Action action = make(make_bot, key)->decide(obs);
    if (first_draw(key) < allin) {
      if (obs.legal.can_raise) {
        CHECK(action.type == ActionType::kBetRaise);
        CHECK(action.amount == obs.legal.max_raise_to);
      } else {
        CHECK(action.type == ActionType::kCheckCall);  // all-in by calling
      }
    } else {
      CHECK(action.type == (obs.legal.can_check ? ActionType::kCheckCall : ActionType::kFold));
    }
    Hand copy = hand;
    CHECK(copy.apply(action) == ApplyError::kNone);
  }
}

// The player to act moves all-in (R12 may cap the bet at what the others can follow).
void shove(Hand& hand) {
  REQUIRE(hand.apply(Action::raise_to(hand.observe().legal.max_raise_to)) == ApplyError::kNone);
}

double class_combos(const ClassWeights& w) {
  double combos = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) combos += w[static_cast<std::size_t>(c)] * hand_class_combo_count(c);
  return combos;
}

}  // namespace

TEST_CASE("icm_nash buckets its spot as documented", "[icm_nash]") {
  PushFoldSpot spot = expected_spot(0);
  spot.stacks = {13.8, 10.3, 5.9};
  IcmNashSolveSettings settings;
  CHECK(bucket_icm_spot(spot, settings).stacks == std::vector<double>{14.0, 10.5, 6.0});
  settings.grid_bb = 0.0;
  CHECK(bucket_icm_spot(spot, settings).stacks == spot.stacks);
  // Four players: twice the grid; five and six: four times.
  settings.grid_bb = 0.5;
  PushFoldSpot four = PushFoldSpot::standard({13.8, 10.3, 5.4, 7.6}, 0.5, 1.0, 0.0, {50, 30, 20});
  CHECK(bucket_icm_spot(four, settings).stacks == std::vector<double>{14.0, 10.0, 5.0, 8.0});
  PushFoldSpot six = PushFoldSpot::standard({13.8, 10.3, 5.4, 7.6, 3.0, 21.1}, 0.5, 1.0, 0.0, {50, 30, 20});
  CHECK(bucket_icm_spot(six, settings).stacks == std::vector<double>{14.0, 10.0, 6.0, 8.0, 4.0, 22.0});
  // Never rounded down to what the player posts.
  PushFoldSpot shorty = PushFoldSpot::standard({10.0, 8.0, 1.2}, 0.5, 1.0, 0.0, {50, 30, 20});
  CHECK(bucket_icm_spot(shorty, settings).stacks == std::vector<double>{10.0, 8.0, 1.2});
  CHECK(settings.options_for(3).multiway_samples == 1 << 17);
  CHECK(settings.options_for(6).multiway_samples == 1 << 13);
  CHECK(settings.options_for(6).target_exploitability == 0.2);
  CHECK(settings.options_for(6).max_iterations == 300);
}

TEST_CASE("icm_nash plays the solver's all-in probability of its node, draw for draw", "[icm_nash]") {
  const StrategyMaker bot = maker();
  const IcmNashSolveSettings settings;
  // The solutions the bot must use, solved here without the cache.
  const IcmPushFoldSolution from_button = solve_icm_push_fold(expected_spot(0), settings.options_for(3));
  const IcmPushFoldSolution from_small_blind = solve_icm_push_fold(expected_spot(1), settings.options_for(3));
  const auto allin = [](const IcmPushFoldSolution& s, const PushFoldNode& node, const std::string& hole) {
    const int k = s.find(node);
    REQUIRE(k >= 0);
    const auto cards = testing::cards(hole);
    return s.allin[static_cast<std::size_t>(k)][static_cast<std::size_t>(hand_class_of(cards[0], cards[1]))];
  };
  for (const std::string h : {"AhAs", "7h2d", "Kd9s", "8c7c", "Th3d", "Qs5s", "As4d", "Jd8d"}) {
    INFO(h);
    // The button opens.
    Hand open = three_handed({"2s2h", "4c4h", h});
    check_draws(bot, open, allin(from_button, {0, -1, 0}, h));
    // The small blind faces the button's all-in.
    Hand facing = three_handed({h, "4c4h", "AcAd"});
    shove(facing);
    check_draws(bot, facing, allin(from_button, {1, 0, 0}, h));
    // The big blind faces the button's all-in and the small blind's call.
    Hand behind = three_handed({"KcKh", h, "AcAd"});
    shove(behind);
    REQUIRE(behind.apply(Action::check_call()) == ApplyError::kNone);  // all-in for its whole stack
    check_draws(bot, behind, allin(from_button, {2, 0, 0b010}, h));
    // The button folds; the small blind opens: the spot starts there.
    Hand second = three_handed({h, "4c4h", "AcAd"});
    REQUIRE(second.apply(Action::fold()) == ApplyError::kNone);
    check_draws(bot, second, allin(from_small_blind, {1, -1, 0}, h));
  }
  // Antes are dead money in the spot.
  Hand with_antes = three_handed({"2s2h", "4c4h", "Kd9s"}, 10);
  const IcmPushFoldSolution antes = solve_icm_push_fold(expected_spot(0, 0.1), settings.options_for(3));
  check_draws(bot, with_antes, allin(antes, {0, -1, 0}, "Kd9s"));
}

TEST_CASE("icm_nash hands what push/fold does not cover to its fallback", "[icm_nash]") {
  // calling_station never folds: a fold or an all-in would be icm_nash's.
  const StrategyMaker bot = maker({{"max_bb", "10"}, {"fallback", "calling_station"}});
  const auto is_fallback = [&](const Hand& hand, const std::vector<int>& payouts = kPayouts) {
    return make(bot, 5, payouts)->decide(hand.observe()).type == ActionType::kCheckCall;
  };
  // Aces in the small blind (10.3 bb against 5.9 bb) move all-in themselves.
  Hand shallow = three_handed({"AhAs", "4c4h", "7h2d"});
  REQUIRE(shallow.apply(Action::fold()) == ApplyError::kNone);
  CHECK(make(bot, 5)->decide(shallow.observe()).type == ActionType::kBetRaise);
  // The button is deeper than max_bb: 13.8 bb against the small blind's 10.3.
  CHECK(is_fallback(three_handed({"3c3d", "4c4h", "7h2d"})));
  // No payouts by place (a cash session): the fallback.
  CHECK(is_fallback(shallow, {}));
  // A limp before it.
  Hand limped = three_handed({"7h2d", "4c4h", "AcAd"});
  REQUIRE(limped.apply(Action::check_call()) == ApplyError::kNone);
  CHECK(is_fallback(limped));
  // A raise short of all-in before it.
  Hand raised = three_handed({"7h2d", "4c4h", "AcAd"});
  REQUIRE(raised.apply(Action::raise_to(300)) == ApplyError::kNone);
  CHECK(is_fallback(raised));
  // Postflop.
  Hand flop = three_handed({"7h2d", "4c4h", "AcAd"});
  REQUIRE(flop.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(flop.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(flop.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(flop.street() == Street::kFlop);
  CHECK(is_fallback(flop));

  const StrategyInfo* info = find_strategy("icm_nash");
  for (const auto& [name, value] : std::map<std::string, std::string>{
           {"fallback", "no_such_bot"}, {"samples", "5000.5"}, {"fallback", "icm_nash"}}) {
    StrategyParams params;
    REQUIRE_FALSE(StrategyParams::resolve(info->params, {{name, value}}, params).has_value());
    CHECK_THROWS_AS(info->bind(params), std::invalid_argument);  // when the experiment loads
  }
  StrategyParams params;
  CHECK(StrategyParams::resolve(info->params, {{"max_bb", "0.5"}}, params).has_value());
  CHECK(StrategyParams::resolve(info->params, {{"push_scale", "-1"}}, params).has_value());
}

TEST_CASE("icm_nash deviations scale a range by combos along the strength order", "[icm_nash]") {
  const IcmPushFoldSolution s = solve_icm_push_fold(expected_spot(0), IcmNashSolveSettings{}.options_for(3));
  const auto rank = [](std::size_t c) { return holdem_percentile(static_cast<int>(c)); };
  for (const ClassWeights& nash : s.allin) {
    const double combos = class_combos(nash);
    for (const double scale : {1.2, 0.8, 0.5, 2.0}) {
      const ClassWeights scaled = scale_range(nash, scale);
      INFO("scale " << scale << ", Nash combos " << combos);
      CHECK(class_combos(scaled) == Approx(std::min(1326.0, scale * combos)).margin(1e-9));
      for (std::size_t c = 0; c < kHandClassCount; ++c) {
        CHECK(scaled[c] >= 0.0);
        CHECK(scaled[c] <= 1.0);
        if (scale > 1.0) {
          CHECK(scaled[c] >= nash[c]);
          // Only the strongest hands not yet all in are added.
          if (scaled[c] > nash[c]) {
            for (std::size_t d = 0; d < kHandClassCount; ++d) {
              if (rank(d) < rank(c)) CHECK(scaled[d] == 1.0);
            }
          }
        } else {
          CHECK(scaled[c] <= nash[c]);
          if (scaled[c] < nash[c]) {
            for (std::size_t d = 0; d < kHandClassCount; ++d) {
              if (rank(d) > rank(c)) CHECK(scaled[d] == 0.0);
            }
          }
        }
      }
    }
    CHECK(scale_range(nash, 1.0) == nash);
    CHECK(class_combos(scale_range(nash, 0.0)) == 0.0);
  }
  // Aces alone (6 combos) twice as wide: aces and kings, the next best.
  ClassWeights aces{};
  aces[static_cast<std::size_t>(*parse_hand_class("AA"))] = 1.0;
  const ClassWeights wider = scale_range(aces, 2.0);
  CHECK(wider[static_cast<std::size_t>(*parse_hand_class("KK"))] == 1.0);
  CHECK(class_combos(wider) == Approx(12.0));

  // The bot plays the scaled range: push_scale at open, call_scale facing.
  const StrategyMaker wide = maker({{"push_scale", "1.2"}, {"call_scale", "0.8"}});
  for (const std::string h : {"Kd9s", "8c7c", "Th3d", "Qs5s", "Jd8d", "6s4s"}) {
    INFO(h);
    const auto cards = testing::cards(h);
    const auto c = static_cast<std::size_t>(hand_class_of(cards[0], cards[1]));
    check_draws(wide, three_handed({"2s2h", "4c4h", h}),
                scale_range(s.allin[static_cast<std::size_t>(s.find({0, -1, 0}))], 1.2)[c]);
    Hand facing = three_handed({h, "4c4h", "AcAd"});
    shove(facing);
    check_draws(wide, facing, scale_range(s.allin[static_cast<std::size_t>(s.find({1, 0, 0}))], 0.8)[c]);
  }
}

TEST_CASE("icm_nash: the same results on 1 and 2 threads, cold or warm cache", "[icm_nash]") {
  const std::string yaml =
      "name: icm-threads\nseed: 18\ntournaments: 8\n"
      "table: {players: 3, stack: 300, blinds: turbo}\n"
      "lineup:\n"
      "  - strategy: icm_nash\n    params: {samples: 2048, samples3: 2048, target: 0.5, grid_bb: 1}\n"
      "  - label: wide\n    strategy: icm_nash\n    params: {samples: 2048, samples3: 2048, target: 0.5, grid_bb: 1, "
      "push_scale: 1.2}\n"
      "  - strategy: pushfold\n    params: {fallback: tag}\n"
      "payouts: {places: [65, 35]}\n";
  const Experiment experiment = parse_experiment(yaml, "icm-threads.yaml");
  const auto run = [&](int threads) {
    RunOptions options;
    options.threads = threads;
    return run_experiment(experiment, options);
  };
  clear_icm_spot_cache();
  const std::int64_t before = icm_spot_solves();
  const RunResult one = run(1);
  const std::int64_t solves = icm_spot_solves() - before;
  INFO(solves << " spots solved");
  CHECK(solves > 5);  // it did solve spots
  clear_icm_spot_cache();
  const RunResult two = run(2);
  const RunResult warm = run(2);  // every spot from the cache
  REQUIRE(one.cells.size() == 1);
  CHECK(one.cells[0] == two.cells[0]);
  CHECK(one.cells[0] == warm.cells[0]);
}

}  // namespace sngsim
