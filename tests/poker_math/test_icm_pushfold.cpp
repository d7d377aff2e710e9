// Multiway ICM push/fold (poker_math/icm_pushfold.h): heads-up it agrees
// with the exact heads-up solver (pushfold_solver.h, an independent
// implementation); the best response it reports is what a player really
// gets by playing it (checked by evaluating that profile) and no single
// deviation gains more than the reported exploitability; ICM of busted
// players; spot validation; the same spot gives the same bits.

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "poker_math/icm_pushfold.h"
#include "poker_math/pushfold_solver.h"

namespace sngsim {
namespace {

constexpr int kTestSamples = 1 << 16;

double class_fraction(const ClassWeights& w) {
  double combos = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) combos += w[static_cast<std::size_t>(c)] * hand_class_combo_count(c);
  return combos / kHoldemComboCount;
}

// The profile where `player` plays its best response (by the evaluation's
// action values) and everybody else keeps `profile`.
std::vector<ClassWeights> with_best_response(const std::vector<PushFoldNode>& nodes, std::vector<ClassWeights> profile,
                                             const PushFoldEvaluation& e, int player) {
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (nodes[k].player != player) continue;
    for (std::size_t c = 0; c < kHandClassCount; ++c) {
      profile[k][c] = e.value_allin[k][c] > e.value_fold[k][c] ? 1.0 : 0.0;
    }
  }
  return profile;
}

}  // namespace

TEST_CASE("ICM push/fold heads-up agrees with the exact heads-up solution", "[icm_pushfold]") {
  // Winner takes all: ICM equity is linear in chips, so the game is the
  // chip game of pushfold_solver.h; 1% of the pool is 0.2 bb at 10 bb each.
  for (const double stack_bb : {5.0, 10.0, 15.0}) {
    const PushFoldSpot spot = PushFoldSpot::standard({100.0 * stack_bb, 100.0 * stack_bb}, 50.0, 100.0, 0.0, {100.0});
    PushFoldOptions options;
    options.target_exploitability = 0.0005;
    const IcmPushFoldSolution s = solve_icm_push_fold(spot, options);
    REQUIRE(s.nodes.size() == 2);
    const ClassWeights& push = s.allin[0];
    const ClassWeights& call = s.allin[1];
    const double pool_bb = 2.0 * stack_bb;
    const double bb_per_percent = pool_bb / 100.0;
    // The exact heads-up game's own evaluation of our ranges.
    const double value = push_fold_sb_value(stack_bb, push, call);
    const double sb_gain = push_fold_sb_best_response_value(stack_bb, call) - value;
    const double bb_gain = value - push_fold_bb_best_response_value(stack_bb, push);
    CHECK(sb_gain <= s.evaluation.gain[0] * bb_per_percent + 1e-9);
    CHECK(bb_gain <= s.evaluation.gain[1] * bb_per_percent + 1e-9);
    CHECK(s.evaluation.max_gain() <= 0.0005);
    // Same equity as the exact solution, within both exploitabilities.
    const PushFoldSolution exact = solve_heads_up_push_fold(stack_bb);
    const double our_sb_percent = s.evaluation.ev[0];
    const double exact_sb_percent = 50.0 + exact.sb_value / bb_per_percent;
    CHECK(std::abs(our_sb_percent - exact_sb_percent) <=
          s.evaluation.max_gain() + (exact.sb_gain + exact.bb_gain) / bb_per_percent + 1e-9);
    CHECK(s.evaluation.ev[0] + s.evaluation.ev[1] == Approx(100.0).epsilon(1e-12));
    CHECK(class_fraction(push) == Approx(range_fraction(exact.push)).margin(0.01));
    CHECK(class_fraction(call) == Approx(range_fraction(exact.call)).margin(0.01));
  }
}

