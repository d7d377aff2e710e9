#include "engine/game_rules.h"

namespace sngsim {

const char* betting_name(BettingStructure betting) {
  switch (betting) {
    case BettingStructure::kNoLimit: return "no-limit";
    case BettingStructure::kPotLimit: return "pot-limit";
    case BettingStructure::kFixedLimit: return "fixed-limit";
  }
  return "?";
}

std::optional<BettingStructure> parse_betting(std::string_view name) {
  if (name == "no-limit" || name == "nl") return BettingStructure::kNoLimit;
  if (name == "pot-limit" || name == "pl") return BettingStructure::kPotLimit;
  if (name == "fixed-limit" || name == "limit" || name == "fl") return BettingStructure::kFixedLimit;
  return std::nullopt;
}

}  // namespace sngsim
