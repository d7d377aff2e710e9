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
  hand.start(three_handed(rake_of(1000), {100, 1000, 1000}));       // 10%, no cap
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
  CHECK(rake_sum == 60);
  CHECK(table.rake_taken() == rake_sum);
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

// --- V8 sitting out, V9 missed blinds and new players ------------------------

namespace sngsim {
namespace {

// Four seats at 10/20, 2000 each; `b` is the drawn button and seat(k) the
// seat k places clockwise of it, so the expectations hold whatever the draw.
struct FourSeats {
  CashTableRules rules;
  explicit FourSeats(int return_after, int stand_up_after = 1000) {
    rules.players = 4;
    rules.rebuy_below = 0;
    rules.sit_out.return_after_hands = return_after;
    rules.sit_out.stand_up_after_hands = stand_up_after;
  }
};

int seat_from(const CashTable& t, int button, int k) { return (button + k) % t.seat_count(); }

// The hand-order index of `seat` in the hand dealt, -1 when not dealt in.
int player_at(const HandSetup& s, int seat) {
  for (int p = 0; p < s.num_players; ++p) {
    if (s.seats[static_cast<std::size_t>(p)] == seat) return p;
  }
  return -1;
}

// Everyone folds to the big blind.
void fold_round(Hand& hand) {
  while (!hand.is_terminal()) REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
}

void timeout(CashTable& t, const CashTableRules& rules, int seat) { t.clock(seat).decided(true, true, rules.sit_out); }

}  // namespace

TEST_CASE("V8 a cash player who timed out is not dealt in, posts no blinds, and is stood up with its stack",
          "[rules][cash][sit-out]") {
  CashTableRules rules;
  rules.players = 3;
  rules.sit_out.return_after_hands = 0;  // never by itself
  rules.sit_out.stand_up_after_hands = 2;
  CashTable t(rules, 17);
  Hand hand;
  const HandSetup& first = t.deal_next_hand();
  const int b = t.button_seat();
  REQUIRE(first.num_players == 3);
  hand.start(first);
  // The button (index 2) raises to 60, both blinds fold: the button wins 30.
  REQUIRE(hand.apply(Action::raise_to(60)) == ApplyError::kNone);
  fold_round(hand);
  t.finish_hand(hand);
  CHECK(t.stack(b) == 2030);
  timeout(t, rules, b);  // then the button times out

  // Hands 2 and 3: the other two play heads-up; the button is dealt nothing.
  for (int h = 2; h <= 3; ++h) {
    INFO("hand " << h);
    const HandSetup& s = t.deal_next_hand();
    REQUIRE(t.dealt());
    CHECK(s.num_players == 2);
    CHECK(player_at(s, b) < 0);
    hand.start(s);
    fold_round(hand);  // the button (small blind) folds: the big blind wins 10
    t.finish_hand(hand);
    CHECK(t.stack(b) == 2030);
    CHECK(t.sit_out_counts(b).hands_missed == h - 1);
  }
  // Small blind 1990 in hand 1, then +10 and -10 heads-up; big blind 1980, -10, +10.
  CHECK(t.stack(seat_from(t, b, 1)) + t.stack(seat_from(t, b, 2)) == 6000 - 2030);

  // Hand 4: two hands sat out, stood up: the seat is empty, its 2030 gone with it.
  const HandSetup& s = t.deal_next_hand();
  CHECK(s.num_players == 2);
  CHECK_FALSE(t.occupied(b));
  CHECK(t.stack(b) == 0);
  CHECK(t.won(b) == 30);
  const SitOutCounts& counts = t.sit_out_counts(b);
  CHECK(counts.sit_outs == 1);
  CHECK(counts.hands_missed == 2);
  CHECK(counts.returns == 0);
  CHECK(counts.stand_ups == 1);
  CHECK(t.hands_dealt(b) == 1);
  CHECK(t.won(0) + t.won(1) + t.won(2) == 0);
}

TEST_CASE("V8 a seat comes back after return_after_hands, and a stand-up only comes first when set shorter",
          "[rules][sit-out]") {
  SitOutRule rule;
  rule.after_faults = 3;
  rule.return_after_hands = 2;
  rule.stand_up_after_hands = 5;
  SitOutClock clock;
  // Two faults, then a good decision: the run starts again.
  clock.decided(true, false, rule);
  clock.decided(true, false, rule);
  clock.decided(false, false, rule);
  clock.decided(true, false, rule);
  clock.decided(true, false, rule);
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kPlays);
  clock.decided(true, false, rule);  // the third in a row
  CHECK_FALSE(clock.sitting_out());  // from the next hand
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kSitsOut);
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kSitsOut);
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kReturns);
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kPlays);
  clock.decided(true, true, rule);  // a timeout sits out at once
  rule.stand_up_after_hands = 1;
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kSitsOut);
  CHECK(clock.hand_starts(rule, false) == SitOutClock::Start::kSitsOut);  // no stand-up in a tournament
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kReturns);   // a return wins a tie
  CHECK(clock.counts() == SitOutCounts{2, 4, 2, 0});
  clock.decided(true, true, rule);
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kSitsOut);
  CHECK(clock.hand_starts(rule, true) == SitOutClock::Start::kStandsUp);
  CHECK(clock.counts() == SitOutCounts{3, 5, 2, 1});
}

