#include "engine/game_definition.h"

#include <string>

namespace sngsim {

namespace {

constexpr std::size_t index_of(BettingStructure betting) { return static_cast<std::size_t>(betting); }

constexpr std::array<BettingStructure, 3> kBettings{BettingStructure::kNoLimit, BettingStructure::kPotLimit,
                                                    BettingStructure::kFixedLimit};

}  // namespace

std::string_view variant_code(const GameRules& rules) {
  return game_definition(rules).variant_codes[index_of(rules.betting)];
}

bool is_standard_variant_code(const GameRules& rules) {
  return game_definition(rules).variant_code_is_standard[index_of(rules.betting)];
}

std::optional<GameRules> rules_of_variant_code(std::string_view code) {
  for (const GameDefinition& row : kGames) {
    for (const BettingStructure betting : kBettings) {
      if (row.variant_codes[index_of(betting)] == code) return rules_of(row.game, betting);
    }
  }
  return std::nullopt;
}

std::string_view variant_code_list() {
  static const std::string list = [] {
    std::string codes;
    for (const GameDefinition& row : kGames) {
      for (const std::string_view code : row.variant_codes) {
        if (!codes.empty()) codes += ", ";
        codes += code;
      }
    }
    return codes;
  }();
  return list;
}

}  // namespace sngsim
