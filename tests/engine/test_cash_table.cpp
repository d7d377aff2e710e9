// The cash table's own rules (engine/cash_table.h, engine/hand.h): the rake
// (V10) and the fixed-limit buy-in (V7), chip for chip.

#include <catch2/catch.hpp>

#include "engine/cash_table.h"
#include "engine/hand.h"
#include "tests/hand_test_util.h"

namespace sngsim {
namespace {

RakeRule rake_of(int hundredths_percent, Chips cap = 0, bool no_flop_no_drop = true) {
  RakeRule rake;
  rake.hundredths_percent = hundredths_percent;
  rake.cap = cap;
  rake.no_flop_no_drop = no_flop_no_drop;
  return rake;
}

// Three-handed at 10/20, 1000 each: index 0 the small blind, 1 the big
// blind, 2 the button, who acts first preflop.
HandSetup three_handed(const RakeRule& rake, std::vector<Chips> stacks = {1000, 1000, 1000},
                       std::vector<std::string> holes = {"AhAs", "KdKc", "QhQc"},
                       const std::string& board = "2c7d9h3sJc") {
  testing::TableSpec spec;
  spec.stacks = std::move(stacks);
  spec.blinds = testing::blinds_for(3, 10, 20);
  spec.holes = std::move(holes);
  spec.board = board;
  HandSetup setup = testing::make_setup(spec);
  setup.rake = rake;
  return setup;
}

void check_down(Hand& hand) {
  while (!hand.is_terminal()) REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
}

Chips stacks_sum(const Hand& hand) {
  Chips sum = 0;
  for (int p = 0; p < hand.setup().num_players; ++p) sum += hand.stack(p);
  return sum;
}

}  // namespace

TEST_CASE("V10 the rake is the percentage of the pot, floored to whole chips, from the winner", "[rules][cash]") {
  Hand hand;
  hand.start(three_handed(rake_of(500)));  // 5%
  check_down(hand);                        // everyone calls 20, checks to the river: pot 60
  CHECK(hand.rake() == 3);                 // 5% of 60
  CHECK(hand.stack(0) == 1000 - 20 + 57);  // the aces win 60 less 3
  CHECK(hand.stack(1) == 980);
  CHECK(hand.stack(2) == 980);
  CHECK(hand.rake_paid(0) == 3);
  CHECK(hand.rake_paid(1) == 0);
  CHECK(hand.rake_paid(2) == 0);
  CHECK(stacks_sum(hand) == 3000 - 3);
  CHECK(hand.pot() == 0);
  // The win event says what the winner took home.
  const auto events = hand.events();
  CHECK(events.back().type == EventType::kWin);
  CHECK(events.back().amount == 57);

  // 4.99% of 60 is 2.994: floored, 2.
  hand.start(three_handed(rake_of(499)));
  check_down(hand);
  CHECK(hand.rake() == 2);
  CHECK(hand.stack(0) == 1038);
}

TEST_CASE("V10 the rake stops at its cap, also from an all-in run-out", "[rules][cash]") {
  Hand hand;
  hand.start(three_handed(rake_of(500, 30)));
  REQUIRE(hand.apply(Action::raise_to(1000)) == ApplyError::kNone);  // the button shoves
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(hand.is_terminal());
  CHECK(hand.board_count() == 5);  // run out: the flop was dealt, so the rake is due
  CHECK(hand.rake() == 30);        // 5% of 3000 is 150, capped at 30
  CHECK(hand.stack(0) == 2970);
  CHECK(hand.stack(1) == 0);
  CHECK(hand.stack(2) == 0);
  CHECK(hand.rake_paid(0) == 30);
}

TEST_CASE("V10 no flop, no drop: a hand won before the flop pays no rake unless the rule says so", "[rules][cash]") {
  Hand hand;
  hand.start(three_handed(rake_of(500)));
  REQUIRE(hand.apply(Action::raise_to(100)) == ApplyError::kNone);
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
  REQUIRE(hand.is_terminal());
  CHECK(hand.rake() == 0);
  CHECK(hand.stack(2) == 1030);  // 80 uncalled back, the blinds won
  CHECK(hand.rake_paid(2) == 0);

  hand.start(three_handed(rake_of(500, 0, /*no_flop_no_drop=*/false)));
  REQUIRE(hand.apply(Action::raise_to(100)) == ApplyError::kNone);
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
  // The uncalled 80 goes back first (R14); 5% of the 50 left is 2.5, so 2.
  CHECK(hand.rake() == 2);
  CHECK(hand.stack(2) == 1028);
  CHECK(hand.rake_paid(2) == 2);
  CHECK(stacks_sum(hand) == 2998);

  // Without a rake rule nothing is taken at all.
  hand.start(three_handed(RakeRule{}));
  check_down(hand);
  CHECK(hand.rake() == 0);
  CHECK(hand.stack(0) == 1040);
}

TEST_CASE("V10 a split pot shares what the rake leaves, and each winner's part of the rake adds up", "[rules][cash]") {
  // Both ace-kings make two pair and split; the queens lose.
  Hand hand;
  hand.start(three_handed(rake_of(500), {1000, 1000, 1000}, {"AhKc", "AcKh", "QhQc"}, "AsKd9h3s2c"));
  check_down(hand);
  CHECK(hand.rake() == 3);
  // 57 split: the odd chip to the first left of the button (R17).
  CHECK(hand.stack(0) == 980 + 29);
  CHECK(hand.stack(1) == 980 + 28);
  // Without the rake each would have won 30.
  CHECK(hand.rake_paid(0) == 1);
  CHECK(hand.rake_paid(1) == 2);
  CHECK(hand.rake_paid(2) == 0);
}

TEST_CASE("V10 with side pots the rake comes out of the main pot first", "[rules][cash]") {
  // The small blind is all in for 100 with aces; the kings win the side pot.
  Hand hand;
  hand.start(three_handed(rake_of(1000), {100, 1000, 1000}));  // 10%, no cap
  REQUIRE(hand.apply(Action::raise_to(300)) == ApplyError::kNone);  // the button
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);   // the small blind, all in for 100
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);   // the big blind calls 300
  check_down(hand);
  // Main pot 3 x 100 = 300, side pot 2 x 200 = 400: the rake is 70, all of
  // it from the main pot.
  CHECK(hand.rake() == 70);
  CHECK(hand.stack(0) == 230);
  CHECK(hand.stack(1) == 700 + 400);
  CHECK(hand.stack(2) == 700);
  CHECK(hand.rake_paid(0) == 70);
  CHECK(hand.rake_paid(1) == 0);
  CHECK(stacks_sum(hand) == 2100 - 70);
}

