// Tournament rules R1..R6 and R20..R22: seating, button, blinds, busts,
// places and the hand cap, with hands rigged so every outcome is exact.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "engine/hand.h"
#include "engine/rng.h"
#include "engine/tournament.h"

using namespace sngsim;

namespace {

Card card(const char* text) { return *parse_card(text); }

// Rigs the cards of the hand the tournament just dealt: `winner_seat` gets
// aces full, everybody else gets cards that cannot beat it.
HandSetup rig(const HandSetup& dealt, int winner_seat) {
  HandSetup setup = dealt;
  const char* losers[][2] = {{"7c", "2d"}, {"6c", "3d"}, {"5c", "2h"}, {"7d", "3h"}, {"6d", "5h"}, {"Js", "Ts"}};
  const char* board[] = {"Ad", "Kd", "9c", "4h", "4s"};
  int next_loser = 0;
  for (int p = 0; p < setup.num_players; ++p) {
    auto& hole = setup.hole[static_cast<std::size_t>(p)];
    if (setup.seats[static_cast<std::size_t>(p)] == winner_seat) {
      hole[0] = card("Ah");
      hole[1] = card("Ac");
    } else {
      hole[0] = card(losers[next_loser][0]);
      hole[1] = card(losers[next_loser][1]);
      ++next_loser;
    }
  }
  for (int i = 0; i < kBoardSize; ++i) setup.board[static_cast<std::size_t>(i)] = card(board[i]);
  return setup;
}

bool contains(const std::vector<int>& seats, int seat) {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

// Plays the dealt hand: `all_in_seats` shove (or call all-in), `caller_seat`
// calls everything and wins, everybody else folds (checks when free).
void play_rigged(Tournament& tournament, Hand& hand, int caller_seat, const std::vector<int>& all_in_seats) {
  hand.start(rig(tournament.current_setup(), caller_seat));
  while (!hand.is_terminal()) {
    const int p = hand.current_player();
    const int seat = hand.setup().seats[static_cast<std::size_t>(p)];
    const LegalActions legal = hand.legal_actions();
    Action action = Action::fold();
    if (contains(all_in_seats, seat)) {
      action = legal.can_raise ? Action::raise_to(legal.max_raise_to) : Action::check_call();
    } else if (seat == caller_seat) {
      action = Action::check_call();
    }
    REQUIRE(hand.apply(action) == ApplyError::kNone);
  }
  tournament.finish_hand(hand);
}

// Everybody folds to the big blind, who wins the blinds.
void play_folds(Tournament& tournament, Hand& hand) {
  hand.start(tournament.current_setup());
  while (!hand.is_terminal()) REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
  tournament.finish_hand(hand);
}

Chips total_chips(const Tournament& tournament) {
  Chips total = 0;
  for (int seat = 0; seat < tournament.seat_count(); ++seat) total += tournament.stack(seat);
  return total;
}

TournamentRules rules_for(int players, Chips stack = 1000) {
  TournamentRules rules;
  rules.players = players;
  rules.starting_stack = stack;
  return rules;
}

// Finds a key whose drawn first button is `seat`, so tests can name seats.
std::uint64_t key_with_button(const TournamentRules& rules, int seat) {
  for (std::uint64_t key = 1;; ++key) {
    if (Tournament(rules, key).button_seat() == seat) return key;
  }
}

}  // namespace

TEST_CASE("R1 every player starts with the same configured stack", "[tournament]") {
  for (const Chips stack : {Chips{1000}, Chips{2000}, Chips{777}}) {
    for (int players = 2; players <= 6; ++players) {
      const TournamentRules rules = rules_for(players, stack);
      Tournament tournament(rules, 5);
      for (int seat = 0; seat < players; ++seat) CHECK(tournament.stack(seat) == stack);
      const HandSetup& setup = tournament.deal_next_hand();
      CHECK(setup.num_players == players);
      for (int p = 0; p < players; ++p) CHECK(setup.stacks[static_cast<std::size_t>(p)] == stack);
    }
  }
}

TEST_CASE("R2 a player with no chips is eliminated and the last player wins", "[tournament]") {
  const TournamentRules rules = rules_for(3);
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  tournament.deal_next_hand();
  play_rigged(tournament, hand, /*caller_seat=*/0, {1});
  CHECK(tournament.stack(1) == 0);
  CHECK_FALSE(tournament.is_alive(1));
  CHECK(tournament.placement(1).first == 3);
  CHECK(tournament.placement(1).count == 1);
  CHECK(tournament.players_left() == 2);
  CHECK_FALSE(tournament.is_over());
  CHECK(total_chips(tournament) == 3000);

  // The eliminated seat is never dealt in again.
  const HandSetup& next = tournament.deal_next_hand();
  CHECK(next.num_players == 2);
  for (int p = 0; p < next.num_players; ++p) CHECK(next.seats[static_cast<std::size_t>(p)] != 1);

  play_rigged(tournament, hand, 0, {2});
  CHECK(tournament.is_over());
  CHECK_FALSE(tournament.ended_by_cap());
  CHECK(tournament.stack(0) == 3000);
  CHECK(tournament.placement(0).first == 1);
  CHECK(tournament.placement(2).first == 2);
}

TEST_CASE("R3 the first button is drawn from the seed and moves clockwise", "[tournament]") {
  const TournamentRules rules = rules_for(6);
  std::set<int> buttons;
  for (std::uint64_t key = 0; key < 200; ++key) {
    buttons.insert(Tournament(rules, key).button_seat());
    CHECK(Tournament(rules, key).button_seat() == Tournament(rules, key).button_seat());
  }
  CHECK(buttons.size() == 6);  // every seat can get the first button

  Tournament tournament(rules, key_with_button(rules, 4));
  Hand hand;
  for (int h = 0; h < 8; ++h) {
    const HandSetup& setup = tournament.deal_next_hand();
    const int button = (4 + h) % 6;
    CHECK(tournament.button_seat() == button);
    CHECK(tournament.small_blind_seat() == (button + 1) % 6);
    CHECK(tournament.big_blind_seat() == (button + 2) % 6);
    // Hand order starts left of the button: small blind, big blind, ...
    CHECK(setup.seats[0] == (button + 1) % 6);
    const BlindLevel level = rules.schedule.level(tournament.level());
    CHECK(setup.blinds[0] == level.small_blind);
    CHECK(setup.blinds[1] == level.big_blind);
    CHECK(setup.antes[0] == 0);  // no antes in the base game
    play_folds(tournament, hand);
  }
}

TEST_CASE("R4 blind levels rise every 6 hands (normal) or 4 (turbo), doubling after 500/1000", "[tournament]") {
  const BlindSchedule normal = BlindSchedule::standard(kNormalHandsPerLevel);
  CHECK(normal.level_of_hand(1) == 1);
  CHECK(normal.level_of_hand(6) == 1);
  CHECK(normal.level_of_hand(7) == 2);
  const BlindSchedule turbo = BlindSchedule::standard(kTurboHandsPerLevel);
  CHECK(turbo.level_of_hand(4) == 1);
  CHECK(turbo.level_of_hand(5) == 2);
  const std::vector<std::pair<Chips, Chips>> expected = {
      {10, 20},   {15, 30},   {25, 50},    {50, 100},    {75, 150},    {100, 200},  {150, 300},
      {200, 400}, {300, 600}, {500, 1000}, {1000, 2000}, {2000, 4000}, {4000, 8000}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const BlindLevel level = normal.level(static_cast<int>(i) + 1);
    CHECK(level.small_blind == expected[i].first);
    CHECK(level.big_blind == expected[i].second);
  }

  // The tournament posts the level of the hand it deals.
  TournamentRules rules = rules_for(6, 100000);
  rules.schedule = turbo;
  Tournament tournament(rules, 3);
  Hand hand;
  for (int h = 1; h <= 9; ++h) {
    const HandSetup& setup = tournament.deal_next_hand();
    const BlindLevel level = turbo.level(turbo.level_of_hand(h));
    CHECK(tournament.level() == (h - 1) / 4 + 1);
    CHECK(setup.min_bet == level.big_blind);
    CHECK(setup.blinds[1] == level.big_blind);
    play_folds(tournament, hand);
  }
}

TEST_CASE("R5 dead small blind: the big blind moves one live player, the small blind is not posted", "[tournament]") {
  const TournamentRules rules = rules_for(4);
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  tournament.deal_next_hand();
  REQUIRE(tournament.small_blind_seat() == 1);
  REQUIRE(tournament.big_blind_seat() == 2);
  play_rigged(tournament, hand, 0, {2});  // the big blind (seat 2) busts
  REQUIRE_FALSE(tournament.is_alive(2));

  const HandSetup& setup = tournament.deal_next_hand();
  CHECK(tournament.big_blind_seat() == 3);     // next live player after seat 2
  CHECK(tournament.small_blind_seat() == -1);  // seat 2 is empty: no small blind
  CHECK(tournament.button_seat() == 1);        // last hand's small-blind seat
  // Hand order from the button: the big blind is first, as PHH writes [20, 0, 0].
  REQUIRE(setup.num_players == 3);
  CHECK(setup.seats[0] == 3);
  CHECK(setup.seats[1] == 0);
  CHECK(setup.seats[2] == 1);
  CHECK(setup.blinds[0] == 20);
  CHECK(setup.blinds[1] == 0);
  CHECK(setup.blinds[2] == 0);
  // Seat 0, first left of the big blind, acts first preflop; only 20 is in the pot.
  hand.start(setup);
  CHECK(hand.current_player() == 1);
  CHECK(hand.pot() == 20);
}

TEST_CASE("R5 dead button: the button stays on an empty seat", "[tournament]") {
  const TournamentRules rules = rules_for(4);
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  tournament.deal_next_hand();
  play_rigged(tournament, hand, 0, {1});  // the small blind (seat 1) busts
  REQUIRE_FALSE(tournament.is_alive(1));

  const HandSetup& setup = tournament.deal_next_hand();
  CHECK(tournament.button_seat() == 1);  // empty seat: dead button
  CHECK(tournament.small_blind_seat() == 2);
  CHECK(tournament.big_blind_seat() == 3);
  REQUIRE(setup.num_players == 3);
  CHECK(setup.seats[0] == 2);
  CHECK(setup.seats[1] == 3);
  CHECK(setup.seats[2] == 0);
  CHECK(setup.blinds[0] == 10);
  CHECK(setup.blinds[1] == 20);
  CHECK(setup.blinds[2] == 0);
  play_folds(tournament, hand);
  CHECK(tournament.stack(3) == 1010);
  CHECK(tournament.stack(2) == 970);  // it lost its big blind in hand 1 and now its small blind

  // Next hand: the big blind moves on to seat 0, the small blind comes from
  // seat 3, and the button reaches seat 2.
  tournament.deal_next_hand();
  CHECK(tournament.big_blind_seat() == 0);
  CHECK(tournament.small_blind_seat() == 3);
  CHECK(tournament.button_seat() == 2);
}

TEST_CASE("R6 heads-up: the button posts the small blind and acts first preflop, last after the flop", "[tournament]") {
  const TournamentRules rules = rules_for(2);
  Tournament tournament(rules, key_with_button(rules, 1));
  Hand hand;
  for (int h = 0; h < 4; ++h) {
    const HandSetup& setup = tournament.deal_next_hand();
    const int button = (1 + h) % 2;
    CHECK(tournament.button_seat() == button);
    CHECK(tournament.small_blind_seat() == button);
    CHECK(tournament.big_blind_seat() == 1 - button);  // alternates every hand
    // Hand order: index 0 is the big blind, index 1 the button.
    CHECK(setup.seats[0] == 1 - button);
    CHECK(setup.blinds[0] == 20);
    CHECK(setup.blinds[1] == 10);
    hand.start(setup);
    CHECK(hand.current_player() == 1);  // the button acts first preflop
    REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
    REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
    CHECK(hand.street() == Street::kFlop);
    CHECK(hand.current_player() == 0);  // the big blind acts first after the flop
    while (!hand.is_terminal()) REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
    tournament.finish_hand(hand);
  }
}

TEST_CASE("R6 the switch from three players to two", "[tournament]") {
  const TournamentRules rules = rules_for(3);
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  tournament.deal_next_hand();
  REQUIRE(tournament.big_blind_seat() == 2);
  play_rigged(tournament, hand, 2, {0});  // the button (seat 0) busts
  REQUIRE(tournament.players_left() == 2);

  const HandSetup& setup = tournament.deal_next_hand();
  CHECK(tournament.big_blind_seat() == 1);  // one live player on from seat 2
  CHECK(tournament.button_seat() == 2);     // the other player: button and small blind
  CHECK(tournament.small_blind_seat() == 2);
  CHECK(setup.seats[0] == 1);
  CHECK(setup.blinds[0] == 20);
  CHECK(setup.blinds[1] == 10);
}

TEST_CASE("R7 a seat's hole cards and the board of hand h do not depend on which other seats have busted",
          "[tournament]") {
  // Two tournaments on one key: in `everyone` hand 1 is folded round, in
  // `two_busted` seats 1 and 3 bust in it. Hands 2..4 must give seats 0, 2
  // and 4 the same cards in both (engine/seat_deal.h): duplicate tournaments
  // stay paired after a bust. Dealt in hand order to the players still in,
  // seat 2 would take the cards seat 1 gets in `everyone`.
  const TournamentRules rules = rules_for(5);
  const std::uint64_t key = key_with_button(rules, 0);
  Tournament everyone(rules, key);
  Tournament two_busted(rules, key);
  Hand hand;
  everyone.deal_next_hand();
  play_folds(everyone, hand);
  two_busted.deal_next_hand();
  play_rigged(two_busted, hand, /*caller_seat=*/0, {1, 3});
  REQUIRE(everyone.players_left() == 5);
  REQUIRE(two_busted.players_left() == 3);

  const auto hole_of_seat = [](const HandSetup& setup, int seat) {
    for (int p = 0; p < setup.num_players; ++p) {
      if (setup.seats[static_cast<std::size_t>(p)] == seat) return setup.hole[static_cast<std::size_t>(p)];
    }
    FAIL("seat " << seat << " is not in the hand");
    return std::array<Card, 4>{};
  };
  for (int h = 2; h <= 4; ++h) {
    const HandSetup& full = everyone.deal_next_hand();
    const HandSetup& short_handed = two_busted.deal_next_hand();
    REQUIRE(full.num_players == 5);
    REQUIRE(short_handed.num_players == 3);
    CHECK(short_handed.board == full.board);
    for (const int seat : {0, 2, 4}) CHECK(hole_of_seat(short_handed, seat) == hole_of_seat(full, seat));
    // And nobody holds a card twice, nor one of the board's.
    CardSet seen;
    for (const Card c : full.board) seen.add(c);
    for (int p = 0; p < full.num_players; ++p) {
      for (int c = 0; c < 2; ++c) {
        const Card dealt = full.hole[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)];
        CHECK_FALSE(seen.contains(dealt));
        seen.add(dealt);
      }
    }
    play_folds(everyone, hand);
    play_folds(two_busted, hand);
  }
}

