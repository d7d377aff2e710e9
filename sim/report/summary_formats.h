#pragma once
// The summary.json cells of the formats other than sit-and-go (RULES V6
// shoot-outs, V7 cash tables); sim/report/summary dispatches to them. The keys are
// documented in sim/report/summary.h.

#include <cstddef>
#include <optional>

#include <nlohmann/json.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/config/experiment.h"
#include "sim/stats/intervals.h"
#include "sim/stats/label_summary.h"

namespace sngsim {

// Conversions every summary file shares: missing values become null, and
// exact integer ratios are rounded once, at the end (exact_ratio).
inline nlohmann::json to_json(const std::optional<double>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}
inline nlohmann::json to_json(const std::optional<Interval>& interval) {
  return interval ? nlohmann::json::array({interval->lo, interval->hi}) : nlohmann::json(nullptr);
}

// Precondition: stats.shootout() is set.
nlohmann::json shootout_cell_json(const Cell& cell, const CellStats& stats, std::size_t index);

// faults (the total) into players[label] of every format; with any fault
// also faults_by_reason {reason: count}, and for a label under the clock
// timeouts and time_bank_used_s.
void add_fault_fields(nlohmann::json& player, const FaultCounts& faults, bool clocked);

// players[label] of a sit-and-go or shoot-out cell.
nlohmann::json label_json(const LabelSummary& summary);

// paired[] of a cell (sim/report/summary_paired.cpp); empty for cash cells.
nlohmann::json paired_json(const CellStats& stats);

// adjust_luck (precondition: stats.luck() is set): players[label].luck_adjusted
// and the cell's variance_reduction (sim/report/summary_luck.cpp).
nlohmann::json luck_adjusted_json(const CellStats& stats, int label, const Payouts& payouts);
nlohmann::json variance_reduction_json(const CellStats& stats);

// Precondition: stats.cash() is set.
nlohmann::json cash_cell_json(const Cell& cell, const CellStats& stats, std::size_t index);

}  // namespace sngsim
