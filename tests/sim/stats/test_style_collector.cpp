// Playing-style statistics (docs/statistics.md, "Playing style"): scripted
// hands with exact counts for every statistic of every player, including
// walks, a limp followed by a raise, a big blind who checks and all-ins for
// less; then the per-unit sums, their merge, state and intervals.

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/hand.h"
#include "sim/stats/intervals.h"
#include "sim/stats/style_collector.h"
#include "tests/hand_test_util.h"

using namespace sngsim;
using namespace sngsim::testing;

namespace {

using S = StyleStat;

struct Want {
  StyleStat stat;
  std::int64_t acts;
  std::int64_t opportunities;
};

void act(Hand& hand, int player, Action action) {
  INFO("expected player " << player << " to act");
  REQUIRE(hand.current_player() == player);
  REQUIRE(hand.apply(action) == ApplyError::kNone);
}

// Every statistic of `got`: the listed ones as given, the others 0 of 0.
void expect_counts(const StyleCounts& got, std::vector<Want> want, int player) {
  for (int s = 0; s < kStyleStatCount; ++s) {
    StyleCount expected;
    for (const Want& w : want) {
      if (static_cast<int>(w.stat) == s) expected = {w.acts, w.opportunities};
    }
    INFO("player " << player << " " << style_stat_info(s).key);
    CHECK(got[static_cast<std::size_t>(s)].acts == expected.acts);
    CHECK(got[static_cast<std::size_t>(s)].opportunities == expected.opportunities);
  }
}

// Four players in hand order: 0 small blind, 1 big blind, 2 cutoff, 3 button.
TableSpec four_handed(std::vector<Chips> stacks = {1000, 1000, 1000, 1000}) {
  TableSpec spec;
  spec.stacks = std::move(stacks);
  spec.blinds = blinds_for(4, 10, 20);
  spec.holes = {"AhAs", "KdKc", "QhQs", "7c2d"};
  spec.board = "2h5d9cJs3c";  // AA > KK > QQ > 72
  return spec;
}

}  // namespace

TEST_CASE("style: steal positions are the small blind, button and cutoff, and heads-up the small blind", "[style]") {
  CHECK(steal_positions(make_setup(four_handed())) == 0b1101u);
  TableSpec three = four_handed({1000, 1000, 1000});
  three.blinds = blinds_for(3, 10, 20);
  three.holes.pop_back();
  CHECK(steal_positions(make_setup(three)) == 0b101u);
  TableSpec heads_up = three;
  heads_up.stacks.pop_back();
  heads_up.holes.pop_back();
  heads_up.blinds = blinds_for(2, 10, 20);  // 0 big blind, 1 button and small blind
  CHECK(steal_positions(make_setup(heads_up)) == 0b10u);
  // R5's dead small blind: nobody posts it, so the last two players before
  // the big blind (index 0) are the button and the cutoff.
  TableSpec dead_small = three;
  dead_small.blinds = {20, 0, 0};
  CHECK(steal_positions(make_setup(dead_small)) == 0b110u);
}

TEST_CASE("style: a walk gives the big blind no opportunity and the others a fold each", "[style]") {
  Hand hand;
  hand.start(make_setup(four_handed()));
  act(hand, 2, Action::fold());
  act(hand, 3, Action::fold());
  act(hand, 0, Action::fold());
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  for (int p : {0, 2, 3}) {
    expect_counts(counts[static_cast<std::size_t>(p)],
                  {{S::kVpip, 0, 1},
                   {S::kPfr, 0, 1},
                   {S::kAllInPreflop, 0, 1},
                   {S::kSteal, 0, 1},
                   {S::kAggressionFrequencyPreflop, 0, 1}},
                  p);
  }
  expect_counts(counts[1], {}, 1);
}