TEST_CASE("R20 players busted in the same hand place by their chips at the start of the hand", "[tournament]") {
  const TournamentRules rules = rules_for(4);
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  // Hand 1: seat 1 posts the small blind and folds, the big blind (seat 2) wins it.
  tournament.deal_next_hand();
  play_folds(tournament, hand);
  REQUIRE(tournament.stack(1) == 990);
  REQUIRE(tournament.stack(2) == 1010);
  // Hand 2: seats 1 (990) and 3 (1000) go all-in and lose to seat 2.
  tournament.deal_next_hand();
  play_rigged(tournament, hand, 2, {1, 3});
  CHECK(tournament.placement(3).first == 3);  // more chips at the start: higher
  CHECK(tournament.placement(3).count == 1);
  CHECK(tournament.placement(1).first == 4);
  CHECK(tournament.placement(1).count == 1);
  CHECK(tournament.stack(2) == 1010 + 990 + 1000);
}

TEST_CASE("R20 equal starting chips share the places, or the order from the button is configurable", "[tournament]") {
  for (const TieRule tie_rule : {TieRule::kShare, TieRule::kButtonOrder}) {
    TournamentRules rules = rules_for(4);
    rules.tie_rule = tie_rule;
    Tournament tournament(rules, key_with_button(rules, 0));
    Hand hand;
    tournament.deal_next_hand();               // button 0, small blind 1, big blind 2
    play_rigged(tournament, hand, 2, {0, 3});  // seats 0 and 3 both started with 1000
    const Placement p0 = tournament.placement(0);
    const Placement p3 = tournament.placement(3);
    if (tie_rule == TieRule::kShare) {
      CHECK(p0.first == 3);
      CHECK(p0.count == 2);
      CHECK(p3.first == 3);
      CHECK(p3.count == 2);
      CHECK(p0.twice_mean() == 7);  // 3.5
    } else {
      // Clockwise from the button, the button's own seat first.
      CHECK(p0.first == 3);
      CHECK(p0.count == 1);
      CHECK(p3.first == 4);
      CHECK(p3.count == 1);
    }
  }
}

