// Invariant checks (issue 7, `sngsim run --check`): the checker catches
// every kind of violation in deliberately broken hand sequences, accepts
// what the rules demand (R5 dead small blind and dead button, R6 heads-up,
// R20 same-hand busts, R21 the cap), reports through InvariantViolation
// from a real table that disagrees with its own hand, and finds nothing in
// real play of every built-in bot and variant. Also the command line:
// --check, --replay-tournament and the soak (SNGSIM_SOAK=1 for a million
// tournaments).

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/tournament.h"
#include "sim/formats/cash_session.h"
#include "sim/stats/cell_stats.h"
#include "app/run_check_command.h"
#include "sim/config/experiment_config.h"
#include "sim/check/invariant_checker.h"
#include "sim/check/invariant_observer.h"
#include "sim/check/invariant_violation.h"
#include "sim/formats/play_tournament.h"
#include "sim/run/play_unit.h"
#include "sim/run/tournament_rerun.h"
#include "sim/run/runner.h"
#include "sim/formats/shootout.h"
#include "strategies/registry.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

// One hand as a table would report it. The players dealt in are those with
// chips, clockwise from the first seat left of the button; the small blind
// posts 10 and the big blind 20; the hand leaves each dealt seat its
// `after` stack.
TableHandObservation observed(int hand, int button, int small_blind, int big_blind, std::vector<Chips> before,
                              std::vector<Chips> after, std::vector<Placement> places = {}, bool over = false) {
  TableHandObservation seen;
  const int n = static_cast<int>(before.size());
  seen.hand = hand;
  seen.button_seat = button;
  seen.small_blind_seat = small_blind;
  seen.big_blind_seat = big_blind;
  for (int i = 1; i <= n; ++i) {
    const int seat = (button + i) % n;
    if (before[static_cast<std::size_t>(seat)] > 0) seen.hand_order[static_cast<std::size_t>(seen.dealt++)] = seat;
  }
  for (int seat = 0; seat < n; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    seen.stack_before[s] = before[s];
    seen.stack_after[s] = after[s];
    seen.hand_result[s] = before[s] > 0 ? after[s] : 0;
    if (s < places.size()) seen.place_after[s] = places[s];
  }
  if (small_blind >= 0) seen.blind[static_cast<std::size_t>(small_blind)] = 10;
  if (big_blind >= 0) seen.blind[static_cast<std::size_t>(big_blind)] = 20;
  seen.over = over;
  return seen;
}

TableInvariantRules table_rules(int players, int hand_cap = 120, TieRule tie_rule = TieRule::kShare) {
  return TableInvariantRules{players, 1000, hand_cap, tie_rule};
}

// The kinds of every failure the checker reports over the whole sequence.
std::set<InvariantKind> kinds_of(const TableInvariantRules& rules, const std::vector<TableHandObservation>& hands) {
  InvariantChecker checker(rules);
  std::set<InvariantKind> kinds;
  for (const TableHandObservation& hand : hands) {
    for (const InvariantFailure& failure : checker.check_hand(hand)) {
      INFO(invariant_kind_name(failure.kind) << ": " << failure.message);
      CHECK_FALSE(failure.message.empty());
      kinds.insert(failure.kind);
    }
  }
  return kinds;
}

std::vector<std::string> messages_of(const TableInvariantRules& rules, const std::vector<TableHandObservation>& hands) {
  InvariantChecker checker(rules);
  std::vector<std::string> messages;
  for (const TableHandObservation& hand : hands) {
    for (const InvariantFailure& failure : checker.check_hand(hand)) messages.push_back(failure.message);
  }
  return messages;
}

const std::set<InvariantKind> kNone;

// A correct three-player tournament: seat 1 busts in hand 3 (place 3), the
// heads-up that follows alternates the big blind (R6), seat 0 busts in hand
// 5 and seat 2 wins.
std::vector<TableHandObservation> three_player_game() {
  return {
      observed(1, 0, 1, 2, {1000, 1000, 1000}, {1000, 990, 1010}),
      observed(2, 1, 2, 0, {1000, 990, 1010}, {1500, 490, 1010}),
      observed(3, 2, 0, 1, {1500, 490, 1010}, {1990, 0, 1010}, {{}, place(3), {}}),
      // R6, three to two: the big blind moves from seat 1 to the next live
      // player (seat 2); the other player has button and small blind.
      observed(4, 0, 0, 2, {1990, 0, 1010}, {1000, 0, 2000}, {{}, place(3), {}}),
      observed(5, 2, 2, 0, {1000, 0, 2000}, {0, 0, 3000}, {place(2), place(3), place(1)}, true),
  };
}