TEST_CASE("style: a limp followed by a raise, and the limper's re-raise is a 3-bet", "[style]") {
  Hand hand;
  hand.start(make_setup(four_handed()));
  act(hand, 2, Action::check_call());  // the cutoff limps: a steal chance not taken
  act(hand, 3, Action::raise_to(60));  // not a steal: someone called before
  act(hand, 0, Action::fold());
  act(hand, 1, Action::fold());
  act(hand, 2, Action::raise_to(180));  // limp, re-raise
  act(hand, 3, Action::fold());
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  expect_counts(counts[2],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kSteal, 0, 1},
                 {S::kThreeBet, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 1},
                 {S::kAggressionFrequencyPreflop, 1, 2}},
                2);
  expect_counts(counts[3],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kFoldToThreeBet, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 0},
                 {S::kAggressionFrequencyPreflop, 1, 2}},
                3);
  for (int p : {0, 1}) {
    expect_counts(counts[static_cast<std::size_t>(p)],
                  {{S::kVpip, 0, 1},
                   {S::kPfr, 0, 1},
                   {S::kAllInPreflop, 0, 1},
                   {S::kThreeBet, 0, 1},
                   {S::kAggressionFrequencyPreflop, 0, 1}},
                  p);
  }
}

TEST_CASE("style: a big blind who checks puts no money in voluntarily and checks to a showdown", "[style]") {
  TableSpec spec = four_handed({1000, 1000, 1000});
  spec.blinds = blinds_for(3, 10, 20);
  spec.holes = {"AhAs", "KdKc", "7c2d"};  // 0 small blind, 1 big blind, 2 button
  Hand hand;
  hand.start(make_setup(spec));
  act(hand, 2, Action::check_call());  // the button limps
  act(hand, 0, Action::check_call());  // the small blind completes
  act(hand, 1, Action::check_call());  // the big blind checks
  for (int street = 0; street < 3; ++street) {
    act(hand, 0, Action::check_call());
    act(hand, 1, Action::check_call());
    act(hand, 2, Action::check_call());
  }
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  // No preflop raise: no c-bet chance for anyone. Checks count in no aggression.
  expect_counts(counts[0],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kAggressionFactorPreflop, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 1, 1}},
                0);
  expect_counts(counts[1],
                {{S::kVpip, 0, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 0, 1}},
                1);
  expect_counts(counts[2],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kSteal, 0, 1},
                 {S::kAggressionFactorPreflop, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 0, 1}},
                2);
}

TEST_CASE("style: a steal, a flop c-bet, a fold and a call facing it, river aggression and a showdown", "[style]") {
  Hand hand;
  hand.start(make_setup(four_handed()));
  act(hand, 2, Action::raise_to(50));  // the cutoff steals
  act(hand, 3, Action::check_call());  // the button calls: no steal chance (a raise before)
  act(hand, 0, Action::fold());
  act(hand, 1, Action::check_call());
  act(hand, 1, Action::check_call());  // flop: checked to the raiser
  act(hand, 2, Action::raise_to(80));  // c-bet
  act(hand, 3, Action::fold());
  act(hand, 1, Action::check_call());
  act(hand, 1, Action::check_call());  // turn
  act(hand, 2, Action::check_call());
  act(hand, 1, Action::raise_to(100));  // river
  act(hand, 2, Action::check_call());
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  expect_counts(counts[2],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kSteal, 1, 1},
                 {S::kCbetFlop, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 0},
                 {S::kAggressionFrequencyPreflop, 1, 1},
                 {S::kAggressionFactorFlop, 1, 0},
                 {S::kAggressionFrequencyFlop, 1, 1},
                 {S::kAggressionFactorRiver, 0, 1},
                 {S::kAggressionFrequencyRiver, 0, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 0, 1}},
                2);
  expect_counts(counts[3],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kThreeBet, 0, 1},
                 {S::kFoldToCbetFlop, 1, 1},
                 {S::kAggressionFactorPreflop, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1},
                 {S::kAggressionFrequencyFlop, 0, 1},
                 {S::kWentToShowdown, 0, 1}},
                3);
  expect_counts(counts[0],
                {{S::kVpip, 0, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kThreeBet, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1}},
                0);
  expect_counts(counts[1],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kThreeBet, 0, 1},
                 {S::kFoldToCbetFlop, 0, 1},
                 {S::kAggressionFactorPreflop, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1},
                 {S::kAggressionFactorFlop, 0, 1},
                 {S::kAggressionFrequencyFlop, 0, 1},
                 {S::kAggressionFactorRiver, 1, 0},
                 {S::kAggressionFrequencyRiver, 1, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 1, 1}},
                1);
}

