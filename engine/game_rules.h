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

// V10: the house's share of each pot at a cash table. Data, not code: the
// hand takes it from the pot after uncalled bets went back (R14) and before
// the awards. Tournaments keep the default, no rake.
struct RakeRule {
  int hundredths_percent = 0;   // 0..1000: 500 is 5% of the pot, floored to whole chips
  Chips cap = 0;                // the most taken from one hand; 0 for no cap
  bool no_flop_no_drop = true;  // a hand that ends before the flop pays nothing
  bool operator==(const RakeRule&) const = default;
};

inline constexpr int kMaxRakeHundredthsPercent = 1000;  // V10: at most 10%

const char* betting_name(BettingStructure betting);
std::optional<BettingStructure> parse_betting(std::string_view name);

}  // namespace sngsim
