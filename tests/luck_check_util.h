#pragma once
// Checks shared by the luck-adjustment tests (sit-and-go and shoot-out).

#include <catch2/catch.hpp>

#include "sim/config/experiment.h"
#include "sim/run/runner.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/luck_summary.h"

namespace sngsim::testing {

inline RunOptions on_threads(int threads) {
  RunOptions options;
  options.threads = threads;
  return options;
}

// Every label's mean luck, for every metric, is zero within `standard_errors`
// of its interval's standard errors (a 95% half-width is 1.96 of them; with
// many labels and metrics some 95% intervals miss by chance).
inline void check_mean_luck_is_zero(const CellStats& stats, const Payouts& payouts, double standard_errors) {
  REQUIRE(stats.luck() != nullptr);
  for (int label = 0; label < stats.label_count(); ++label) {
    const LuckSummary summary = summarize_luck(stats, label, payouts);
    for (const AdjustedMetric* metric : {&summary.roi, &summary.win_rate, &summary.itm_rate, &summary.mean_place}) {
      REQUIRE(metric->mean_luck_ci95);
      const double half = (metric->mean_luck_ci95->hi - metric->mean_luck_ci95->lo) / 2;
      INFO("label " << stats.labels()[static_cast<std::size_t>(label)] << " mean luck " << *metric->mean_luck);
      CHECK(std::abs(*metric->mean_luck) < half * standard_errors / 1.96);
    }
  }
}

}  // namespace sngsim::testing