// ---- the checker, hand by hand ------------------------------------------------------

TEST_CASE("Invariant checker accepts a correct tournament, heads-up switch included", "[invariants]") {
  const auto game = three_player_game();
  CHECK(messages_of(table_rules(3), game).empty());
  InvariantChecker checker(table_rules(3));
  for (const auto& hand : game) CHECK(checker.check_hand(hand).empty());
  CHECK(checker.saw_end());
}

TEST_CASE("Invariant checker catches chips created, lost or moved between hands", "[invariants]") {
  SECTION("the table holds more chips than players x stack") {
    auto game = three_player_game();
    game[1].stack_after[0] += 1;
    game[1].hand_result[0] += 1;
    CHECK(kinds_of(table_rules(3), game).count(InvariantKind::kChips) == 1);
  }
  SECTION("a stack changes between two hands") {
    auto game = three_player_game();
    game[1].stack_before[0] = 1100;
    game[1].stack_before[1] = 890;
    const auto messages = messages_of(table_rules(3), game);
    REQUIRE_FALSE(messages.empty());
    CHECK(messages[0] == "seat 0 ended the previous hand with 1000 chips but starts this one with 1100");
  }
  SECTION("the table does not take what the hand left") {
    auto game = three_player_game();
    game[0].hand_result[1] = 980;
    game[0].hand_result[2] = 1020;
    CHECK(kinds_of(table_rules(3), {game[0]}) == std::set<InvariantKind>{InvariantKind::kChips});
  }
}

TEST_CASE("Invariant checker catches a negative stack", "[invariants]") {
  auto game = three_player_game();
  game[1].stack_after = {1520, -10, 1490};
  game[1].hand_result = {1520, -10, 1490};
  CHECK(kinds_of(table_rules(3), {game[0], game[1]}).count(InvariantKind::kNegativeStack) == 1);
}

TEST_CASE("Invariant checker catches a busted player dealt in and a hand order not from the button", "[invariants]") {
  SECTION("busted player dealt in") {
    auto game = three_player_game();
    game[3].hand_order = {2, 0, 1};
    game[3].dealt = 3;
    CHECK(kinds_of(table_rules(3), game).count(InvariantKind::kDealing) == 1);
  }
  SECTION("hand order starting at the button instead of left of it") {
    auto game = three_player_game();
    game[1].hand_order = {1, 2, 0};
    CHECK(kinds_of(table_rules(3), game) == std::set<InvariantKind>{InvariantKind::kDealing});
  }
}

TEST_CASE("Invariant checker catches a big blind that does not move exactly one live player (R5)", "[invariants]") {
  // Four players: hand 1 has the big blind on seat 2, so hand 2 must have
  // it on seat 3 (small blind seat 2, button seat 1).
  const auto hand1 = observed(1, 0, 1, 2, {1000, 1000, 1000, 1000}, {1000, 990, 1010, 1000});
  const auto hand2 = observed(2, 1, 2, 3, {1000, 990, 1010, 1000}, {1000, 990, 1000, 1010});
  CHECK(messages_of(table_rules(4), {hand1, hand2}).empty());
  // Jumping a player to seat 0.
  const auto skipped = observed(2, 1, 2, 0, {1000, 990, 1010, 1000}, {1010, 990, 1000, 1000});
  const auto messages = messages_of(table_rules(4), {hand1, skipped});
  REQUIRE_FALSE(messages.empty());
  CHECK(messages[0] == "the big blind is seat 0, R5: the big blind moves from seat 2 to the next live player (seat 3)");
  CHECK(kinds_of(table_rules(4), {hand1, skipped}).count(InvariantKind::kBigBlind) == 1);
  // Staying where it was.
  const auto stayed = observed(2, 1, 2, 2, {1000, 990, 1010, 1000}, {1000, 990, 1010, 1000});
  CHECK(kinds_of(table_rules(4), {hand1, stayed}).count(InvariantKind::kBigBlind) == 1);
}