TEST_CASE("style: an all-in raise for less is a raise, and callers of it face one raise", "[style]") {
  // The button holds 30: its all-in to 30 is less than a full raise (to 40).
  TableSpec spec = four_handed({1000, 1000, 30});
  spec.blinds = blinds_for(3, 10, 20);
  spec.holes = {"KdKc", "QhQs", "AhAs"};  // 0 small blind, 1 big blind, 2 button
  Hand hand;
  hand.start(make_setup(spec));
  act(hand, 2, Action::raise_to(30));
  act(hand, 0, Action::check_call());
  act(hand, 1, Action::check_call());
  for (int street = 0; street < 3; ++street) {
    act(hand, 0, Action::check_call());
    act(hand, 1, Action::check_call());
  }
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  // The all-in raiser made the last preflop raise but never acts on the
  // flop: no c-bet chance.
  expect_counts(counts[2],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 1, 1},
                 {S::kSteal, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 0},
                 {S::kAggressionFrequencyPreflop, 1, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 1, 1}},
                2);
  for (int p : {0, 1}) {
    expect_counts(counts[static_cast<std::size_t>(p)],
                  {{S::kVpip, 1, 1},
                   {S::kPfr, 0, 1},
                   {S::kAllInPreflop, 0, 1},
                   {S::kThreeBet, 0, 1},
                   {S::kAggressionFactorPreflop, 0, 1},
                   {S::kAggressionFrequencyPreflop, 0, 1},
                   {S::kWentToShowdown, 1, 1},
                   {S::kWonAtShowdown, 0, 1}},
                  p);
  }
}

TEST_CASE("style: an all-in call for less has no 3-bet chance, and a run-out is a showdown", "[style]") {
  // The small blind holds 50 and calls the button's 100 all in; the button's
  // uncalled 50 comes back (R14) and the board is run out (R19).
  TableSpec spec = four_handed({50, 1000, 1000});
  spec.blinds = blinds_for(3, 10, 20);
  spec.holes = {"AhAs", "KdKc", "7c2d"};  // 0 small blind, 1 big blind, 2 button
  Hand hand;
  hand.start(make_setup(spec));
  act(hand, 2, Action::raise_to(100));
  act(hand, 0, Action::check_call());
  act(hand, 1, Action::fold());
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  expect_counts(counts[2],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kSteal, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 0},
                 {S::kAggressionFrequencyPreflop, 1, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 0, 1}},
                2);
  expect_counts(counts[0],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 1, 1},
                 {S::kAggressionFactorPreflop, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1},
                 {S::kWentToShowdown, 1, 1},
                 {S::kWonAtShowdown, 1, 1}},
                0);
  expect_counts(counts[1],
                {{S::kVpip, 0, 1},
                 {S::kPfr, 0, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kThreeBet, 0, 1},
                 {S::kAggressionFrequencyPreflop, 0, 1}},
                1);
}

TEST_CASE("style: heads-up the button is the small blind and steals first in", "[style]") {
  TableSpec spec;
  spec.stacks = {1000, 1000};
  spec.blinds = blinds_for(2, 10, 20);  // 0 big blind, 1 button and small blind
  spec.holes = {"AhAs", "KdKc"};
  spec.board = "2h5d9cJs3c";
  Hand hand;
  hand.start(make_setup(spec));
  act(hand, 1, Action::raise_to(60));
  act(hand, 0, Action::raise_to(180));
  act(hand, 1, Action::fold());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  expect_counts(counts[1],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kSteal, 1, 1},
                 {S::kFoldToThreeBet, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 0},
                 {S::kAggressionFrequencyPreflop, 1, 2}},
                1);
  expect_counts(counts[0],
                {{S::kVpip, 1, 1},
                 {S::kPfr, 1, 1},
                 {S::kAllInPreflop, 0, 1},
                 {S::kThreeBet, 1, 1},
                 {S::kAggressionFactorPreflop, 1, 0},
                 {S::kAggressionFrequencyPreflop, 1, 1}},
                0);
}

