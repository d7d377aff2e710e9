#pragma once
// The integer units the statistics count places and prizes in (RULES R22).
//
// Shared places are split in whole units: a player sharing `count` places
// adds kShareUnit / count to each covered place, and kShareUnit is divisible
// by every possible count. Prizes are kept in units of
// pool / (100 * kShareUnit), so a shared prize (the average of the covered
// places' percentages) is an integer too.

#include <cstdint>
#include <numeric>

#include "engine/tournament.h"

namespace sngsim {

namespace detail {
constexpr std::int64_t lcm_up_to(int n) {
  std::int64_t l = 1;
  for (int i = 2; i <= n; ++i) l = std::lcm(l, std::int64_t{i});
  return l;
}
}  // namespace detail

// One tournament's worth of a place, in share units. lcm(1..kMaxPlayers)
// (2520 for nine seats; 60 would do for RULES R1's six) so that any number
// of tied players splits it exactly.
inline constexpr std::int64_t kShareUnit = detail::lcm_up_to(kMaxPlayers);

// payouts.icm_at_cap (V6; kept unless it is `false`): prizes valued with the ICM at the hand cap are
// kept in units of pool / (100 * kShareUnit * kIcmScale), about 4e-10 of the
// pool. An exact prize (prize_units) is prize_units * kIcmScale of them; a
// capped survivor's ICM value (strategies/icm, Malmuth-Harville over the
// survivors and the places they cover) is rounded to the nearest unit, half
// away from zero, seat by seat, so the sum is exact integers whatever the
// thread split (a tournament's survivors may sum to a few units more or less
// than the prizes they cover).
inline constexpr std::int64_t kIcmScale = 10'000;

}  // namespace sngsim