TEST_CASE("Invariant checker catches a button that does not follow the small blind (R5)", "[invariants]") {
  auto game = three_player_game();
  game[1].button_seat = 2;
  game[1].hand_order = {0, 1, 2};
  CHECK(kinds_of(table_rules(3), {game[0], game[1]}) == std::set<InvariantKind>{InvariantKind::kButton});
}

TEST_CASE("Invariant checker catches blinds posted by the wrong seats", "[invariants]") {
  SECTION("a third seat posts") {
    auto game = three_player_game();
    game[0].blind[0] = 10;
    CHECK(kinds_of(table_rules(3), {game[0]}) == std::set<InvariantKind>{InvariantKind::kSmallBlind});
  }
  SECTION("the big blind posts nothing") {
    auto game = three_player_game();
    game[0].blind[2] = 0;
    CHECK(kinds_of(table_rules(3), {game[0]}).count(InvariantKind::kBigBlind) == 1);
  }
  SECTION("the small blind posts more than the big blind") {
    auto game = three_player_game();
    game[0].blind[1] = 40;
    CHECK(kinds_of(table_rules(3), {game[0]}) == std::set<InvariantKind>{InvariantKind::kSmallBlind});
  }
}

TEST_CASE("Invariant checker R5 dead small blind: accepted as the rule says, caught otherwise", "[invariants]") {
  // Four players; the big blind (seat 2) busts in hand 1. Hand 2: the big
  // blind moves to seat 3, the small blind would be seat 2, which is empty:
  // no small blind, and the button goes to seat 1.
  const auto hand1 = observed(1, 0, 1, 2, {1000, 1000, 1000, 1000}, {1000, 990, 0, 2010}, {{}, {}, place(4), {}});
  const auto hand2 = observed(2, 1, -1, 3, {1000, 990, 0, 2010}, {980, 990, 0, 2030}, {{}, {}, place(4), {}});
  CHECK(messages_of(table_rules(4), {hand1, hand2}).empty());

  auto moved_back = hand2;  // the button posts a small blind instead
  moved_back.small_blind_seat = 1;
  moved_back.blind[1] = 10;
  const auto messages = messages_of(table_rules(4), {hand1, moved_back});
  REQUIRE(messages.size() == 2);
  CHECK(messages[0] ==
        "the small blind is seat 1, R5: the small blind is posted from last hand's big-blind seat 2, which is empty: "
        "no small blind (none)");
  CHECK(messages[1] == "seat 1 posted a blind of 10 without being the small or the big blind");

  // The big blind skipping the player after the busted seat.
  auto skipped = observed(2, 1, -1, 0, {1000, 990, 0, 2010}, {1020, 990, 0, 1990}, {{}, {}, place(4), {}});
  CHECK(kinds_of(table_rules(4), {hand1, skipped}).count(InvariantKind::kBigBlind) == 1);
}

TEST_CASE("Invariant checker R5 dead button: accepted on the empty seat, caught when moved on", "[invariants]") {
  // Four players; the small blind (seat 1) busts in hand 1. Hand 2: big
  // blind seat 3, small blind seat 2 (last hand's big blind), and the
  // button stays on seat 1, now empty.
  const auto hand1 = observed(1, 0, 1, 2, {1000, 1000, 1000, 1000}, {1990, 0, 1010, 1000}, {{}, place(4), {}, {}});
  const auto hand2 = observed(2, 1, 2, 3, {1990, 0, 1010, 1000}, {1990, 0, 1000, 1010}, {{}, place(4), {}, {}});
  CHECK(messages_of(table_rules(4), {hand1, hand2}).empty());

  for (const int wrong_button : {0, 2}) {
    auto moved = hand2;
    moved.button_seat = wrong_button;
    if (wrong_button == 2) moved.hand_order = {3, 0, 2};
    const auto kinds = kinds_of(table_rules(4), {hand1, moved});
    CHECK(kinds.count(InvariantKind::kButton) == 1);
  }
}