TEST_CASE("ICM push/fold: the reported best response is what playing it earns", "[icm_pushfold]") {
  const std::vector<PushFoldSpot> spots = {
      PushFoldSpot::standard({1500, 2500, 2000}, 100, 200, 25, {50, 30, 20}),
      PushFoldSpot::standard({900, 3000, 2100}, 100, 200, 0, {65, 35}),
      PushFoldSpot::standard({800, 1200, 3000, 1000}, 50, 100, 10, {50, 30, 20}),
  };
  for (const PushFoldSpot& spot : spots) {
    PushFoldOptions options;
    options.multiway_samples = kTestSamples;
    options.target_exploitability = 0.02;
    const IcmPushFoldSolution s = solve_icm_push_fold(spot, options);
    CHECK(s.evaluation.max_gain() <= 0.02);
    for (int p = 0; p < spot.players(); ++p) {
      const auto u = static_cast<std::size_t>(p);
      const auto deviation = with_best_response(s.nodes, s.allin, s.evaluation, p);
      const PushFoldEvaluation e = evaluate_push_fold(spot, deviation, kTestSamples);
      // Playing the best response earns exactly the best-response value...
      CHECK(e.ev[u] == Approx(s.evaluation.best_response[u]).margin(1e-9));
      CHECK(e.gain[u] <= 1e-9);
      // ...and no single-class deviation (all-in <-> fold at one node) gains more.
      for (std::size_t k = 0; k < s.nodes.size(); ++k) {
        if (s.nodes[k].player != p) continue;
        for (const int c : {0, 12, 40, 100, 168}) {
          auto single = s.allin;
          single[k][static_cast<std::size_t>(c)] = 1.0 - std::round(single[k][static_cast<std::size_t>(c)]);
          const double gained = evaluate_push_fold(spot, single, kTestSamples).ev[u] - s.evaluation.ev[u];
          CHECK(gained <= s.evaluation.gain[u] + 1e-9);
        }
      }
    }
  }
}

TEST_CASE("ICM push/fold: equities of a fixed profile add up to the pool", "[icm_pushfold]") {
  const PushFoldSpot spot = PushFoldSpot::standard({1500, 2500, 2000, 1000, 3000}, 100, 200, 25, {50, 30, 20});
  const auto nodes = push_fold_nodes(spot);
  std::vector<ClassWeights> everything(nodes.size());
  for (auto& w : everything) w.fill(1.0);
  const PushFoldEvaluation e = evaluate_push_fold(spot, everything, kTestSamples);
  CHECK(std::accumulate(e.ev.begin(), e.ev.end(), 0.0) == Approx(100.0).epsilon(1e-9));
  // Everybody all-in with everything: a 5-way all-in, nobody can gain by
  // calling more; the folds of the short stacks gain.
  CHECK(e.gain[0] >= 0.0);
}

TEST_CASE("ICM push/fold: the same spot gives the same bits", "[icm_pushfold]") {
  const PushFoldSpot spot = PushFoldSpot::standard({1500, 2500, 2000}, 100, 200, 25, {50, 30, 20});
  PushFoldOptions options;
  options.multiway_samples = kTestSamples;
  const IcmPushFoldSolution a = solve_icm_push_fold(spot, options);
  const IcmPushFoldSolution b = solve_icm_push_fold(spot, options);
  CHECK(a.iterations == b.iterations);
  CHECK(a.allin == b.allin);
  CHECK(a.evaluation.ev == b.evaluation.ev);
}

TEST_CASE("push_fold_icm: busted players take the places below, the bigger start first", "[icm_pushfold]") {
  // Two players bust in the same hand: the one that started bigger is 2nd.
  const auto e = push_fold_icm({6000, 0, 0}, {2000, 1500, 2500}, {50, 30, 20});
  CHECK(e[0] == Approx(50.0));
  CHECK(e[2] == Approx(30.0));
  CHECK(e[1] == Approx(20.0));
  // Equal starting stacks share their places.
  const auto tie = push_fold_icm({6000, 0, 0}, {2000, 2000, 2000}, {50, 30, 20});
  CHECK(tie[1] == Approx(25.0));
  CHECK(tie[2] == Approx(25.0));
  // Payouts in any unit are scaled to percent of the pool.
  const auto scaled = push_fold_icm({1000, 1000}, {1000, 1000}, {7, 3});
  CHECK(scaled[0] == Approx(50.0));
}

TEST_CASE("ICM push/fold spots are validated", "[icm_pushfold]") {
  CHECK(push_fold_spot_error(PushFoldSpot::standard({1000, 1000}, 50, 100, 0, {100})) == std::nullopt);
  CHECK(push_fold_spot_error(PushFoldSpot::standard({1000}, 50, 100, 0, {100})).has_value());
  CHECK(push_fold_spot_error(PushFoldSpot::standard(std::vector<double>(7, 1000.0), 50, 100, 0, {100})).has_value());
  CHECK(push_fold_spot_error(PushFoldSpot::standard({1000, 100}, 50, 100, 0, {100})).has_value());  // all-in blind
  CHECK(push_fold_spot_error(PushFoldSpot::standard({1000, 1000}, 0, 0, 0, {100})).has_value());
  CHECK(push_fold_spot_error(PushFoldSpot::standard({1000, 1000}, 50, 100, 0, {0})).has_value());
  CHECK_THROWS_AS(solve_icm_push_fold(PushFoldSpot::standard({1000}, 50, 100, 0, {100})), std::invalid_argument);
}

}  // namespace sngsim
