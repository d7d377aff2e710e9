// The observation vector and the discrete actions of docs/environment.md,
// checked index by index on scripted hands.

#include <array>
#include <catch2/catch.hpp>
#include <vector>

#include "sim/env/discrete_actions.h"
#include "sim/env/observation_encoding.h"
#include "tests/hand_test_util.h"

namespace sngsim {
namespace {

using testing::blinds_for;
using testing::card;
using testing::make_setup;
using testing::TableSpec;

// Three players, 10/20 blinds: hand order 0 small blind, 1 big blind,
// 2 the button, first to act preflop.
Hand three_handed(std::vector<Chips> stacks) {
  TableSpec spec;
  spec.stacks = std::move(stacks);
  spec.blinds = blinds_for(3, 10, 20);
  spec.holes = {"7c2d", "9h9s", "AhAs"};
  spec.board = "Kd8c3h4s5s";
  Hand hand;
  hand.start(make_setup(spec));
  return hand;
}

std::array<float, kObservationSize> encode(const Observation& observation) {
  std::array<float, kObservationSize> out{};
  out.fill(-1.0f);  // every element must be written
  encode_observation(observation, out);
  return out;
}

TEST_CASE("observation encoding: the button's preflop view, index by index (R10, R11)", "[env]") {
  Hand hand = three_handed({1000, 1000, 1000});
  REQUIRE(hand.current_player() == 2);
  const auto v = encode(hand.observe());
  for (const float x : v) REQUIRE(x >= 0.0f);
  CHECK(v[kEncodeHole + card("Ah")] == 1.0f);
  CHECK(v[kEncodeHole + card("As")] == 1.0f);
  float hole_bits = 0, board_bits = 0;
  for (std::size_t c = 0; c < 52; ++c) {
    hole_bits += v[kEncodeHole + c];
    board_bits += v[kEncodeBoard + c];
  }
  CHECK(hole_bits == 2.0f);
  CHECK(board_bits == 0.0f);                                 // the board is not dealt yet
  CHECK(v[kEncodeStrength] == Approx(0.852).margin(0.002));  // AA against a random hand
  CHECK(v[kEncodeGame + 0] == 1.0f);                         // preflop
  CHECK(v[kEncodeGame + 4] == 1.0f);                         // no-limit
  CHECK(v[kEncodeGame + 7] == 0.5f);                         // two hole cards
  CHECK(v[kEncodeTable + 0] == Approx(3.0 / 9));
  CHECK(v[kEncodeTable + 1 + 2] == 1.0f);  // hand-order index 2
  CHECK(v[kEncodeTable + 10] == 1.0f);     // the button
  CHECK(v[kEncodeTable + 12] == Approx(20.0 * 3 / 3000));
  CHECK(v[kEncodeBetting + 0] == Approx(30.0 / 20 / 100));  // pot
  CHECK(v[kEncodeBetting + 1] == Approx(20.0 / 20 / 100));  // bet to match
  CHECK(v[kEncodeBetting + 2] == Approx(20.0 / 20 / 100));  // call
  CHECK(v[kEncodeBetting + 3] == Approx(20.0 / 50));        // pot odds
  CHECK(v[kEncodeBetting + 4] == Approx(40.0 / 20 / 100));  // min raise-to
  CHECK(v[kEncodeBetting + 5] == Approx(1000.0 / 20 / 100));
  CHECK(v[kEncodeBetting + 6] == 1.0f);  // can fold
  CHECK(v[kEncodeBetting + 7] == 0.0f);  // cannot check
  CHECK(v[kEncodeBetting + 8] == 1.0f);  // can raise
  // Slots: 0 the observer, 1 the next in hand order (the small blind), 2 the big blind.
  const auto slot = [&](std::size_t s, std::size_t field) { return v[kEncodeSlots + s * kEncodeSlotWidth + field]; };
  CHECK(slot(0, 0) == 1.0f);
  CHECK(slot(0, 1) == Approx(1000.0 / 20 / 100));
  CHECK(slot(1, 2) == Approx(10.0 / 20 / 100));
  CHECK(slot(2, 2) == Approx(20.0 / 20 / 100));
  CHECK(slot(2, 9) == Approx(1000.0 / 3000));
  CHECK(slot(3, 0) == 0.0f);  // no fourth player
}

TEST_CASE("observation encoding: the flop reading of the hole cards", "[env]") {
  Hand hand = three_handed({1000, 1000, 1000});
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);  // button calls
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);  // small blind completes
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);  // big blind checks
  REQUIRE(hand.street() == Street::kFlop);
  REQUIRE(hand.current_player() == 0);
  const auto v = encode(hand.observe());  // 7c2d on Kd8c3h: nothing
  CHECK(v[kEncodeGame + 1] == 1.0f);
  CHECK(v[kEncodeBoard + card("Kd")] == 1.0f);
  CHECK(v[kEncodeBoard + card("4s")] == 0.0f);  // the turn is not dealt
  CHECK(v[kEncodeStrength + 1] == 1.0f);        // made tier: nothing
  CHECK(v[kEncodeStrength + 9] == 0.0f);        // no gutshot: every straight with the 7 misses two ranks
  CHECK(v[kEncodeStrength + 12] == 0.0f);       // high card
  CHECK(v[kEncodeSlots + 0 * kEncodeSlotWidth + 3] == Approx(20.0 / 20 / 100));  // committed
  CHECK(v[kEncodeTable + 10] == 0.0f);
}