TEST_CASE("Invariant checker R6 heads-up: button is the small blind, the big blind alternates", "[invariants]") {
  SECTION("a table that starts heads-up") {
    const auto hand1 = observed(1, 1, 1, 0, {1000, 1000}, {990, 1010});
    const auto hand2 = observed(2, 0, 0, 1, {990, 1010}, {1010, 990});
    CHECK(messages_of(table_rules(2), {hand1, hand2}).empty());
    auto button_is_big_blind = hand1;
    button_is_big_blind.small_blind_seat = 0;
    button_is_big_blind.big_blind_seat = 1;
    button_is_big_blind.blind = {10, 20};
    CHECK(kinds_of(table_rules(2), {button_is_big_blind}) ==
          std::set<InvariantKind>{InvariantKind::kSmallBlind, InvariantKind::kBigBlind});
  }
  SECTION("the big blind stays put") {
    auto game = three_player_game();
    game[4] = observed(5, 0, 0, 2, {1000, 0, 2000}, {0, 0, 3000}, {place(2), place(3), place(1)}, true);
    const auto kinds = kinds_of(table_rules(3), game);
    CHECK(kinds.count(InvariantKind::kBigBlind) == 1);
    CHECK(kinds.count(InvariantKind::kButton) == 1);
  }
  SECTION("three to two: the big blind must move forward one live player, the other gets the button") {
    auto game = three_player_game();
    game[3] = observed(4, 2, 2, 0, {1990, 0, 1010}, {1000, 0, 2000}, {{}, place(3), {}});
    const auto kinds = kinds_of(table_rules(3), {game[0], game[1], game[2], game[3]});
    CHECK(kinds.count(InvariantKind::kBigBlind) == 1);
    CHECK(kinds.count(InvariantKind::kButton) == 1);
  }
}

TEST_CASE("Invariant checker catches a bust without a place, and a place that changes", "[invariants]") {
  SECTION("missing") {
    auto game = three_player_game();
    game[2].place_after[1] = Placement{};
    CHECK(kinds_of(table_rules(3), {game[0], game[1], game[2]}).count(InvariantKind::kPlaceMissing) == 1);
  }
  SECTION("changed later") {
    auto game = three_player_game();
    game[3].place_after[1] = place(2);
    const auto kinds = kinds_of(table_rules(3), game);
    CHECK(kinds.count(InvariantKind::kPlaceChanged) == 1);
    CHECK(kinds.count(InvariantKind::kPlaceOrder) == 1);  // place 2 with two players still in
  }
}

TEST_CASE("Invariant checker catches places better than a survivor's, or given to a live player", "[invariants]") {
  SECTION("a bust placed above the players still in") {
    auto game = three_player_game();
    game[2].place_after[1] = place(1);
    const auto kinds = kinds_of(table_rules(3), {game[0], game[1], game[2]});
    CHECK(kinds.count(InvariantKind::kPlaceOrder) == 1);
    CHECK(kinds.count(InvariantKind::kPlacesCover) == 1);
  }
  SECTION("a live player placed before the end") {
    auto game = three_player_game();
    game[1].place_after[0] = place(1);
    CHECK(kinds_of(table_rules(3), {game[0], game[1]}) == std::set<InvariantKind>{InvariantKind::kPlaceOrder});
  }
}

TEST_CASE("Invariant checker R20 same-hand busts rank by starting chips, equal chips share or go by button",
          "[invariants]") {
  // Hand 1 leaves {2000, 600, 400}; both short stacks bust in hand 2.
  const auto hand1 = observed(1, 0, 1, 2, {1000, 1000, 1000}, {2000, 600, 400});
  auto hand2 = [](std::vector<Placement> places) {
    return observed(2, 1, 2, 0, {2000, 600, 400}, {3000, 0, 0}, std::move(places), true);
  };
  CHECK(messages_of(table_rules(3), {hand1, hand2({place(1), place(2), place(3)})}).empty());
  CHECK(messages_of(table_rules(3), {hand1, hand2({place(1), place(3), place(2)})}) ==
        std::vector<std::string>{"R20 (chips at the start of the hand): seat 1 (600 chips) has place 3 and seat 2 "
                                 "(400 chips) has place 2"});
  CHECK(kinds_of(table_rules(3), {hand1, hand2({place(1), place(2, 2), place(2, 2)})}) ==
        std::set<InvariantKind>{InvariantKind::kPlaceOrder});

  // Equal starting chips: share (R22), or by R20's alternative clockwise from the
  // button (seat 1 in hand 2), the button's own seat first.
  const auto even = observed(1, 0, 1, 2, {1000, 1000, 1000}, {2000, 500, 500});
  auto even2 = [](std::vector<Placement> places) {
    return observed(2, 1, 2, 0, {2000, 500, 500}, {3000, 0, 0}, std::move(places), true);
  };
  CHECK(messages_of(table_rules(3), {even, even2({place(1), place(2, 2), place(2, 2)})}).empty());
  CHECK(messages_of(table_rules(3), {even, even2({place(1), place(2), place(3)})}) ==
        std::vector<std::string>{"R20 (chips at the start of the hand): seat 1 (500 chips) has place 2 and seat 2 "
                                 "(500 chips) has place 3: equal chips share"});
  const auto button_order = table_rules(3, 120, TieRule::kButtonOrder);
  CHECK(messages_of(button_order, {even, even2({place(1), place(2), place(3)})}).empty());
  CHECK(kinds_of(button_order, {even, even2({place(1), place(3), place(2)})}) ==
        std::set<InvariantKind>{InvariantKind::kPlaceOrder});
}

