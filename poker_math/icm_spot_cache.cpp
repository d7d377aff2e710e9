#include "poker_math/icm_spot_cache.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>

#include "poker_math/hand_classes.h"
#include "poker_math/starting_hands.h"

namespace sngsim {

namespace {

// Exact to a millionth of a big blind (or payout unit): the key of values
// that are equal for the solver.
std::int64_t key_part(double value) { return std::llround(value * 1e6); }

std::vector<std::int64_t> key_of(const PushFoldSpot& spot, const PushFoldOptions& options) {
  std::vector<std::int64_t> key;
  key.reserve(4 * spot.stacks.size() + 5);
  key.push_back(spot.players());
  key.push_back(spot.first_to_act);
  key.push_back(key_part(options.target_exploitability));
  key.push_back(options.max_iterations);
  key.push_back(options.multiway_samples);
  for (const auto* values : {&spot.stacks, &spot.blinds, &spot.antes, &spot.payouts}) {
    for (const double v : *values) key.push_back(key_part(v));
  }
  return key;
}

struct Cache {
  std::mutex mutex;
  std::map<std::vector<std::int64_t>, std::shared_ptr<const SolvedIcmSpot>> spots;
  std::atomic<std::int64_t> solves{0};
};

Cache& cache() {
  static Cache instance;
  return instance;
}

// Class numbers from the strongest to the weakest (starting_hands.h's
// percentile, equal ones by class number).
const std::array<int, kHandClassCount>& strength_order() {
  static const std::array<int, kHandClassCount> order = [] {
    std::array<int, kHandClassCount> o{};
    std::iota(o.begin(), o.end(), 0);
    std::stable_sort(o.begin(), o.end(), [](int a, int b) { return holdem_percentile(a) < holdem_percentile(b); });
    return o;
  }();
  return order;
}

}  // namespace

PushFoldOptions IcmNashSolveSettings::options_for(int players) const {
  PushFoldOptions o;
  o.max_iterations = max_iterations;
  o.target_exploitability = players >= 4 ? target_large : target_small;
  o.multiway_samples = players >= 4 ? samples_large : samples_small;
  return o;
}

int SolvedIcmSpot::find(const PushFoldNode& node) const {
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (nodes[k] == node) return static_cast<int>(k);
  }
  return -1;
}

PushFoldSpot bucket_icm_spot(const PushFoldSpot& spot, const IcmNashSolveSettings& settings) {
  PushFoldSpot bucketed = spot;
  const double grid = settings.grid_for(spot.players());
  if (grid <= 0.0) return bucketed;
  for (std::size_t i = 0; i < bucketed.stacks.size(); ++i) {
    const double rounded = std::round(spot.stacks[i] / grid) * grid;
    // Never round a player into being all-in by posting.
    if (rounded > spot.blinds[i] + spot.antes[i]) bucketed.stacks[i] = rounded;
  }
  return bucketed;
}

std::shared_ptr<const SolvedIcmSpot> solved_icm_spot(const PushFoldSpot& bucketed,
                                                     const IcmNashSolveSettings& settings) {
  const PushFoldOptions options = settings.options_for(bucketed.players());
  std::vector<std::int64_t> key = key_of(bucketed, options);
  Cache& c = cache();
  {
    const std::lock_guard lock(c.mutex);
    const auto found = c.spots.find(key);
    if (found != c.spots.end()) return found->second;
  }
  // Solved outside the lock: other threads keep playing their own spots.
  const IcmPushFoldSolution solution = solve_icm_push_fold(bucketed, options);
  ++c.solves;
  auto solved = std::make_shared<SolvedIcmSpot>();
  solved->nodes = solution.nodes;
  solved->allin = solution.allin;
  solved->reach = solution.evaluation.reach;
  const std::lock_guard lock(c.mutex);
  if (c.spots.size() >= kIcmSpotCacheLimit) c.spots.clear();
  // A copy another thread stored meanwhile has the same bits; keep it.
  return c.spots.emplace(std::move(key), std::move(solved)).first->second;
}

std::size_t icm_spot_cache_size() {
  const std::lock_guard lock(cache().mutex);
  return cache().spots.size();
}

std::int64_t icm_spot_solves() { return cache().solves.load(); }

void clear_icm_spot_cache() {
  const std::lock_guard lock(cache().mutex);
  cache().spots.clear();
}

ClassWeights scale_range(const ClassWeights& allin, double scale) {
  if (scale == 1.0) return allin;
  ClassWeights out = allin;
  double combos = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) combos += allin[static_cast<std::size_t>(c)] * hand_class_combo_count(c);
  const double target = std::clamp(scale * combos, 0.0, static_cast<double>(kHoldemComboCount));
  if (target == 0.0) return ClassWeights{};
  if (target == static_cast<double>(kHoldemComboCount)) {
    out.fill(1.0);
    return out;
  }
  const auto& order = strength_order();
  if (target > combos) {
    double extra = target - combos;
    for (int i = 0; i < kHandClassCount && extra > 0.0; ++i) {
      const auto c = static_cast<std::size_t>(order[static_cast<std::size_t>(i)]);
      const double n = hand_class_combo_count(static_cast<int>(c));
      const double room = (1.0 - out[c]) * n;
      if (room <= extra) {
        out[c] = 1.0;  // exactly: the class is all in
        extra -= room;
      } else {
        out[c] += extra / n;
        extra = 0.0;
      }
    }
  } else {
    double cut = combos - target;
    for (int i = kHandClassCount - 1; i >= 0 && cut > 0.0; --i) {
      const auto c = static_cast<std::size_t>(order[static_cast<std::size_t>(i)]);
      const double n = hand_class_combo_count(static_cast<int>(c));
      const double have = out[c] * n;
      if (have <= cut) {
        out[c] = 0.0;  // exactly: the class is out
        cut -= have;
      } else {
        out[c] -= cut / n;
        cut = 0.0;
      }
    }
  }
  return out;
}

}  // namespace sngsim
