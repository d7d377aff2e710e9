#include "sim/luck/luck_value.h"

#include <algorithm>
#include <cmath>

#include "poker_math/icm.h"

namespace sngsim {

PlaceValues sit_and_go_place_values(const std::vector<int>& payout_percent, int players) {
  PlaceValues values{};
  for (int k = 0; k < players && k < kMaxPlayers; ++k) {
    const int percent =
        static_cast<std::size_t>(k) < payout_percent.size() ? payout_percent[static_cast<std::size_t>(k)] : 0;
    auto& v = values[static_cast<std::size_t>(k)];
    v[static_cast<std::size_t>(LuckMetric::kPrize)] = percent;
    v[static_cast<std::size_t>(LuckMetric::kWin)] = k == 0 ? 1.0 : 0.0;
    v[static_cast<std::size_t>(LuckMetric::kItm)] = percent > 0 ? 1.0 : 0.0;
    v[static_cast<std::size_t>(LuckMetric::kPlace)] = k + 1;
  }
  return values;
}

LuckValue::LuckValue(const Cell& cell) : LuckValue(sit_and_go_place_values(cell.payouts.percent, cell.rules.players)) {}

void LuckValue::of_stacks(const Tournament& tournament, std::span<const Chips, kMaxPlayers> after,
                          LuckValues& value) const {
  const int n = tournament.seat_count();
  std::array<int, kMaxPlayers> survivors{};
  std::array<double, kMaxPlayers> survivor_stacks{};
  std::array<int, kMaxPlayers> busted{};
  int left = 0;
  int busted_count = 0;
  for (int seat = 0; seat < n; ++seat) {
    if (!tournament.is_alive(seat)) continue;  // alive at the hand's start
    if (after[static_cast<std::size_t>(seat)] > 0) {
      survivor_stacks[static_cast<std::size_t>(left)] = static_cast<double>(after[static_cast<std::size_t>(seat)]);
      survivors[static_cast<std::size_t>(left++)] = seat;
    } else {
      busted[static_cast<std::size_t>(busted_count++)] = seat;
    }
  }
  // place[i * kMaxPlayers + k]: chance that the i-th seat of this hand's
  // field (survivors, then the busted) finishes in place k + 1.
  std::array<double, kMaxPlayers * kMaxPlayers> distribution{};
  std::array<double, kMaxPlayers * kMaxPlayers> place{};
  icm_place_distribution(std::span<const double>(survivor_stacks.data(), static_cast<std::size_t>(left)),
                         std::span<double>(distribution.data(), static_cast<std::size_t>(left * left)));
  for (int i = 0; i < left; ++i) {
    for (int k = 0; k < left; ++k) {
      place[static_cast<std::size_t>(i * kMaxPlayers + k)] = distribution[static_cast<std::size_t>(i * left + k)];
    }
  }
  // R20: the busted below the survivors, the bigger starting stack better,
  // equal ones sharing the places they cover.
  std::sort(busted.begin(), busted.begin() + busted_count,
            [&](int a, int b) { return tournament.stack_at_hand_start(a) > tournament.stack_at_hand_start(b); });
  for (int i = 0; i < busted_count;) {
    int j = i + 1;
    while (j < busted_count && tournament.stack_at_hand_start(busted[static_cast<std::size_t>(j)]) ==
                                   tournament.stack_at_hand_start(busted[static_cast<std::size_t>(i)])) {
      ++j;
    }
    for (int b = i; b < j; ++b) {
      for (int k = left + i; k < left + j; ++k) {
        place[static_cast<std::size_t>((left + b) * kMaxPlayers + k)] = 1.0 / (j - i);
      }
    }
    i = j;
  }
  value = LuckValues{};
  for (int i = 0; i < left + busted_count; ++i) {
    const int seat = i < left ? survivors[static_cast<std::size_t>(i)] : busted[static_cast<std::size_t>(i - left)];
    auto& v = value[static_cast<std::size_t>(seat)];
    for (int k = 0; k < left + busted_count; ++k) {
      const double p = place[static_cast<std::size_t>(i * kMaxPlayers + k)];
      const auto& worth = place_values_[static_cast<std::size_t>(k)];
      for (std::size_t m = 0; m < kLuckMetricCount; ++m) v[m] += p * worth[m];
    }
  }
}

std::array<Chips, kMaxPlayers> LuckValue::stacks_after(const Tournament& tournament, const HandSetup& setup,
                                                       std::span<const Chips, kMaxPlayers> contributed,
                                                       std::span<const Chips, kMaxPlayers> winnings) {
  std::array<Chips, kMaxPlayers> after{};
  for (int seat = 0; seat < tournament.seat_count(); ++seat)
    after[static_cast<std::size_t>(seat)] = tournament.stack(seat);
  for (int p = 0; p < setup.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    after[static_cast<std::size_t>(setup.seats[i])] = setup.stacks[i] - contributed[i] + winnings[i];
  }
  return after;
}

void add_luck_terms(std::array<LuckTerms, kMaxPlayers>& luck, const LuckValues& after, const LuckValues& before) {
  for (std::size_t s = 0; s < kMaxPlayers; ++s) {
    for (std::size_t m = 0; m < kLuckMetricCount; ++m) {
      luck[s][m] += std::llround((after[s][m] - before[s][m]) * static_cast<double>(kLuckUnit));
    }
  }
}

}  // namespace sngsim