TEST_CASE("Invariant checker catches final places that do not cover 1..players (R22)", "[invariants]") {
  auto game = three_player_game();
  game[4].place_after = {place(1), place(3), place(1)};
  const auto kinds = kinds_of(table_rules(3), game);
  CHECK(kinds.count(InvariantKind::kPlacesCover) == 1);
  // A shared group must have as many members as places it covers.
  auto bad_share = three_player_game();
  bad_share[4].place_after = {place(2, 2), place(3), place(1)};
  CHECK(kinds_of(table_rules(3), bad_share).count(InvariantKind::kPlacesCover) == 1);
}

TEST_CASE("Invariant checker catches a table that ends too early, too late or plays on", "[invariants]") {
  SECTION("ends with two players before the cap") {
    auto game = three_player_game();
    game[3].over = true;
    CHECK(kinds_of(table_rules(3), {game[0], game[1], game[2], game[3]}).count(InvariantKind::kEnd) == 1);
  }
  SECTION("does not end with one player") {
    auto game = three_player_game();
    game[4].over = false;
    game[4].place_after = {place(2), place(3), {}};
    CHECK(kinds_of(table_rules(3), game) == std::set<InvariantKind>{InvariantKind::kEnd});
  }
  SECTION("plays a hand after the end") {
    auto game = three_player_game();
    game.push_back(observed(6, 0, 0, 2, {0, 0, 3000}, {0, 0, 3000}, {place(2), place(3), place(1)}, true));
    CHECK(kinds_of(table_rules(3), game).count(InvariantKind::kEnd) == 1);
  }
  SECTION("a hand number skipped") {
    auto game = three_player_game();
    game[1].hand = 3;
    CHECK(kinds_of(table_rules(3), {game[0], game[1]}) == std::set<InvariantKind>{InvariantKind::kEnd});
  }
}

TEST_CASE("Invariant checker R21 at the hand cap survivors rank by chips", "[invariants]") {
  // Cap of 2 hands: after hand 2, {1500, 490, 1010} rank 1, 3, 2.
  auto game = three_player_game();
  game[1].over = true;
  game[1].place_after = {place(1), place(3), place(2)};
  CHECK(messages_of(table_rules(3, 2), {game[0], game[1]}).empty());
  game[1].place_after = {place(1), place(2), place(3)};
  CHECK(kinds_of(table_rules(3, 2), {game[0], game[1]}) == std::set<InvariantKind>{InvariantKind::kPlaceOrder});
  // And the cap must end it.
  auto not_ended = three_player_game();
  CHECK(kinds_of(table_rules(3, 2), {not_ended[0], not_ended[1]}) == std::set<InvariantKind>{InvariantKind::kEnd});
}

// ---- cash sessions --------------------------------------------------------------------

CashHandObservation cash_hand(int hand, std::vector<Chips> before, std::vector<Chips> bought,
                              std::vector<Chips> after) {
  CashHandObservation seen;
  seen.hand = hand;
  for (std::size_t s = 0; s < before.size(); ++s) {
    seen.stack_before[s] = before[s];
    seen.bought_in[s] = bought[s];
    seen.stack_after[s] = after[s];
    seen.dealt[s] = true;
  }
  return seen;
}

