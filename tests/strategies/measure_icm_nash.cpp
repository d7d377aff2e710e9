// Not a test: the measurements docs/strategies.md quotes for icm_nash (solve
// time and exploitability of the bot's solver settings, re-evaluated with
// the solver's default 2^20 sampled deals, and the cost of bucketing).
// Hidden from the default run; run it with
//   build/sngsim_tests "[.icm_nash_measure]" -s
// Spots: every stack uniform in 2..25 bb (seeded), blinds 0.5/1, no ante,
// payouts 50/30/20, the first player to act opens; 12 spots per player count.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/rng.h"
#include "poker_math/icm_spot_cache.h"

namespace sngsim {

TEST_CASE("icm_nash measurements: solve cost, exploitability, bucketing", "[.icm_nash_measure]") {
  constexpr int kSpots = 12;
  constexpr int kLarge = 1 << 20;
  const IcmNashSolveSettings settings;
  CounterRng rng(0x1C3A'3EA5);
  std::printf(
      "players  grid  spots  cpu_s_median  cpu_s_max  iterations_median  gain_own_max  gain_2^20_median  "
      "gain_2^20_max  bucketed_at_real_median  bucketed_at_real_max   (gains: %% of the pool, worst player)\n");
  for (int n = 2; n <= 6; ++n) {
    std::vector<double> cpu, iters, own, large, bucket;
    for (int s = 0; s < kSpots; ++s) {
      std::vector<double> stacks;
      for (int p = 0; p < n; ++p) stacks.push_back(2.0 + 23.0 * rng.uniform());
      const PushFoldSpot real = PushFoldSpot::standard(stacks, 0.5, 1.0, 0.0, {50, 30, 20});
      const PushFoldSpot bucketed = bucket_icm_spot(real, settings);
      const std::clock_t start = std::clock();
      const IcmPushFoldSolution solved = solve_icm_push_fold(bucketed, settings.options_for(n));
      cpu.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
      iters.push_back(solved.iterations);
      own.push_back(solved.evaluation.max_gain());
      large.push_back(evaluate_push_fold(bucketed, solved.allin, kLarge).max_gain());
      bucket.push_back(evaluate_push_fold(real, solved.allin, kLarge).max_gain());
    }
    const auto median = [](std::vector<double> v) {
      std::sort(v.begin(), v.end());
      return (v[v.size() / 2] + v[(v.size() - 1) / 2]) / 2.0;
    };
    const auto most = [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); };
    std::printf("%7d  %4.1f  %5d  %12.3f  %9.3f  %17.0f  %12.4f  %16.4f  %13.4f  %23.4f  %20.4f\n", n,
                settings.grid_for(n), kSpots, median(cpu), most(cpu), median(iters), most(own), median(large),
                most(large), median(bucket), most(bucket));
    std::fflush(stdout);
  }
}

}  // namespace sngsim