TEST_CASE("style: a raise over the c-bet leaves later players no fold-to-c-bet chance", "[style]") {
  Hand hand;
  hand.start(make_setup(four_handed()));
  act(hand, 2, Action::raise_to(50));
  act(hand, 3, Action::check_call());
  act(hand, 0, Action::check_call());
  act(hand, 1, Action::check_call());
  act(hand, 0, Action::check_call());  // flop
  act(hand, 1, Action::check_call());
  act(hand, 2, Action::raise_to(100));  // c-bet
  act(hand, 3, Action::raise_to(300));  // the button faces the c-bet and raises
  act(hand, 0, Action::fold());         // faces a raise, not the c-bet
  act(hand, 1, Action::fold());
  act(hand, 2, Action::fold());
  REQUIRE(hand.is_terminal());
  const auto counts = count_hand_style(hand.setup(), hand.events());
  CHECK(counts[2][static_cast<std::size_t>(S::kCbetFlop)] == StyleCount{1, 1});
  CHECK(counts[3][static_cast<std::size_t>(S::kFoldToCbetFlop)] == StyleCount{0, 1});
  CHECK(counts[0][static_cast<std::size_t>(S::kFoldToCbetFlop)] == StyleCount{0, 0});
  CHECK(counts[1][static_cast<std::size_t>(S::kFoldToCbetFlop)] == StyleCount{0, 0});
  // Nobody saw a showdown; all four saw the flop.
  for (int p = 0; p < 4; ++p) {
    CHECK(counts[static_cast<std::size_t>(p)][static_cast<std::size_t>(S::kWentToShowdown)] == StyleCount{0, 1});
  }
}

TEST_CASE("style: unit sums merge exactly in any split and survive the state round trip", "[style]") {
  StyleTally first(2), second(2), third(2);
  StyleCounts a{}, b{}, c{};
  a[static_cast<std::size_t>(S::kVpip)] = {1, 2};
  b[static_cast<std::size_t>(S::kVpip)] = {3, 4};
  c[static_cast<std::size_t>(S::kAggressionFactorFlop)] = {5, 0};
  first.add(0, a);
  second.add(0, b);
  third.add(1, c);
  third.add(1, c);

  StyleStats whole(2);
  whole.add_unit(first);
  whole.add_unit(second);
  whole.add_unit(third);
  StyleStats left(2), right(2);
  left.add_unit(third);
  right.add_unit(second);
  right.add_unit(first);
  left.merge(right);
  CHECK(left == whole);

  const StyleSums& vpip = whole.sums(0, S::kVpip);
  CHECK(vpip == StyleSums{4, 6, 10, 20, 14, 2});
  CHECK(whole.sums(1, S::kAggressionFactorFlop) == StyleSums{10, 0, 100, 0, 0, 1});

  StyleStats restored(2);
  restored.restore(whole.state());
  CHECK(restored == whole);
  StyleStats wrong(3);
  CHECK_THROWS_AS(wrong.restore(whole.state()), std::runtime_error);

  // R = 4/6; residuals -1/3 and +1/3, so var = 2/1 * (2/9) / 36 = 1/81 and
  // the effective opportunities p(1-p)/var = 18: Wilson's interval for 12 of 18.
  const StyleEstimate estimate = whole.estimate(0, S::kVpip);
  REQUIRE(estimate.value);
  CHECK(*estimate.value == Approx(4.0 / 6.0));
  REQUIRE(estimate.interval);
  const auto wilson = wilson_interval(12.0, 18.0);
  CHECK(estimate.interval->lo == Approx(wilson->lo).epsilon(1e-12));
  CHECK(estimate.interval->hi == Approx(wilson->hi).epsilon(1e-12));
  // An aggression factor with no call has no value.
  CHECK_FALSE(whole.estimate(1, S::kAggressionFactorFlop).value);
}