TEST_CASE("R21 the hand cap ends the tournament and ranks survivors by chips", "[tournament]") {
  TournamentRules rules = rules_for(3);
  rules.hand_cap = 3;
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  // Three fold-arounds: each big blind wins the small blind once.
  for (int h = 0; h < 3; ++h) {
    REQUIRE_FALSE(tournament.is_over());
    tournament.deal_next_hand();
    play_folds(tournament, hand);
  }
  CHECK(tournament.is_over());
  CHECK(tournament.ended_by_cap());
  CHECK(tournament.hands_played() == 3);
  // Every seat paid one small blind and won one: all equal, all share.
  for (int seat = 0; seat < 3; ++seat) {
    CHECK(tournament.stack(seat) == 1000);
    CHECK(tournament.placement(seat).first == 1);
    CHECK(tournament.placement(seat).count == 3);
  }
}

TEST_CASE("R21 the hand cap ranks unequal stacks, most chips first", "[tournament]") {
  TournamentRules rules = rules_for(3);
  rules.hand_cap = 1;
  Tournament tournament(rules, key_with_button(rules, 0));
  Hand hand;
  tournament.deal_next_hand();
  play_folds(tournament, hand);  // small blind seat 1 loses 10 to big blind seat 2
  REQUIRE(tournament.is_over());
  CHECK(tournament.placement(2).first == 1);
  CHECK(tournament.placement(0).first == 2);
  CHECK(tournament.placement(1).first == 3);
  CHECK(tournament.placement(1).count == 1);
}