TEST_CASE("V9 a player who missed the big blind posts both to come back: the big blind live, the small blind dead",
          "[rules][cash][sit-out]") {
  FourSeats four(2);
  CashTable t(four.rules, 5);
  Hand hand;
  hand.start(t.deal_next_hand());
  const int b = t.button_seat();
  const int x = seat_from(t, b, 3);  // first to act in hand 1
  fold_round(hand);                  // the big blind wins 10
  t.finish_hand(hand);
  timeout(t, four.rules, x);

  // Hand 2: the big blind passes x (it missed both blinds); hand 3 too.
  const HandSetup& second = t.deal_next_hand();
  CHECK(second.num_players == 3);
  CHECK(player_at(second, x) < 0);
  CHECK(second.blinds[static_cast<std::size_t>(player_at(second, b))] == 20);  // the big blind skipped x
  CHECK(second.blinds[static_cast<std::size_t>(player_at(second, seat_from(t, b, 2)))] == 10);
  CHECK(t.owes_big_blind(x));
  CHECK(t.owes_small_blind(x));
  hand.start(second);
  fold_round(hand);
  t.finish_hand(hand);
  hand.start(t.deal_next_hand());
  CHECK(hand.setup().num_players == 3);
  fold_round(hand);
  t.finish_hand(hand);

  // Hand 4: x is back, after the big blind: it posts 20 live and 10 dead.
  std::array<Chips, 4> before{};
  for (int seat = 0; seat < 4; ++seat) before[static_cast<std::size_t>(seat)] = t.stack(seat);
  const HandSetup& fourth = t.deal_next_hand();
  REQUIRE(fourth.num_players == 4);
  const int px = player_at(fourth, x);
  const int big_blind = seat_from(t, b, 2);
  const int small_blind = seat_from(t, b, 1);
  CHECK(fourth.blinds[static_cast<std::size_t>(player_at(fourth, big_blind))] == 20);
  CHECK(fourth.blinds[static_cast<std::size_t>(player_at(fourth, small_blind))] == 10);
  CHECK(fourth.posts[static_cast<std::size_t>(px)] == 20);
  CHECK(fourth.antes[static_cast<std::size_t>(px)] == 10);
  CHECK(t.dead_blind(px) == 10);
  CHECK_FALSE(t.owes_big_blind(x));
  hand.start(fourth);
  // x acts first, after the big blind: its live 20 is its bet, the dead 10 is nobody's.
  REQUIRE(hand.current_player() == px);
  const Observation& seen = hand.observe();
  CHECK(seen.bets[static_cast<std::size_t>(px)] == 20);
  CHECK(seen.committed[static_cast<std::size_t>(px)] == 30);
  CHECK(seen.pot == 60);
  CHECK(seen.legal.can_check);                                      // it owes nothing more: the big blind is matched
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);   // x checks
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);         // the button folds
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);         // the small blind folds
  REQUIRE(hand.apply(Action::raise_to(100)) == ApplyError::kNone);  // the big blind raises
  REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);         // x folds
  REQUIRE(hand.is_terminal());
  t.finish_hand(hand);
  CHECK(t.stack(x) == before[static_cast<std::size_t>(x)] - 30);
  CHECK(t.stack(small_blind) == before[static_cast<std::size_t>(small_blind)] - 10);
  CHECK(t.stack(big_blind) == before[static_cast<std::size_t>(big_blind)] + 40);  // 10 + 20 live + 10 dead
  CHECK(t.stack(b) == before[static_cast<std::size_t>(b)]);
  CHECK(t.sit_out_counts(x) == SitOutCounts{1, 2, 1, 0});
}