TEST_CASE("V10 a cash table counts the rake of every seat across hands", "[rules][cash]") {
  CashTableRules rules;
  rules.players = 3;
  rules.blinds = {10, 20, 0};
  rules.buy_in = 1000;
  rules.rebuy_below = 400;
  rules.rake = rake_of(500);
  CashTable table(rules, 5);
  Hand hand;
  Chips rake_sum = 0;
  for (int h = 0; h < 20; ++h) {
    HandSetup setup = table.deal_next_hand();
    CHECK(setup.rake == rules.rake);
    hand.start(setup);
    check_down(hand);  // every hand goes to showdown: 60 in the pot, 3 raked
    CHECK(hand.rake() == 3);
    rake_sum += hand.rake();
    table.finish_hand(hand);
  }
  CHECK(table.rake_taken() == 60);
  Chips paid = 0;
  Chips won = 0;
  for (int seat = 0; seat < 3; ++seat) {
    paid += table.rake_paid(seat);
    won += table.won(seat);
  }
  CHECK(paid == 60);
  CHECK(won == -60);  // the players lost exactly what the house took
}

TEST_CASE("V7 a fixed-limit cash table deals the buy-in of 10 big bets and tops up to it", "[rules][cash]") {
  // 10/20 fixed limit: the big bet is 40, so 10 big bets are 400 chips.
  CashTableRules rules;
  rules.players = 2;
  rules.blinds = {10, 20, 0};
  rules.game.betting = BettingStructure::kFixedLimit;
  rules.buy_in = 400;
  rules.rebuy_below = 400;
  CashTable table(rules, 11);
  HandSetup setup = table.deal_next_hand();
  CHECK(setup.stacks[0] == 400);
  CHECK(setup.stacks[1] == 400);
  CHECK(setup.min_bet == 20);
  CHECK(setup.big_bet == 40);
  Hand hand;
  hand.start(setup);
  // The button (small blind) folds: the big blind wins 10.
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
  table.finish_hand(hand);
  const int button = table.button_seat();
  CHECK(table.stack(button) == 390);
  CHECK(table.stack(1 - button) == 410);
  // 390 is below the 10 big bets: back to exactly 400, one re-buy of 10.
  table.deal_next_hand();
  CHECK(table.stack(button) == 400);
  CHECK(table.bought_in(button) == 410);
  CHECK(table.rebuys(button) == 1);
  CHECK(table.stack(1 - button) == 410);  // no maximum: the winner keeps 410
  CHECK(table.rebuys(1 - button) == 0);
}

}  // namespace sngsim
