#pragma once
// What the luck estimators of a sit-and-go measure (sim/luck/runout_luck.h,
// board_luck.h) and how it is kept: the metrics they adjust, the integer
// unit of a correction, and the value of each place at a table.

#include <array>
#include <cstdint>

#include "engine/hand.h"

namespace sngsim {

// The outcomes the luck estimator adjusts (sim/luck/runout_luck.h), in
// this order: the prize in percent of the pool, the share of first place,
// the share of paid places, the place (the mean of the covered places).
enum class LuckMetric : std::uint8_t { kPrize, kWin, kItm, kPlace };
inline constexpr int kLuckMetricCount = 4;
// Luck is kept in integers, kLuckUnit per 1.0 of a metric (1 percent of the
// pool, a whole win, a whole place): lcm(1..9) * 10,000, so that every raw
// outcome (kShareUnit, sim/stats/cell_stats.h) is a whole number of units
// and a correction is rounded to about 4e-8 of its metric.
inline constexpr std::int64_t kLuckUnit = 2520LL * 10'000;
using LuckTerms = std::array<std::int64_t, kLuckMetricCount>;  // [LuckMetric]
// What the luck estimator's V makes of each place at one table,
// [place - 1][LuckMetric]: the value of finishing it k-th. V of a seat is
// the sum over k of its chance to finish k-th times these.
using PlaceValues = std::array<std::array<double, kLuckMetricCount>, kMaxPlayers>;

}  // namespace sngsim
