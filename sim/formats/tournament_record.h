#pragma once
// What one finished tournament contributes to the statistics: small, fixed
// size, no allocation (the fault replies are empty strings but after a
// fault), so millions can stream through the accumulators.

#include <array>
#include <cstdint>
#include <string>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/formats/fault_counts.h"

namespace sngsim {

// The outcomes the luck estimator adjusts (sim/formats/runout_luck.h), in
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

struct TournamentRecord {
  std::int64_t index = 0;  // tournament number within its cell
  int seats = 0;           // players at the table
  // Per seat (0..seats-1):
  // Index into the cell's distinct labels (a league's up to 500 entrants).
  std::array<std::int16_t, kMaxPlayers> label{};
  std::array<Placement, kMaxPlayers> placement{};      // R20..R22
  std::array<Chips, kMaxPlayers> final_chips{};        // 0 for eliminated players
  std::array<std::int16_t, kMaxPlayers> bust_hand{};   // hand number of elimination, 0 if never
  std::array<FaultCounts, kMaxPlayers> faults{};       // V5: rejected or failed decisions
  // The hand of each seat's first fault (0: none), its reason and the reply
  // behind it (Strategy::fault_reply: escaped, cut; empty for most).
  std::array<std::int16_t, kMaxPlayers> first_fault_hand{};
  std::array<FaultReason, kMaxPlayers> first_fault_reason{};
  std::array<std::string, kMaxPlayers> first_fault_reply{};
  int hands = 0;          // hands played
  int level_reached = 1;  // blind level of the last hand
  bool capped = false;    // ended by the hand cap (R21)
  // Cell::adjust_luck only (else zeros): per seat, the sum over the
  // tournament's all-in run-outs of V(after) - E[V(after) | before], in
  // kLuckUnit; the adjusted outcome is the raw one minus this.
  std::array<LuckTerms, kMaxPlayers> luck{};
};

}  // namespace sngsim
