#pragma once
// Blind levels as data (RULES R4, V3). The schedule is a list of levels; a
// tournament that outlives the list doubles the last level's blinds and
// ante at every further level, as R4 does after 500/1000.

#include <cstdint>
#include <vector>

#include "engine/game_rules.h"

namespace sngsim {

struct BlindLevel {
  Chips small_blind = 0;
  Chips big_blind = 0;
  Chips ante = 0;  // per player, posted before the blinds (V3)
  constexpr bool operator==(const BlindLevel&) const = default;
};

class BlindSchedule {
 public:
  BlindSchedule() = default;
  BlindSchedule(std::vector<BlindLevel> levels, int hands_per_level)
      : levels_(std::move(levels)), hands_per_level_(hands_per_level) {}

  // R4: 10/20 .. 500/1000, then doubling; a new level every 6 hands
  // (normal) or 4 (turbo).
  static BlindSchedule standard(int hands_per_level);

  // Level number (1-based) of a hand number (1-based).
  int level_of_hand(int hand_number) const { return (hand_number - 1) / hands_per_level_ + 1; }
  BlindLevel level(int level_number) const;
  int hands_per_level() const { return hands_per_level_; }
  const std::vector<BlindLevel>& levels() const { return levels_; }

 private:
  std::vector<BlindLevel> levels_;
  int hands_per_level_ = 6;
};

inline constexpr int kNormalHandsPerLevel = 6;
inline constexpr int kTurboHandsPerLevel = 4;

}  // namespace sngsim