std::set<InvariantKind> cash_kinds(const std::vector<CashHandObservation>& hands) {
  CashInvariantChecker checker(CashInvariantRules{2, 2000, 800});
  std::set<InvariantKind> kinds;
  for (const auto& hand : hands) {
    for (const auto& failure : checker.check_hand(hand)) kinds.insert(failure.kind);
  }
  return kinds;
}

TEST_CASE("Cash invariants: chips counted with every buy-in, re-buys exactly as V7 says", "[invariants]") {
  // Buy-in 2000, re-buy below 800. Seat 1 drops to 700 and tops up by 1300.
  const std::vector<CashHandObservation> session = {
      cash_hand(1, {2000, 2000}, {2000, 2000}, {2500, 1500}),
      cash_hand(2, {2500, 1500}, {2000, 2000}, {3300, 700}),
      cash_hand(3, {3300, 2000}, {2000, 3300}, {3000, 2300}),
  };
  CHECK(cash_kinds(session) == kNone);

  auto missing = session;
  missing[2] = cash_hand(3, {3300, 700}, {2000, 2000}, {3000, 1000});
  CHECK(cash_kinds(missing) == std::set<InvariantKind>{InvariantKind::kRebuy});
  auto wrong_amount = session;
  wrong_amount[2] = cash_hand(3, {3300, 2100}, {2000, 3400}, {3000, 2400});
  CHECK(cash_kinds(wrong_amount) == std::set<InvariantKind>{InvariantKind::kRebuy});
  const auto not_allowed = cash_hand(2, {2500, 2000}, {2000, 2500}, {3800, 700});
  CHECK(cash_kinds({session[0], not_allowed}) == std::set<InvariantKind>{InvariantKind::kRebuy});
  auto created = session;
  created[1].stack_after[0] += 5;
  CHECK(cash_kinds(created).count(InvariantKind::kChips) == 1);
  auto negative = session;
  negative[1].stack_after = {4210, -10};
  CHECK(cash_kinds(negative).count(InvariantKind::kNegativeStack) == 1);
}

TEST_CASE("V8 cash invariants: a seat not dealt in keeps its stack, a stood-up seat takes its stack away",
          "[invariants][sit-out]") {
  // Three seats; seat 2 sits out hand 2 (not dealt), then is stood up with
  // its 2000 before hand 3, which seats 0 and 1 play heads-up.
  CashInvariantChecker checker(CashInvariantRules{3, 2000, 800});
  auto first = cash_hand(1, {2000, 2000, 2000}, {2000, 2000, 2000}, {2100, 1900, 2000});
  auto second = cash_hand(2, {2100, 1900, 2000}, {2000, 2000, 2000}, {2000, 2000, 2000});
  second.dealt[2] = false;
  auto third = cash_hand(4, {2000, 2000, 0}, {2000, 2000, 2000}, {2050, 1950, 0});
  third.dealt[2] = false;
  third.left_with[2] = 2000;
  for (const auto* hand : {&first, &second, &third}) CHECK(checker.check_hand(*hand).empty());
  // A seat not dealt in whose stack moved breaks the count.
  CashInvariantChecker again(CashInvariantRules{3, 2000, 800});
  CHECK(again.check_hand(first).empty());
  second.stack_after = {2000, 1990, 2010};
  CHECK_FALSE(again.check_hand(second).empty());
}

// ---- the observer on a real table -----------------------------------------------------

// Plays the dealt hand by folding to the big blind.
void fold_out(Hand& hand) {
  while (!hand.is_terminal()) REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
}

