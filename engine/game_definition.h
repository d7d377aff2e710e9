#pragma once
// The games sngsim deals, as data (RULES R7, R16, V4): one row per game with
// everything that differs between them, and the codes each game goes by
// outside the engine (hand histories, the bot protocol, the plug-in ABI).
// A variant is a game of this table plus a betting structure (GameRules).
// Code that needs to know which game it deals asks here (is_omaha,
// game_of); nothing else compares a count of hole cards with a number.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/game_rules.h"

namespace sngsim {

enum class GameKind : std::uint8_t { kHoldem, kOmaha };

// How a player's hand is valued at the showdown (R16; engine/evaluator.h).
enum class ShowdownEvaluator : std::uint8_t {
  kBestFiveOfSeven,        // hold'em: the best five of hole cards and board
  kTwoHolePlusThreeBoard,  // Omaha: exactly two hole cards and three board cards
};

struct GameDefinition {
  GameKind game;
  std::string_view name;   // the config's `table.game` value
  std::string_view title;  // for people: "Hold'em"
  int hole_cards;          // dealt to each player (R7); also the plug-in ABI's hole_card_count
  int deck_size;           // cards in the deck (R7)
  ShowdownEvaluator evaluator;
  // The PHH variant code of each betting structure, in BettingStructure
  // order; the bot protocol sends the same codes (docs/bot-protocol.md).
  // PHH's specification names NT, PO and FT; the others follow its pattern
  // (betting letter, game letter), and only sngsim reads them
  // (docs/output-format.md).
  std::array<std::string_view, 3> variant_codes;
  // Which of them the PHH specification defines (pokerkit reads only those).
  std::array<bool, 3> variant_code_is_standard;
  // The betting structures a config may pair with this game, in
  // BettingStructure order.
  std::array<bool, 3> betting_allowed;
};

inline constexpr std::array<GameDefinition, 2> kGames{{
    {GameKind::kHoldem,
     "holdem",
     "Hold'em",
     2,
     52,
     ShowdownEvaluator::kBestFiveOfSeven,
     {"NT", "PT", "FT"},
     {true, false, true},
     {true, true, true}},
    {GameKind::kOmaha,
     "omaha",
     "Omaha",
     4,
     52,
     ShowdownEvaluator::kTwoHolePlusThreeBoard,
     {"NO", "PO", "FO"},
     {false, true, false},
     {true, true, true}},
}};

constexpr const GameDefinition& game_definition(GameKind game) { return kGames[static_cast<std::size_t>(game)]; }

// The game of a config's `table.game` name ("holdem", "omaha").
constexpr std::optional<GameKind> find_game(std::string_view name) {
  for (const GameDefinition& row : kGames) {
    if (row.name == name) return row.game;
  }
  return std::nullopt;
}

// The game that deals `hole_cards` cards (GameRules keeps the count, which
// the hot loops use); nullopt for a count no game deals.
constexpr std::optional<GameKind> find_game_by_hole_cards(int hole_cards) {
  for (const GameDefinition& row : kGames) {
    if (row.hole_cards == hole_cards) return row.game;
  }
  return std::nullopt;
}

// The game of a count of hole cards that is known to be valid (every
// GameRules is): hold'em for anything that is not a row's count.
constexpr GameKind game_of(int hole_cards) { return find_game_by_hole_cards(hole_cards).value_or(GameKind::kHoldem); }
constexpr const GameDefinition& game_definition(const GameRules& rules) {
  return game_definition(game_of(rules.hole_cards));
}

constexpr bool is_omaha(int hole_cards) { return hole_cards == game_definition(GameKind::kOmaha).hole_cards; }
constexpr bool is_holdem(int hole_cards) { return hole_cards == game_definition(GameKind::kHoldem).hole_cards; }

// The rules of a game and betting structure.
constexpr GameRules rules_of(GameKind game, BettingStructure betting) {
  return {betting, game_definition(game).hole_cards};
}

// The variant code (PHH, bot protocol) of `rules`: "NT", "PO", "FT", ...
std::string_view variant_code(const GameRules& rules);
// Whether PHH's specification defines that code (pokerkit reads only those).
bool is_standard_variant_code(const GameRules& rules);
// The rules a variant code stands for; nullopt for a code of no row.
std::optional<GameRules> rules_of_variant_code(std::string_view code);
// Every code of the table, comma-separated, for messages: "NT, PT, FT, NO, PO, FO".
std::string_view variant_code_list();

}  // namespace sngsim
