#pragma once
// The summary.json cells of the formats other than sit-and-go (RULES V6
// shoot-outs, V7 cash tables); sim/summary dispatches to them. The keys are
// documented in sim/summary.h.

#include <cstddef>
#include <optional>

#include <nlohmann/json.hpp>

#include "sim/cell_stats.h"
#include "sim/experiment.h"
#include "sim/intervals.h"

namespace sngsim {

// Conversions every summary file shares: missing values become null, and
// exact integer ratios are rounded once, at the end.
inline nlohmann::json to_json(const std::optional<double>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}
inline nlohmann::json to_json(const std::optional<Interval>& interval) {
  return interval ? nlohmann::json::array({interval->lo, interval->hi}) : nlohmann::json(nullptr);
}
inline std::optional<double> ratio(Int128 numerator, Int128 denominator) {
  if (denominator == 0) return std::nullopt;
  return static_cast<double>(static_cast<long double>(numerator) / static_cast<long double>(denominator));
}

// Precondition: stats.shootout() is set.
nlohmann::json shootout_cell_json(const Cell& cell, const CellStats& stats, std::size_t index);
nlohmann::json shootout_player_json(const CellStats& stats, int label, const Payouts& payouts);

// players[label] of a sit-and-go or shoot-out cell exactly as summary.json
// reports it; the stop rule (sim/stop_rule) reads its intervals here.
nlohmann::json player_summary(const CellStats& stats, int label, const Payouts& payouts);

// paired[] of a cell (sim/summary_paired.cpp); empty for cash cells.
nlohmann::json paired_json(const CellStats& stats);

// Precondition: stats.cash() is set.
nlohmann::json cash_cell_json(const Cell& cell, const CellStats& stats, std::size_t index);

}  // namespace sngsim
