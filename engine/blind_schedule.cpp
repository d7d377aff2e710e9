#include "engine/blind_schedule.h"

#include <algorithm>

namespace sngsim {

BlindSchedule BlindSchedule::standard(int hands_per_level) {
  return BlindSchedule({{10, 20, 0},
                        {15, 30, 0},
                        {25, 50, 0},
                        {50, 100, 0},
                        {75, 150, 0},
                        {100, 200, 0},
                        {150, 300, 0},
                        {200, 400, 0},
                        {300, 600, 0},
                        {500, 1000, 0}},
                       hands_per_level);
}

BlindLevel BlindSchedule::level(int level_number) const {
  if (levels_.empty()) return {};
  const auto index = static_cast<std::size_t>(std::max(level_number, 1) - 1);
  if (index < levels_.size()) return levels_[index];
  BlindLevel doubled = levels_.back();
  // Doubling saturates long before overflow: a 62nd doubling is never reached
  // by a capped tournament, but a custom cap might be huge.
  for (std::size_t i = levels_.size() - 1; i < index && doubled.big_blind < (Chips{1} << 52); ++i) {
    doubled.small_blind *= 2;
    doubled.big_blind *= 2;
    doubled.ante *= 2;
  }
  return doubled;
}

}  // namespace sngsim