TEST_CASE("discrete actions: fractions of the pot after calling, masked at the maximum (R11, R12)", "[env]") {
  const DiscreteActions actions({0.5, 1.0, 100.0});
  REQUIRE(actions.size() == 6);
  Hand hand = three_handed({1000, 1000, 1000});
  const Observation& o = hand.observe();
  std::array<std::int8_t, 6> mask{};
  actions.write_mask(o, mask);
  CHECK(mask == std::array<std::int8_t, 6>{1, 1, 1, 1, 0, 1});
  CHECK(actions.to_action(o, 2).amount == 20 + 25);  // half of 30 + 20
  CHECK(actions.to_action(o, 3).amount == 20 + 50);
  CHECK(actions.to_action(o, 5).type == ActionType::kBetRaise);
  CHECK(actions.to_action(o, 5).amount == 1000);
  CHECK(actions.to_action(o, 0).type == ActionType::kFold);
  CHECK(actions.to_action(o, 1).type == ActionType::kCheckCall);
  CHECK(hand.apply(actions.to_action(o, 2)) == ApplyError::kNone);
  CHECK(hand.committed(2) == 45);
}

TEST_CASE("discrete actions: a short stack may only call or go all-in, and a free check cannot fold (R10)", "[env]") {
  const DiscreteActions actions;  // fold, call, half pot, pot, all-in
  Hand hand = three_handed({1000, 1000, 30});
  std::array<std::int8_t, 5> mask{};
  actions.write_mask(hand.observe(), mask);
  CHECK(mask == std::array<std::int8_t, 5>{1, 1, 0, 0, 1});  // 45 and 70 are beyond 30
  CHECK(actions.to_action(hand.observe(), 4).amount == 30);
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(hand.current_player() == 1);  // the big blind, checking for free
  actions.write_mask(hand.observe(), mask);
  CHECK(mask == std::array<std::int8_t, 5>{0, 1, 1, 1, 1});
  // A pot of 60, nothing to call, 20 to match: half pot raises to 50, pot to 80.
  CHECK(actions.to_action(hand.observe(), 2).amount == 20 + 30);
  CHECK(actions.to_action(hand.observe(), 3).amount == 20 + 60);
  // A tenth of the pot, 20 + 6, is below the smallest raise: it raises to 40.
  const DiscreteActions small({0.1});
  CHECK(small.is_legal(hand.observe(), 2));
  CHECK(small.to_action(hand.observe(), 2).amount == 40);
  CHECK(hand.apply(small.to_action(hand.observe(), 2)) == ApplyError::kNone);
}

TEST_CASE("discrete actions: a fraction that is not positive is refused", "[env]") {
  CHECK_THROWS_AS(DiscreteActions({0.5, 0.0}), std::invalid_argument);
  CHECK_THROWS_AS(DiscreteActions({-1.0}), std::invalid_argument);
}

}  // namespace
}  // namespace sngsim
