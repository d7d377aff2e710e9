// The game table (engine/game_definition.h, RULES V4): each game's row, and
// the variant codes the hand-history writer, the PHH reader and the bot
// protocol share.

#include <set>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "engine/game_definition.h"

namespace sngsim {
namespace {

constexpr BettingStructure kAllBetting[] = {BettingStructure::kNoLimit, BettingStructure::kPotLimit,
                                            BettingStructure::kFixedLimit};

}  // namespace

TEST_CASE("V4 hold'em deals two hole cards and Omaha four, from one deck of 52", "[game]") {
  CHECK(game_definition(GameKind::kHoldem).hole_cards == 2);
  CHECK(game_definition(GameKind::kOmaha).hole_cards == 4);
  for (const GameDefinition& row : kGames) {
    CHECK(row.deck_size == 52);
    CHECK(find_game_by_hole_cards(row.hole_cards) == row.game);
    CHECK(find_game(row.name) == row.game);
    CHECK(&game_definition(row.game) == &row);
  }
  CHECK(game_definition(GameKind::kHoldem).evaluator == ShowdownEvaluator::kBestFiveOfSeven);
  CHECK(game_definition(GameKind::kOmaha).evaluator == ShowdownEvaluator::kTwoHolePlusThreeBoard);
  CHECK_FALSE(find_game_by_hole_cards(3).has_value());
  CHECK_FALSE(find_game("stud").has_value());
  CHECK(is_holdem(2));
  CHECK(is_omaha(4));
  CHECK_FALSE(is_omaha(2));
}

TEST_CASE("V4 every game and betting structure has its own variant code, read back to the same rules", "[game][phh]") {
  std::set<std::string_view> codes;
  for (const GameDefinition& row : kGames) {
    for (const BettingStructure betting : kAllBetting) {
      const GameRules rules = rules_of(row.game, betting);
      const std::string_view code = variant_code(rules);
      INFO(code);
      CHECK(codes.insert(code).second);
      const auto read = rules_of_variant_code(code);
      REQUIRE(read.has_value());
      CHECK(read->betting == betting);
      CHECK(read->hole_cards == row.hole_cards);
    }
  }
  CHECK(codes == std::set<std::string_view>{"NT", "PT", "FT", "NO", "PO", "FO"});
  CHECK(std::string(variant_code_list()) == "NT, PT, FT, NO, PO, FO");
  CHECK_FALSE(rules_of_variant_code("FO/8").has_value());
  CHECK_FALSE(rules_of_variant_code("").has_value());
}

TEST_CASE("V4 only NT, PO and FT are the PHH specification's codes, and no-limit Omaha is sngsim's NO", "[game][phh]") {
  CHECK(variant_code(rules_of(GameKind::kOmaha, BettingStructure::kNoLimit)) == "NO");
  std::set<std::string_view> standard;
  for (const GameDefinition& row : kGames) {
    for (const BettingStructure betting : kAllBetting) {
      const GameRules rules = rules_of(row.game, betting);
      if (is_standard_variant_code(rules)) standard.insert(variant_code(rules));
    }
  }
  CHECK(standard == std::set<std::string_view>{"NT", "PO", "FT"});
}

}  // namespace sngsim
