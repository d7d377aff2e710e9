#include "poker_math/icm.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

namespace sngsim {

std::vector<double> icm_equity(std::span<const double> stacks, std::span<const double> payouts) {
  const int n = static_cast<int>(stacks.size());
  assert(n <= 20);
  std::vector<double> equity(static_cast<std::size_t>(n), 0.0);
  int alive = 0;
  double total = 0.0;
  for (const double s : stacks) {
    alive += s > 0.0;
    total += std::max(0.0, s);
  }
  const auto prize = [&payouts](int place) {  // place 0 = first
    return place < static_cast<int>(payouts.size()) ? payouts[static_cast<std::size_t>(place)] : 0.0;
  };
  // reach[mask]: probability that exactly the players in `mask` took the top
  // popcount(mask) places. Only players with chips are placed this way.
  const int paid_by_chips = std::min<int>(alive, static_cast<int>(payouts.size()));
  std::vector<double> reach(std::size_t{1} << n, 0.0);
  std::vector<double> placed_chips(std::size_t{1} << n, 0.0);
  reach[0] = 1.0;
  for (std::size_t mask = 0; mask < reach.size(); ++mask) {
    const double p = reach[mask];
    const int place = std::popcount(mask);
    if (p == 0.0 || place >= paid_by_chips) continue;
    const double rest = total - placed_chips[mask];
    for (int i = 0; i < n; ++i) {
      const double s = stacks[static_cast<std::size_t>(i)];
      if ((mask >> i & 1u) != 0 || s <= 0.0) continue;
      const double q = p * s / rest;
      equity[static_cast<std::size_t>(i)] += q * prize(place);
      const std::size_t next = mask | (std::size_t{1} << i);
      reach[next] += q;
      placed_chips[next] = placed_chips[mask] + s;
    }
  }
  // Busted players share the places after the players with chips.
  const int busted = n - alive;
  if (busted > 0) {
    double shared = 0.0;
    for (int place = alive; place < n; ++place) shared += prize(place);
    for (int i = 0; i < n; ++i) {
      if (stacks[static_cast<std::size_t>(i)] <= 0.0) equity[static_cast<std::size_t>(i)] = shared / busted;
    }
  }
  return equity;
}

void icm_place_distribution(std::span<const double> stacks, std::span<double> out) {
  constexpr int kMaxPlaced = 9;  // 2^9 states on the stack, no allocation
  const int n = static_cast<int>(stacks.size());
  assert(n <= kMaxPlaced && out.size() >= static_cast<std::size_t>(n * n));
  std::fill(out.begin(), out.begin() + n * n, 0.0);
  // Only the 2^n states of this table are cleared: clearing all 2^9 of
  // both arrays was a tenth of the luck estimator's time at six players.
  std::array<double, std::size_t{1} << kMaxPlaced> reach;
  std::array<double, std::size_t{1} << kMaxPlaced> placed_chips;
  const std::size_t full = (std::size_t{1} << n) - 1;
  std::fill(reach.begin(), reach.begin() + static_cast<std::ptrdiff_t>(full + 1), 0.0);
  std::fill(placed_chips.begin(), placed_chips.begin() + static_cast<std::ptrdiff_t>(full + 1), 0.0);
  double total = 0.0;
  for (const double s : stacks) total += s;
  reach[0] = 1.0;
  for (std::size_t mask = 0; mask < full; ++mask) {
    const double p = reach[mask];
    if (p == 0.0) continue;
    const int place = std::popcount(mask);
    const double rest = total - placed_chips[mask];
    for (int i = 0; i < n; ++i) {
      if ((mask >> i & 1u) != 0) continue;
      const double s = stacks[static_cast<std::size_t>(i)];
      const double q = p * s / rest;
      out[static_cast<std::size_t>(i * n + place)] += q;
      const std::size_t next = mask | (std::size_t{1} << i);
      reach[next] += q;
      placed_chips[next] = placed_chips[mask] + s;
    }
  }
}

}  // namespace sngsim
