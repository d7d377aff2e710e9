#include "sim/config/league_schedule.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "engine/rng.h"

namespace sngsim {

namespace {

// Streams of the schedule's key.
constexpr std::uint64_t kPlacesStream = 1;
constexpr std::uint64_t kBlockOrderStream = 2;
constexpr std::uint64_t kRoundStream = 3;

std::int64_t binomial(int n, int k) {
  std::int64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

// A seeded Fisher-Yates shuffle.
template <typename T>
void shuffle(std::vector<T>& items, CounterRng rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(i)));
    std::swap(items[i - 1], items[j]);
  }
}

std::vector<std::int16_t> complete_design(int entrants, int seats) {
  std::vector<std::int16_t> blocks;
  std::vector<int> pick(static_cast<std::size_t>(seats));
  std::iota(pick.begin(), pick.end(), 0);
  while (true) {
    for (const int e : pick) blocks.push_back(static_cast<std::int16_t>(e));
    int i = seats - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == entrants - seats + i) --i;
    if (i < 0) break;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < seats; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
  return blocks;
}

std::vector<std::int16_t> cyclic_design(const DifferenceFamily& family) {
  std::vector<std::int16_t> blocks;
  for (const auto& base : family.base_blocks) {
    for (int shift = 0; shift < family.entrants; ++shift) {
      for (const int x : base) blocks.push_back(static_cast<std::int16_t>((x + shift) % family.entrants));
    }
  }
  return blocks;
}

// The balanced random design described in the header.
std::vector<std::int16_t> balanced_random_design(int entrants, int seats, std::uint64_t key) {
  // Rounds for every pair to meet about lambda times: lambda 4, or less
  // where the choice sets would pass kMaxCompleteChoiceSets (1 at least).
  const std::int64_t sets_per_block = (std::int64_t{1} << seats) - seats - 1;
  int rounds = 1;
  for (int lambda = 4; lambda >= 1; --lambda) {
    rounds = std::max(1, (lambda * (entrants - 1) + seats - 2) / (seats - 1));
    while ((static_cast<std::int64_t>(rounds) * entrants) % seats != 0) ++rounds;
    if (static_cast<std::int64_t>(rounds) * entrants / seats * sets_per_block <= kMaxCompleteChoiceSets) break;
  }
  const auto n = static_cast<std::size_t>(entrants);
  std::vector<std::int32_t> met(n * n, 0);
  std::vector<std::int16_t> blocks;
  struct Waiting {
    int entrant;
    int round;
  };
  std::vector<Waiting> waiting;  // in round order, each round in its drawn order
  int drawn = 0;
  const auto draw_round = [&] {
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    shuffle(order, CounterRng(derive_key(derive_key(key, kRoundStream), static_cast<std::uint64_t>(drawn))));
    for (const int e : order) waiting.push_back({e, drawn});
    ++drawn;
  };
  const std::int64_t total = static_cast<std::int64_t>(rounds) * entrants / seats;
  std::vector<int> table;
  for (std::int64_t b = 0; b < total; ++b) {
    table.clear();
    while (static_cast<int>(table.size()) < seats) {
      // Candidates: the waiting entrants of the earliest round with one not
      // at this table yet. The table's first member is the first of them;
      // each next one the candidate who met the table least (the first such).
      std::size_t best = waiting.size();
      std::int64_t best_met = 0;
      int round = -1;
      for (std::size_t c = 0; c < waiting.size(); ++c) {
        const int e = waiting[c].entrant;
        if (round >= 0 && waiting[c].round != round) break;
        if (std::find(table.begin(), table.end(), e) != table.end()) continue;
        round = waiting[c].round;
        std::int64_t sum = 0;
        for (const int t : table) sum += met[static_cast<std::size_t>(e) * n + static_cast<std::size_t>(t)];
        if (best == waiting.size() || sum < best_met) {
          best = c;
          best_met = sum;
        }
        if (table.empty()) break;
      }
      if (best == waiting.size()) {
        draw_round();
        continue;
      }
      const int chosen = waiting[best].entrant;
      waiting.erase(waiting.begin() + static_cast<std::ptrdiff_t>(best));
      for (const int t : table) {
        ++met[static_cast<std::size_t>(chosen) * n + static_cast<std::size_t>(t)];
        ++met[static_cast<std::size_t>(t) * n + static_cast<std::size_t>(chosen)];
      }
      table.push_back(chosen);
    }
    for (const int e : table) blocks.push_back(static_cast<std::int16_t>(e));
  }
  return blocks;
}

}  // namespace

