// The `equity` strategy: legal actions only in every game and betting
// structure, determinism, sensible preflop choices, and ICM changing an
// all-in call on the bubble.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/deck.h"
#include "engine/hand.h"
#include "tests/hand_test_util.h"
#include "strategies/registry.h"

namespace sngsim {
namespace {

std::unique_ptr<Strategy> make_equity_bot(const std::map<std::string, std::string>& given = {}, std::uint64_t key = 3) {
  const StrategyInfo* info = find_strategy("equity");
  REQUIRE(info != nullptr);
  StrategyParams params;
  REQUIRE_FALSE(StrategyParams::resolve(info->params, given, params).has_value());
  return info->create(params, StrategyContext{key, 0});
}

// Plays `hands` random hands among equity bots; returns every action taken,
// failing on the first one the engine rejects.
std::vector<Action> play_random_hands(const GameRules& rules, int players, int hands, std::uint64_t seed) {
  std::vector<std::unique_ptr<Strategy>> bots;
  for (int p = 0; p < players; ++p)
    bots.push_back(make_equity_bot({}, derive_key(seed, static_cast<std::uint64_t>(p))));
  std::vector<Action> actions;
  Hand hand;
  for (int h = 0; h < hands; ++h) {
    HandSetup setup;
    setup.rules = rules;
    setup.num_players = players;
    setup.min_bet = 100;
    setup.big_bet = 200;
    Deck deck(derive_key(seed + 1000, static_cast<std::uint64_t>(h)));
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      // Stacks from 3 to 60 big blinds, so short-stack and deep play both occur.
      setup.stacks[i] = 300 + static_cast<Chips>((h * 7 + p * 13) % 20) * 300;
      setup.seats[i] = static_cast<std::int8_t>(p);
      for (int c = 0; c < rules.hole_cards; ++c) setup.hole[i][static_cast<std::size_t>(c)] = deck.deal();
    }
    setup.blinds[0] = 50;
    setup.blinds[1] = 100;
    for (auto& card : setup.board) card = deck.deal();
    hand.start(setup);
    while (!hand.is_terminal()) {
      const Observation obs = hand.observe();
      const Action action = bots[static_cast<std::size_t>(obs.player)]->decide(obs);
      const ApplyError error = hand.apply(action);
      INFO("hand " << h << " player " << obs.player << " action " << static_cast<int>(action.type) << " "
                   << action.amount << " legal " << obs.legal.min_raise_to << ".." << obs.legal.max_raise_to);
      REQUIRE(error == ApplyError::kNone);
      actions.push_back(action);
    }
    for (auto& bot : bots) bot->hand_ended(HandEnd{hand.events(), hand.action_counts(), {}, {}});
  }
  return actions;
}

}  // namespace

TEST_CASE("equity bots take only legal actions in every game", "[equity][strategy]") {
  for (const int hole_cards : {2, 4}) {
    for (const BettingStructure betting :
         {BettingStructure::kNoLimit, BettingStructure::kPotLimit, BettingStructure::kFixedLimit}) {
      const GameRules rules{betting, hole_cards};
      INFO("hole cards " << hole_cards << ", " << betting_name(betting));
      const auto actions = play_random_hands(rules, hole_cards == 2 ? 6 : 4, hole_cards == 2 ? 150 : 40, 99);
      // They do more than check: they fold, call and raise.
      int folds = 0, raises = 0;
      for (const Action& a : actions) {
        folds += a.type == ActionType::kFold;
        raises += a.type == ActionType::kBetRaise;
      }
      CHECK(folds > 0);
      CHECK(raises > 0);
    }
  }
}

TEST_CASE("equity bots are deterministic", "[equity][strategy]") {
  const GameRules rules{BettingStructure::kNoLimit, 2};
  const auto first = play_random_hands(rules, 5, 60, 1234);
  const auto second = play_random_hands(rules, 5, 60, 1234);
  REQUIRE(first.size() == second.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    CHECK(first[i].type == second[i].type);
    CHECK(first[i].amount == second[i].amount);
  }
}

TEST_CASE("equity raises aces and folds trash to a big raise", "[equity][strategy]") {
  auto bot = make_equity_bot();
  for (const std::string hole : {"AhAs", "7h2d"}) {
    testing::TableSpec spec;
    spec.stacks = {5000, 5000, 5000, 5000};
    spec.blinds = testing::blinds_for(4, 50, 100);
    spec.holes = {"2c3d", "4c5d", "9s9h", hole};
    spec.board = "KhQhJs8d6c";
    Hand hand;
    hand.start(testing::make_setup(spec));
    REQUIRE(hand.apply(Action::raise_to(400)) == ApplyError::kNone);  // index 2 raises
    const Action action = bot->decide(hand.observe());
    CHECK(action.type == (hole == "AhAs" ? ActionType::kBetRaise : ActionType::kFold));
    CHECK(hand.apply(action) == ApplyError::kNone);
  }
}

TEST_CASE("equity folds a chip-EV call on the bubble by ICM", "[equity][strategy][icm]") {
  // Three players, two paid: the big stack shoves, the short stack folds,
  // and the bot with AKo in the big blind must risk everything to call.
  const auto decide = [](const std::string& icm) {
    testing::TableSpec spec;
    spec.stacks = {500, 4000, 4500};  // small blind (short), big blind (the bot), button
    spec.blinds = testing::blinds_for(3, 100, 200);
    spec.holes = {"2c3d", "AhKd", "9s9h"};
    spec.board = "KhQhJs8d6c";
    Hand hand;
    hand.start(testing::make_setup(spec));
    // As far as the big blind's 4000 can answer (R12): all of the bot's chips.
    REQUIRE(hand.apply(Action::raise_to(4000)) == ApplyError::kNone);
    REQUIRE(hand.apply(Action::fold()) == ApplyError::kNone);
    const Observation obs = hand.observe();
    REQUIRE(obs.player == 1);
    return make_equity_bot({{"icm", icm}, {"payouts", "65,35"}})->decide(obs).type;
  };
  CHECK(decide("0") == ActionType::kCheckCall);
  CHECK(decide("1") == ActionType::kFold);
}

TEST_CASE("equity refuses malformed payouts", "[equity][strategy]") {
  const StrategyInfo* info = find_strategy("equity");
  StrategyParams params;
  REQUIRE_FALSE(StrategyParams::resolve(info->params, {{"payouts", "65,x"}}, params).has_value());
  CHECK_THROWS_AS(info->create(params, StrategyContext{1, 0}), std::invalid_argument);
}

}  // namespace sngsim