TEST_CASE("V9 a player who missed only the small blind posts it dead when it comes back", "[rules][cash][sit-out]") {
  FourSeats four(1);
  CashTable t(four.rules, 9);
  Hand hand;
  hand.start(t.deal_next_hand());
  const int b = t.button_seat();
  const int x = seat_from(t, b, 2);  // the big blind of hand 1
  fold_round(hand);
  t.finish_hand(hand);
  timeout(t, four.rules, x);

  // Hand 2: x would post the small blind; it is dead, nobody posts it.
  const HandSetup& second = t.deal_next_hand();
  REQUIRE(second.num_players == 3);
  CHECK(player_at(second, x) < 0);
  Chips blinds = 0;
  for (int p = 0; p < 3; ++p) blinds += second.blinds[static_cast<std::size_t>(p)];
  CHECK(blinds == 20);
  CHECK(second.blinds[static_cast<std::size_t>(player_at(second, seat_from(t, b, 3)))] == 20);
  CHECK(t.owes_small_blind(x));
  CHECK_FALSE(t.owes_big_blind(x));
  hand.start(second);
  fold_round(hand);
  t.finish_hand(hand);

  // Hand 3: x is back on the button and posts the small blind dead.
  std::array<Chips, 4> before{};
  for (int seat = 0; seat < 4; ++seat) before[static_cast<std::size_t>(seat)] = t.stack(seat);
  const HandSetup& third = t.deal_next_hand();
  REQUIRE(third.num_players == 4);
  CHECK(t.button_seat() == x);
  const int px = player_at(third, x);
  CHECK(px == 3);
  CHECK(third.antes[static_cast<std::size_t>(px)] == 10);
  CHECK(third.posts[static_cast<std::size_t>(px)] == 0);
  CHECK(third.blinds[static_cast<std::size_t>(px)] == 0);
  const int small_blind = seat_from(t, b, 3);
  const int big_blind = b;
  hand.start(third);
  fold_round(hand);  // everyone folds to the big blind
  t.finish_hand(hand);
  CHECK(t.stack(x) == before[static_cast<std::size_t>(x)] - 10);
  CHECK(t.stack(small_blind) == before[static_cast<std::size_t>(small_blind)] - 10);
  CHECK(t.stack(big_blind) == before[static_cast<std::size_t>(big_blind)] + 20);
}

