#pragma once
// How many tournaments a comparison needs (`sngsim plan`): from a pilot
// cell played with duplicate seating and adjust_luck, the tournaments for a
// 95% interval of full width W on label A's mean less label B's, under four
// designs: random seating or duplicate seating, each raw or luck-adjusted.
//
// The pilot measures every design at once. Its tournaments, taken one by
// one, are dealt and seated as random seating deals and seats them
// (sim/stats/label_difference.h, effective_sample_gain), so their
// per-tournament differences D (sim/stats/paired_stats.h) have random
// seating's variance; its groups give duplicate seating's. With sd the
// standard deviation of one unit's difference (a tournament, or a group of
// G tournaments) in the metric, a unit count n gives the half-width
// z * sd / sqrt(n), so
//   n = ceil((2 * z * sd / W)^2), tournaments = n * G (G = 1 for random),
// z = 1.96 (the normal quantile: the counts are large; Student t would add
// a tournament or two). The counts inherit the pilot's error: the variance
// of k units is known to about sqrt(2 / (k - 1)) of itself for normal
// differences, more for heavy-tailed ones (relative_error).

#include <array>
#include <cstdint>
#include <optional>

#include "sim/config/metric.h"
#include "sim/stats/cell_stats.h"

namespace sngsim {

enum class PlanDesign : std::uint8_t { kRandomRaw, kRandomAdjusted, kDuplicateRaw, kDuplicateAdjusted };
inline constexpr int kPlanDesignCount = 4;
constexpr const char* plan_design_name(PlanDesign design) {
  return design == PlanDesign::kRandomRaw        ? "random, raw"
         : design == PlanDesign::kRandomAdjusted ? "random, adjusted"
         : design == PlanDesign::kDuplicateRaw   ? "duplicate, raw"
                                                 : "duplicate, adjusted";
}

struct PlanRow {
  // The standard deviation of one tournament's worth of difference: sd per
  // unit * sqrt(G) for duplicate groups, so the rows compare directly.
  std::optional<double> sd_per_tournament;
  std::optional<std::int64_t> tournaments;  // needed for the width; null without variance
};

struct SamplePlan {
  std::optional<double> raw_estimate;  // the pilot's A - B
  std::optional<double> adjusted_estimate;
  std::array<PlanRow, kPlanDesignCount> rows;  // [PlanDesign]
  std::int64_t pilot_tournaments = 0;
  std::int64_t pilot_groups = 0;
  std::int64_t group_size = 1;
  std::optional<double> relative_error;  // of the tournament counts, from the group count (above)
};

// Precondition: `stats` is of a duplicate sit-and-go cell with adjust_luck,
// a != b labels of it, width > 0.
SamplePlan plan_difference(const CellStats& stats, int a, int b, Metric metric, double width);

// The normal-theory count of units for an interval of full width `width`
// at 95% given one unit's standard deviation.
std::int64_t units_for_width(double sd, double width);

}  // namespace sngsim