TEST_CASE("A real table that disagrees with its own hand throws InvariantViolation naming where", "[invariants]") {
  TournamentRules rules;
  rules.players = 3;
  Cell cell;
  cell.rules = rules;
  cell.params = {{"table.players", "3"}};
  Hand hand;

  SECTION("a correct hand passes") {
    Tournament tournament(rules, 99);
    TableInvariantObserver checker(rules, CheckedTable{&cell, 7, 5, {}});
    hand.start(tournament.deal_next_hand());
    fold_out(hand);
    tournament.finish_hand(hand);
    CHECK_NOTHROW(checker.hand_settled(TableView{&tournament, nullptr, {}, {}}, hand));
  }
  SECTION("the hand is dealt more chips than the table has") {
    Tournament tournament(rules, 99);
    TableInvariantObserver checker(rules, CheckedTable{&cell, 7, 5, "final table"});
    HandSetup setup = tournament.deal_next_hand();
    setup.stacks[0] += 100;
    hand.start(setup);
    fold_out(hand);
    tournament.finish_hand(hand);
    try {
      checker.hand_settled(TableView{&tournament, nullptr, {}, {}}, hand);
      FAIL("no violation");
    } catch (const InvariantViolation& violation) {
      CHECK(violation.cell() == &cell);
      CHECK(violation.seed() == 7);
      CHECK(violation.tournament() == 5);
      CHECK(violation.table() == "final table");
      CHECK(violation.hand() == 1);
      REQUIRE_FALSE(violation.failures().empty());
      CHECK(violation.failures()[0].kind == InvariantKind::kChips);
      CHECK(std::string(violation.what()).rfind("tournament 5 (seed 7), final table, hand 1: [chips] ", 0) == 0);
    }
  }
  SECTION("the blinds are posted by other seats than the table says") {
    Tournament tournament(rules, 99);
    TableInvariantObserver checker(rules, CheckedTable{&cell, 7, 5, {}});
    HandSetup setup = tournament.deal_next_hand();
    std::swap(setup.blinds[0], setup.blinds[2]);  // hand order: small blind first; now the button posts
    hand.start(setup);
    fold_out(hand);
    tournament.finish_hand(hand);
    try {
      checker.hand_settled(TableView{&tournament, nullptr, {}, {}}, hand);
      FAIL("no violation");
    } catch (const InvariantViolation& violation) {
      std::set<InvariantKind> kinds;
      for (const auto& failure : violation.failures()) kinds.insert(failure.kind);
      CHECK(kinds.count(InvariantKind::kSmallBlind) == 1);
    }
  }
}

TEST_CASE("A violation is described with cell, tournament, seed, hand and the command that replays it",
          "[invariants]") {
  const Experiment experiment = parse_experiment(
      "name: t\nseed: 9\ntable: {players: 2}\nlineup: [{strategy: random}]\nmatrix: {table.stack: [1000, 2000]}\n",
      "t.yaml");
  const InvariantViolation violation(
      experiment.cells[1], 9, 1234, "", 57,
      {{InvariantKind::kBigBlind, "the big blind is seat 0"}, {InvariantKind::kChips, "the table holds 3999 chips"}});
  CHECK(cell_index_of(experiment, violation) == 1);
  CHECK(describe_violation(violation, experiment) ==
        "cell 1 (table.stack=2000), tournament 1234, seed 9, hand 57:\n"
        "  [big-blind] the big blind is seat 0\n"
        "  [chips] the table holds 3999 chips\n");
  std::ostringstream err;
  print_invariant_violation(err, violation, experiment, "configs/my file.yaml",
                            {"table.players=2", "lineup=[{strategy: tag}]"});
  CHECK(err.str().find("sngsim run 'configs/my file.yaml' --set table.players=2 --set 'lineup=[{strategy: tag}]' "
                       "--seed 9 --replay-tournament 1234 --cell 1\n") != std::string::npos);
  CHECK(err.str().find("wrote no results") != std::string::npos);
  // A copy of the cell is found by its matrix parameters.
  Experiment copy = experiment;
  CHECK(cell_index_of(copy, violation) == 1);
}

// ---- real play: no violation ------------------------------------------------------------

// Every unit of the experiment through play_unit with checks on; returns
// the tournaments played. A violation fails the test with its message.
std::int64_t play_checked(const Experiment& experiment) {
  PlayOptions options;
  options.check_invariants = true;
  std::int64_t played = 0;
  Hand hand;
  for (const Cell& cell : experiment.cells) {
    const std::vector<int> labels = label_of_entrants(cell);
    CellStats stats(cell);
    for (std::int64_t unit = 0; unit < unit_count(experiment, cell); ++unit) {
      try {
        play_unit(cell, labels, experiment.seed, unit, options, hand, stats);
      } catch (const InvariantViolation& violation) {
        FAIL(describe_violation(violation, experiment));
      }
      played += tournaments_per_unit(cell);
    }
  }
  return played;
}