TEST_CASE("R22 shared places cover consecutive places and average them exactly", "[tournament]") {
  const Placement shared{2, 2};  // 2nd and 3rd shared
  CHECK(shared.twice_mean() == 5);
  const Placement three_way{1, 3};
  CHECK(three_way.twice_mean() == 4);
  const Placement alone{4, 1};
  CHECK(alone.twice_mean() == 8);
}

TEST_CASE("Tournaments conserve chips and cover every place exactly once", "[tournament][property]") {
  for (int players = 2; players <= 6; ++players) {
    TournamentRules rules = rules_for(players);
    for (std::uint64_t key = 0; key < 40; ++key) {
      Tournament tournament(rules, key);
      Hand hand;
      CounterRng rng(derive_key(key, 99));
      while (!tournament.is_over()) {
        hand.start(tournament.deal_next_hand());
        while (!hand.is_terminal()) {
          const LegalActions legal = hand.legal_actions();
          const auto pick = rng.below(4);
          Action action = Action::check_call();
          if (pick == 0 && legal.can_fold) action = Action::fold();
          if (pick == 1 && legal.can_raise) action = Action::raise_to(legal.max_raise_to);
          REQUIRE(hand.apply(action) == ApplyError::kNone);
        }
        tournament.finish_hand(hand);
        REQUIRE(total_chips(tournament) == players * Chips{1000});
      }
      std::vector<int> covered(static_cast<std::size_t>(players) + 1, 0);
      for (int seat = 0; seat < players; ++seat) {
        const Placement placement = tournament.placement(seat);
        REQUIRE(placement.is_set());
        for (int place = placement.first; place < placement.first + placement.count; ++place) {
          covered[static_cast<std::size_t>(place)] += 1;
        }
      }
      // With sharing, k tied players each cover the same k places: each place
      // is covered by exactly as many players as share it.
      int total = 0;
      for (int place = 1; place <= players; ++place) total += covered[static_cast<std::size_t>(place)] > 0 ? 1 : 0;
      CHECK(total == players);
      CHECK(tournament.hands_played() <= rules.hand_cap);
    }
  }
}