const std::vector<DifferenceFamily>& difference_families() {
  // Each checked by tests/sim/league/test_league_schedule.cpp.
  static const std::vector<DifferenceFamily> families = {
      {7, 3, 1, {{0, 1, 3}}},
      {13, 3, 1, {{0, 1, 4}, {0, 2, 7}}},
      {19, 3, 1, {{0, 1, 4}, {0, 2, 9}, {0, 5, 11}}},
      {13, 4, 1, {{0, 1, 3, 9}}},
      {21, 5, 1, {{0, 1, 4, 14, 16}}},
      {41, 5, 1, {{0, 1, 4, 11, 29}, {0, 2, 8, 17, 22}}},
      {11, 5, 2, {{1, 3, 4, 5, 9}}},
      {31, 6, 1, {{0, 1, 3, 8, 12, 18}}},
      {11, 6, 3, {{0, 2, 6, 7, 8, 10}}},
  };
  return families;
}

LeagueTurn league_turn(int block_count, int seats, std::int64_t group_size, std::int64_t index) {
  LeagueTurn result;
  result.unit = index / group_size;
  result.block = static_cast<int>(result.unit % block_count);
  result.turn = static_cast<int>(group_size > 1 ? index % group_size : (result.unit / block_count) % seats);
  return result;
}

LeagueSchedule make_league_schedule(int entrants, int seats, std::uint64_t seed) {
  if (entrants < kMinLeagueEntrants || entrants > kMaxLeagueEntrants || seats < 2 || seats > 6 || seats > entrants) {
    throw std::invalid_argument("league schedule: " + std::to_string(entrants) + " entrants at tables of " +
                                std::to_string(seats));
  }
  LeagueSchedule schedule;
  schedule.entrants = entrants;
  schedule.seats = seats;
  const std::uint64_t key = derive_key(seed, 0x6c65616775650000ULL);  // "league"
  const auto family =
      std::find_if(difference_families().begin(), difference_families().end(),
                   [&](const DifferenceFamily& f) { return f.entrants == entrants && f.seats == seats; });
  const std::int64_t sets_per_block = (std::int64_t{1} << seats) - seats - 1;
  if (entrants == seats) {
    schedule.design = "single";
    schedule.blocks = complete_design(entrants, seats);
  } else if (family != difference_families().end()) {
    schedule.design = "cyclic";
    schedule.blocks = cyclic_design(*family);
  } else if (binomial(entrants, seats) * sets_per_block <= kMaxCompleteChoiceSets) {
    schedule.design = "complete";
    schedule.blocks = complete_design(entrants, seats);
  } else {
    schedule.design = "balanced-random";
    schedule.blocks = balanced_random_design(entrants, seats, key);
    return schedule;  // its rounds are drawn from the seed already
  }
  // Which entrant takes which place of the design, and the blocks' order.
  std::vector<std::int16_t> place(static_cast<std::size_t>(entrants));
  std::iota(place.begin(), place.end(), std::int16_t{0});
  shuffle(place, CounterRng(derive_key(key, kPlacesStream)));
  for (std::int16_t& e : schedule.blocks) e = place[static_cast<std::size_t>(e)];
  std::vector<int> order(static_cast<std::size_t>(schedule.block_count()));
  std::iota(order.begin(), order.end(), 0);
  shuffle(order, CounterRng(derive_key(key, kBlockOrderStream)));
  std::vector<std::int16_t> shuffled;
  shuffled.reserve(schedule.blocks.size());
  for (const int b : order) {
    for (int s = 0; s < seats; ++s) shuffled.push_back(schedule.blocks[static_cast<std::size_t>(b * seats + s)]);
  }
  schedule.blocks = std::move(shuffled);
  return schedule;
}

}  // namespace sngsim
