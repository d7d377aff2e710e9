#pragma once
// The parts of a poker game that are data rather than code (RULES V4): how
// many hole cards, and how bets are sized.

#include <cstdint>
#include <optional>
#include <string_view>

namespace sngsim {

// Chips are integers everywhere (RULES R17: odd chips are whole chips).
using Chips = std::int64_t;

enum class BettingStructure : std::uint8_t {
  kNoLimit,     // R11: any amount up to the stack
  kPotLimit,    // V1: at most the size of the pot
  kFixedLimit,  // V2: fixed small/big bet, one bet and three raises a round
};

struct GameRules {
  BettingStructure betting = BettingStructure::kNoLimit;
  int hole_cards = 2;  // 2 hold'em, 4 Omaha (R7, R16)
};

const char* betting_name(BettingStructure betting);
std::optional<BettingStructure> parse_betting(std::string_view name);

}  // namespace sngsim