std::vector<std::string> builtin_names() {
  std::vector<std::string> names;
  for (const StrategyInfo& info : builtin_strategies()) names.push_back(info.name);
  return names;
}

TEST_CASE("Every built-in bot at 2 to 6 players plays without breaking an invariant", "[invariants][e2e]") {
  const std::vector<std::string> bots = builtin_names();
  REQUIRE(bots.size() >= 8);
  const int count = static_cast<int>(bots.size());
  std::int64_t played = 0;
  std::map<std::string, std::int64_t> entries;
  for (int players = 2; players <= 6; ++players) {
    // Consecutive slices of the bot list, wrapping, until every bot has sat
    // at this table size; blinds, ties and caps vary with the size.
    for (int first = 0; first < count; first += players) {
      std::string text = "name: e2e\nseed: " + std::to_string(100 + players * 10 + first) + "\ntournaments: 40\n";
      text += "table: {players: " + std::to_string(players) + ", blinds: " + (players % 2 ? "turbo" : "normal") +
              ", bust_ties: " + (first % 2 ? "button" : "share") + ", hand_cap: " + (players == 4 ? "40" : "120") +
              "}\nlineup:\n";
      for (int i = 0; i < players; ++i) {
        const std::string& bot = bots[static_cast<std::size_t>((first + i) % count)];
        // icm_nash with a cheap solver: its default solves cost seconds per
        // tournament here, and the setting does not change what is checked.
        const std::string params =
            bot == "icm_nash"
                ? ", params: {samples: 1024, samples3: 1024, target: 5, target3: 5, iterations: 25, grid_bb: 2}"
                : "";
        text += "  - {strategy: " + bot + ", label: " + bot + "-" + std::to_string(i) + params + "}\n";
        entries[bot] += 40;
      }
      INFO(text);
      played += play_checked(parse_experiment(text, "e2e.yaml"));
    }
  }
  CHECK(played == 15 * 40);  // 9 bots: 5 + 3 + 3 + 2 + 2 slices
  for (const std::string& bot : bots) {
    INFO(bot);
    CHECK(entries[bot] >= 200);
  }
}

TEST_CASE("PLO, limit, antes, shoot-out and cash play without breaking an invariant", "[invariants][e2e]") {
  CHECK(play_checked(load_experiment(kConfigs + "plo-sng.yaml", {"tournaments=150"})) == 150);
  CHECK(play_checked(load_experiment(kConfigs + "limit-sng.yaml", {"tournaments=150"})) == 150);
  CHECK(play_checked(load_experiment(kConfigs + "antes-turbo.yaml", {"tournaments=100"})) == 200);
  CHECK(play_checked(load_experiment(kConfigs + "shootout.yaml", {"tournaments=60"})) == 60);
  CHECK(play_checked(load_experiment(kConfigs + "shootout.yaml",
                                     {"tournaments=30", "shootout.winners=paid", "payouts={buy_in: 100}"})) == 30);
  CHECK(play_checked(load_experiment(kConfigs + "cash-bb100.yaml", {"tournaments=6", "cash.hands=200"})) == 6);
}

TEST_CASE("Checking changes no result: records are identical with and without the checkers", "[invariants][e2e]") {
  const Experiment quick = load_experiment(kConfigs + "quickstart.yaml");
  const Cell& cell = quick.cells[0];
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  for (std::int64_t i = 0; i < 50; ++i) {
    TableInvariantObserver checker(cell.rules, CheckedTable{&cell, quick.seed, i, {}});
    const TournamentRecord plain = play_tournament(cell, labels, quick.seed, i, hand);
    const TournamentRecord checked = play_tournament(cell, labels, quick.seed, i, hand, &checker);
    CHECK(plain.hands == checked.hands);
    CHECK(plain.final_chips == checked.final_chips);
    CHECK(plain.bust_hand == checked.bust_hand);
    for (int seat = 0; seat < plain.seats; ++seat) {
      CHECK(plain.placement[static_cast<std::size_t>(seat)].twice_mean() ==
            checked.placement[static_cast<std::size_t>(seat)].twice_mean());
    }
  }
}

}  // namespace
}  // namespace sngsim