TEST_CASE("V9 a player who missed the big blind may wait for it instead of posting", "[rules][cash][sit-out]") {
  FourSeats four(2);
  four.rules.missed_blinds_wait = true;
  CashTable t(four.rules, 5);
  Hand hand;
  hand.start(t.deal_next_hand());
  const int b = t.button_seat();
  const int x = seat_from(t, b, 3);
  fold_round(hand);
  t.finish_hand(hand);
  timeout(t, four.rules, x);
  for (int h = 2; h <= 4; ++h) {  // out twice, then back but waiting: the big blind is elsewhere
    INFO("hand " << h);
    const HandSetup& s = t.deal_next_hand();
    CHECK(s.num_players == 3);
    CHECK(player_at(s, x) < 0);
    hand.start(s);
    fold_round(hand);
    t.finish_hand(hand);
  }
  CHECK(t.sit_out_counts(x).returns == 1);
  // Hand 5: the big blind reaches x, which posts it and nothing else.
  const HandSetup& fifth = t.deal_next_hand();
  REQUIRE(fifth.num_players == 4);
  const int px = player_at(fifth, x);
  CHECK(fifth.blinds[static_cast<std::size_t>(px)] == 20);
  CHECK(fifth.antes[static_cast<std::size_t>(px)] == 0);
  CHECK(fifth.posts[static_cast<std::size_t>(px)] == 0);
  CHECK_FALSE(t.owes_big_blind(x));
  CHECK_FALSE(t.owes_small_blind(x));
}

TEST_CASE("V9 a new player posts a big blind at once or waits, and cannot play seated between the blinds",
          "[rules][cash][sit-out]") {
  for (const bool waits : {false, true}) {
    SECTION(waits ? "waits for the big blind" : "posts a big blind") {
      FourSeats four(0, 1);
      four.rules.new_player_waits = waits;
      CashTable t(four.rules, 21);
      Hand hand;
      hand.start(t.deal_next_hand());
      const int b = t.button_seat();
      const int x = b;  // the first button times out
      fold_round(hand);
      t.finish_hand(hand);
      timeout(t, four.rules, x);
      for (int h = 2; h <= 3; ++h) {  // out one hand, stood up at the next
        const HandSetup& s = t.deal_next_hand();
        CHECK(player_at(s, x) < 0);
        hand.start(s);
        fold_round(hand);
        t.finish_hand(hand);
      }
      CHECK_FALSE(t.occupied(x));
      const Chips left_with = 2000;  // x never lost a chip: it folded its button
      CHECK(t.won(x) == left_with - 2000);

      t.seat_new_player(x);
      CHECK(t.occupied(x));
      CHECK(t.stack(x) == 2000);
      CHECK(t.bought_in(x) == 4000);
      // Hand 4: x sits between the button and the big blind: not dealt in.
      const HandSetup& fourth = t.deal_next_hand();
      CHECK(fourth.num_players == 3);
      CHECK(player_at(fourth, x) < 0);
      CHECK(t.button_seat() == seat_from(t, b, 3));
      hand.start(fourth);
      fold_round(hand);
      t.finish_hand(hand);
      // Hand 5: after the big blind; it posts one big blind, live, no dead
      // small blind, or waits for the big blind (hand 6).
      const HandSetup& fifth = t.deal_next_hand();
      if (!waits) {
        REQUIRE(fifth.num_players == 4);
        const int px = player_at(fifth, x);
        CHECK(fifth.posts[static_cast<std::size_t>(px)] == 20);
        CHECK(fifth.antes[static_cast<std::size_t>(px)] == 0);
        CHECK(fifth.blinds[static_cast<std::size_t>(px)] == 0);
        hand.start(fifth);
        REQUIRE(hand.current_player() == px);  // first to act, after the big blind
        REQUIRE(hand.apply(Action::raise_to(60)) == ApplyError::kNone);
        fold_round(hand);  // the others fold: x wins the blinds, 10 + 20
        t.finish_hand(hand);
        CHECK(t.stack(x) == 2030);
        CHECK(t.won(x) == 2030 + 2000 - 4000);
      } else {
        CHECK(fifth.num_players == 3);
        CHECK(player_at(fifth, x) < 0);
        hand.start(fifth);
        fold_round(hand);
        t.finish_hand(hand);
        const HandSetup& sixth = t.deal_next_hand();
        REQUIRE(sixth.num_players == 4);
        const int px = player_at(sixth, x);
        CHECK(sixth.blinds[static_cast<std::size_t>(px)] == 20);
        CHECK(sixth.posts[static_cast<std::size_t>(px)] == 0);
      }
    }
  }
}

}  // namespace sngsim
